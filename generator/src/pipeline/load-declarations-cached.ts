import { type BigIntStats, statSync } from 'node:fs'
import { cacheKey, isSettled, statText, textHash, textKey } from '../plan/cache/cache-key.js'
import { cachedDeclarationSource } from '../plan/cache/cached-values.js'
import { type LoadedDeclarationSource, loadDeclarationSource } from '../load/load-declaration-source.js'
import { type LoadDeclarationsOptions, type LoadedDeclarations, loadDeclarations } from '../load/load-declarations.js'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'

/** The plan cache as the loader uses it. */
export interface LoaderCache extends PlanCache {
  /** Records the loader cache key of the file `declaration` was loaded from. */
  noteDeclarationSource?(declaration: ToolDeclaration, key: string): void
}

/**
 * `loadDeclarations` answering each file from the plan cache by name and bytes. A file whose stat matches the one
 * recorded when it was loaded is not even read: any write changes its ctime, which no tool can set back.
 */
export async function loadDeclarationsCached(
  options: LoadDeclarationsOptions,
  cache: LoaderCache | undefined,
  now = BigInt(Date.now()) * 1_000_000n,
): Promise<LoadedDeclarations> {
  if (cache === undefined) return loadDeclarations(options)
  // The stat taken before each read, so the loaded file is recorded with it (`now` is in nanoseconds).
  const stats = new Map<string, BigIntStats>()
  const known = (file: string, absolute: string): LoadedDeclarationSource | undefined => {
    const before = statSync(absolute, { bigint: true, throwIfNoEntry: false })
    if (before === undefined || !before.isFile()) return undefined
    const source = recorded(file, statText(before))
    if (source === undefined) stats.set(file, before)
    return source
  }
  // A record is `<loader key> <text hash> <stat>`; the text is kept under its hash.
  const recorded = (file: string, stat: string): LoadedDeclarationSource | undefined => {
    const record = cache.get(recordKey(file))
    if (typeof record !== 'string' || record.slice(2 * HASH_LENGTH + 2) !== stat) return undefined
    const sourceKey = record.slice(0, HASH_LENGTH)
    const text = cache.get(textKey(record.slice(HASH_LENGTH + 1, 2 * HASH_LENGTH + 1)))
    if (typeof text !== 'string') return undefined
    const source = cachedDeclarationSource.decodeWithText(cache.get(sourceKey), text)
    // Only a clean file: one with problems is read for its code frames.
    if (source?.declaration === undefined || source.diagnostics.length > 0) return undefined
    cache.noteDeclarationSource?.(source.declaration, sourceKey)
    return source
  }
  return loadDeclarations(
    options,
    (file, bytes) => {
      const { source, key } = cachedSource(cache, file, bytes)
      const before = stats.get(file)
      // A file changed within the file system's timestamp tick may change again without another stat: not recorded.
      if (key !== undefined && before !== undefined && isSettled(before, now)) {
        const text = textHash(source.text)
        const record = `${key} ${text} ${statText(before)}`
        if (cache.get(recordKey(file)) !== record) cache.set(recordKey(file), record)
        if (cache.text(textKey(text)) === undefined) cache.set(textKey(text), source.text)
      }
      return source
    },
    known,
  )
}

// Unhashed: the cache file holds only this build's entries, and a run looks up thousands of records.
const recordKey = (file: string): string => `declaration-on-disk\u0000${file}`

// The length of a base64url SHA-256.
const HASH_LENGTH = 43

/** One file loaded, or cached by build, name and bytes; `key` is absent when the result could not be cached. */
function cachedSource(cache: LoaderCache, file: string, bytes: Uint8Array): { readonly source: LoadedDeclarationSource; readonly key: string | undefined } {
  const key = cacheKey([cache.fingerprint, 'declaration-source', file, bytes])
  let source = cachedDeclarationSource.decode(cache.get(key), bytes)
  let stored = source !== undefined
  if (source === undefined) {
    source = loadDeclarationSource(file, bytes)
    const value = cachedDeclarationSource.encode(source, bytes)
    if (value !== undefined) cache.set(key, value)
    stored = value !== undefined
  }
  if (source.declaration !== undefined) cache.noteDeclarationSource?.(source.declaration, key)
  return { source, key: stored ? key : undefined }
}
