// toolsmith generate/check vs json-schema-to-typescript alone, on 10, 100 and 1,000 synthetic tools
// (BFCL parameter schemas in the DSL plus varied outputs). Every measurement runs in a fresh process
// (measure.mjs) with only the operation timed, contenders interleaved per round; medians and ratios.
// Targets (issue 12): cold generate of 1,000 tools <= 0.8x json2ts on their 2,000 schemas; one-changed <= 0.15x
// cold; roughly linear growth from 100 to 1,000. Then start-up (startup.mjs): --version and a 3-tool cold generate as
// whole processes. BENCH_SIZES= (empty) runs start-up alone.
// The project has a node_modules, so generate keeps its plan cache (node_modules/.cache/toolsmith/): cold starts
// without one; the first no-op after it still merges every stub cold created (their text is new to the cache);
// the warm no-op, one-changed and check runs find everything else in it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../runtime/dist/index.js'
import { measureInProcess, medians as mediansOf, ratio, repoRoot, requireBuilt, writeResult } from '../lib.mjs'
import { benchStartup } from './startup.mjs'
import { syntheticDeclarations } from './synthetic-tools.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const SIZES = (process.env.BENCH_SIZES ?? '10,100,1000').split(',').filter((size) => size !== '').map(Number)
const ROUNDS = (size) => Number(process.env.BENCH_ROUNDS ?? (size >= 1000 ? 3 : size >= 100 ? 5 : 7))
const PROFILE = process.env.BENCH_PROFILE === '1'

requireBuilt('generator/dist/index.js', 'runtime/dist/index.js')

function measure(op, target, profileName) {
  const flags = PROFILE && profileName !== undefined ? ['--cpu-prof', `--cpu-prof-dir=${path.join(repoRoot, 'bench/results/profiles')}`, `--cpu-prof-name=generate-${profileName}.cpuprofile`] : []
  const result = measureInProcess(path.join(here, 'measure.mjs'), [op, target], { flags })
  if (result.exitCode !== undefined && result.exitCode !== 0) throw new Error(`${op} in ${target} exited ${result.exitCode}: ${JSON.stringify(result.errors)}`)
  return result
}

const results = []
for (const size of SIZES) {
  const workspace = mkdtempSync(path.join(tmpdir(), `toolsmith-bench-${size}-`))
  try {
    const declarations = syntheticDeclarations(size, repoRoot)
    // The declarations once; every round copies them into a project folder of its own. Cold is a fresh checkout:
    // regenerating into a folder whose thousands of outputs were just deleted measured up to 1.5x slower on this
    // disk (ext4 with discard), a cost of the file system's bookkeeping, not of generate.
    const template = path.join(workspace, 'template')
    mkdirSync(path.join(template, 'schemas'), { recursive: true })
    // A project has node_modules (it installs toolsmith), which is where the plan cache lives.
    mkdirSync(path.join(template, 'node_modules'))
    for (const declaration of declarations) writeFileSync(path.join(template, 'schemas', `${declaration.name}.tool.yaml`), stringify(declaration))
    const schemasFile = path.join(workspace, 'json2ts-input.json')
    const schemas = declarations.flatMap((d) => [parameterSchemaSpecToJsonSchema(d.parameters), valueSchemaSpecToJsonSchema(d.output)])
    writeFileSync(schemasFile, JSON.stringify(schemas))
    const changedFile = `schemas/${declarations[Math.floor(size / 2)].name}.tool.yaml`
    const original = readFileSync(path.join(template, changedFile), 'utf8')

    const times = { json2ts: [], cold: [], noop: [], noopWarm: [], oneChanged: [], check: [] }
    // One unmeasured round warms the file-system cache and checks that everything works (skipped at
    // 1,000 tools, where one round takes minutes: its first measured round does the checking).
    for (let round = size >= 1000 ? 0 : -1; round < ROUNDS(size); round++) {
      const record = (key, value) => round >= 0 && times[key].push(value.ms)
      const profile = (name) => (round === 0 && size === SIZES.at(-1) ? `${name}-${size}` : undefined)
      record('json2ts', measure('json2ts', schemasFile, profile('json2ts')))
      // Cold: a fresh project, no outputs and no plan cache. The runs after it use the cache it saved, as a
      // developer's next runs do.
      const project = path.join(workspace, `round${round + 1}`)
      cpSync(template, project, { recursive: true })
      const cold = measure('generate', project, profile('cold'))
      if (cold.written < 2 * size) throw new Error(`cold generate wrote ${cold.written} files for ${size} tools`)
      record('cold', cold)
      const noop = measure('generate', project, profile('noop'))
      if (noop.written !== 0) throw new Error(`no-op generate wrote ${noop.written} files`)
      record('noop', noop)
      const noopWarm = measure('generate', project, profile('noop-warm'))
      if (noopWarm.written !== 0) throw new Error(`warm no-op generate wrote ${noopWarm.written} files`)
      record('noopWarm', noopWarm)
      writeFileSync(path.join(project, changedFile), original.replace('description:', 'description: Changed.'))
      const one = measure('generate', project, profile('one-changed'))
      if (one.written < 1) throw new Error('one-changed generate wrote nothing')
      record('oneChanged', one)
      record('check', measure('check', project, profile('check')))
    }
    const medians = mediansOf(times)
    results.push({ tools: size, schemas: schemas.length, rounds: ROUNDS(size), medianMs: medians, samplesMs: times })
  } finally {
    rmSync(workspace, { recursive: true, force: true })
  }
}

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`)
console.log('tools  json2ts(2n)  cold generate  no-op   warm no-op  one-changed  check    cold/json2ts  one/cold  no-op/cold  warm/cold  check/cold')
for (const { tools, medianMs: m } of results) {
  console.log(
    [String(tools).padStart(5), fmt(m.json2ts).padStart(11), fmt(m.cold).padStart(13), fmt(m.noop).padStart(8), fmt(m.noopWarm).padStart(10), fmt(m.oneChanged).padStart(11), fmt(m.check).padStart(8),
      `${ratio(m.cold, m.json2ts)}x`.padStart(12), `${ratio(m.oneChanged, m.cold)}x`.padStart(9), `${ratio(m.noop, m.cold)}x`.padStart(11), `${ratio(m.noopWarm, m.cold)}x`.padStart(10), `${ratio(m.check, m.cold)}x`.padStart(11)].join('  '),
  )
}
const at = (tools) => results.find((r) => r.tools === tools)?.medianMs
const big = at(1000)
const mid = at(100)
const targets = {
  coldVsJson2tsAt1000: big === undefined ? null : { ratio: ratio(big.cold, big.json2ts), target: 0.8, met: big.cold <= 0.8 * big.json2ts },
  oneChangedVsColdAt1000: big === undefined ? null : { ratio: ratio(big.oneChanged, big.cold), target: 0.15, met: big.oneChanged <= 0.15 * big.cold },
  // Per-tool cost at 1,000 over per-tool cost at 100: 1.0 is perfectly linear.
  coldGrowth100To1000: big === undefined || mid === undefined ? null : { perToolRatio: ratio(big.cold / 1000, mid.cold / 100), target: 'about 1 (roughly linear)' },
}
console.log(`\ntargets: ${JSON.stringify(targets)}`)
console.log('(each figure: median over fresh processes, timing the operation only, not process start or module loading)')
// Start-up, where process start and module loading are the point (issue 11).
const startup = benchStartup()
writeResult('generate', { bench: 'generate', node: process.version, date: new Date().toISOString(), results, targets, startup })
