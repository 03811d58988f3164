import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs, { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { generatorFingerprint } from '../../../generator/src/plan/cache/generator-fingerprint.js'
import { planCacheFile } from '../../../generator/src/plan/cache/plan-cache-file.js'
import { PlanCacheStore } from '../../../generator/src/plan/cache/plan-cache-store.js'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'
import { TempProject } from './temp-project.js'

// The real planner in throwaway projects: what the plan cache does across runs (each run here stands for a process:
// it reads the cache file anew).
let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const cacheFile = (cwd = project.cwd): string => planCacheFile(cwd)
const outputs = (cwd = project.cwd): Map<string, string> => {
  const files = new Map<string, string>()
  for (const file of project.snapshot(cwd).keys()) if (!file.startsWith('node_modules')) files.set(file, readFileSync(path.join(cwd, file), 'utf8'))
  return files
}
const declareTools = (): void => {
  project.declare('alpha', 'timeoutMs: 100\n')
  project.write('schemas/beta.tool.yaml', 'name: beta\ndescription: Beta.\nparameters:\n  path: { type: string, required: true }\noutput:\n  type: object\n  additionalProperties: false\n  properties:\n    size: { type: integer, required: true }\n')
}

/** Generates the same project without any cache, in a copy beside it: what every cached run must equal. */
async function uncachedOutputs(): Promise<Map<string, string>> {
  const copy = path.join(project.root, 'uncached')
  rmSync(copy, { recursive: true, force: true })
  cpSync(project.cwd, copy, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.includes(`${path.sep}src`) && !source.includes(`${path.sep}docs`) })
  // Stubs are the author's: the copy starts from the same ones.
  if (existsSync(path.join(project.cwd, 'src'))) {
    for (const file of readdirSync(path.join(project.cwd, 'src/tools')).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
      mkdirSync(path.join(copy, 'src/tools'), { recursive: true })
      cpSync(path.join(project.cwd, 'src/tools', file), path.join(copy, 'src/tools', file))
    }
  }
  const outcome = await runGenerate({ cwd: copy, cache: false })
  expect(outcome.exitCode).toBe(0)
  return outputs(copy)
}

