import { chmodSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PlanFiles } from '../../../generator/src/model/plan.js'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'
import { FAKE_HEADER, fakePlanFiles } from './fake-planner.js'
import { TempProject } from './temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const generate = (planFiles: PlanFiles = fakePlanFiles) => runGenerate({ cwd: project.cwd, planFiles })
const ALL_OUTPUTS = ['docs/catalog.json', 'docs/tools.md', 'src/tools/a.ts', 'src/tools/b.ts', 'src/tools/generated/a.ts', 'src/tools/generated/b.ts', 'src/tools/index.ts']

// Backdates every file so a rewrite, even within the same millisecond, shows as a new mtime.
const backdate = (): void => {
  for (const file of project.snapshot().keys()) utimesSync(path.join(project.cwd, file), 1_000, 1_000)
}

describe('runGenerate', () => {
  test('a cold run writes every planned file; a second run writes nothing', async () => {
    project.declare('a')
    project.declare('b')
    const first = await generate()
    expect(first).toMatchObject({ exitCode: 0, written: ALL_OUTPUTS, unchanged: 0, deleted: [], orphans: [] })
    expect([...project.snapshot().keys()].filter((file) => !file.startsWith('schemas/'))).toEqual(ALL_OUTPUTS)
    backdate()
    const before = project.snapshot()
    const second = await generate()
    expect(second).toMatchObject({ exitCode: 0, written: [], unchanged: ALL_OUTPUTS.length })
    expect(project.snapshot()).toEqual(before)
  })

  test('after one declaration changes only the files whose bytes change are written', async () => {
    project.declare('a')
    project.declare('b')
    await generate()
    backdate()
    project.declare('b', 'timeoutMs: 5\n')
    const outcome = await generate()
    expect(outcome.written).toEqual(['src/tools/generated/b.ts'])
    const after = project.snapshot()
    expect([...after].filter(([, mtime]) => mtime !== 1_000_000).map(([file]) => file).sort()).toEqual(['schemas/b.tool.yaml', 'src/tools/generated/b.ts'])
  })

  test('invalid input: exit 2 and nothing at all is written', async () => {
    project.declare('a')
    project.write('schemas/b.tool.yaml', 'name: b\n')
    const outcome = await generate()
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toContainEqual(expect.objectContaining({ code: 'missing-field', file: 'schemas/b.tool.yaml' }))
    expect([...project.snapshot().keys()]).toEqual(['schemas/a.tool.yaml', 'schemas/b.tool.yaml'])
  })

  test('an error from the planner: exit 2, nothing written', async () => {
    project.declare('a')
    const failing: PlanFiles = async (declarations, options) => ({
      ...(await fakePlanFiles(declarations, options)),
      diagnostics: [{ severity: 'error', code: 'template', message: 'bad template', file: 'templates/stub.hbs', line: 3, column: 1 }],
    })
    expect((await generate(failing)).exitCode).toBe(2)
    expect([...project.snapshot().keys()]).toEqual(['schemas/a.tool.yaml'])
  })

  test.each([
    ['a path climbing out', '../evil.ts'],
    ['a path climbing out of out', 'src/tools/../../evil.ts'],
    ['an absolute path', '/tmp/evil.ts'],
    ['a path beside out', 'src/evil.ts'],
    ['a backslash path', 'src/tools\\..\\..\\evil.ts'],
  ])('a planned file outside the output folder (%s) is refused and nothing is written', async (_name, evil) => {
    project.declare('a')
    const escaping: PlanFiles = async (declarations, options) => {
      const plan = await fakePlanFiles(declarations, options)
      return { ...plan, files: [...plan.files, { path: evil, owner: 'generator', content: 'pwned' }] }
    }
    const outcome = await generate(escaping)
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'plan-path-outside', file: evil })])
    expect([...project.snapshot(project.root).keys()]).toEqual(['project/schemas/a.tool.yaml'])
  })

  test('a folder inside out that links outside the project: refused at the read and at the write edge, nothing written', async () => {
    project.declare('a')
    mkdirSync(path.join(project.root, 'outside'))
    mkdirSync(path.join(project.cwd, 'src/tools'), { recursive: true })
    symlinkSync(path.join(project.root, 'outside'), path.join(project.cwd, 'src/tools/generated'))
    const read = await generate()
    expect(read).toMatchObject({ exitCode: 2, diagnostics: [expect.objectContaining({ code: 'unreadable-file', file: 'src/tools/generated' })] })
    // A planner that never reads still meets the write edge.
    const blind: PlanFiles = async (declarations) => ({
      files: declarations.flatMap((d) => [
        { path: `src/tools/${d.name}.ts`, owner: 'author' as const, content: 'stub\n' },
        { path: `src/tools/generated/${d.name}.ts`, owner: 'generator' as const, content: 'types\n' },
      ]),
      deletions: [],
      orphans: [],
      diagnostics: [],
    })
    const write = await generate(blind)
    expect(write).toMatchObject({ exitCode: 2, diagnostics: [expect.objectContaining({ code: 'write-outside', file: 'src/tools/generated/a.ts' })] })
    expect(readdirSync(path.join(project.root, 'outside'))).toEqual([])
    expect(project.read('src/tools/a.ts')).toBeUndefined()
  })

  test('a target that is a symbolic link is never written through', async () => {
    project.declare('a')
    // It even looks generated (else it is refused sooner, as not-generated).
    const keep = '<!-- Generated by toolsmith. Do not edit: run toolsmith generate. -->\nkeep me'
    project.write('elsewhere.md', keep)
    mkdirSync(path.join(project.cwd, 'docs'))
    symlinkSync(path.join(project.cwd, 'elsewhere.md'), path.join(project.cwd, 'docs/tools.md'))
    const outcome = await generate()
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'write-symlink', file: 'docs/tools.md' })])
    expect(project.read('elsewhere.md')).toBe(keep)
  })

  test.each([
    ['a file where the generated folder belongs', 'src/tools/generated', 'file', 'src/tools/generated/a.ts', /a file is in the way/],
    ['a folder where the catalog belongs', 'docs/tools.md', 'folder', 'docs/tools.md', /a folder is in the way/],
  ] as const)('%s: a located error, exit 2, nothing written', async (_name, where, kind, file, message) => {
    project.declare('a')
    if (kind === 'file') project.write(where, 'in the way')
    else mkdirSync(path.join(project.cwd, where), { recursive: true })
    const before = project.snapshot()
    const outcome = await generate()
    expect(outcome).toMatchObject({ exitCode: 2, written: [] })
    expect(outcome.diagnostics).toContainEqual(expect.objectContaining({ code: 'output-blocked', file, message: expect.stringMatching(message) }))
    expect(project.snapshot()).toEqual(before)
  })

  test('a planner reading outside the project is stopped with an error', async () => {
    project.declare('a')
    const snooping: PlanFiles = async (declarations, options) => {
      await options.readFile('../secret.txt')
      return fakePlanFiles(declarations, options)
    }
    const outcome = await generate(snooping)
    expect(outcome).toMatchObject({ exitCode: 2, diagnostics: [expect.objectContaining({ code: 'unreadable-file', file: '../secret.txt' })] })
  })

  test('stale generated files are deleted; orphaned stubs are kept with a warning', async () => {
    project.declare('a')
    project.declare('gone')
    await generate()
    rmSync(path.join(project.cwd, 'schemas/gone.tool.yaml'))
    const outcome = await generate()
    expect(outcome).toMatchObject({ exitCode: 0, deleted: ['src/tools/generated/gone.ts'], orphans: ['src/tools/gone.ts'] })
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'orphan-stub', file: 'src/tools/gone.ts' })])
    expect(project.read('src/tools/generated/gone.ts')).toBeUndefined()
    expect(project.read('src/tools/gone.ts')).toContain('stub of gone')
  })

  test('a generated file without the header is not deleted by the fake planner (the header marks ownership)', async () => {
    project.declare('a')
    project.write('src/tools/generated/mine.ts', 'export const mine = 1\n')
    await generate()
    expect(project.read('src/tools/generated/mine.ts')).toBe('export const mine = 1\n')
    expect(FAKE_HEADER).toMatch(/^\/\//)
  })

  test('writes are atomic renames: no temporary files remain and a file keeps its permission bits', async () => {
    project.declare('a')
    await generate()
    chmodSync(path.join(project.cwd, 'src/tools/index.ts'), 0o600)
    project.declare('b')
    await generate()
    expect(statSync(path.join(project.cwd, 'src/tools/index.ts')).mode & 0o777).toBe(0o600)
    expect([...project.snapshot().keys()].some((file) => file.includes('toolsmith-tmp'))).toBe(false)
  })
})

