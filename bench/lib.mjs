// What every benchmark here shares: the statistics (median, quantiles, ranges, ratios), the order of contenders in
// alternating rounds, one measurement in a fresh process, the built-packages check, the machine's load, and the
// results file. A bench imports what it needs; the peer and the measurement stay each bench's own.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The `q` quantile of `values` (0 ≤ q ≤ 1), interpolated between the two nearest samples. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low)
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values) {
  return quantile(values, 0.5)
}

/** `[min, max]` of `values`. */
export function range(values) {
  return [Math.min(...values), Math.max(...values)]
}

/** The median, p10, p90, min and max of `values`. */
export function summary(values) {
  const [min, max] = range(values)
  return { median: median(values), p10: quantile(values, 0.1), p90: quantile(values, 0.9), min, max }
}

/** Every list of `table` reduced to its median. */
export function medians(table) {
  return Object.fromEntries(Object.entries(table).map(([key, values]) => [key, median(values)]))
}

/** `a / b` rounded to `digits` decimals. */
export function ratio(a, b, digits = 2) {
  const scale = 10 ** digits
  return Math.round((a / b) * scale) / scale
}

/** The contenders in the order round `round` runs them: as given on even rounds, reversed on odd ones (A B, B A, …). */
export function roundOrder(round, contenders) {
  return round % 2 === 1 ? [...contenders].reverse() : [...contenders]
}

/**
 * Sequential awaited calls of `run`, `batch` at a time, for `ms` of wall clock: calls per second of wall clock and of
 * this process's CPU time (user + system), which leaves out the time other processes held the core.
 */
export async function callsPerSecond(run, ms, batch) {
  let calls = 0
  const budget = BigInt(ms) * 1_000_000n
  const start = process.hrtime.bigint()
  const cpuStart = process.cpuUsage()
  let elapsed = 0n
  while (elapsed < budget) {
    for (let i = 0; i < batch; i++) await run()
    calls += batch
    elapsed = process.hrtime.bigint() - start
  }
  const cpu = process.cpuUsage(cpuStart)
  return { wall: calls / (Number(elapsed) / 1e9), cpu: calls / ((cpu.user + cpu.system) / 1e6) }
}

/** Throws unless every repository-relative path in `files` exists (the packages are built: `npm run bench` builds them). */
export function requireBuilt(...files) {
  for (const built of files) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run npm run build first (npm run bench does)`)
  }
}

/** Runs `node [flags] script ...args` in a fresh process and returns the JSON of the last line it printed. */
export function measureInProcess(script, args = [], { flags = [], cwd } = {}) {
  const out = execFileSync(process.execPath, [...flags, script, ...args], { encoding: 'utf8', maxBuffer: 64 << 20, ...(cwd === undefined ? {} : { cwd }) })
  return JSON.parse(out.trim().split('\n').at(-1))
}

/** The machine's 1-minute load average against its cores; `busy` when other work held every core. */
export function machineLoad() {
  const cores = availableParallelism()
  const load = loadavg()[0]
  return { load: Math.round(load * 100) / 100, cores, busy: load > cores }
}

/**
 * Writes `result` as `bench/results/<name>.json` (`name` may hold a folder, as `generate/startup`), and warns on
 * stderr when the machine was busy: its absolute figures are then inflated, its same-run ratios less so.
 */
export function writeResult(name, result) {
  const file = path.join(repoRoot, 'bench/results', `${name}.json`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  const { load, cores, busy } = machineLoad()
  if (busy) process.stderr.write(`note: load average ${load} on ${cores} cores while bench/${name} ran: not a quiet machine\n`)
}
