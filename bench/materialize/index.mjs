// materializeJson on large inputs against structuredClone and a JSON round trip (JSON.parse(JSON.stringify())),
// the two copies a caller would otherwise make. Interleaved rounds in one process; medians and ratios.
import { materializeJson } from '../../runtime/dist/index.js'
import { medians as mediansOf, writeResult } from '../lib.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)

// Fresh inputs each round: materializeJson returns an earlier snapshot as-is, so a reused input would
// measure nothing after the first round.
const inputs = {
  'array of 10^6 numbers': () => Array.from({ length: 1_000_000 }, (_, i) => (i % 7 === 0 ? i / 8 : i)),
  '10^5 small objects': () =>
    Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: `item ${i}`, done: i % 2 === 0, score: i / 4 })),
  'object with 200k keys': () => {
    const object = {}
    for (let i = 0; i < 200_000; i++) object[`key${i}`] = i
    return object
  },
  '1 MB string': () => ({ text: 'lorem ipsum dolor sit amet, '.repeat(37_450).slice(0, 1_048_576) }),
}

const contenders = {
  materializeJson: (value) => {
    const result = materializeJson(value)
    if (!result.ok) throw new Error(`materializeJson rejected the input: ${result.issues[0]?.message}`)
    return result.value
  },
  structuredClone: (value) => structuredClone(value),
  'JSON round trip': (value) => JSON.parse(JSON.stringify(value)),
}

const results = {}
for (const [inputName, make] of Object.entries(inputs)) {
  const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
  for (const run of Object.values(contenders)) run(make()) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order each round so no contender always runs right after the garbage of another.
    const names = Object.keys(contenders)
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length]
      const value = make()
      const start = performance.now()
      contenders[name](value)
      times[name].push(performance.now() - start)
    }
  }
  const medians = mediansOf(times)
  results[inputName] = {
    medianMs: medians,
    'materializeJson / JSON round trip': medians.materializeJson / medians['JSON round trip'],
    'materializeJson / structuredClone': medians.materializeJson / medians.structuredClone,
  }
  console.log(
    `${inputName.padEnd(24)} materializeJson ${medians.materializeJson.toFixed(1)} ms, structuredClone ${medians.structuredClone.toFixed(1)} ms, ` +
      `JSON round trip ${medians['JSON round trip'].toFixed(1)} ms  →  ${(medians.materializeJson / medians['JSON round trip']).toFixed(2)}x JSON, ` +
      `${(medians.materializeJson / medians.structuredClone).toFixed(2)}x structuredClone (goal ≤ 1.0x JSON)`,
  )
}

writeResult('materialize', { rounds: ROUNDS, results })
