// execute() of this checkout's runtime against the runtime of another commit, back to back in one process: both
// builds register the same trivial tool (as index.mjs), and every round times, in alternating order, each build's
// execute() with no listeners, with 3x3 asynchronous pass-through listeners, and each build's own bare minimum (its
// materializeJson and compiled validators, as index.mjs defines it). Prints this/base per contender and each build's
// execute/bare, medians of the per-round ratios.
//   node bench/pipeline/compare.mjs <revision>     e.g. 4931d57 (main before the registry regroup of issue 12)
// The base is built from a temporary git worktree of <revision> (its runtime package only, with this checkout's
// compiler), removed afterwards.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { callsPerSecond, machineLoad, median, repoRoot, roundOrder, summary, writeResult } from '../lib.mjs'
import { readFileTool } from './read-file-tool.mjs'

const revision = process.argv[2]
if (revision === undefined) {
  console.error('usage: node bench/pipeline/compare.mjs <revision>')
  process.exit(2)
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 60)

const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()
const commit = git('rev-parse', '--short', revision)
const scratch = mkdtempSync(path.join(tmpdir(), 'toolsmith-bench-base-'))
const worktree = path.join(scratch, 'base')
git('worktree', 'add', '--detach', '--quiet', worktree, commit)
try {
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(worktree, 'node_modules'))
  execFileSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', path.join(worktree, 'runtime/tsconfig.build.json')], { stdio: 'inherit' })
  const builds = {
    this: await import(pathToFileURL(path.join(repoRoot, 'runtime/dist/index.js')).href),
    base: await import(pathToFileURL(path.join(worktree, 'runtime/dist/index.js')).href),
  }
  await compare(builds)
} finally {
  git('worktree', 'remove', '--force', worktree)
  rmSync(scratch, { recursive: true, force: true })
}

/** The contenders of one build: its bare minimum, its execute() plain and with listeners. */
function contendersOf(build) {
  const { tool, args, bare } = readFileTool(build)
  const { createToolRuntime } = build
  const signal = new AbortController().signal
  const plain = createToolRuntime()
  plain.register(tool)
  const listened = createToolRuntime()
  listened.register(tool)
  for (let i = 0; i < 3; i++) {
    listened.on('tools/pre-execute', async (_exec, next) => next())
    listened.on('tools/execute', async (_exec, next) => next())
    listened.on('tools/post-execute', async (_exec, _result, next) => next())
  }
  let call = 0
  const execute = (runtime) => () => runtime.execute({ callId: `c${call++}`, name: 'read_file', arguments: args, signal })
  return { bare: () => bare(args), execute: execute(plain), 'execute + 3x3 async listeners': execute(listened) }
}

async function compare(builds) {
  const contenders = {}
  for (const [build, module] of Object.entries(builds)) {
    for (const [name, run] of Object.entries(contendersOf(module))) contenders[`${name} (${build})`] = run
  }
  for (const [who, run] of Object.entries(contenders)) {
    const result = await run()
    if (result.isError !== false || result.value.lines !== 20 || !Object.isFrozen(result)) throw new Error(`${who} did not succeed: ${JSON.stringify(result)}`)
  }
  const microseconds = async (run) => 1e6 / (await callsPerSecond(run, ROUND_MS, 200)).wall
  const samples = Object.fromEntries(Object.keys(contenders).map((who) => [who, []]))
  for (const run of Object.values(contenders)) await microseconds(run)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [who, run] of roundOrder(round, Object.entries(contenders))) samples[who].push(await microseconds(run))
  }
  const perRound = (a, b) => summary(samples[a].map((value, round) => value / samples[b][round]))
  const show = ({ median: m, p10, p90 }) => `${m.toFixed(3)}x (p10–p90 ${p10.toFixed(2)}–${p90.toFixed(2)})`
  const figures = {}
  console.log(`this checkout against ${commit}, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms, load ${machineLoad().load}\n`)
  console.log('| contender | µs/call this | µs/call base | this / base |')
  console.log('| --- | ---: | ---: | ---: |')
  for (const name of ['bare', 'execute', 'execute + 3x3 async listeners']) {
    const ratio = perRound(`${name} (this)`, `${name} (base)`)
    figures[name] = { thisMicroseconds: median(samples[`${name} (this)`]), baseMicroseconds: median(samples[`${name} (base)`]), thisOverBase: ratio }
    console.log(`| ${name} | ${figures[name].thisMicroseconds.toFixed(3)} | ${figures[name].baseMicroseconds.toFixed(3)} | ${show(ratio)} |`)
  }
  const executeVsBare = { this: perRound('execute (this)', 'bare (this)'), base: perRound('execute (base)', 'bare (base)') }
  console.log(`\nexecute / bare: this ${show(executeVsBare.this)}, base ${show(executeVsBare.base)}`)
  writeResult('pipeline-compare', { base: commit, rounds: ROUNDS, roundMs: ROUND_MS, node: process.version, load: machineLoad().load, figures, executeVsBare })
}
