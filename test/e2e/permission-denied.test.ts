import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, expect, test } from 'vitest'

// Issue 10: a real permission error (EACCES) at a path the CLI reads or writes is a located diagnostic naming the
// path, with exit 2 (input) or 1 (output), never a crash, and nothing half-written. The built CLI runs as an
// unprivileged user: as root it is spawned as `nobody` (root reads everything, so chmod alone would prove nothing).
const bin = fileURLToPath(new URL('../../generator/dist/cli/main.js', import.meta.url))
const NOBODY = 65534
const asRoot = process.getuid?.() === 0
let cwd: string

const DECLARATION = `name: echo
description: Says a text back.
parameters:
  text: { type: string, required: true, description: What to say. }
output:
  type: string
`

function toolsmith(...argv: string[]): { code: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [bin, ...argv], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  })
  return { code: run.status, stderr: run.stderr }
}

function snapshot(dir = cwd): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    if (!entry.isFile()) continue
    const mode = statSync(file).mode & 0o777
    files[path.relative(cwd, file)] = (mode & 0o400) === 0 ? `mode ${mode.toString(8)}` : readFileSync(file, 'utf8')
  }
  return files
}

function own(dir: string): void {
  if (!asRoot) return
  chownSync(dir, NOBODY, NOBODY)
  for (const entry of readdirSync(dir, { recursive: true })) chownSync(path.join(dir, String(entry)), NOBODY, NOBODY)
}

beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'toolsmith-eacces-'))
  chmodSync(cwd, 0o755)
  mkdirSync(path.join(cwd, 'schemas'))
  writeFileSync(path.join(cwd, 'schemas/echo.tool.yaml'), DECLARATION)
  own(cwd)
  expect(toolsmith('generate').code).toBe(0)
})
afterEach(() => {
  for (const entry of readdirSync(cwd, { recursive: true })) chmodSync(path.join(cwd, String(entry)), 0o755)
  rmSync(cwd, { recursive: true, force: true })
})

test.each([
  ['the declaration', 'schemas/echo.tool.yaml', '000', 2],
  ['the schemas folder', 'schemas', '000', 2],
  ['the stub', 'src/tools/echo.ts', '000', 2],
  ['the generated module', 'src/tools/generated/echo.ts', '000', 2],
  ['the catalog', 'docs/tools.md', '000', 2],
  ['the config', 'toolsmith.config.yaml', '000', 2],
  ['catalog.json', 'docs/catalog.json', '000', 2],
  ['a catalog region', 'NOTES.md', '000', 2],
  ['a template', 'tpl/stub.ts.hbs', '000', 2],
  ['the templates folder', 'tpl', '000', 2],
  ['the generated folder (not writable)', 'src/tools/generated', '555', 1],
] as const)('EACCES at %s (%s, mode %s): a located error, nothing written', (_what, file, octal, exitCode) => {
  const mode = Number.parseInt(octal, 8)
  if (file === 'toolsmith.config.yaml') writeFileSync(path.join(cwd, file), 'out: src/tools\n')
  if (file === 'NOTES.md') {
    writeFileSync(path.join(cwd, 'toolsmith.config.yaml'), 'catalogRegions: [NOTES.md]\n')
    writeFileSync(path.join(cwd, 'NOTES.md'), '<!-- toolsmith:catalog -->\n<!-- /toolsmith:catalog -->\n')
  }
  if (file.startsWith('tpl')) {
    mkdirSync(path.join(cwd, 'tpl'))
    writeFileSync(path.join(cwd, 'toolsmith.config.yaml'), 'templates: tpl\n')
    writeFileSync(path.join(cwd, 'tpl/stub.ts.hbs'), readFileSync(fileURLToPath(new URL('../../templates/stub.ts.hbs', import.meta.url)), 'utf8'))
  }
  own(cwd)
  // A change that must be written, so an unwritable folder is reached.
  writeFileSync(path.join(cwd, 'schemas/echo.tool.yaml'), DECLARATION.replace('Says a text back.', 'Says a text back, again.'))
  const before = snapshot()
  chmodSync(path.join(cwd, file), mode)
  // check only reads: an unwritable folder is not its concern.
  for (const command of (mode & 0o400) === 0 ? ['generate', 'check'] : ['generate']) {
    const { code, stderr } = toolsmith(command)
    expect(stderr, command).not.toMatch(/internal error|\n\s+at /)
    expect(stderr, command).toContain(file)
    expect(stderr, command).toMatch(/EACCES|permission/i)
    if (command === 'generate') expect(code, stderr).toBe(exitCode)
    else expect(code, stderr).not.toBe(0)
  }
  chmodSync(path.join(cwd, file), 0o755)
  expect(snapshot()).toEqual(before)
})