describe('the plan cache across runs', () => {
  test('generate saves it in node_modules/.cache/toolsmith; a no-op run reads it and leaves it untouched', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    expect((await runGenerate({ cwd: project.cwd })).exitCode).toBe(0)
    expect(existsSync(cacheFile())).toBe(true)
    // The first run after the stubs were created merges them (new keys); one a moment later records the files as
    // settled (see isSettled); the one after finds everything.
    await runGenerate({ cwd: project.cwd })
    await new Promise((resolve) => setTimeout(resolve, 150))
    await runGenerate({ cwd: project.cwd })
    utimesSync(cacheFile(), 1_000, 1_000)
    const again = await runGenerate({ cwd: project.cwd })
    expect(again).toMatchObject({ exitCode: 0, written: [] })
    expect(statSync(cacheFile()).mtimeMs).toBe(1_000_000)
    expect(outputs()).toEqual(await uncachedOutputs())
  })

  test('after a declaration changes, the outputs equal an uncached run and only changed files are written', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    project.declare('alpha', 'timeoutMs: 200\n')
    const outcome = await runGenerate({ cwd: project.cwd })
    expect(outcome.written).toEqual(['docs/catalog.json', 'docs/tools.md', 'src/tools/generated/alpha.ts'])
    expect(outputs()).toEqual(await uncachedOutputs())
  })

  test('check reads the cache but writes nothing, not even a cache', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd, cache: false })
    expect(existsSync(path.join(project.cwd, 'node_modules/.cache'))).toBe(false)
    expect((await runCheck({ cwd: project.cwd })).exitCode).toBe(0)
    expect(existsSync(path.join(project.cwd, 'node_modules/.cache'))).toBe(false)
    await runGenerate({ cwd: project.cwd })
    await runGenerate({ cwd: project.cwd })
    const saved = readFileSync(cacheFile(), 'utf8')
    project.declare('alpha', 'timeoutMs: 300\n')
    expect((await runCheck({ cwd: project.cwd })).exitCode).toBe(1)
    expect(readFileSync(cacheFile(), 'utf8')).toBe(saved)
  })

  test('cache: false neither reads nor saves it; by default it is read (a poisoned cache shows)', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    await runGenerate({ cwd: project.cwd })
    // Every generated module in the cache replaced, in a valid file of this very build: a module's part holds the
    // hash of its text, kept under `text\0<hash>`.
    const read = PlanCacheStore.parse(readFileSync(cacheFile()), await generatorFingerprint())
    const poisoned = PlanCacheStore.empty(await generatorFingerprint())
    const poison = 'POISON'
    const poisonHash = createHash('sha256').update(poison).digest('base64url')
    for (const key of read.keys()) {
      const value = read.get(key) as { hash?: unknown; outputType?: unknown } | undefined
      poisoned.set(key, typeof value === 'object' && value !== null && 'outputType' in value ? { ...value, hash: poisonHash } : value)
    }
    poisoned.set(`text\u0000${poisonHash}`, poison)
    const poisonedFile = poisoned.serialize()
    writeFileSync(cacheFile(), poisonedFile)
    const before = outputs()
    const bypassed = await runGenerate({ cwd: project.cwd, cache: false })
    expect(bypassed).toMatchObject({ exitCode: 0, written: [] })
    expect(outputs()).toEqual(before)
    expect(readFileSync(cacheFile()).equals(poisonedFile)).toBe(true)
    const trusting = await runGenerate({ cwd: project.cwd })
    expect(trusting).toMatchObject({ exitCode: 0, written: ['src/tools/generated/alpha.ts', 'src/tools/generated/beta.ts'] })
    expect(project.read('src/tools/generated/alpha.ts')).toBe('POISON')
  })

  test.each([
    ['truncated', (file: string) => writeFileSync(file, readFileSync(file, 'utf8').slice(0, 200))],
    ['garbage', (file: string) => writeFileSync(file, '\u0000\u0001 not a cache')],
    ['a folder', (file: string) => (rmSync(file), mkdirSync(file))],
    ['a dangling symbolic link', (file: string) => (rmSync(file), symlinkSync(path.join(path.dirname(file), 'nowhere'), file))],
    ['a FIFO', (file: string) => (rmSync(file), execFileSync('mkfifo', [file]))],
    ['a link to a device', (file: string) => (rmSync(file), symlinkSync('/dev/zero', file))],
  ])('a cache file that is %s is ignored: the outputs are what an uncached run makes', async (_name, spoil) => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    spoil(cacheFile())
    rmSync(path.join(project.cwd, 'src/tools/generated'), { recursive: true })
    rmSync(path.join(project.cwd, 'docs'), { recursive: true })
    const outcome = await runGenerate({ cwd: project.cwd })
    expect(outcome.exitCode).toBe(0)
    expect(outputs()).toEqual(await uncachedOutputs())
    expect((await runCheck({ cwd: project.cwd })).exitCode).toBe(0)
  })

  test('a project without node_modules runs without a persistent cache and gets no node_modules', async () => {
    declareTools()
    expect((await runGenerate({ cwd: project.cwd })).exitCode).toBe(0)
    expect((await runGenerate({ cwd: project.cwd })).written).toEqual([])
    expect(existsSync(path.join(project.cwd, 'node_modules'))).toBe(false)
  })

  test('entries the latest generate did not use are dropped: a removed tool leaves nothing behind', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    project.write('schemas/gamma.tool.yaml', 'name: gamma\ndescription: GammaMarker tool.\nparameters: {}\noutput: { type: string }\n')
    await runGenerate({ cwd: project.cwd })
    await runGenerate({ cwd: project.cwd })
    // What the cache holds: every entry of the file, as a run reads it.
    const entries = async (): Promise<string> => {
      const store = PlanCacheStore.parse(readFileSync(cacheFile()), await generatorFingerprint())
      return JSON.stringify(store.keys().map((key) => [key, store.get(key)]))
    }
    expect(await entries()).toContain('GammaMarker')
    rmSync(path.join(project.cwd, 'schemas/gamma.tool.yaml'))
    await runGenerate({ cwd: project.cwd })
    expect(await entries()).not.toContain('GammaMarker')
  })

  test('concurrent generates leave one whole cache file and no temporary files', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await Promise.all([runGenerate({ cwd: project.cwd }), runGenerate({ cwd: project.cwd }), runGenerate({ cwd: project.cwd })])
    const folder = path.dirname(cacheFile())
    expect(readdirSync(folder)).toEqual(['plan.json'])
    const store = PlanCacheStore.parse(readFileSync(cacheFile()), await generatorFingerprint())
    expect(store.size.loaded).toBeGreaterThan(0)
    expect((await runCheck({ cwd: project.cwd })).exitCode).toBe(0)
  })

  test('on a file system with sub-second times, a run a moment after another records the outputs it wrote', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    const written = statSync(path.join(project.cwd, 'src/tools/generated/alpha.ts'), { bigint: true })
    // The test's own premise: this file system keeps sub-second times (a coarse one waits the 2 s it must).
    if (written.mtimeNs % 1_000_000_000n === 0n) return
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(await runGenerate({ cwd: project.cwd })).toMatchObject({ exitCode: 0, written: [] })
    const recorded = PlanCacheStore.parse(readFileSync(cacheFile()), await generatorFingerprint())
    expect(recorded.keys()).toContain('output-on-disk\u0000src/tools/generated/alpha.ts')
  })

  test('an output edited by hand after a run recorded it as current is still found by check and restored by generate', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    // Outputs are recorded only once they are older than a file system's timestamp tick (2 s).
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    const recording = await runGenerate({ cwd: project.cwd })
    expect(recording).toMatchObject({ exitCode: 0, written: [] })
    const recorded = PlanCacheStore.parse(readFileSync(cacheFile()), await generatorFingerprint())
    expect(recorded.keys()).toContain('output-on-disk\u0000src/tools/generated/alpha.ts')
    const before = outputs()
    const file = path.join(project.cwd, 'src/tools/generated/alpha.ts')
    const { atime, mtime } = statSync(file)
    const text = readFileSync(file, 'utf8')
    // Same size, and the modification time set back.
    writeFileSync(file, text.replace('100', '999'))
    utimesSync(file, atime, mtime)
    expect((await runCheck({ cwd: project.cwd })).exitCode).toBe(1)
    const restored = await runGenerate({ cwd: project.cwd })
    expect(restored).toMatchObject({ exitCode: 0, written: ['src/tools/generated/alpha.ts'] })
    expect(outputs()).toEqual(before)
  })

  test('once recorded, a run opens no declaration and no stub; an edited stub is read again and kept', async () => {
    declareTools()
    mkdirSync(path.join(project.cwd, 'node_modules'))
    await runGenerate({ cwd: project.cwd })
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    // This run records the declarations and the stubs (with the stubs' texts); the next one takes them from there.
    await runGenerate({ cwd: project.cwd })
    const before = outputs()
    const opened = async (): Promise<string[]> => {
      const spy = vi.spyOn(fs, 'openSync')
      syncBuiltinESMExports()
      try {
        expect(await runGenerate({ cwd: project.cwd })).toMatchObject({ exitCode: 0, written: [] })
        return spy.mock.calls.map(([file]) => path.relative(project.cwd, String(file))).filter((file) => file.startsWith('schemas/') || /^src\/tools\/[^/]+\.ts$/.test(file))
      } finally {
        spy.mockRestore()
        syncBuiltinESMExports()
      }
    }
    expect(await opened()).toEqual([])
    expect(outputs()).toEqual(before)
    const stub = path.join(project.cwd, 'src/tools/alpha.ts')
    const { atime, mtime } = statSync(stub)
    writeFileSync(stub, readFileSync(stub, 'utf8').replace('throw new Error(', 'throw new TypeError('))
    utimesSync(stub, atime, mtime)
    expect(await opened()).toContain('src/tools/alpha.ts')
    expect(readFileSync(stub, 'utf8')).toContain('throw new TypeError(')
  })
})

