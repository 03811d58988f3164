// What it costs the type checker to hold 1,000 tools: the toolsmith project the generator writes, against the
// same tools written with zod 4 + the AI SDK's tool() and with TypeBox Type.Object + Static, in one run.
// (1) `tsc --extendedDiagnostics --singleThreaded --noEmit` per project (TypeScript 7): instantiations, check and
// total time, memory, and the process's CPU time (user + system, from /usr/bin/time); (2) a language service
// (ts-morph's TypeScript, with the default library loaded and each file's text kept per version, as an editor's
// host does) on a file that uses `tools` plus one argument type: the first check of that file (in a service already
// warmed on a file that does not touch the tools, as an editor with the project open is), and the re-check after
// an edit to it (a new program and checker, as every edit makes), in wall time (the goal) and CPU time. Medians over BENCH_ROUNDS rounds (projects interleaved), with ranges, and
// ratios against the peers of the same round. Goals (issue 13): CPU and instantiations ≤ 1.0x TypeBox and ≤ 0.4x
// zod; the file using `tools` checks in ≤ 0.5 s the first time and after an edit.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getLibFiles } from '@ts-morph/common'
import { ts } from 'ts-morph'
import { median as medianOf, range as rangeOf, repoRoot as repo } from '../lib.mjs'

const TOOLS = Number(process.env.BENCH_TOOLS ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
// Inside node_modules so the projects resolve @toolsmith/runtime, zod, ai and TypeBox from the repository.
const work = path.join(repo, 'node_modules', '.cache', 'toolsmith-bench-typecheck')
const tsc = path.join(repo, 'node_modules', '.bin', 'tsc')

// ---- one deterministic tool set, the same in all three projects ----
function toolSpec(i) {
  const name = `tool_${String(i).padStart(4, '0')}`
  const kind = i % 4
  return {
    name,
    pascal: `Tool${String(i).padStart(4, '0')}`,
    description: `Tool number ${i}: looks things up.`,
    params: [
      { key: 'query', type: 'string', required: true, minLength: 1 },
      { key: 'limit', type: 'integer', minimum: 1, maximum: 100 },
      { key: 'mode', type: 'enum', values: ['fast', 'slow', `m${kind}`] },
      { key: 'tags', type: 'string[]' },
      { key: 'strict', type: 'boolean' },
    ],
  }
}
const specs = Array.from({ length: TOOLS }, (_, i) => toolSpec(i))

const yamlOf = (spec) =>
  [
    `name: ${spec.name}`,
    `description: ${JSON.stringify(spec.description)}`,
    'parameters:',
    '  query: { type: string, required: true, minLength: 1 }',
    '  limit: { type: integer, minimum: 1, maximum: 100 }',
    `  mode: { type: string, enum: [fast, slow, ${spec.params[2].values[2]}] }`,
    '  tags: { type: array, items: { type: string } }',
    '  strict: { type: boolean }',
    'output:',
    '  type: object',
    '  additionalProperties: false',
    '  properties:',
    '    count: { type: integer, required: true }',
    '    items: { type: array, required: true, items: { type: object, additionalProperties: false, properties: { id: { type: string, required: true }, score: { type: number } } } }',
    '',
  ].join('\n')

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
})

function writeProject(dir, files) {
  rmSync(dir, { recursive: true, force: true })
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
}

function toolsmithProject() {
  const dir = path.join(work, 'toolsmith')
  const files = { 'tsconfig.json': TSCONFIG, 'package.json': '{ "type": "module" }', 'toolsmith.config.yaml': 'schemas: schemas\nout: src/tools\ndocs: docs/tools.md\n' }
  for (const spec of specs) files[`schemas/${spec.name}.tool.yaml`] = yamlOf(spec)
  const mid = specs[Math.floor(TOOLS / 2)]
  files['src/use.ts'] = [
    "import { tools } from './tools/index.js'",
    `import type { ${mid.pascal}Args } from './tools/generated/${mid.name}.js'`,
    `export const args: ${mid.pascal}Args = { query: 'x', limit: 1 }`,
    'export const count: number = tools.length',
    `export const name: string = tools[${Math.floor(TOOLS / 2)}].name`,
    '',
  ].join('\n')
  files['src/warm.ts'] = 'export const warm = 1\n'
  writeProject(dir, files)
  execFileSync(process.execPath, [path.join(repo, 'generator/dist/cli/main.js'), 'generate'], { cwd: dir, stdio: 'pipe' })
  return dir
}

