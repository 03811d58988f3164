import path from 'node:path'
import { mapConcurrently } from '../apply/map-concurrently.js'
import { cacheKey } from '../cache/cache-key.js'
import { cachedDeclarationSource } from '../cache/cached-declaration-source.js'
import { checkDeclarationSet, type DeclaredName } from '../load/check-declaration-set.js'
import { discoverDeclarationFiles } from '../load/discover-declaration-files.js'
import { type LoadedDeclarationSource, loadDeclarationSource } from '../load/load-declaration-source.js'
import { type LoadDeclarationsOptions, type LoadedDeclarations, loadDeclarations } from '../load/load-declarations.js'
import { readSourceFile } from '../load/read-source-file.js'
import { MAX_SOURCE_BYTES } from '../load/source-limits.js'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { sortDiagnostics } from '../report/sort-diagnostics.js'

// As loadDeclarations reads them.
const READ_CONCURRENCY = 16

/** The plan cache as the loader uses it: it may also be told which file a declaration came from. */
export interface LoaderCache extends PlanCache {
  /** Records the loader cache key of the file `declaration` was loaded from (see `PlanCache.declarationKey`). */
  noteDeclarationSource?(declaration: ToolDeclaration, key: string): void
}

/**
 * `loadDeclarations`, with each file's result (its declaration, problems, text and name position) taken from the
 * plan cache when the cache holds it for the same file name and bytes: parsing and checking YAML is the largest
 * cost of a run whose declarations did not change. The steps are loadDeclarations' own (discover, read each file
 * with `readSourceFile`, `loadDeclarationSource`, the cross-file name checks), in the same order with the same
 * messages; a test holds the two to the same answers. Without a cache it is loadDeclarations itself.
 */
export async function loadDeclarationsCached(options: LoadDeclarationsOptions, cache: LoaderCache | undefined): Promise<LoadedDeclarations> {
  if (cache === undefined) return loadDeclarations(options)
  const discovered = await discoverDeclarationFiles(options.cwd, options.schemas)
  const diagnostics: Diagnostic[] = []
  const sources = new Map<string, string>()
  const at = (file: string, code: string, message: string, severity: Diagnostic['severity'] = 'error'): void => {
    diagnostics.push({ severity, code, message, file, line: 1, column: 1 })
  }
  if (!discovered.found) {
    at(options.schemas, 'no-schemas-folder', `the schemas folder ${JSON.stringify(options.schemas)} does not exist`)
    return { declarations: [], diagnostics, sources }
  }
  for (const file of discovered.ignored) at(file, 'ignored-file', 'not read: declaration files end in .tool.yaml', 'warning')
  if (discovered.files.length === 0) {
    at(options.schemas, 'no-declarations', `no *.tool.yaml files in ${JSON.stringify(options.schemas)}`, 'warning')
  }

  const loaded = await mapConcurrently(discovered.files, READ_CONCURRENCY, async (file) => {
    const read = await readSourceFile(path.resolve(options.cwd, file))
    if (!read.ok) {
      const message =
        read.reason === 'too-large'
          ? `the file is ${read.size ?? 'over'} bytes; toolsmith reads YAML files of at most ${MAX_SOURCE_BYTES} bytes`
          : read.reason === 'not-a-file'
            ? 'not a regular file'
            : 'the file disappeared while loading'
      return { file, failure: { code: read.reason === 'too-large' ? 'file-too-large' : 'unreadable-file', message } }
    }
    return { file, source: cachedSource(cache, file, read.bytes) }
  })

  const declarations: ToolDeclaration[] = []
  const names: DeclaredName[] = []
  for (const entry of loaded) {
    if (entry.failure !== undefined) {
      at(entry.file, entry.failure.code, entry.failure.message)
      continue
    }
    const { source } = entry
    sources.set(entry.file, source.text)
    diagnostics.push(...source.diagnostics)
    if (source.name !== undefined) names.push({ name: source.name, file: entry.file, ...source.nameAt })
    if (source.declaration !== undefined) declarations.push(source.declaration)
  }
  diagnostics.push(...checkDeclarationSet(names))
  return { declarations, diagnostics: sortDiagnostics(diagnostics), sources }
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
