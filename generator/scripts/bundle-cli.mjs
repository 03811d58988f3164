// Build step (after tsc): bundles the CLI's own modules (dist/cli/main.js and every generator module it imports,
// statically or lazily) into dist/bundle/, one file per lazily loaded part, so a run loads a few files instead of
// about 150 modules, each resolved, read and compiled on its own (about a tenth of a cold generate). Packages stay
// imports: @toolsmith/runtime must be the one copy the user's tools share (toolsmith mcp registers them), and the
// third-party libraries load as installed. bin/toolsmith.js runs the bundle; dist/ keeps the unbundled modules for
// the library entry (dist/index.js) and for the bundle's own file lookups, see below.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const out = path.join(dist, 'bundle')

/**
 * Each module's `import.meta.url` stays the URL of its own built file: its lookups relative to itself (the shipped
 * templates, package.json, the precompiled templates, the fingerprint's code folder, createRequire) find what they
 * found unbundled.
 */
const ownModuleUrl = {
  name: 'own-module-url',
  transform(code, id) {
    if (/import\.meta\.(dirname|filename|resolve)/.test(code)) throw new Error(`${id}: only import.meta.url is kept per module by the bundle`)
    if (!code.includes('import.meta.url')) return null
    const relative = path.relative(out, id).split(path.sep).join('/')
    return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), map: null }
  },
}

rmSync(out, { recursive: true, force: true })
await build({
  input: { toolsmith: path.join(dist, 'cli/main.js') },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
  plugins: [ownModuleUrl],
  logLevel: 'warn',
  output: { dir: out, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemap: false },
})
