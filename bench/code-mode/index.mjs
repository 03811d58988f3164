// Code Mode in one run: a program making 1 sub-dispatch and one making 1,000 sequential sub-dispatches through
// run_code (QuickJS in a worker thread), against the same calls made natively through runtime.execute(); an empty
// program (the fresh sandbox per run_code); and a CPU-bound loop in the sandbox against the same loop in plain Node.
// Contenders interleave per round; medians. Wall time and process CPU (all threads, so the worker's too).
import { createCodeMode, createQuickJsEngine } from '../../code-mode/dist/index.js'
import { createToolRuntime } from '../../runtime/dist/index.js'
import { median, range as rangeOf, writeResult } from '../lib.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const MANY = 1000
const LOOP = 10_000_000

const runtime = createToolRuntime()
const native = { id: 'native' }
const coder = { id: 'coder' }
runtime.forAgent(coder).presentAs('code')
runtime.register({
  name: 'echo',
  description: 'Echo the text back.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  output: { schema: { type: 'object', additionalProperties: false, properties: { text: { type: 'string' } }, required: ['text'] }, render: (_a, v) => [{ type: 'text', text: v.text }] },
  execute: async (args) => ({ text: args.text }),
})
const engine = createQuickJsEngine()
runtime.register(createCodeMode(runtime, { engine, limits: { maxCalls: MANY + 10, timeMs: 120_000 } }))

let ids = 0
const signal = new AbortController().signal
const nativeCall = () => runtime.execute({ callId: `n${++ids}`, name: 'echo', arguments: { text: 'hello' }, agent: native, signal })
const runCode = async (code) => {
  const result = await runtime.execute({ callId: `c${++ids}`, name: 'run_code', arguments: { code }, agent: coder, signal })
  if (result.isError) throw new Error(`run_code failed: ${result.error.message}`)
  return result
}
const loopBody = `let s = 0; for (let i = 0; i < ${LOOP}; i++) { s = (s + i * 7) % 1000003 } return s`
const plainLoop = new Function(loopBody)

const contenders = {
  'native 1 call': async () => { await nativeCall() },
  'run_code empty program': () => runCode('return 1'),
  'run_code 1 sub-dispatch': () => runCode('return await tools.echo({ text: "hello" })'),
  [`native ${MANY} sequential calls`]: async () => { for (let i = 0; i < MANY; i++) await nativeCall() },
  [`run_code ${MANY} sequential sub-dispatches`]: () => runCode(`let last; for (let i = 0; i < ${MANY}; i++) last = await tools.echo({ text: "hello" }); return last`),
  'plain Node loop': async () => plainLoop(),
  'run_code loop': () => runCode(loopBody),
}

const wall = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
const cpu = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
for (const run of Object.values(contenders)) await run() // warm up (the first run_code also starts the worker)
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(contenders)) {
    const cpuStart = process.cpuUsage()
    const start = process.hrtime.bigint()
    await run()
    wall[name].push(Number(process.hrtime.bigint() - start) / 1e6)
    const used = process.cpuUsage(cpuStart)
    cpu[name].push((used.user + used.system) / 1000)
  }
}
await engine.close()

const range = (values) => rangeOf(values).map((v) => Number(v.toFixed(3)))
const m = (table, name) => median(table[name])

// The bridge's added cost per sub-dispatch: (the 1,000-call program - the empty program) / 1,000, minus a native call.
const perSubWall = (m(wall, `run_code ${MANY} sequential sub-dispatches`) - m(wall, 'run_code empty program')) / MANY - m(wall, `native ${MANY} sequential calls`) / MANY
const perSubCpu = (m(cpu, `run_code ${MANY} sequential sub-dispatches`) - m(cpu, 'run_code empty program')) / MANY - m(cpu, `native ${MANY} sequential calls`) / MANY
const oneSubWall = m(wall, 'run_code 1 sub-dispatch') - m(wall, 'run_code empty program') - m(wall, 'native 1 call')
const freshCpu = m(cpu, 'run_code empty program')
const slowdown = m(wall, 'run_code loop') / m(wall, 'plain Node loop')

console.log(`${ROUNDS} rounds, medians (wall ms / process CPU ms, all threads) [min–max wall]`)
const rows = Object.keys(contenders).map((name) => ({ name, wallMs: Number(m(wall, name).toFixed(3)), cpuMs: Number(m(cpu, name).toFixed(3)), wallRange: range(wall[name]) }))
for (const row of rows) console.log(`  ${row.name.padEnd(40)} ${row.wallMs.toFixed(3).padStart(10)} ms  ${row.cpuMs.toFixed(3).padStart(10)} ms CPU  [${row.wallRange.join('–')}]`)
console.log(`added cost per sub-dispatch (${MANY}-call program): ${(perSubWall * 1000).toFixed(1)} µs wall, ${(perSubCpu * 1000).toFixed(1)} µs CPU (target ≤ 50 µs)`)
console.log(`added cost of the one sub-dispatch in a 1-call program: ${(oneSubWall * 1000).toFixed(1)} µs wall`)
console.log(`fresh sandbox per run_code (empty program, whole call): ${freshCpu.toFixed(3)} ms CPU (target ≤ 5 ms)`)
console.log(`CPU-bound slowdown, ${LOOP.toExponential(0)}-iteration loop in QuickJS vs plain Node: ${slowdown.toFixed(1)}x`)
const result = {
  bench: 'code-mode',
  rounds: ROUNDS,
  rows,
  perSubDispatchUs: { wall: Number((perSubWall * 1000).toFixed(1)), cpu: Number((perSubCpu * 1000).toFixed(1)) },
  oneSubDispatchUs: Number((oneSubWall * 1000).toFixed(1)),
  freshSandboxCpuMs: Number(freshCpu.toFixed(3)),
  cpuBoundSlowdown: Number(slowdown.toFixed(2)),
}
writeResult('code-mode', result)
console.log(JSON.stringify(result))
