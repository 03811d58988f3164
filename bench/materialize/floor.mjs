// What materializeJson cannot do without on the 200k-key object, against the JSON round trip in the same run
// (interleaved rounds, a fresh object each, medians): the one listing that shows non-enumerable keys
// (getOwnPropertyNames; Object.keys, which JSON.stringify uses, skips them), the symbol-key listing, one descriptor per
// key (own, enumerable, data, and its value, without running a getter), and the copy (every key inserted into a fresh
// object, then frozen). Each step is timed alone, then the four together in one plain loop (no walk, no issue
// reporting): the floor of a snapshot that keeps the rules. materializeJson is shown beside it. CPU time of this process
// (user + system), after a full GC, so a preempted stretch of the shared machine and the previous step's garbage count
// less. Run on its own: `node bench/materialize/floor.mjs` (it restarts itself with --expose-gc).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { materializeJson } from '../../runtime/dist/index.js'
import { median, range, writeResult } from '../lib.mjs'

if (typeof globalThis.gc !== 'function') {
  const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { stdio: 'inherit' })
  process.exit(run.status ?? 1)
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11)
const KEYS = 200_000

const make = () => {
  const object = {}
  for (let i = 0; i < KEYS; i++) object[`key${i}`] = i
  return object
}
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor

// Each step takes the object and what the steps before it produced (computed outside the timing).
const steps = {
  'JSON round trip': (object) => JSON.parse(JSON.stringify(object)),
  'Object.keys (for reference)': (object) => Object.keys(object),
  getOwnPropertyNames: (object) => Object.getOwnPropertyNames(object),
  getOwnPropertySymbols: (object) => Object.getOwnPropertySymbols(object),
  'a descriptor per key': (object, names) => {
    let data = 0
    for (let i = 0; i < names.length; i++) if (getOwnPropertyDescriptor(object, names[i]).enumerable) data++
    return data
  },
  'the copy, frozen': (object, names, values) => {
    const copy = Object.create(null)
    for (let i = 0; i < names.length; i++) copy[names[i]] = values[i]
    return Object.freeze(Object.setPrototypeOf(copy, Object.prototype))
  },
  'the four together': (object) => {
    if (Object.getOwnPropertySymbols(object).length !== 0) throw new Error('a symbol key')
    const keys = Object.getOwnPropertyNames(object)
    const copy = Object.create(null)
    for (let i = 0; i < keys.length; i++) {
      const descriptor = getOwnPropertyDescriptor(object, keys[i])
      if (descriptor.enumerable !== true || !Object.hasOwn(descriptor, 'value')) throw new Error('not plain data')
      copy[keys[i]] = descriptor.value
    }
    return Object.freeze(Object.setPrototypeOf(copy, Object.prototype))
  },
  materializeJson: (object) => {
    const result = materializeJson(object)
    if (!result.ok) throw new Error(`materializeJson rejected the input: ${result.issues[0]?.message}`)
    return result.value
  },
}
const floorSteps = ['getOwnPropertyNames', 'getOwnPropertySymbols', 'a descriptor per key', 'the copy, frozen']

const times = Object.fromEntries(Object.keys(steps).map((name) => [name, []]))
const names = Object.keys(steps)
for (let round = -1; round < ROUNDS; round++) {
  for (let k = 0; k < names.length; k++) {
    const name = names[(k + Math.max(round, 0)) % names.length]
    const object = make()
    const keys = Object.getOwnPropertyNames(object)
    const values = keys.map((key) => object[key])
    globalThis.gc()
    const start = process.cpuUsage()
    steps[name](object, keys, values)
    const cpu = process.cpuUsage(start)
    if (round >= 0) times[name].push((cpu.user + cpu.system) / 1000) // round -1 warms every step up
  }
}

const roundTrip = median(times['JSON round trip'])
const results = {}
for (const name of names) {
  const [min, max] = range(times[name])
  results[name] = { medianMs: median(times[name]), rangeMs: [min, max], ratio: median(times[name]) / roundTrip }
  console.log(`${name.padEnd(28)} ${median(times[name]).toFixed(1).padStart(6)} ms  [${min.toFixed(0)}–${max.toFixed(0)}]  ${(median(times[name]) / roundTrip).toFixed(2)}x the round trip`)
}
const sum = floorSteps.reduce((total, name) => total + results[name].ratio, 0)
console.log(`${'sum of the four steps alone'.padEnd(28)} ${(sum * roundTrip).toFixed(1).padStart(6)} ms  ${sum.toFixed(2)}x the round trip`)
writeResult('materialize/floor', { rounds: ROUNDS, keys: KEYS, results, sumOfStepsRatio: sum })