// generate writes the temporaries of new files while the plan is still being made (the disk's time then runs beside
// the planning), and puts them in place only once the whole plan is known good.
describe('new files staged while planning (a project of 50 tools or more)', () => {
  // Staging pays off only for many new files: these projects hold `a` and enough others.
  const declareMany = (): void => {
    project.declare('a')
    for (let index = 0; index < 49; index++) project.declare(`t${index}`)
  }
  const temporaries = (): string[] => [...project.snapshot(project.root).keys()].filter((file) => file.endsWith('.toolsmith-tmp'))
  /** Waits (a few seconds at most, or `tries` times 10 ms) until a temporary of `file` is on disk beside it. */
  const temporaryAppears = async (file: string, tries = 300): Promise<boolean> => {
    for (let tried = 0; tried < tries; tried++) {
      const folder = path.join(project.cwd, path.dirname(file))
      const names = (() => {
        try {
          return readdirSync(folder)
        } catch {
          return []
        }
      })()
      if (names.some((name) => name.startsWith(`.${path.basename(file)}.`) && name.endsWith('.toolsmith-tmp'))) return true
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return false
  }

  test('a new file\'s temporary is written before the plan is complete; the file is in place at the end, no temporary left', async () => {
    declareMany()
    let staged = false
    const planner: PlanFiles = async (declarations, options) => {
      const plan = await fakePlanFiles(declarations, options)
      const file = plan.files.find((planned) => planned.path === 'src/tools/generated/a.ts')
      if (file !== undefined) options.planned?.(file)
      staged = await temporaryAppears('src/tools/generated/a.ts')
      return plan
    }
    const outcome = await generate(planner)
    expect({ exitCode: outcome.exitCode, staged }).toEqual({ exitCode: 0, staged: true })
    expect(project.read('src/tools/generated/a.ts')).toContain('export const spec')
    expect(temporaries()).toEqual([])
  })

  test('a plan refused after staging leaves neither temporaries nor the folders staging made', async () => {
    declareMany()
    const refused: PlanFiles = async (declarations, options) => {
      const plan = await fakePlanFiles(declarations, options)
      for (const file of plan.files) options.planned?.(file)
      expect(await temporaryAppears('src/tools/generated/a.ts')).toBe(true)
      return { ...plan, diagnostics: [{ severity: 'error', code: 'template', message: 'bad template', file: 'templates/stub.hbs', line: 3, column: 1 }] }
    }
    expect((await generate(refused)).exitCode).toBe(2)
    expect([...project.snapshot(project.root).keys()].every((file) => file.startsWith('project/schemas/'))).toBe(true)
    expect(readdirSync(project.cwd).sort()).toEqual(['schemas'])
  })

  test('a file already there is never staged', async () => {
    declareMany()
    project.write('src/tools/a.ts', '// mine\n')
    const planner: PlanFiles = async (declarations, options) => {
      const plan = await fakePlanFiles(declarations, options)
      for (const file of plan.files) options.planned?.(file)
      expect(await temporaryAppears('src/tools/generated/a.ts')).toBe(true)
      // Staged together: the new one's temporary is there, and none came for the file already there.
      expect(await temporaryAppears('src/tools/a.ts', 10)).toBe(false)
      return plan
    }
    expect((await generate(planner)).exitCode).toBe(0)
    expect(project.read('src/tools/a.ts')).toBe('// mine\n')
    expect(temporaries()).toEqual([])
  })

  test('a project of fewer tools stages nothing', async () => {
    project.declare('a')
    let staged = true
    const planner: PlanFiles = async (declarations, options) => {
      staged = options.planned !== undefined
      return fakePlanFiles(declarations, options)
    }
    expect((await generate(planner)).exitCode).toBe(0)
    expect(staged).toBe(false)
  })

  test('check stages nothing', async () => {
    declareMany()
    let told = false
    const planner: PlanFiles = async (declarations, options) => {
      told = options.planned !== undefined
      return fakePlanFiles(declarations, options)
    }
    await runCheck({ cwd: project.cwd, planFiles: planner })
    expect(told).toBe(false)
  })
})
