import path from 'node:path'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { mapBounded } from '../base/bounded.js'
import { checkDeclarationSet, type DeclaredName } from './check-declaration-set.js'
import { discoverDeclarationFiles } from './discover-declaration-files.js'
import { type LoadedDeclarationSource, loadDeclarationSource } from './load-declaration-source.js'
import { readSourceFile } from './read-source-file.js'
import { MAX_SOURCE_BYTES } from './source-limits.js'

/** Where to load declarations from. */
export interface LoadDeclarationsOptions {
  /** Absolute working directory; `schemas` and every reported file are relative to it. */
  readonly cwd: string
  /** The schemas folder, relative to `cwd`, `/`-separated. */
  readonly schemas: string
}

/** Every valid declaration (sorted by file) and every problem found, with the texts for code frames. */
export interface LoadedDeclarations {
  readonly declarations: readonly ToolDeclaration[]
  /** Sorted by file, line, column. Any error means the declarations must not be used. */
  readonly diagnostics: readonly Diagnostic[]
  /** File → decoded text, for every file that was read. */
  readonly sources: ReadonlyMap<string, string>
}

// Files read at once: enough to hide the file system's latency, few enough to stay polite.
const READ_CONCURRENCY = 16

/**
 * Loads and checks every `*.tool.yaml` in the schemas folder, collecting every problem of every file
 * (then the cross-file name checks) instead of stopping at the first. `loadSource` turns one file's bytes into
 * its loaded form (the plan cache passes one that answers from the cache).
 */
export async function loadDeclarations(
  options: LoadDeclarationsOptions,
  loadSource: (file: string, bytes: Uint8Array) => LoadedDeclarationSource = loadDeclarationSource,
): Promise<LoadedDeclarations> {
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

  const loaded = await mapBounded(discovered.files, READ_CONCURRENCY, async (file) => {
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
    return { file, source: loadSource(file, read.bytes) }
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
    for (const diagnostic of source.diagnostics) diagnostics.push(diagnostic) // a spread of a long list overflows the stack
    // A file with problems still takes part in the name checks when its name is readable: every clash in one run.
    if (source.name !== undefined) names.push({ name: source.name, file: entry.file, ...source.nameAt })
    if (source.declaration !== undefined) declarations.push(source.declaration)
  }
  for (const diagnostic of checkDeclarationSet(names)) diagnostics.push(diagnostic)
  return { declarations, diagnostics: sortDiagnostics(diagnostics), sources }
}
