import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TempProject } from '../pipeline/temp-project.js'

// The built CLI loads each heavy dependency only when the command needs it (ts-morph alone took about 3 s to
// load): a resolve hook lists the packages a run imports.
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const cli = path.join(repoRoot, 'generator/bin/toolsmith.js')
const HEAVY = ['ts-morph', 'prettier', 'json-schema-to-typescript', 'handlebars', 'yaml', 'diff', '@babel/code-frame']
let project: TempProject
let register: string

beforeAll(() => {
  project = new TempProject()
  const hooks = path.join(project.root, 'hooks.mjs')
  writeFileSync(
    hooks,
    `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  if (!/^(\\.|\\/|node:|file:)/.test(specifier)) process.stderr.write('IMPORTED ' + specifier + '\\n')
  if (resolved.url.includes('/generator/dist/') || resolved.url.includes('/generator/bin/')) process.stderr.write('LOADED ' + resolved.url + '\\n')
  return resolved
}\n`,
  )
  // A package loaded with require() bypasses the resolve hook: list those through the CommonJS loader.
  const requires = path.join(project.root, 'requires.cjs')
  writeFileSync(
    requires,
    `const Module = require('node:module')
const load = Module._load
Module._load = function (request, ...rest) {
  if (!/^(\\.|\\/|node:)/.test(request)) process.stderr.write('IMPORTED ' + request + '\\n')
  return load.call(this, request, ...rest)
}\n`,
  )
  register = path.join(project.root, 'register.mjs')
  writeFileSync(
    register,
    `import { register, createRequire } from 'node:module'\ncreateRequire(import.meta.url)(${JSON.stringify(requires)})\nregister(${JSON.stringify(new URL(`file://${hooks}`).href)})\n`,
  )
})
afterAll(() => project.remove())

/** The heavy packages a CLI run imported, sorted. */
function heavyImports(...args: string[]): string[] {
  return heavyImportsExiting(0, ...args)
}

