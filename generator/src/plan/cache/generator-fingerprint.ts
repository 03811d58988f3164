import { createHash } from 'node:crypto'
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The libraries whose code shapes what the generator plans (prettier layout, templates, stub parsing with ts-morph and
// the TypeScript it bundles, YAML loading, the runtime's compiled JSON Schemas, the providers' Code Mode SDK printer);
// their versions, and those of their dependencies, are part of the fingerprint.
const LIBRARIES = ['prettier', 'handlebars', 'ts-morph', 'typescript', 'yaml', '@toolsmith/runtime', '@toolsmith/providers']
// Workspace siblings: their versions do not move with their code, so their built code counts too.
const WORKSPACE_LIBRARIES = new Set(['@toolsmith/runtime', '@toolsmith/providers'])

// This file sits in generator/{src,dist}/plan/cache/: the generator's own code is two folders above, the shipped
// templates are at the repository's (package's) top level.
const CODE_FOLDER = fileURLToPath(new URL('../../', import.meta.url))
const TEMPLATES_FOLDER = fileURLToPath(new URL('../../../../templates/', import.meta.url))

// `true` in the CLI bundle, whose build rewrites this very line (generator/scripts/bundle-cli.mjs). The bundle holds
// the generator's code and the runtime's and providers' code it calls.
const IN_CLI_BUNDLE = false
// What the build records of its code (see scripts/bundle-cli.mjs): per scope, a hash of the code and the size and
// modification time of every file it covers. A run that finds every file as recorded takes the hash instead of reading
// the code (tens of milliseconds of a run). Absent beside the sources (the tests), where the code is hashed as it runs.
const BUILD_ID_FILE = fileURLToPath(new URL('../../build-id.json', import.meta.url))

/**
 * The hash `recordFile` records for the code of `scope` when every file it covers (relative to `codeFolder`) has the
 * size and modification time recorded with it, else `undefined`.
 */
export function recordedCodeId(scope: 'bundle' | 'library', recordFile = BUILD_ID_FILE, codeFolder = CODE_FOLDER): string | undefined {
  try {
    const record = (JSON.parse(readFileSync(recordFile, 'utf8')) as Record<string, { id?: unknown; files?: unknown } | undefined>)[scope]
    if (record === undefined || typeof record.id !== 'string' || typeof record.files !== 'object' || record.files === null) return undefined
    for (const [file, recorded] of Object.entries(record.files as Record<string, unknown>)) {
      const stats = statSync(path.join(codeFolder, file), { throwIfNoEntry: false })
      if (!Array.isArray(recorded) || stats === undefined || stats.size !== recorded[0] || stats.mtimeMs !== recorded[1]) return undefined
    }
    return record.id
  } catch {
    return undefined
  }
}

// Synchronous reads: a few hundred small files at the start of a run, before anything else can proceed, are read
// several times faster without a thread-pool round trip per call.
const readOrUndefined = (file: string): Buffer | undefined => {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Every file under `folder` (recursively, sorted) but type declarations and source maps, as path and bytes. */
function hashFolder(hash: ReturnType<typeof createHash>, folder: string): void {
  let entries: Dirent[]
  try {
    entries = readdirSync(folder, { withFileTypes: true, recursive: true })
  } catch {
    entries = []
  }
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.map'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
  hash.update(`folder ${files.length}\n`)
  for (const file of files) {
    const bytes = readOrUndefined(file)
    hash.update(`${path.relative(folder, file)} ${bytes?.length ?? -1}\n`)
    if (bytes !== undefined) hash.update(bytes)
  }
}

interface Manifest {
  readonly file: string
  readonly name: string
  readonly version: string
  readonly dependencies: readonly string[]
}

/** The manifest at `file` when it is the package `name`'s, with the file's real path (links resolved, as Node loads it). */
function manifestAt(file: string, name: string): Manifest | undefined {
  const text = readOrUndefined(file)?.toString('utf8')
  if (text === undefined) return undefined
  try {
    const json = JSON.parse(text) as { name?: unknown; version?: unknown; dependencies?: unknown }
    if (json.name !== name) return undefined
    const dependencies = typeof json.dependencies === 'object' && json.dependencies !== null ? Object.keys(json.dependencies).sort() : []
    return { file: realpathSync(file), name, version: String(json.version), dependencies }
  } catch {
    return undefined
  }
}

/**
 * The `package.json` of `name` as the module at `from` (a file path) loads it: first where Node's lookup finds the
 * package, the nearest `node_modules` above `from` that holds it (one read per folder, where resolving its entry
 * point costs several times that); else as Node's resolver answers (another resolution, such as Yarn's Plug'n'Play),
 * found above the entry point it resolves to. `undefined` when neither finds it.
 */
function packageManifest(name: string, from: string): Manifest | undefined {
  for (let folder = path.dirname(from); ; folder = path.dirname(folder)) {
    const manifest = path.basename(folder) === 'node_modules' ? undefined : manifestAt(path.join(folder, 'node_modules', name, 'package.json'), name)
    if (manifest !== undefined) return manifest
    if (path.dirname(folder) === folder) break
  }
  const require = createRequire(from)
  let entry: string
  try {
    entry = require.resolve(name)
  } catch {
    try {
      entry = require.resolve(`${name}/package.json`)
    } catch {
      return undefined
    }
  }
  for (let folder = path.dirname(entry); ; folder = path.dirname(folder)) {
    const manifest = manifestAt(path.join(folder, 'package.json'), name)
    if (manifest !== undefined) return manifest
    if (path.dirname(folder) === folder) return undefined
  }
}

/**
 * A hash of the files under `folders` (recursively: relative paths and bytes, type declarations and source maps
 * left out), the Node version, and the resolved versions of `libraries` and of everything they depend on (a
 * dependency may move within its range while the library's own version stays), plus the built code of the runtime and the providers.
 * Libraries are resolved as from the module `resolveFrom` (a file path or URL; this module by default).
 */
export async function fingerprintOf(folders: readonly string[], libraries: readonly string[], resolveFrom: string = import.meta.url, build = ''): Promise<string> {
  const hash = createHash('sha256')
  hash.update(`toolsmith plan cache\nnode ${process.version}\n${build}`)
  for (const folder of folders) hashFolder(hash, folder)
  const seen = new Set<string>()
  const visit = (name: string, from: string, depth: number): void => {
    const manifest = packageManifest(name, from)
    hash.update(`${'  '.repeat(depth)}${name}@${manifest?.version ?? 'unresolved'}\n`)
    if (manifest === undefined || seen.has(manifest.file)) return
    seen.add(manifest.file)
    if (WORKSPACE_LIBRARIES.has(name)) hashFolder(hash, path.join(path.dirname(manifest.file), 'dist'))
    for (const dependency of manifest.dependencies) visit(dependency, manifest.file, depth + 1)
  }
  const base = resolveFrom.startsWith('file:') ? fileURLToPath(resolveFrom) : resolveFrom
  for (const name of libraries) visit(name, base, 0)
  return hash.digest('base64url')
}

let fingerprint: Promise<string> | undefined

/**
 * What identifies this generator build for the plan cache: a hash of its own code (every file of the running
 * `dist`, or `src` under the tests, or the build's record of that hash), the shipped templates, the Node version, the
 * versions of the libraries that shape its output and of their dependencies, and the built code of the runtime and
 * the providers (inside the bundle's record when bundled). Any upgrade or code change gives another fingerprint, so
 * nothing a different build planned is ever reused. Computed once per process.
 */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= codeFingerprint()
  return fingerprint
}

function codeFingerprint(): Promise<string> {
  const scope = IN_CLI_BUNDLE ? 'bundle' : 'library'
  const id = recordedCodeId(scope)
  if (id === undefined) return fingerprintOf([CODE_FOLDER, TEMPLATES_FOLDER], LIBRARIES)
  // The bundle carries the runtime's and providers' code it calls; the library imports them as installed.
  const libraries = IN_CLI_BUNDLE ? LIBRARIES.filter((name) => !WORKSPACE_LIBRARIES.has(name)) : LIBRARIES
  return fingerprintOf([TEMPLATES_FOLDER], libraries, import.meta.url, `${scope} ${id}\n`)
}
