import { type Dirent, readdirSync } from 'node:fs'
import path from 'node:path'
import { mapBounded } from '../base/bounded.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import { pascalCaseName, type ToolDeclaration } from '../model/tool-declaration.js'
import { loadDeclarationSource, type LoadedDeclarationSource } from './load-declaration-source.js'
import { MAX_SOURCE_BYTES, readSourceFile } from './read-source-file.js'

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
  /** Sorted by file, line, column; any error means the declarations must not be used. */
  readonly diagnostics: readonly Diagnostic[]
  /** File → decoded text, for every file that was read. */
  readonly sources: ReadonlyMap<string, string>
}

// Files read at once: enough to hide the file system's latency, few enough to stay polite.
const READ_CONCURRENCY = 16

/**
 * Loads and checks every `*.tool.yaml` in the schemas folder, reporting every problem of every file, then the
 * cross-file name checks. The plan cache passes a caching `loadSource` and `known` (a file unchanged since last run).
 */
export async function loadDeclarations(
  options: LoadDeclarationsOptions,
  loadSource: (file: string, bytes: Uint8Array) => LoadedDeclarationSource = loadDeclarationSource,
  known?: (file: string, absolute: string) => LoadedDeclarationSource | undefined,
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
    const absolute = path.resolve(options.cwd, file)
    const unchanged = known?.(file, absolute)
    if (unchanged !== undefined) return { file, source: unchanged }
    const read = await readSourceFile(absolute)
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

/** One valid declaration's name and where it is written. */
export interface DeclaredName {
  readonly name: string
  readonly file: string
  readonly line: number
  readonly column: number
}

/** Checks names across files for duplicates, equal TypeScript identifiers and case-only clashes, at the later name. */
export function checkDeclarationSet(names: readonly DeclaredName[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const byName = new Map<string, DeclaredName>()
  const byIdentifier = new Map<string, DeclaredName>()
  const byFileName = new Map<string, DeclaredName>()
  for (const entry of names) {
    const at = (code: string, message: string): void => {
      diagnostics.push({ severity: 'error', code, message, file: entry.file, line: entry.line, column: entry.column })
    }
    const quoted = JSON.stringify(entry.name)
    const sameName = byName.get(entry.name)
    if (sameName !== undefined) {
      at('duplicate-name', `duplicate tool name ${quoted}: also declared in ${where(sameName)}`)
      continue
    }
    byName.set(entry.name, entry)
    const identifier = pascalCaseName(entry.name)
    const sameIdentifier = byIdentifier.get(identifier)
    if (sameIdentifier !== undefined) {
      at(
        'name-collision',
        `tool name ${quoted} and ${JSON.stringify(sameIdentifier.name)} (${where(sameIdentifier)}) both become the TypeScript name ${identifier}`,
      )
      continue
    }
    byIdentifier.set(identifier, entry)
    const fileName = entry.name.toLowerCase()
    const sameFileName = byFileName.get(fileName)
    if (sameFileName !== undefined) {
      at(
        'name-collision',
        `tool name ${quoted} and ${JSON.stringify(sameFileName.name)} (${where(sameFileName)}) differ only in letter case; their files would clash on case-insensitive file systems`,
      )
      continue
    }
    byFileName.set(fileName, entry)
  }
  return diagnostics
}

function where(entry: DeclaredName): string {
  return `${entry.file}:${entry.line}:${entry.column}`
}

/** The declaration files of a schemas folder, and near-misses worth a warning. */
export interface DiscoveredFiles {
  /** `false` when the folder does not exist or is not a folder. */
  readonly found: boolean
  /** Paths relative to the working directory, `/`-separated, sorted by code unit (locale-independent). */
  readonly files: readonly string[]
  /** `*.tool.yml` files, which toolsmith does not read. */
  readonly ignored: readonly string[]
}

export const DECLARATION_SUFFIX = '.tool.yaml'

/** The `*.tool.yaml` files directly in the schemas folder: not in subfolders, so a stray copy never becomes a tool. */
export async function discoverDeclarationFiles(cwd: string, schemas: string): Promise<DiscoveredFiles> {
  let entries: Dirent[] | undefined
  try {
    entries = readdirSync(path.resolve(cwd, schemas), { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
  }
  if (entries === undefined) return { found: false, files: [], ignored: [] }
  const files: string[] = []
  const ignored: string[] = []
  for (const entry of entries) {
    if (entry.isDirectory()) continue
    const relative = path.posix.join(schemas, entry.name)
    if (entry.name.endsWith(DECLARATION_SUFFIX) && entry.name.length > DECLARATION_SUFFIX.length) files.push(relative)
    else if (entry.name.endsWith('.tool.yml')) ignored.push(relative)
  }
  const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
  return { found: true, files: files.sort(byCodeUnit), ignored: ignored.sort(byCodeUnit) }
}