function heavyImportsExiting(status: number, ...args: string[]): string[] {
  const run = spawnSync(process.execPath, ['--import', register, cli, ...args], { cwd: project.cwd, encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(status)
  const stderr = run.stderr
  const imported = new Set(stderr.split('\n').filter((line) => line.startsWith('IMPORTED ')).map((line) => line.slice('IMPORTED '.length)))
  return HEAVY.filter((name) => imported.has(name)).sort()
}

test.each([['--version'], ['--help'], ['-v']])('toolsmith %s loads none of the heavy dependencies', (flag) => {
  expect(heavyImports(flag)).toEqual([])
})

/** The generator files a CLI run loaded (absolute paths), from the resolve hook's LOADED lines. */
function generatorFiles(stderr: string): string[] {
  return [...new Set(stderr.split('\n').filter((line) => line.startsWith('LOADED ')).map((line) => fileURLToPath(line.slice('LOADED '.length))))]
}

// The runtime barrel alone is about 70 modules (and diff/ imports it): none of that is needed to print a version.
test.each([['--version'], ['--help']])('toolsmith %s loads neither @toolsmith/runtime nor the diff modules', (flag) => {
  const run = spawnSync(process.execPath, ['--import', register, cli, flag], { cwd: project.cwd, encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  const imported = run.stderr.split('\n').filter((line) => line.startsWith('IMPORTED ')).map((line) => line.slice('IMPORTED '.length))
  expect(imported.filter((specifier) => specifier === '@toolsmith/runtime')).toEqual([])
  const loaded = generatorFiles(run.stderr)
  expect(loaded.length).toBeGreaterThan(0)
  // The bin runs the bundle, whose parts hold the diff modules' code: none of the loaded ones does.
  expect(loaded.filter((file) => file.includes('/generator/dist/diff/') || readFileSync(file, 'utf8').includes('function runDiff('))).toEqual([])
})

// The build bundles the CLI's own modules (scripts/bundle-cli.mjs): about 150 of them loaded one by one took about a
// tenth of a cold generate.
test('the bin runs the bundled CLI: a generate loads a few bundle files, not the generator\'s modules one by one', () => {
  const bundled = new TempProject()
  try {
    bundled.declare('lookup')
    const run = spawnSync(process.execPath, ['--import', register, cli, 'generate', '--no-cache'], { cwd: bundled.cwd, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const loaded = generatorFiles(run.stderr).filter((file) => !file.endsWith('/generator/bin/toolsmith.js'))
    // Beside the bundle, only the build's precompiled templates (a data module found beside template-set.js).
    expect(loaded.filter((file) => !file.includes('/generator/dist/bundle/'))).toEqual([path.join(repoRoot, 'generator/dist/plan/template/precompiled-templates.js')])
    expect(loaded.length).toBeLessThan(20)
    expect(bundled.read('src/tools/lookup.ts')).toMatch(/export default defineTypedTool<LookupArgs, LookupOutput>\(/)
  } finally {
    bundled.remove()
  }
})

test('a generate that only creates stubs does not load ts-morph; one that merges an existing stub does', () => {
  project.declare('lookup')
  const creating = heavyImports('generate', '--no-cache')
  expect(project.read('src/tools/lookup.ts')).toMatch(/export default defineTypedTool<LookupArgs, LookupOutput>\(/)
  project.write('schemas/lookup.tool.yaml', (project.read('schemas/lookup.tool.yaml') ?? '').replace('description:', 'description: Changed.'))
  const merging = heavyImports('generate', '--no-cache')
  expect({ creating: creating.includes('ts-morph'), merging: merging.includes('ts-morph') }).toEqual({ creating: false, merging: true })
})

test('the code frame library loads only when there is a diagnostic to show', () => {
  project.declare('frame')
  expect(heavyImports('generate', '--no-cache')).not.toContain('@babel/code-frame')
  project.write('schemas/frame.tool.yaml', 'name: frame\ndescription: [unclosed\n')
  expect(heavyImportsExiting(2, 'generate', '--no-cache')).toContain('@babel/code-frame')
})

test('the shipped stub is printed from its tree; its template is filled from the build\'s precompiled module for a card stub; the Handlebars compiler loads only for a project\'s own template', () => {
  const shipped = new TempProject()
  const card = new TempProject()
  const own = new TempProject()
  try {
    const run = (where: TempProject): string[] => {
      const result = spawnSync(process.execPath, ['--import', register, cli, 'generate', '--no-cache'], { cwd: where.cwd, encoding: 'utf8' })
      expect(result.status, result.stderr).toBe(0)
      return result.stderr.split('\n').filter((line) => line.startsWith('IMPORTED handlebars')).map((line) => line.slice('IMPORTED '.length))
    }
    shipped.declare('lookup')
    expect(run(shipped)).toEqual([])
    card.declare('lookup', 'presentation: { card: generic }\n')
    expect(run(card)).toEqual(['handlebars/dist/handlebars.runtime.js'])
    expect(card.read('src/tools/lookup.ts')).toContain('presentCall: (_args) =>')
    own.declare('lookup')
    own.write('toolsmith.config.yaml', 'templates: templates\n')
    own.write('templates/stub.ts.hbs', readFileSync(path.join(repoRoot, 'templates/stub.ts.hbs'), 'utf8').replace('// This file is yours', '// Our own template. This file is yours'))
    expect(run(own)).toContain('handlebars')
    expect(own.read('src/tools/lookup.ts')).toContain('// Our own template. This file is yours')
  } finally {
    shipped.remove()
    card.remove()
    own.remove()
  }
})


// Without a prettier config every file of a project whose tools declare no presentation card is printed from the
// model with prettier's document printer (its small standalone build): its parsers and plugins never load.
test('a generate without a prettier config, of tools without cards, loads neither prettier itself nor Handlebars', () => {
  const plain = new TempProject()
  try {
    plain.declare('lookup')
    plain.declare('search')
    const run = spawnSync(process.execPath, ['--import', register, cli, 'generate', '--no-cache'], { cwd: plain.cwd, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const imported = run.stderr.split('\n').filter((line) => line.startsWith('IMPORTED ')).map((line) => line.slice('IMPORTED '.length))
    expect(imported.filter((specifier) => specifier === 'prettier' || specifier.startsWith('handlebars'))).toEqual([])
    expect(plain.read('src/tools/index.ts')).toContain('export const tools: readonly [LookupTool, SearchTool] = [lookup as LookupTool, search as SearchTool]')
  } finally {
    plain.remove()
  }
})

// A cold generate takes the runtime's and the providers' code from the bundle, and its plan cache fingerprint takes
// the bundle's build id instead of reading the code again.
test('a cold generate with a plan cache loads neither prettier itself, Handlebars nor the runtime package, and lists none of the code folders', () => {
  const cold = new TempProject()
  try {
    cold.write('schemas/lookup.tool.yaml', 'name: lookup\ndescription: Look a path up.\nparameters:\n  path: { type: string, required: true }\noutput: { type: array, items: { type: string } }\n')
    cold.declare('search')
    cold.write('node_modules/.keep', '')
    const listings = path.join(cold.root, 'listings.cjs')
    writeFileSync(
      listings,
      `const fs = require('node:fs')
const { syncBuiltinESMExports } = require('node:module')
const readdirSync = fs.readdirSync
fs.readdirSync = function (folder, ...rest) {
  process.stderr.write('LISTED ' + String(folder) + '\\n')
  return readdirSync.call(this, folder, ...rest)
}
syncBuiltinESMExports()\n`,
    )
    const run = spawnSync(process.execPath, ['--require', listings, '--import', register, cli, 'generate'], { cwd: cold.cwd, encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const imported = new Set(run.stderr.split('\n').filter((line) => line.startsWith('IMPORTED ')).map((line) => line.slice('IMPORTED '.length)))
    expect(['prettier', 'handlebars', 'handlebars/dist/handlebars.runtime.js', '@toolsmith/runtime', '@toolsmith/providers', 'yaml', 'ts-morph'].filter((name) => imported.has(name))).toEqual([])
    expect(imported.has('prettier/standalone')).toBe(true)
    const listed = run.stderr.split('\n').filter((line) => line.startsWith('LISTED ')).map((line) => line.slice('LISTED '.length))
    expect(listed.filter((folder) => /\/(generator|runtime|providers)\/dist\b/.test(folder))).toEqual([])
    expect(cold.read('node_modules/.cache/toolsmith/plan.json')).toBeDefined()
    expect(cold.read('src/tools/index.ts')).toContain('export const tools: readonly [LookupTool, SearchTool] = [lookup as LookupTool, search as SearchTool]')
    // The library entry (dist/index.js) takes the build's record of its own modules too.
    const entry = JSON.stringify(pathToFileURL(path.join(repoRoot, 'generator/dist/index.js')).href)
    const program = `const { runGenerate } = await import(${entry}); process.exitCode = (await runGenerate({ cwd: process.cwd(), cache: true })).exitCode`
    cold.write('schemas/lookup.tool.yaml', 'name: lookup\ndescription: Look it up.\nparameters: {}\noutput: { type: string }\n')
    const library = spawnSync(process.execPath, ['--require', listings, '--input-type=module', '-e', program], { cwd: cold.cwd, encoding: 'utf8' })
    expect(library.status, library.stderr).toBe(0)
    expect(library.stderr.split('\n').filter((line) => line.startsWith('LISTED ') && line.includes('/generator/dist'))).toEqual([])
  } finally {
    cold.remove()
  }
})
