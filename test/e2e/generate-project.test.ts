import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// End to end against the BUILT packages (npm test builds first): the `toolsmith` bin and
// `@toolsmith/runtime` from runtime/dist, in a temporary project type-checked by the repo's tsc.
const run = promisify(execFile)
const repo = fileURLToPath(new URL('../../', import.meta.url))
const bin = path.join(repo, 'generator/dist/cli/main.js')
const tsc = path.join(repo, 'node_modules/.bin/tsc')
type Cli = typeof import('../../generator/src/index.js')

let root: string
let cwd: string
let cli: Cli

const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true })
  writeFileSync(path.join(cwd, file), text)
}
const read = (file: string): string => readFileSync(path.join(cwd, file), 'utf8')

async function toolsmith(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await cli.runCli(argv, { cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), color: false })
  return { code, stdout, stderr }
}

const WORD_COUNT = `# yaml-language-server: $schema=./tool.schema.json
name: word_count
description: Count the words of a text.
timeoutMs: 5000
concurrencySafe: true
parameters:
  text: { type: string, required: true, description: The text to count. }
output:
  type: object
  additionalProperties: false
  properties:
    words: { type: integer, required: true }
    longest: { type: string }
presentation: { kind: other, card: generic }
`
const RUN_COMMAND = `name: run-command
description: "Run a command (left unimplemented: its fresh stub must still type-check)."
parameters:
  command: { type: string, required: true }
output:
  type: object
  additionalProperties: false
  properties:
    output: { type: string, required: true }
    exitCode: { type: integer, required: true }
presentation: { kind: execute, card: terminal }
`
// What the author writes into the stub: a helper above the default export, and the execute body.
const HELPER = `
// Author's helper: splits on runs of whitespace. (toolsmith must keep this byte for byte.)
function splitWords(text: string): string[] {
  return text.split(/\\s+/).filter((word) => word !== '')
}
`
const BODY = `    const words = splitWords(_args.text)
    const longest = words.reduce<string | undefined>((best, word) => (best === undefined || word.length > best.length ? word : best), undefined)
    return longest === undefined ? { words: 0 } : { words: words.length, longest }`

