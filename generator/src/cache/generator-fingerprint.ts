import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// The libraries whose code shapes what the generator plans (json2ts types, prettier layout, templates, stub
// parsing, YAML loading, the runtime's compiled JSON Schemas); their versions are part of the fingerprint.
const LIBRARIES = ['json-schema-to-typescript', 'prettier', 'handlebars', 'ts-morph', '@ts-morph/common', 'typescript', 'yaml', '@toolsmith/runtime']

// This file sits in generator/{src,dist}/cache/: the generator's own code is the folder above, the shipped
// templates are at the repository's (package's) top level.
const CODE_FOLDER = fileURLToPath(new URL('../', import.meta.url))
const TEMPLATES_FOLDER = fileURLToPath(new URL('../../../templates/', import.meta.url))

const require = createRequire(import.meta.url)

/** Every file under `folder` (recursively, sorted) but type declarations and source maps, as path and bytes. */
async function hashFolder(hash: ReturnType<typeof createHash>, folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])
  const files = entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.map'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
  const contents = await Promise.all(files.map((file) => readFile(file).catch(() => undefined)))
  hash.update(`folder ${files.length}\n`)
  files.forEach((file, index) => {
    const bytes = contents[index]
    hash.update(`${path.relative(folder, file)} ${bytes?.length ?? -1}\n`)
    if (bytes !== undefined) hash.update(bytes)
  })
}

/** The `package.json` of `name` as resolved from here (the library the generator really loads), or `undefined`. */
async function packageManifest(name: string): Promise<{ readonly file: string; readonly text: string } | undefined> {
  let entry: string
  try {
    entry = require.resolve(name)
  } catch {
    try {
      // Not resolvable on its own (a dependency of a dependency): look beside ts-morph, which brings it.
      entry = createRequire(require.resolve('ts-morph')).resolve(name)
    } catch {
      return undefined
    }
  }
  for (let folder = path.dirname(entry); ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'package.json')
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text !== undefined) {
      try {
        if ((JSON.parse(text) as { name?: unknown }).name === name) return { file, text }
      } catch {
        // Not a manifest we can read: keep looking further up.
      }
    }
    if (path.dirname(folder) === folder) return undefined
  }
}

/**
 * A hash of the files under `folders` (recursively: relative paths and bytes, type declarations and source maps
 * left out), the Node version and the resolved versions of `libraries` (and the built code of the runtime).
 */
export async function fingerprintOf(folders: readonly string[], libraries: readonly string[]): Promise<string> {
  const hash = createHash('sha256')
  hash.update(`toolsmith plan cache\nnode ${process.version}\n`)
  for (const folder of folders) await hashFolder(hash, folder)
  for (const name of libraries) {
    const manifest = await packageManifest(name)
    const version = manifest === undefined ? 'unresolved' : String((JSON.parse(manifest.text) as { version?: unknown }).version)
    hash.update(`${name}@${version}\n`)
    // The runtime is a workspace sibling whose version does not move with its code: its built code counts too.
    if (name === '@toolsmith/runtime' && manifest !== undefined) await hashFolder(hash, path.join(path.dirname(manifest.file), 'dist'))
  }
  return hash.digest('base64url')
}

let fingerprint: Promise<string> | undefined

/**
 * What identifies this generator build for the plan cache: a hash of its own code (every file of the running
 * `dist`, or `src` under the tests), the shipped templates, the Node version, the versions of the libraries that
 * shape its output and the runtime's built code. Any upgrade or code change gives another fingerprint, so nothing
 * a different build planned is ever reused. Computed once per process.
 */
export function generatorFingerprint(): Promise<string> {
  fingerprint ??= fingerprintOf([CODE_FOLDER, TEMPLATES_FOLDER], LIBRARIES)
  return fingerprint
}
