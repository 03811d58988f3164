import { execFileSync } from 'node:child_process'
import fs, { cpSync, mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { exactJson } from '../../../generator/src/plan/cache/cache-key.js'
import { PlanCacheStore } from '../../../generator/src/plan/cache/plan-cache-store.js'
import { loadDeclarations, type LoadedDeclarations } from '../../../generator/src/load/load-declarations.js'
import { loadDeclarationsCached } from '../../../generator/src/pipeline/load-declarations-cached.js'
import { FIXTURES, fixtureNames } from '../plan/fixture-project.js'
import { countingCache } from '../plan/cache/cache-probes.js'
import { TempProject } from './temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

// Every field, -0 told apart from 0 and key order kept.
const view = (loaded: LoadedDeclarations): string => exactJson({ ...loaded, sources: [...loaded.sources] })

/** Loads `schemas` without a cache, with a cold cache and with that cache read back: all three must agree. */
async function expectSameAsLoader(schemas = 'schemas'): Promise<{ readonly coldSets: number; readonly warmHits: number; readonly warmSets: number }> {
  const options = { cwd: project.cwd, schemas }
  const reference = view(await loadDeclarations(options))
  const store = PlanCacheStore.empty('build')
  const cold = countingCache(store)
  expect(view(await loadDeclarationsCached(options, cold))).toBe(reference)
  const warm = countingCache(PlanCacheStore.parse(store.serialize(), 'build'))
  expect(view(await loadDeclarationsCached(options, warm))).toBe(reference)
  expect(view(await loadDeclarationsCached(options, undefined))).toBe(reference)
  return { coldSets: cold.sets, warmHits: warm.hits, warmSets: warm.sets }
}

describe('loadDeclarationsCached answers what loadDeclarations answers', () => {
  test.each(fixtureNames())('the declarations of fixture %s, each file loaded once and then found in the cache', async (name) => {
    cpSync(path.join(FIXTURES, name, 'schemas'), path.join(project.cwd, 'schemas'), { recursive: true })
    const counts = await expectSameAsLoader()
    expect(counts.coldSets).toBeGreaterThan(0)
    expect(counts.warmHits).toBe(counts.coldSets)
    expect(counts.warmSets).toBe(0)
  })

  test('every kind of bad input, reported the same', async () => {
    project.declare('good')
    project.write('schemas/syntax.tool.yaml', 'name: syntax\ndescription: [unclosed\n')
    project.write('schemas/unknown.tool.yaml', 'name: unknown\ndescription: d\nparameters: {}\noutput: { type: string }\nextra: 1\n')
    project.write('schemas/dup-a.tool.yaml', 'name: same\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    project.write('schemas/dup-b.tool.yaml', 'name: same\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    project.write('schemas/case-a.tool.yaml', 'name: read-file\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    project.write('schemas/case-b.tool.yaml', 'name: read_file\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    project.write('schemas/crlf.tool.yaml', 'name: crlf\r\ndescription: d\r\nparameters: {}\r\noutput: { type: string }\r\n')
    project.write('schemas/bom.tool.yaml', '\uFEFFname: bom\ndescription: d\nparameters: {}\noutput: { type: string }\n')
    project.write('schemas/zero.tool.yaml', 'name: zero\ndescription: d\nparameters:\n  n: { type: number, default: -0 }\noutput: { type: string }\n')
    writeFileSync(path.join(project.cwd, 'schemas/latin1.tool.yaml'), Buffer.from('name: latin\ndescription: caf\xe9\n', 'latin1'))
    project.write('schemas/near.tool.yml', 'name: near\n')
    execFileSync('mkfifo', [path.join(project.cwd, 'schemas/fifo.tool.yaml')])
    project.write('schemas/huge.tool.yaml', '')
    truncateSync(path.join(project.cwd, 'schemas/huge.tool.yaml'), 1 << 20)
    const counts = await expectSameAsLoader()
    expect(counts.warmHits).toBeGreaterThan(0)
  })

  test('a declaration holding -0 is loaded afresh every time (JSON would turn it into 0)', async () => {
    project.write('schemas/zero.tool.yaml', 'name: zero\ndescription: d\nparameters:\n  n: { type: number, default: -0 }\noutput: { type: string }\n')
    const loaded = await loadDeclarations({ cwd: project.cwd, schemas: 'schemas' })
    expect(Object.is((loaded.declarations[0]?.parameters['n'] as { default: number }).default, -0)).toBe(true)
    const counts = await expectSameAsLoader()
    expect(counts.coldSets).toBe(0)
  })

  test('no schemas folder, and an empty one', async () => {
    await expectSameAsLoader('missing')
    mkdirSync(path.join(project.cwd, 'empty'))
    await expectSameAsLoader('empty')
    rmSync(path.join(project.cwd, 'empty'), { recursive: true })
  })
})

// A file's stat, recorded with what was loaded from it, stands for its bytes in later runs: thousands of unchanged
// declarations are then not read at all. Any write changes the ctime, which no tool can set back.
describe('declaration files unchanged since a run loaded them', () => {
  const future = BigInt(Date.now() + 3_600_000) * 1_000_000n
  /** The declaration files a load opened (through the fs module the loader reads with). */
  async function opened(load: () => Promise<unknown>): Promise<string[]> {
    const spy = vi.spyOn(fs, 'openSync')
    syncBuiltinESMExports()
    try {
      await load()
      return spy.mock.calls.map(([file]) => String(file)).filter((file) => file.endsWith('.tool.yaml')).map((file) => path.basename(file))
    } finally {
      spy.mockRestore()
      syncBuiltinESMExports()
    }
  }

  test('are not read again; an edited one is, even with its modification time put back', async () => {
    project.declare('a')
    project.declare('b')
    const options = { cwd: project.cwd, schemas: 'schemas' }
    const reference = view(await loadDeclarations(options))
    const store = PlanCacheStore.empty('build')
    expect((await opened(() => loadDeclarationsCached(options, store, future))).sort()).toEqual(['a.tool.yaml', 'b.tool.yaml'])
    const warm = PlanCacheStore.parse(store.serialize(), 'build')
    let loaded: LoadedDeclarations | undefined
    expect(await opened(async () => (loaded = await loadDeclarationsCached(options, warm, future)))).toEqual([])
    expect(view(loaded as LoadedDeclarations)).toBe(reference)
    const file = path.join(project.cwd, 'schemas/b.tool.yaml')
    const { atime, mtime } = fs.statSync(file)
    project.declare('b', 'timeoutMs: 5\n')
    fs.utimesSync(file, atime, mtime)
    const edited = PlanCacheStore.parse(warm.serialize(), 'build')
    expect(await opened(async () => (loaded = await loadDeclarationsCached(options, edited, future)))).toEqual(['b.tool.yaml'])
    expect(view(loaded as LoadedDeclarations)).toBe(view(await loadDeclarations(options)))
  })

  test('a file changed within the last tick of its file system is not recorded', async () => {
    project.declare('a')
    const options = { cwd: project.cwd, schemas: 'schemas' }
    const store = PlanCacheStore.empty('build')
    const past = BigInt(Date.now() - 60_000) * 1_000_000n
    await loadDeclarationsCached(options, store, past)
    expect(await opened(() => loadDeclarationsCached(options, PlanCacheStore.parse(store.serialize(), 'build'), past))).toEqual(['a.tool.yaml'])
  })
})
