// execute() of a trivial tool vs the bare minimum a hand-written caller must do, and the cost of
// pass-through listeners on each waterfall. Interleaved rounds in one process; medians and ratios.
import * as runtimeBuild from '../../runtime/dist/index.js'
import { createToolRuntime, materializeJson } from '../../runtime/dist/index.js'
import { callsPerSecond, median, roundOrder, writeResult } from '../lib.mjs'
import { readFileTool } from './read-file-tool.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 80)
const LISTENERS = 3

// The trivial tool and the bare minimum a hand-written caller must do (read-file-tool.mjs).
const { tool, body, render, args, argsValidator, outputValidator, bare } = readFileTool(runtimeBuild)
const signal = new AbortController().signal

// The floor for listeners: the same bare minimum with three hooks per stage chained by hand
// (nested next() calls, no normalization, no policy). It measures what the hook functions
// themselves cost, so the runtime's own per-listener overhead can be told apart from it.
const ALLOW = Object.freeze({ kind: 'allow' })
const ACCEPT = Object.freeze({ kind: 'accept' })
function chain(hooks, innermost) {
  const at = (i) => (i === hooks.length ? innermost() : hooks[i](() => at(i + 1)))
  return at(0)
}
function bareWithHooks(style) {
  const hook = style === 'async' ? async (next) => next() : (next) => next()
  const hooks = [hook, hook, hook]
  return async (input) => {
    const snapshot = materializeJson(input)
    if (!snapshot.ok || !argsValidator.is(snapshot.value)) throw new Error('invalid arguments')
    const decision = await chain(hooks, () => Promise.resolve(ALLOW))
    if (decision.kind !== 'allow') throw new Error('denied')
    const result = await chain(hooks, async () => {
      const value = materializeJson(await body(snapshot.value))
      if (!value.ok || !outputValidator.is(value.value)) throw new Error('invalid output')
      const content = materializeJson(render(snapshot.value, value.value))
      if (!content.ok) throw new Error('invalid content')
      return Object.freeze({ isError: false, value: value.value, content: content.value })
    })
    const review = await chain(hooks, () => Promise.resolve(ACCEPT))
    if (review.kind !== 'accept') throw new Error('blocked')
    return result
  }
}
const bareSyncHooks = bareWithHooks('sync')
const bareAsyncHooks = bareWithHooks('async')

const plain = createToolRuntime()
plain.register(tool)

function withListeners(style) {
  const runtime = createToolRuntime()
  runtime.register(tool)
  for (let i = 0; i < LISTENERS; i++) {
    if (style === 'async') {
      runtime.on('tools/pre-execute', async (_exec, next) => next())
      runtime.on('tools/execute', async (_exec, next) => next())
      runtime.on('tools/post-execute', async (_exec, _result, next) => next())
    } else {
      runtime.on('tools/pre-execute', (_exec, next) => next())
      runtime.on('tools/execute', (_exec, next) => next())
      runtime.on('tools/post-execute', (_exec, _result, next) => next())
    }
  }
  return runtime
}
const syncListeners = withListeners('sync')
const asyncListeners = withListeners('async')

let call = 0
const input = (runtime) => () => runtime.execute({ callId: `c${call++}`, name: 'read_file', arguments: args, signal })
const contenders = {
  bare: () => bare(args),
  [`bare + ${LISTENERS}x3 sync hooks`]: () => bareSyncHooks(args),
  [`bare + ${LISTENERS}x3 async hooks`]: () => bareAsyncHooks(args),
  execute: input(plain),
  [`execute + ${LISTENERS}x3 sync listeners`]: input(syncListeners),
  [`execute + ${LISTENERS}x3 async listeners`]: input(asyncListeners),
}

// Every contender must produce the same success before it is timed.
for (const [who, run] of Object.entries(contenders)) {
  const result = await run()
  if (result.isError !== false || result.value.lines !== 20 || !Object.isFrozen(result)) throw new Error(`${who} did not succeed: ${JSON.stringify(result)}`)
}

const wallCallsPerSecond = async (run) => (await callsPerSecond(run, ROUND_MS, 200)).wall

const samples = Object.fromEntries(Object.keys(contenders).map((who) => [who, []]))
for (const run of Object.values(contenders)) await wallCallsPerSecond(run) // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [who, run] of roundOrder(round, Object.entries(contenders))) samples[who].push(await wallCallsPerSecond(run))
}

const rows = Object.entries(samples).map(([who, s]) => {
  const ops = median(s)
  return { contender: who, callsPerSecond: ops, microsecondsPerCall: 1e6 / ops }
})
const us = Object.fromEntries(rows.map((row) => [row.contender, row.microsecondsPerCall]))
// The machine is shared: besides the ratio of medians, take the median of the per-round figures,
// each computed from contenders measured back to back in the same round.
const perRound = (f) => median(samples.bare.map((_, round) => f((who) => 1e6 / samples[who][round])))
const perListener = (who) => (us[who] - us.execute) / (LISTENERS * 3)
const perListenerPaired = (who) => perRound((at) => (at(who) - at('execute')) / (LISTENERS * 3))
const syncName = `execute + ${LISTENERS}x3 sync listeners`
const asyncName = `execute + ${LISTENERS}x3 async listeners`
const hookFloor = (style) => perRound((at) => (at(`bare + ${LISTENERS}x3 ${style} hooks`) - at('bare')) / (LISTENERS * 3))
const summary = {
  executeVsBare: us.execute / us.bare,
  executeVsBarePaired: perRound((at) => at('execute') / at('bare')),
  perListenerMicroseconds: { sync: perListener(syncName), async: perListener(asyncName) },
  perListenerMicrosecondsPaired: { sync: perListenerPaired(syncName), async: perListenerPaired(asyncName) },
  hookFloorMicrosecondsPaired: { sync: hookFloor('sync'), async: hookFloor('async') },
  targets: { executeVsBare: 1.5, perListenerMicroseconds: 0.2 },
}

const fmt = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0))
console.log(`median over ${ROUNDS} interleaved rounds of ${ROUND_MS} ms (sequential awaited calls)\n`)
console.log('| contender | calls/s | µs/call | vs bare |')
console.log('| --- | ---: | ---: | ---: |')
for (const row of rows) {
  console.log(`| ${row.contender} | ${fmt(row.callsPerSecond)} | ${row.microsecondsPerCall.toFixed(3)} | ${(row.microsecondsPerCall / us.bare).toFixed(2)}x |`)
}
console.log(`\nexecute vs bare: ${summary.executeVsBare.toFixed(2)}x (median of per-round ratios ${summary.executeVsBarePaired.toFixed(2)}x; target ≤ 1.5x)`)
const fmtUs = (n) => `${n.toFixed(3)} µs`
console.log(
  `per pass-through listener: sync ${fmtUs(summary.perListenerMicroseconds.sync)} (paired ${fmtUs(summary.perListenerMicrosecondsPaired.sync)}), ` +
    `async ${fmtUs(summary.perListenerMicroseconds.async)} (paired ${fmtUs(summary.perListenerMicrosecondsPaired.async)}) (target < 0.2 µs)`,
)
console.log(
  `floor — the same hooks chained by hand around the bare minimum: sync ${fmtUs(summary.hookFloorMicrosecondsPaired.sync)}, ` +
    `async ${fmtUs(summary.hookFloorMicrosecondsPaired.async)} per hook`,
)
writeResult('pipeline', { rounds: ROUNDS, roundMs: ROUND_MS, node: process.version, listenersPerWaterfall: LISTENERS, rows, summary })