function zodProject() {
  const dir = path.join(work, 'zod')
  const files = { 'tsconfig.json': TSCONFIG, 'package.json': '{ "type": "module" }' }
  for (const spec of specs) {
    files[`src/tools/${spec.name}.ts`] = [
      "import { tool } from 'ai'",
      "import { z } from 'zod'",
      '',
      `export const ${spec.name}Input = z.object({ query: z.string().min(1), limit: z.number().int().min(1).max(100).optional(), mode: z.enum(['fast', 'slow', '${spec.params[2].values[2]}']).optional(), tags: z.array(z.string()).optional(), strict: z.boolean().optional() })`,
      `export const ${spec.name}Output = z.object({ count: z.number().int(), items: z.array(z.object({ id: z.string(), score: z.number().optional() }).strict()) }).strict()`,
      '',
      `export default tool({`,
      `  description: ${JSON.stringify(spec.description)},`,
      `  inputSchema: ${spec.name}Input,`,
      `  outputSchema: ${spec.name}Output,`,
      `  execute: async (_args) => ({ count: 0, items: [] }),`,
      `})`,
      '',
    ].join('\n')
  }
  files['src/tools/index.ts'] = [
    ...specs.map((spec) => `import ${spec.name} from './${spec.name}.js'`),
    '',
    `export const tools = { ${specs.map((spec) => spec.name).join(', ')} }`,
    '',
  ].join('\n')
  const mid = specs[Math.floor(TOOLS / 2)]
  files['src/use.ts'] = [
    "import type { z } from 'zod'",
    "import { tools } from './tools/index.js'",
    `import type { ${mid.name}Input } from './tools/${mid.name}.js'`,
    `export const args: z.infer<typeof ${mid.name}Input> = { query: 'x', limit: 1 }`,
    'export const count: number = Object.keys(tools).length',
    `export const description: string | undefined = tools.${mid.name}.description`,
    '',
  ].join('\n')
  files['src/warm.ts'] = 'export const warm = 1\n'
  writeProject(dir, files)
  return dir
}

function typeboxProject() {
  const dir = path.join(work, 'typebox')
  const files = { 'tsconfig.json': TSCONFIG, 'package.json': '{ "type": "module" }' }
  for (const spec of specs) {
    files[`src/tools/${spec.name}.ts`] = [
      "import { Type, type Static } from '@sinclair/typebox'",
      '',
      `export const ${spec.pascal}Args = Type.Object({ query: Type.String({ minLength: 1 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('slow'), Type.Literal('${spec.params[2].values[2]}')])), tags: Type.Optional(Type.Array(Type.String())), strict: Type.Optional(Type.Boolean()) })`,
      `export type ${spec.pascal}Args = Static<typeof ${spec.pascal}Args>`,
      `export const ${spec.pascal}Output = Type.Object({ count: Type.Integer(), items: Type.Array(Type.Object({ id: Type.String(), score: Type.Optional(Type.Number()) }, { additionalProperties: false })) }, { additionalProperties: false })`,
      `export type ${spec.pascal}Output = Static<typeof ${spec.pascal}Output>`,
      '',
      `export default {`,
      `  name: ${JSON.stringify(spec.name)},`,
      `  description: ${JSON.stringify(spec.description)},`,
      `  parameters: ${spec.pascal}Args,`,
      `  output: ${spec.pascal}Output,`,
      `  execute: async (_args: ${spec.pascal}Args): Promise<${spec.pascal}Output> => ({ count: 0, items: [] }),`,
      `}`,
      '',
    ].join('\n')
  }
  files['src/tools/index.ts'] = [
    ...specs.map((spec) => `import ${spec.name} from './${spec.name}.js'`),
    '',
    `export const tools = [${specs.map((spec) => spec.name).join(', ')}] as const`,
    '',
  ].join('\n')
  const mid = specs[Math.floor(TOOLS / 2)]
  files['src/use.ts'] = [
    "import { tools } from './tools/index.js'",
    `import type { ${mid.pascal}Args } from './tools/${mid.name}.js'`,
    `export const args: ${mid.pascal}Args = { query: 'x', limit: 1 }`,
    'export const count: number = tools.length',
    `export const name: string = tools[${Math.floor(TOOLS / 2)}].name`,
    '',
  ].join('\n')
  files['src/warm.ts'] = 'export const warm = 1\n'
  writeProject(dir, files)
  return dir
}

