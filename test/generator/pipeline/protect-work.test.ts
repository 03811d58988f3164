import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PlanFiles } from '../../../generator/src/model/plan.js'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'
import { writePlan } from '../../../generator/src/apply/write-plan.js'
import { processHost } from '../../../generator/src/base/project-files.js'
import { FAKE_HEADER, fakePlanFiles } from './fake-planner.js'
import { TempProject } from './temp-project.js'

// Issue 10: a run never loses an author's work, never replaces a file toolsmith did not write, and turns every
// file-system hazard (a link loop, a FIFO, a permission) into a located error instead of a crash or a hang.
let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const generate = (planFiles: PlanFiles = fakePlanFiles) => runGenerate({ cwd: project.cwd, planFiles })
const check = (planFiles: PlanFiles = fakePlanFiles) => runCheck({ cwd: project.cwd, planFiles })
const codes = (outcome: { diagnostics: readonly { code: string; file: string }[] }) => outcome.diagnostics.map((d) => `${d.code} ${d.file}`)

// Merges like the real planner: the stub is read, and its planned text is derived from what was read.
const merging: PlanFiles = async (declarations, options) => {
  const plan = await fakePlanFiles(declarations, options)
  return { ...plan, files: plan.files.map((file) => (file.owner === 'author' ? { ...file, content: `${file.content.replace(/\/\/ merged\n$/, '')}// merged\n` } : file)) }
}

