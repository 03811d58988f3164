// Build step (after tsc): bundles the CLI's own modules (dist/cli/main.js and every generator module it imports,
// statically or lazily) into dist/bundle/, one file per lazily loaded part, so a run loads a few files instead of
// about 150 modules, each resolved, read and compiled on its own (about a tenth of a cold generate). The runtime's and
// the providers' pure functions the pipeline calls (spec checks, JSON Schema compilation, the Code Mode SDK printer)
// are bundled too, tree-shaken: the runtime's barrel alone is about 50 modules. `toolsmith mcp` still imports
// @toolsmith/runtime as installed, since it must be the one copy the user's tools share (it registers them), and the
// third-party libraries load as installed. bin/toolsmith.js runs the bundle; dist/ keeps the unbundled modules for the
// library entry (dist/index.js) and for the bundle's own file lookups, see below. Last, dist/build-id.json records a
// hash of the code, which the plan cache's fingerprint takes instead of hashing it on every run.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const out = path.join(dist, 'bundle')
const commands = path.join(dist, 'cli/commands.js')
const fingerprintModule = path.join(dist, 'plan/cache/generator-fingerprint.js')
const BUNDLE_MARKER = 'const IN_CLI_BUNDLE = false;'

/**
 * Each module's `import.meta.url` stays the URL of its own built file: its lookups relative to itself (the shipped
 * templates, package.json, the precompiled templates, the fingerprint's code folder, createRequire) find what they
 * found unbundled. The fingerprint module learns that it runs bundled (see generator-fingerprint.ts).
 */
const ownModuleUrl = {
  name: 'own-module-url',
  transform(code, id) {
    if (/import\.meta\.(dirname|filename|resolve)/.test(code)) throw new Error(`${id}: only import.meta.url is kept per module by the bundle`)
    let transformed = code
    if (id === fingerprintModule) {
      if (!code.includes(BUNDLE_MARKER)) throw new Error(`${id}: the line ${BUNDLE_MARKER} is missing`)
      transformed = transformed.replace(BUNDLE_MARKER, 'const IN_CLI_BUNDLE = true;')
    }
    if (!transformed.includes('import.meta.url')) return transformed === code ? null : { code: transformed, map: null }
    const relative = path.relative(out, id).split(path.sep).join('/')
    return { code: transformed.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), map: null }
  },
}

// Bundled: the generator's own modules, and the runtime and the providers (but the runtime where `mcp` imports it).
const INLINED = new Set(['@toolsmith/runtime', '@toolsmith/providers'])
const external = (id, importer) => {
  if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('\0')) return false
  if (!INLINED.has(id)) return true
  return id === '@toolsmith/runtime' && importer === commands
}

rmSync(out, { recursive: true, force: true })
await build({
  input: { toolsmith: path.join(dist, 'cli/main.js') },
  platform: 'node',
  external,
  plugins: [ownModuleUrl],
  logLevel: 'warn',
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: false },
})

// The build ids: a hash of the code a run executes, bundled (every file of the bundle and the precompiled templates it
// loads) and unbundled (every module of dist/ but the bundle: the library entry), each with the size and modification
// time of every file it covers, so a run can tell in a few stat calls that none changed since (a later `tsc` alone
// rewrites them) before it trusts the id. The plan cache's fingerprint takes the id instead of reading the code.
const codeFiles = (folder) =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.map') && entry.name !== 'build-id.json')
    .map((entry) => path.join(entry.parentPath, entry.name))
function buildId(files) {
  const hash = createHash('sha256')
  const stats = {}
  for (const file of [...files].sort()) {
    const bytes = readFileSync(file)
    const relative = path.relative(dist, file).split(path.sep).join('/')
    hash.update(`${relative} ${bytes.length}\n`).update(bytes)
    const { size, mtimeMs } = statSync(file)
    stats[relative] = [size, mtimeMs]
  }
  return { id: hash.digest('base64url'), files: stats }
}
const precompiled = path.join(dist, 'plan/template/precompiled-templates.js')
const ids = {
  bundle: buildId([...codeFiles(out), precompiled]),
  library: buildId(codeFiles(dist).filter((file) => !file.startsWith(`${out}${path.sep}`))),
}
writeFileSync(path.join(dist, 'build-id.json'), `${JSON.stringify(ids)}\n`)