// ---- measurements ----
function checkProject(dir) {
  const run = spawnSync('/usr/bin/time', ['-f', '__cpu %U %S', tsc, '-p', dir, '--extendedDiagnostics', '--singleThreaded', '--noEmit'], { encoding: 'utf8' })
  const out = `${run.stdout}\n${run.stderr}`
  const field = (label) => {
    const match = new RegExp(`^${label}:\\s+([\\d.,]+)([KMG]?)`, 'm').exec(out)
    if (match === null) return undefined
    const value = Number(match[1].replaceAll(',', ''))
    return match[2] === 'K' ? value / 1024 : match[2] === 'G' ? value * 1024 : value
  }
  const cpu = /__cpu ([\d.]+) ([\d.]+)/.exec(out)
  const errors = (run.stdout.match(/error TS\d+/g) ?? []).length
  return {
    instantiations: field('Instantiations'),
    checkTime: field('Check time'),
    totalTime: field('Total time'),
    memoryMB: field('Memory used'),
    cpu: cpu === null ? undefined : Number(cpu[1]) + Number(cpu[2]),
    errors,
  }
}

// ts-morph's TypeScript has no lib files on disk (`ts.getDefaultLibFilePath` names a file that does not exist), so a
// service given that path checks without `Array`, `Promise` or any global type, and reports it only among its
// global diagnostics. The service reads ts-morph's copies of the lib files (the same TypeScript version) from a
// folder that exists only in the host; `errors` below counts the global diagnostics too.
const LIB_DIR = path.join(work, 'typescript-lib')
const LIB_FILES = new Map(getLibFiles().map((file) => [path.join(LIB_DIR, file.fileName), file.text]))
const fileExists = (file) => LIB_FILES.has(file) || ts.sys.fileExists(file)
const readFile = (file) => LIB_FILES.get(file) ?? ts.sys.readFile(file)

