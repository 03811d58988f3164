// materializeJson on the small values one MCP tools/call snapshots (bench/adapters' read_file call: its arguments,
// its output value and its rendered content), each a fresh object per call as the registry sees them, against a JSON
// round trip and structuredClone of the same value. Interleaved rounds in one process; CPU time per call (this
// process's user + system time, so a preempted stretch of the shared machine counts less); medians and ratios.
import { materializeJson } from '../../runtime/dist/index.js'
import { median, writeResult } from '../lib.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const CALLS = Number(process.env.BENCH_CALLS ?? 100_000)

const payloads = {
  arguments: (i) => ({ path: 'src/index.ts', offset: 1, limit: 20 + (i & 1) }),
  output: (i) => ({ path: 'src/index.ts', lines: 20 + (i & 1) }),
  content: (i) => [{ type: 'text', text: `src/index.ts: ${20 + (i & 1)} lines` }],
}
const contenders = {
  materializeJson: (value) => {
    const result = materializeJson(value)
    if (!result.ok) throw new Error(`materializeJson rejected the input: ${result.issues[0]?.message}`)
    return result.value
  },
  'JSON round trip': (value) => JSON.parse(JSON.stringify(value)),
  structuredClone: (value) => structuredClone(value),
}

const results = {}
for (const [name, make] of Object.entries(payloads)) {
  const names = Object.keys(contenders)
  const times = Object.fromEntries(names.map((who) => [who, []]))
  for (const run of Object.values(contenders)) for (let i = 0; i < 20_000; i++) run(make(i)) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const who = names[(k + round) % names.length]
      const run = contenders[who]
      const fresh = Array.from({ length: CALLS }, (_, i) => make(i))
      const start = process.cpuUsage()
      for (let i = 0; i < CALLS; i++) run(fresh[i])
      const used = process.cpuUsage(start)
      times[who].push(((used.user + used.system) * 1000) / CALLS)
    }
  }
  const ns = Object.fromEntries(names.map((who) => [who, median(times[who])]))
  const ratios = times.materializeJson.map((t, round) => t / times['JSON round trip'][round]).sort((a, b) => a - b)
  results[name] = { medianNsPerCall: ns, 'materializeJson / JSON round trip': { median: median(ratios), min: ratios[0], max: ratios.at(-1) } }
  console.log(
    `${name.padEnd(10)} materializeJson ${ns.materializeJson.toFixed(0)} ns, JSON round trip ${ns['JSON round trip'].toFixed(0)} ns, structuredClone ${ns.structuredClone.toFixed(0)} ns` +
      `  →  ${median(ratios).toFixed(2)}x JSON (rounds ${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)})`,
  )
}
writeResult('materialize-small', { rounds: ROUNDS, calls: CALLS, results })