describe('an author edit made while generate runs', () => {
  test('a stub edited after the plan read it is refused with a located error and keeps the edit', async () => {
    project.declare('a')
    project.declare('b')
    await generate(merging)
    const editing: PlanFiles = async (declarations, options) => {
      const plan = await merging(declarations, options)
      project.write('src/tools/a.ts', 'export default "my edit"\n')
      return plan
    }
    project.declare('a', 'timeoutMs: 5\n')
    const outcome = await generate(editing)
    expect(outcome.exitCode).not.toBe(0)
    expect(codes(outcome)).toEqual(['changed-during-run src/tools/a.ts'])
    expect(project.read('src/tools/a.ts')).toBe('export default "my edit"\n')
  })

  test('at the write edge: a file that changed after the comparison, or appeared, is left as it is', async () => {
    project.write('src/tools/a.ts', 'export default "edited"\n')
    project.write('src/tools/generated/a.ts', `${FAKE_HEADER}\nnew\n`)
    project.write('src/tools/generated/gone.ts', `${FAKE_HEADER}\nedited\n`)
    const result = await writePlan(project.cwd, project.cwd, {
      changes: [
        { path: 'src/tools/a.ts', owner: 'author', status: 'update', planned: 'merged\n', current: 'read\n', bytes: Buffer.from('read\n') },
        { path: 'src/tools/generated/a.ts', owner: 'generator', status: 'create', planned: 'planned\n', current: undefined },
        { path: 'src/tools/index.ts', owner: 'generator', status: 'create', planned: 'index\n', current: undefined },
      ],
      deletions: [{ path: 'src/tools/generated/gone.ts', current: `${FAKE_HEADER}\nold\n` }],
      orphans: [],
      blocked: [],
    })
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`).sort()).toEqual([
      'changed-during-run src/tools/a.ts',
      'changed-during-run src/tools/generated/a.ts',
      'changed-during-run src/tools/generated/gone.ts',
    ])
    expect(result.written).toEqual(['src/tools/index.ts'])
    expect(project.read('src/tools/a.ts')).toBe('export default "edited"\n')
    expect(project.read('src/tools/generated/a.ts')).toBe(`${FAKE_HEADER}\nnew\n`)
    expect(project.read('src/tools/generated/gone.ts')).toBe(`${FAKE_HEADER}\nedited\n`)
  })
})

describe('outputs never replace files toolsmith did not write', () => {
  test.each([
    ['catalogJson: package.json', 'catalogJson: package.json\n', 'package.json', '{ "name": "mine", "version": "1.0.0" }\n'],
    ['catalogJson: tsconfig.json', 'catalogJson: tsconfig.json\n', 'tsconfig.json', '{ "compilerOptions": {} }\n'],
    ['catalogJson: schemas/tool.schema.json', 'catalogJson: schemas/tool.schema.json\n', 'schemas/tool.schema.json', '{ "$schema": "x" }\n'],
    ['docs: README.md', 'docs: README.md\n', 'README.md', '# My project\n\nHand-written.\n'],
    ['a hand-written index', '', 'src/tools/index.ts', 'export const mine = 1\n'],
    ['a hand-written catalog', '', 'docs/tools.md', '# Our tools\n'],
    ['a hand-written generated module', '', 'src/tools/generated/a.ts', 'export const mine = 1\n'],
  ])('%s: a located not-generated error, exit 2, nothing written', async (_name, config, file, text) => {
    project.declare('a')
    if (config !== '') project.write('toolsmith.config.yaml', config)
    project.write(file, text)
    const before = project.snapshot()
    for (const outcome of [await generate(), await check()]) {
      expect(outcome.exitCode).toBe(2)
      expect(outcome.diagnostics).toContainEqual(expect.objectContaining({ code: 'not-generated', file, severity: 'error' }))
    }
    expect(project.snapshot()).toEqual(before)
    expect(project.read(file)).toBe(text)
  })

  test('a catalog pointed into the plan cache folder is a config error', async () => {
    project.declare('a')
    project.write('toolsmith.config.yaml', 'catalogJson: node_modules/.cache/toolsmith/catalog.json\n')
    const outcome = await generate()
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'config-conflict', file: 'toolsmith.config.yaml', line: 1, column: 14 })])
  })

  test('files toolsmith wrote are still replaced (their header or shape says so)', async () => {
    project.declare('a')
    await generate()
    project.declare('b')
    expect(await generate()).toMatchObject({ exitCode: 0, diagnostics: [] })
    expect(project.read('src/tools/index.ts')).toContain('"a","b"')
  })
})

describe('leftover temporaries of an interrupted generate', () => {
  // The id of a process that has exited: its temporaries are leftovers.
  const deadPid = (): number => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
    return Number(child.stdout.toString())
  }

  test('check reports them; generate removes them and nothing else', async () => {
    project.declare('a')
    await generate()
    const dead = deadPid()
    const host = processHost()
    const leftovers = [`src/tools/.a.ts.${host}.${dead}-0123abcd0.toolsmith-tmp`, `src/tools/generated/.a.ts.${host}.${dead}-0123abcd1a.toolsmith-tmp`]
    for (const file of leftovers) project.write(file, '')
    // Not ours to remove: a live process's temporary (pid 1 is always running), a fresh one of another host or with no
    // host part (its process cannot be asked), and names of other shapes.
    const others = [
      `src/tools/.a.ts.${host}.1-0123abcd0.toolsmith-tmp`,
      `src/tools/.a.ts.${host === 'ffffffff' ? 'eeeeeeee' : 'ffffffff'}.${dead}-0123abcd0.toolsmith-tmp`,
      `src/tools/.a.ts.${dead}-0123abcd0.toolsmith-tmp`,
      'src/tools/notes.toolsmith-tmp',
      `src/tools/.a.ts.${host}.${dead}-xyz.toolsmith-tmp`,
    ]
    for (const file of others) project.write(file, 'keep')
    const checked = await check()
    expect(checked.exitCode).toBe(1)
    expect(checked.drift.map((d) => `${d.status} ${d.path}`)).toEqual(leftovers.map((file) => `temporary ${file}`))
    const outcome = await generate()
    expect(outcome.exitCode).toBe(0)
    expect(codes(outcome)).toEqual(leftovers.map((file) => `temporary-removed ${file}`))
    for (const file of leftovers) expect(existsSync(path.join(project.cwd, file))).toBe(false)
    for (const file of others) expect(project.read(file)).toBe('keep')
    expect(await check()).toMatchObject({ exitCode: 0 })
  })
})

describe('file-system hazards are located errors, never a crash or a hang', () => {
  const fifo = (file: string): void => {
    mkdirSync(path.dirname(path.join(project.cwd, file)), { recursive: true })
    execFileSync('mkfifo', [path.join(project.cwd, file)])
  }
  const loop = (file: string): void => {
    mkdirSync(path.dirname(path.join(project.cwd, file)), { recursive: true })
    symlinkSync(path.basename(file), path.join(project.cwd, file))
  }

  test.each([
    ['a FIFO', 'stub', 'src/tools/a.ts', fifo],
    ['a FIFO', 'generated module', 'src/tools/generated/a.ts', fifo],
    ['a FIFO', 'index', 'src/tools/index.ts', fifo],
    ['a FIFO', 'catalog', 'docs/tools.md', fifo],
    ['a FIFO', 'catalog.json', 'docs/catalog.json', fifo],
    ['a FIFO', 'declaration', 'schemas/b.tool.yaml', fifo],
    ['a FIFO', 'config', 'toolsmith.config.yaml', fifo],
    ['a link loop', 'stub', 'src/tools/a.ts', loop],
    ['a link loop', 'generated module', 'src/tools/generated/a.ts', loop],
    ['a link loop', 'generated folder', 'src/tools/generated', loop],
    ['a link loop', 'out folder', 'src/tools', loop],
    ['a link loop', 'catalog', 'docs/tools.md', loop],
    ['a link loop', 'catalog.json', 'docs/catalog.json', loop],
    ['a link loop', 'declaration', 'schemas/b.tool.yaml', loop],
    ['a link loop', 'schemas folder', 'schemas', loop],
    ['a link loop', 'config', 'toolsmith.config.yaml', loop],
  ] as const)('%s at the %s (%s)', async (_hazard, _what, file, make) => {
    if (file !== 'schemas') project.declare('a')
    make(file)
    const before = project.snapshot()
    for (const outcome of [await generate(), await check()]) {
      expect(outcome.exitCode).toBe(2)
      const errors = outcome.diagnostics.filter((d) => d.severity === 'error')
      expect(errors.length).toBeGreaterThan(0)
      // Named at the path (a config read from the command line names it in the message).
      for (const error of errors) expect(`${error.file} ${error.message}`).toContain(file)
    }
    expect(project.snapshot()).toEqual(before)
  })

  test.each([
    ['a FIFO', 'catalog region', 'README.md', fifo],
    ['a link loop', 'catalog region', 'README.md', loop],
    ['a FIFO', 'template', 'tpl/stub.ts.hbs', fifo],
    ['a link loop', 'template', 'tpl/stub.ts.hbs', loop],
    ['a link loop', 'templates folder', 'tpl', loop],
  ] as const)('%s at the %s (%s), with the real planner', async (_hazard, _what, file, make) => {
    project.declare('a')
    project.write('toolsmith.config.yaml', 'catalogRegions: [README.md]\ntemplates: tpl\n')
    if (file !== 'README.md') project.write('README.md', '<!-- toolsmith:catalog -->\n<!-- /toolsmith:catalog -->\n')
    if (file !== 'tpl') mkdirSync(path.join(project.cwd, 'tpl'), { recursive: true })
    make(file)
    const before = project.snapshot()
    for (const outcome of [await runGenerate({ cwd: project.cwd }), await runCheck({ cwd: project.cwd })]) {
      expect(outcome.exitCode).toBe(2)
      const errors = outcome.diagnostics.filter((d) => d.severity === 'error')
      // At the path itself, or at the config value naming it (a link loop there is found resolving the config).
      expect(errors).toHaveLength(1)
      expect(['toolsmith.config.yaml', file]).toContain(errors[0]?.file)
      expect(errors[0]?.message).toContain(file)
    }
    expect(project.snapshot()).toEqual(before)
  })

  test('a permission error (EACCES) anywhere in the reads is a located error naming the path', async () => {
    project.declare('a')
    const denied: PlanFiles = async () => {
      throw Object.assign(new Error(`EACCES: permission denied, open '${path.join(project.cwd, 'src/tools/a.ts')}'`), {
        code: 'EACCES',
        syscall: 'open',
        path: path.join(project.cwd, 'src/tools/a.ts'),
      })
    }
    const outcome = await generate(denied)
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'unreadable-file', file: 'src/tools/a.ts', message: expect.stringMatching(/EACCES.*permission denied/) })])
  })

  test('a configured templates folder that cannot be used is an error, not the shipped templates', async () => {
    project.declare('a')
    for (const [name, make] of [
      ['missing', () => undefined],
      ['dangling', () => symlinkSync('nowhere', path.join(project.cwd, 'tpl'))],
      ['a FIFO', () => execFileSync('mkfifo', [path.join(project.cwd, 'tpl')])],
      ['a file', () => writeFileSync(path.join(project.cwd, 'tpl'), '')],
    ] as const) {
      project.write('toolsmith.config.yaml', 'templates: tpl\n')
      make()
      const outcome = await generate()
      expect(outcome.exitCode, name).toBe(2)
      expect(outcome.diagnostics, name).toEqual([expect.objectContaining({ code: 'config-templates', file: 'toolsmith.config.yaml', line: 1, column: 12 })])
      project.remove()
      project = new TempProject()
      project.declare('a')
    }
  })

  test('a template copy that is a folder is an error naming it, not the shipped template', async () => {
    project.declare('a')
    project.write('toolsmith.config.yaml', 'templates: tpl\n')
    mkdirSync(path.join(project.cwd, 'tpl/stub.ts.hbs'), { recursive: true })
    const outcome = await runGenerate({ cwd: project.cwd })
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'template', file: 'tpl/stub.ts.hbs', message: expect.stringContaining('is a folder') })])
    expect(project.read('src/tools/a.ts')).toBeUndefined()
  })

  test('a config that is a dangling symbolic link is an error, not an absent config', async () => {
    project.declare('a')
    symlinkSync('nowhere.yaml', path.join(project.cwd, 'toolsmith.config.yaml'))
    const outcome = await generate()
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'config-not-found', message: expect.stringContaining('symbolic link') })])
    expect(readdirSync(project.cwd).sort()).toEqual(['schemas', 'toolsmith.config.yaml'])
  })
})
