// bench/import: `toolsmith import --from bfcl` on the vendored BFCL corpus (3,310 declarations), target ≤ 2 s.
// Each round runs every measurement in a fresh process into a fresh project, interleaved:
//   cli      the whole command as a user runs it, wall clock from spawn to exit (node start, module load, all work)
//   import   runImport alone (modules loaded first): read, convert, check, print, write the 3,285 files
//   convert  the same without writing
// and the peers, measured in the same rounds: the yaml library's own stringify of the same 3,310 declarations as
// they are (the floor of printing this much YAML with the library the importer prints with), and writing 3,285
// files of the same size (the floor of the writes). Wall clock and CPU time (user + system) are both reported: the
// 2-core machine is shared, and under load the wall clock is several times the CPU time.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, repoRoot as repo, writeResult } from '../lib.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const corpus = path.join(repo, 'test/conformance/data/bfcl/functions.json')
const bin = path.join(repo, 'generator/dist/cli/main.js')
const ROUNDS = Number(process.env.ROUNDS ?? 7)

const fresh = () => mkdtempSync(path.join(tmpdir(), 'toolsmith-bench-import-'))

function measure(op) {
  const cwd = fresh()
  try {
    if (op === 'cli') {
      const started = performance.now()
      const run = spawnSync(process.execPath, [bin, 'import', '--from', 'bfcl', corpus, '--partial', '--format', 'json'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      const ms = performance.now() - started
      if (run.status !== 1 && run.status !== 0) throw new Error(`import exited ${run.status}: ${run.stderr.slice(0, 500)}`)
      return { ms, summary: run.stderr.trim().split('\n').at(-1) }
    }
    const run = spawnSync(process.execPath, [path.join(here, 'measure.mjs'), op, corpus, cwd], { encoding: 'utf8' })
    if (run.status !== 0) throw new Error(`${op} failed: ${run.stderr.slice(0, 500)}`)
    return JSON.parse(run.stdout.trim().split('\n').at(-1))
  } finally {
    rmSync(cwd, { recursive: true, force: true })
  }
}

const OPS = ['cli', 'import', 'convert', 'yaml', 'write']
const results = Object.fromEntries(OPS.map((op) => [op, { ms: [], cpuMs: [] }]))
let summary = ''
for (let round = 0; round < ROUNDS; round++) {
  for (const op of OPS) {
    const result = measure(op)
    results[op].ms.push(result.ms)
    if (result.cpuMs !== undefined) results[op].cpuMs.push(result.cpuMs)
    if (op === 'cli') summary = result.summary
  }
}

const stat = (values) => (values.length === 0 ? undefined : { median: median(values), min: Math.min(...values), max: Math.max(...values) })
const figures = Object.fromEntries(OPS.map((op) => [op, { wall: stat(results[op].ms), cpu: stat(results[op].cpuMs) }]))
const seconds = (ms) => (ms / 1000).toFixed(2)
const show = (figure) => (figure === undefined ? 'n/a' : `${seconds(figure.median)} s (${seconds(figure.min)}–${seconds(figure.max)})`)
const LABELS = {
  cli: 'toolsmith import --from bfcl, whole command',
  import: 'runImport, files written',
  convert: 'runImport, nothing written',
  yaml: 'peer: yaml.stringify of the declarations',
  write: 'peer: writing 3,285 files',
}
console.log(summary)
console.log(`${''.padEnd(46)}wall median (range)       CPU median (range)`)
for (const op of OPS) console.log(`${LABELS[op].padEnd(46)}${show(figures[op].wall).padEnd(26)}${show(figures[op].cpu)}`)
const ratios = {
  convertToYamlWall: figures.convert.wall.median / figures.yaml.wall.median,
  convertToYamlCpu: figures.convert.cpu.median / figures.yaml.cpu.median,
  importToPeersCpu: figures.import.cpu.median / (figures.yaml.cpu.median + figures.write.cpu.median),
}
console.log(`convert / yaml.stringify: ${ratios.convertToYamlWall.toFixed(2)}x wall, ${ratios.convertToYamlCpu.toFixed(2)}x CPU;  import / (yaml.stringify + writes): ${ratios.importToPeersCpu.toFixed(2)}x CPU`)
console.log(`target ≤ 2 s: whole command ${figures.cli.wall.median <= 2000 ? 'met' : 'NOT met'} (wall), runImport ${figures.import.wall.median <= 2000 ? 'met' : 'NOT met'} (wall), ${figures.import.cpu.median <= 2000 ? 'met' : 'NOT met'} (CPU)`)
const out = { rounds: ROUNDS, figures, ratios, targetMs: 2000 }
writeResult('import', out)
console.log(JSON.stringify(out))
