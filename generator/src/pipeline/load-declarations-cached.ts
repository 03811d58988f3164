import { cacheKey } from '../plan/cache/cache-key.js'
import { cachedDeclarationSource } from '../plan/cache/cached-values.js'
import { type LoadedDeclarationSource, loadDeclarationSource } from '../load/load-declaration-source.js'
import { type LoadDeclarationsOptions, type LoadedDeclarations, loadDeclarations } from '../load/load-declarations.js'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'

/** The plan cache as the loader uses it: it may also be told which file a declaration came from. */
export interface LoaderCache extends PlanCache {
  /** Records the loader cache key of the file `declaration` was loaded from (see `PlanCache.declarationKey`). */
  noteDeclarationSource?(declaration: ToolDeclaration, key: string): void
}

/**
 * `loadDeclarations`, with each file's result (its declaration, problems, text and name position) taken from the
 * plan cache when the cache holds it for the same file name and bytes: parsing and checking YAML is the largest
 * cost of a run whose declarations did not change. It is loadDeclarations itself, with a per-file loader that
 * answers from the cache; a test holds the two to the same answers.
 */
export async function loadDeclarationsCached(options: LoadDeclarationsOptions, cache: LoaderCache | undefined): Promise<LoadedDeclarations> {
  if (cache === undefined) return loadDeclarations(options)
  return loadDeclarations(options, (file, bytes) => cachedSource(cache, file, bytes))
}

/**
 * One file loaded, or its result from an earlier run: keyed by the generator build, the file's name and its bytes.
 * The declaration is noted with that key, which then stands for it in the planner's keys.
 */
function cachedSource(cache: LoaderCache, file: string, bytes: Uint8Array): LoadedDeclarationSource {
  const key = cacheKey([cache.fingerprint, 'declaration-source', file, bytes])
  let source = cachedDeclarationSource.decode(cache.get(key), bytes)
  if (source === undefined) {
    source = loadDeclarationSource(file, bytes)
    const value = cachedDeclarationSource.encode(source, bytes)
    if (value !== undefined) cache.set(key, value)
  }
  if (source.declaration !== undefined) cache.noteDeclarationSource?.(source.declaration, key)
  return source
}
