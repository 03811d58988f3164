import { createHash } from 'node:crypto'
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The libraries whose code shapes the plan; their versions and their dependencies' are part of the fingerprint.
const LIBRARIES = ['prettier', 'handlebars', 'ts-morph', 'typescript', 'yaml', '@toolsmith/runtime', '@toolsmith/providers']
// Workspace siblings: their versions do not move with their code, so their built code counts too.
const WORKSPACE_LIBRARIES = new Set(['@toolsmith/runtime', '@toolsmith/providers'])

// Relative to generator/{src,dist}/plan/cache/: the generator's code, and the package's shipped templates.
const CODE_FOLDER = fileURLToPath(new URL('../../', import.meta.url))
const TEMPLATES_FOLDER = fileURLToPath(new URL('../../../../templates/', import.meta.url))

// `true` in the CLI bundle, whose build rewrites this very line (generator/scripts/bundle-cli.mjs).
const IN_CLI_BUNDLE = false
// Per scope, the build's hash of its code and each file's size and mtime: a run finding them unchanged skips hashing.
// Absent beside the sources (the tests).
const BUILD_ID_FILE = fileURLToPath(new URL('../../build-id.json', import.meta.url))

/** The recorded code hash of `scope` if every file it covers keeps its recorded size and mtime, else `undefined`. */
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

// Synchronous: a few hundred small files read before anything else can proceed, without a thread-pool round trip each.
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

/** The manifest at `file` if it is package `name`'s, with its real path (links resolved, as Node loads it). */
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

/** The `package.json` of `name` as the module at `from` loads it: the nearest `node_modules` first (cheaper than
 * resolving), else above the entry point Node's resolver gives (e.g. Yarn Plug'n'Play). */
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

/** A hash of the files under `folders`, the Node version, the resolved versions of `libraries` and all their
 * dependencies (which move within ranges), and the workspace libraries' built code, resolved from `resolveFrom`. */
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

/** This generator build's identity for the plan cache (its code, templates, Node and library versions), computed once
 * per process: any upgrade or code change gives another, so nothing another build planned is reused. */
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
