// toolsmith diff on two 1,000-tool catalogs that differ in 50 tools (the synthetic BFCL-derived declarations of
// bench/generate, with 50 single edits of ten kinds), each side a folder of declarations, a catalog.json, or a git
// revision. Beside it: a cold generate of the same project, and json-schema-diff (npm) on the same schema pairs
// (every tool's parameters and output, 2,000 pairs). Every measurement runs in a fresh process (measure.mjs), the
// contenders interleaved per round; medians and ratios. Targets (issue 16): <= 0.5 s, <= 0.2x a cold generate.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { catalogJson } from '../../generator/dist/plan/catalog/catalog-model.js'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../runtime/dist/index.js'
import { syntheticDeclarations } from '../generate/synthetic-tools.mjs'
import { measureInProcess, medians, range as rangeOf, repoRoot, requireBuilt, writeResult } from '../lib.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const SIZE = Number(process.env.BENCH_SIZE ?? 1000)
const CHANGED = Number(process.env.BENCH_CHANGED ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
requireBuilt('generator/dist/index.js', 'runtime/dist/index.js')

const measure = (args) => measureInProcess(path.join(here, 'measure.mjs'), args)
const measureGenerate = (project) => measureInProcess(path.join(repoRoot, 'bench/generate/measure.mjs'), ['generate', project])

/** The ten kinds of edit, applied in turn to every 20th tool: breaking, needing a look, and safe. */
const EDITS = [
  (d) => ({ ...d, description: `${d.description} (reworded)` }),
  (d) => ({ ...d, parameters: { ...d.parameters, added_flag: { type: 'boolean', required: true } } }),
  (d) => ({ ...d, parameters: { ...d.parameters, added_note: { type: 'string' } } }),
  (d) => {
    const [key] = Object.keys(d.parameters)
    return key === undefined ? { ...d, timeoutMs: 1000 } : { ...d, parameters: Object.fromEntries(Object.entries(d.parameters).filter(([k]) => k !== key)) }
  },
  (d) => {
    const entry = Object.entries(d.parameters).find(([, p]) => p.required !== true)
    return entry === undefined ? { ...d, concurrencySafe: true } : { ...d, parameters: { ...d.parameters, [entry[0]]: { ...entry[1], required: true } } }
  },
  (d) => ({ ...d, output: { oneOf: [d.output, { type: 'null' }] } }),
  (d) => ({ ...d, timeoutMs: (d.timeoutMs ?? 1000) * 2 }),
  (d) => ({ ...d, annotations: { readOnly: true } }),
  (d) => ({ ...d, approval: 'always' }),
  (d) => ({ ...d, output: { type: 'json' } }),
]

const workspace = mkdtempSync(path.join(tmpdir(), 'toolsmith-bench-diff-'))
try {
  const base = syntheticDeclarations(SIZE, repoRoot)
  const step = Math.floor(SIZE / CHANGED)
  const head = base.map((d, i) => (i % step === 0 && i / step < CHANGED ? EDITS[(i / step) % EDITS.length](d) : d))
  const project = path.join(workspace, 'project')
  const writeFolder = (folder, declarations) => {
    mkdirSync(folder, { recursive: true })
    for (const d of declarations) writeFileSync(path.join(folder, `${d.name}.tool.yaml`), stringify(d))
  }
  writeFolder(path.join(project, 'schemas'), base)
  mkdirSync(path.join(project, 'node_modules'))
  const git = (...args) => execFileSync('git', args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] })
  git('init', '-q', '-b', 'main')
  git('-c', 'user.email=b@example.com', '-c', 'user.name=bench', 'commit', '-q', '--allow-empty', '-m', 'empty')
  git('add', 'schemas')
  git('-c', 'user.email=b@example.com', '-c', 'user.name=bench', 'commit', '-q', '-m', 'base')
  rmSync(path.join(project, 'schemas'), { recursive: true })
  writeFolder(path.join(project, 'schemas'), head)
  git('add', 'schemas')
  git('-c', 'user.email=b@example.com', '-c', 'user.name=bench', 'commit', '-q', '-m', 'head')
  // The same two sides as folders and as catalog.json files (outside the project's schemas folder).
  writeFolder(path.join(workspace, 'base-schemas'), base)
  writeFolder(path.join(workspace, 'head-schemas'), head)
  const sorted = (list) => [...list].sort((a, b) => (a.name < b.name ? -1 : 1))
  writeFileSync(path.join(workspace, 'base.json'), JSON.stringify(catalogJson(sorted(base)), null, 2))
  writeFileSync(path.join(workspace, 'head.json'), JSON.stringify(catalogJson(sorted(head)), null, 2))
  const pairs = base.flatMap((d, i) => [
    [parameterSchemaSpecToJsonSchema(d.parameters), parameterSchemaSpecToJsonSchema(head[i].parameters)],
    [valueSchemaSpecToJsonSchema(d.output), valueSchemaSpecToJsonSchema(head[i].output)],
  ])
  writeFileSync(path.join(workspace, 'pairs.json'), JSON.stringify(pairs))
  // A generate project of the head side, copied fresh for every round (cold: no plan cache, no outputs), each into a
  // folder of its own.
  const generateTemplate = path.join(workspace, 'generate-template')
  writeFolder(path.join(generateTemplate, 'schemas'), head)
  mkdirSync(path.join(generateTemplate, 'node_modules'))

  const runs = { folders: [], catalogs: [], revisions: [], worktree: [], cached: [], generate: [], jsd: [] }
  let findings
  let jsdChanged
  for (let round = 0; round < ROUNDS; round++) {
    const folders = measure(['diff', project, path.join(workspace, 'base-schemas'), path.join(workspace, 'head-schemas')])
    findings = folders.findings
    runs.folders.push(folders.ms)
    runs.catalogs.push(measure(['diff', project, path.join(workspace, 'base.json'), path.join(workspace, 'head.json')]).ms)
    runs.revisions.push(measure(['diff', project, 'HEAD~1', 'HEAD']).ms)
    runs.worktree.push(measure(['diff', project, 'HEAD~1']).ms)
    const fresh = path.join(workspace, `generate-${round}`)
    cpSync(generateTemplate, fresh, { recursive: true })
    runs.generate.push(measureGenerate(fresh).ms)
    // The same project after that generate: its plan cache holds every head declaration, read-only for diff.
    runs.cached.push(measure(['diff', fresh, path.join(workspace, 'base-schemas')]).ms)
    // Kept until the end, as bench/generate keeps its rounds: creating files where thousands were just deleted is
    // slower on this disk (ext4), which would inflate the next round's cold generate and flatter the ratio.
    if (round < Math.min(ROUNDS, Number(process.env.BENCH_JSD_ROUNDS ?? 3))) {
      const jsd = measure(['jsd', path.join(workspace, 'pairs.json')])
      jsdChanged = jsd.changed
      runs.jsd.push(jsd.ms)
    }
  }
  const m = medians(runs)
  const range = (values) => `${rangeOf(values).map((v) => v.toFixed(0)).join('–')} ms`
  const result = {
    tools: SIZE,
    changedTools: CHANGED,
    findings,
    rounds: ROUNDS,
    medianMs: m,
    rangesMs: Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, rangeOf(v)])),
    ratios: {
      foldersVsColdGenerate: m.folders / m.generate,
      revisionsVsColdGenerate: m.revisions / m.generate,
      catalogsVsColdGenerate: m.catalogs / m.generate,
      cachedVsColdGenerate: m.cached / m.generate,
      foldersVsJsonSchemaDiff: m.folders / m.jsd,
      catalogsVsJsonSchemaDiff: m.catalogs / m.jsd,
    },
    jsonSchemaDiff: { pairs: pairs.length, changedPairs: jsdChanged },
    targets: { maxMs: 500, maxRatioVsColdGenerate: 0.2 },
  }
  console.log(`toolsmith diff, ${SIZE} tools, ${CHANGED} changed (${findings} findings), median of ${ROUNDS} (range):`)
  console.log(`  two folders of declarations  ${m.folders.toFixed(0)} ms (${range(runs.folders)})  = ${result.ratios.foldersVsColdGenerate.toFixed(3)}x cold generate, ${result.ratios.foldersVsJsonSchemaDiff.toFixed(3)}x json-schema-diff`)
  console.log(`  two catalog.json files       ${m.catalogs.toFixed(0)} ms (${range(runs.catalogs)})  = ${result.ratios.catalogsVsColdGenerate.toFixed(3)}x cold generate`)
  console.log(`  two git revisions            ${m.revisions.toFixed(0)} ms (${range(runs.revisions)})  = ${result.ratios.revisionsVsColdGenerate.toFixed(3)}x cold generate`)
  console.log(`  revision → working tree      ${m.worktree.toFixed(0)} ms (${range(runs.worktree)})`)
  console.log(`  folder → working tree, plan cache warm  ${m.cached.toFixed(0)} ms (${range(runs.cached)})  = ${result.ratios.cachedVsColdGenerate.toFixed(3)}x cold generate`)
  console.log(`  cold generate (head)         ${m.generate.toFixed(0)} ms (${range(runs.generate)})`)
  console.log(`  json-schema-diff, ${pairs.length} pairs  ${m.jsd.toFixed(0)} ms (${range(runs.jsd)}), ${jsdChanged} pairs changed`)
  writeResult('diff', result)
} finally {
  rmSync(workspace, { recursive: true, force: true })
}