function languageService(dir) {
  const config = ts.parseJsonConfigFileContent(JSON.parse(readFileSync(path.join(dir, 'tsconfig.json'), 'utf8')), ts.sys, dir)
  const versions = new Map()
  const overrides = new Map()
  // One snapshot per file version, as an editor's host keeps each file's text in memory (tsserver's ScriptInfo)
  // and re-reads it only when it changes: the service asks for every file's snapshot on each update, and reading
  // the project's ~2,000 files from disk again after an edit is work no editor does.
  const snapshots = new Map()
  const host = {
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: (file) => String(versions.get(file) ?? 0),
    getScriptSnapshot: (file) => {
      const key = `${versions.get(file) ?? 0}:${file}`
      if (!snapshots.has(key)) {
        const text = overrides.get(file) ?? (fileExists(file) ? readFile(file) : undefined)
        snapshots.set(key, text === undefined ? undefined : ts.ScriptSnapshot.fromString(text))
      }
      return snapshots.get(key)
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => path.join(LIB_DIR, ts.getDefaultLibFileName(options)),
    fileExists,
    readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  }
  const service = ts.createLanguageService(host, ts.createDocumentRegistry())
  const use = path.join(dir, 'src', 'use.ts')
  // An editor has the project open already: warm the service on a file that does not touch the tools (the
  // default libraries load here), so the first check below is that of the file using `tools`.
  service.getSemanticDiagnostics(path.join(dir, 'src', 'warm.ts'))
  // Wall time, as the goal is stated, and this process's CPU time (the check is single-threaded): on a shared machine
  // the wall time counts the other processes' turns too.
  const timed = () => {
    const start = performance.now()
    const cpuStart = process.cpuUsage()
    const diagnostics = service.getSemanticDiagnostics(use)
    const cpu = process.cpuUsage(cpuStart)
    return { seconds: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6, errors: diagnostics.length }
  }
  const first = timed()
  overrides.set(use, `${readFileSync(use, 'utf8')}export const edited = ${Date.now() % 1000}\n`)
  versions.set(use, 1)
  const again = timed()
  const globalErrors = service.getCompilerOptionsDiagnostics().length
  service.dispose()
  return { first: first.seconds, again: again.seconds, firstCpu: first.cpu, againCpu: again.cpu, errors: first.errors + again.errors + globalErrors }
}

// A round whose figure is missing (the tool printed none) is left out; no figure at all is `undefined`.
const defined = (values) => values.filter((v) => v !== undefined)
const median = (values) => (defined(values).length === 0 ? undefined : medianOf(defined(values)))
const range = (values) => (defined(values).length === 0 ? undefined : rangeOf(defined(values)))

const projects = { toolsmith: toolsmithProject(), zod: zodProject(), typebox: typeboxProject() }
const rounds = []
for (let round = 0; round < ROUNDS; round++) {
  const results = {}
  for (const [name, dir] of Object.entries(projects)) results[name] = { tsc: checkProject(dir), ls: languageService(dir) }
  rounds.push(results)
}

const summary = {}
for (const name of Object.keys(projects)) {
  const pick = (f) => rounds.map((round) => f(round[name]))
  summary[name] = {
    instantiations: median(pick((r) => r.tsc.instantiations)),
    cpuSeconds: median(pick((r) => r.tsc.cpu)),
    cpuRange: range(pick((r) => r.tsc.cpu)),
    checkSeconds: median(pick((r) => r.tsc.checkTime)),
    totalSeconds: median(pick((r) => r.tsc.totalTime)),
    memoryMB: median(pick((r) => r.tsc.memoryMB)),
    tscErrors: Math.max(...pick((r) => r.tsc.errors)),
    lsFirstSeconds: median(pick((r) => r.ls.first)),
    lsFirstRange: range(pick((r) => r.ls.first)),
    lsAgainSeconds: median(pick((r) => r.ls.again)),
    lsAgainRange: range(pick((r) => r.ls.again)),
    lsFirstCpuSeconds: median(pick((r) => r.ls.firstCpu)),
    lsAgainCpuSeconds: median(pick((r) => r.ls.againCpu)),
    lsErrors: Math.max(...pick((r) => r.ls.errors)),
  }
}
// Ratios per round (same round, same machine state), then their medians and ranges.
const ratio = (metric, peer) => {
  const values = rounds.map((round) => {
    const mine = metric(round.toolsmith)
    const theirs = metric(round[peer])
    return mine === undefined || theirs === undefined || theirs === 0 ? undefined : mine / theirs
  })
  return { median: median(values), range: range(values) }
}
const ratios = {
  instantiationsVsTypebox: ratio((r) => r.tsc.instantiations, 'typebox'),
  instantiationsVsZod: ratio((r) => r.tsc.instantiations, 'zod'),
  cpuVsTypebox: ratio((r) => r.tsc.cpu, 'typebox'),
  cpuVsZod: ratio((r) => r.tsc.cpu, 'zod'),
  lsFirstVsTypebox: ratio((r) => r.ls.first, 'typebox'),
  lsFirstVsZod: ratio((r) => r.ls.first, 'zod'),
  lsAgainVsTypebox: ratio((r) => r.ls.again, 'typebox'),
  lsAgainVsZod: ratio((r) => r.ls.again, 'zod'),
}
const goals = {
  'instantiations <= 1.0x TypeBox': ratios.instantiationsVsTypebox.median <= 1,
  'instantiations <= 0.4x zod': ratios.instantiationsVsZod.median <= 0.4,
  'CPU <= 1.0x TypeBox': ratios.cpuVsTypebox.median <= 1,
  'CPU <= 0.4x zod': ratios.cpuVsZod.median <= 0.4,
  'file using tools, first check <= 0.5 s': summary.toolsmith.lsFirstSeconds <= 0.5,
  'file using tools, re-check after an edit <= 0.5 s': summary.toolsmith.lsAgainSeconds <= 0.5,
}

const fmt = (value, digits = 2) => (value === undefined ? 'n/a' : value.toFixed(digits))
const fmtRange = (r, digits = 2) => (r === undefined ? '' : ` (${fmt(r[0], digits)}–${fmt(r[1], digits)})`)
console.log(`${TOOLS} tools, ${ROUNDS} rounds; tsc ${execFileSync(tsc, ['--version'], { encoding: 'utf8' }).trim()} --extendedDiagnostics --singleThreaded; language service: TypeScript ${ts.version} (ts-morph)`)
for (const [name, s] of Object.entries(summary)) {
  console.log(
    `${name.padEnd(10)} instantiations ${String(s.instantiations).padStart(9)}  CPU ${fmt(s.cpuSeconds)} s${fmtRange(s.cpuRange)}  check ${fmt(s.checkSeconds)} s  memory ${fmt(s.memoryMB, 0)} MB  ` +
      `LS first ${fmt(s.lsFirstSeconds, 3)} s${fmtRange(s.lsFirstRange, 3)} (CPU ${fmt(s.lsFirstCpuSeconds, 3)})  after edit ${fmt(s.lsAgainSeconds, 3)} s${fmtRange(s.lsAgainRange, 3)} (CPU ${fmt(s.lsAgainCpuSeconds, 3)})  errors ${s.tscErrors}/${s.lsErrors}`,
  )
}
for (const [name, r] of Object.entries(ratios)) console.log(`${name.padEnd(26)} ${fmt(r.median, 3)}x${fmtRange(r.range, 3)}`)
for (const [goal, met] of Object.entries(goals)) console.log(`${met ? 'met    ' : 'NOT MET'} ${goal}`)
console.log(JSON.stringify({ bench: 'typecheck', tools: TOOLS, rounds: ROUNDS, summary, ratios, goals }))
