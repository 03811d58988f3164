import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { cacheKey } from '../../../generator/src/plan/cache/cache-key.js'
import { cachedDeclarationSource } from '../../../generator/src/plan/cache/cached-values.js'
import { PlanCacheStore } from '../../../generator/src/plan/cache/plan-cache-store.js'
import { readSide } from '../../../generator/src/diff/diff-sides.js'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import { TempProject } from '../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const TOOL = (description: string) => `name: find\ndescription: ${description}\nparameters: {}\noutput: { type: string }\n`

describe('reading a side', () => {
  test('a declaration the plan cache holds for the same path and bytes is taken from it, not parsed again', async () => {
    const bytes = new TextEncoder().encode(TOOL('On disk.'))
    project.write('schemas/find.tool.yaml', TOOL('On disk.'))
    // A cache entry for these bytes that says something else: only a side read through the cache can show it.
    const cache = PlanCacheStore.empty('test-build')
    const planted = cachedDeclarationSource.encode(loadDeclarationSource('schemas/find.tool.yaml', new TextEncoder().encode(TOOL('From the cache.'))), bytes)
    cache.set(cacheKey(['test-build', 'declaration-source', 'schemas/find.tool.yaml', bytes]), planted)
    const withCache = await readSide(undefined, 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), cache })
    expect(withCache.catalog?.tools.get('find')?.description).toBe('From the cache.')
    const without = await readSide(undefined, 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map() })
    expect(without.catalog?.tools.get('find')?.description).toBe('On disk.')
  })

  test('identical files of two sides are loaded once: both sides hold the same spec objects', async () => {
    project.write('a/find.tool.yaml', TOOL('Same.'))
    project.write('b/find.tool.yaml', TOOL('Same.'))
    const context = { cwd: project.cwd, schemas: 'schemas', loaded: new Map() }
    const a = await readSide('a', 'BASE', context)
    const b = await readSide('b', 'HEAD', context)
    expect(b.catalog?.tools.get('find')?.parameters).toBe(a.catalog?.tools.get('find')?.parameters)
    expect(b.catalog?.tools.get('find')?.source?.file).toBe('b/find.tool.yaml')
  })
})