beforeAll(async () => {
  for (const built of [bin, path.join(repo, 'generator/dist/index.js'), path.join(repo, 'runtime/dist/index.js')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build (npm test does) before the e2e suite`)
  }
  cli = (await import(path.join(repo, 'generator/dist/index.js'))) as Cli
  root = mkdtempSync(path.join(tmpdir(), 'toolsmith-e2e-'))
  cwd = path.join(root, 'project')
  mkdirSync(path.join(cwd, 'node_modules/@toolsmith'), { recursive: true })
  symlinkSync(path.join(repo, 'runtime'), path.join(cwd, 'node_modules/@toolsmith/runtime'))
  // The runtime's declarations name AbortSignal: a Node project has @types/node.
  mkdirSync(path.join(cwd, 'node_modules/@types'))
  symlinkSync(path.join(repo, 'node_modules/@types/node'), path.join(cwd, 'node_modules/@types/node'))
  write('package.json', '{ "private": true, "type": "module" }\n')
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2023'],
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        types: ['node'],
        rootDir: 'src',
        outDir: 'dist',
      },
      include: ['src'],
    }),
  )
  write('schemas/word_count.tool.yaml', WORD_COUNT)
  write('schemas/run-command.tool.yaml', RUN_COMMAND)
  write('schemas/tool.schema.json', readFileSync(path.join(repo, 'schemas/tool.schema.json'), 'utf8'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('toolsmith end to end', () => {
  test('generate, fill a body, add a parameter, regenerate: author code kept, types updated, compiled and run through the runtime', async () => {
    // 1. The bin itself, as a user runs it.
    const first = await run(process.execPath, [bin, 'generate'], { cwd })
    expect(first.stdout).toContain('wrote src/tools/word_count.ts')
    expect(read('src/tools/index.ts')).toContain('export const tools')

    // 2. The author fills in word_count: a helper and the execute body.
    const stub = read('src/tools/word_count.ts')
    const throwLine = stub.split('\n').find((line) => line.includes('throw new Error(') && line.includes('word_count'))
    expect(throwLine, 'the fresh stub throws "not implemented" naming the tool').toBeDefined()
    const lastImport = stub.lastIndexOf('\nimport ')
    const afterImports = stub.indexOf('\n\n', stub.indexOf(' from ', lastImport)) + 1
    const filled = `${stub.slice(0, afterImports)}${HELPER}${stub.slice(afterImports)}`.replace(`${throwLine}`, BODY)
    write('src/tools/word_count.ts', filled)

    // 3. The declaration gains a parameter; regenerate.
    write('schemas/word_count.tool.yaml', WORD_COUNT.replace('parameters:\n', 'parameters:\n  unique: { type: boolean, description: Count each word once. }\n'))
    const second = await toolsmith('generate')
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('wrote src/tools/generated/word_count.ts')
    expect(read('src/tools/word_count.ts')).toBe(filled)
    expect(read('src/tools/generated/word_count.ts')).toContain('unique')

    // 4. The new parameter is typed (a wrong type is an error tsc must report), and everything compiles.
    write(
      'src/type-checks.ts',
      `import type { WordCountArgs } from './tools/generated/word_count.js'
export const ok: WordCountArgs = { text: 'a b', unique: true }
// @ts-expect-error unique is a boolean
export const wrong: WordCountArgs = { text: 'a b', unique: 'yes' }
`,
    )
    const compiled = await run(tsc, ['-p', path.join(cwd, 'tsconfig.json')], { cwd }).catch((error: { stdout: string }) => error)
    expect(compiled.stdout).toBe('')
    expect(existsSync(path.join(cwd, 'dist/tools/index.js'))).toBe(true)

    // 5. Through createToolRuntime: the filled tool answers, bad arguments are INVALID_ARGS, the unfilled one fails clearly.
    write(
      'run.mjs',
      `import { createToolRuntime } from '@toolsmith/runtime'
import { tools } from './dist/tools/index.js'
const runtime = createToolRuntime()
for (const tool of tools) runtime.register(tool)
const call = (name, args) => runtime.execute({ callId: name, name, arguments: args, signal: new AbortController().signal })
const ok = await call('word_count', { text: 'a quick fox', unique: true })
const bad = await call('word_count', { text: 3 })
const todo = await call('run-command', { command: 'ls' })
console.log(JSON.stringify({ ok: { isError: ok.isError, value: ok.value, content: ok.content }, bad: bad.error?.info?.code ?? bad.error?.code, todo: { code: todo.error?.info?.code ?? todo.error?.code, text: JSON.stringify(todo.content) } }))
`,
    )
    const executed = JSON.parse((await run(process.execPath, ['run.mjs'], { cwd })).stdout) as {
      ok: { isError: boolean; value: unknown; content: { text: string }[] }
      bad: string
      todo: { code: string; text: string }
    }
    expect(executed.ok.isError).toBe(false)
    expect(executed.ok.value).toEqual({ words: 3, longest: 'quick' })
    expect(JSON.parse(executed.ok.content[0]?.text ?? 'null')).toEqual({ words: 3, longest: 'quick' })
    expect(executed.bad).toBe('INVALID_ARGS')
    expect(executed.todo.code).toBe('TOOL_ERROR')
    expect(executed.todo.text).toContain('not implemented')
  })

  test('check: 0 when current, 1 with a diff when a declaration changed, 2 on invalid input; it writes nothing', async () => {
    expect((await toolsmith('check')).code).toBe(0)
    const yaml = read('schemas/word_count.tool.yaml')
    write('schemas/word_count.tool.yaml', yaml.replace('Count the words of a text.', 'Count words.'))
    const before = read('src/tools/generated/word_count.ts')
    const stale = await toolsmith('check')
    expect(stale.code).toBe(1)
    expect(stale.stdout).toContain('--- a/src/tools/generated/word_count.ts')
    const diff = stale.stdout.slice(stale.stdout.indexOf('--- a/src/tools/generated/word_count.ts'))
    expect(diff).toMatch(/^\+.*Count words\./m)
    expect(diff).toMatch(/^-.*Count the words of a text\./m)
    expect(read('src/tools/generated/word_count.ts')).toBe(before)
    write('schemas/word_count.tool.yaml', yaml.replace('type: integer', 'type: int'))
    const invalid = await toolsmith('check')
    expect(invalid.code).toBe(2)
    expect(invalid.stderr).toMatch(/^schemas\/word_count\.tool\.yaml:\d+:\d+: error: output\/properties\/words\/type:/m)
    write('schemas/word_count.tool.yaml', yaml)
    expect((await toolsmith('check')).code).toBe(0)
  })

  test('a hostile name or output path never writes outside the output folder', async () => {
    const outside = path.join(root, 'outside')
    mkdirSync(outside, { recursive: true })
    const untouched = (): void => expect(readdirSync(outside)).toEqual([])
    write('schemas/evil.tool.yaml', 'name: "../../../outside/evil"\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    expect((await toolsmith('generate')).code).toBe(2)
    rmSync(path.join(cwd, 'schemas/evil.tool.yaml'))
    expect((await toolsmith('generate', '--out', '../outside')).code).toBe(2)
    expect((await toolsmith('generate', '--docs', '/tmp/../' + path.relative('/', path.join(outside, 'x.md')))).code).toBe(2)
    write('toolsmith.config.yaml', 'out: gen\n')
    symlinkSync(outside, path.join(cwd, 'gen'))
    const linked = await toolsmith('generate')
    expect(linked.code).toBe(2)
    expect(linked.stderr).toContain('symbolic link')
    untouched()
  })
})
