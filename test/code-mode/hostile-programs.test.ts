import { createQuickJsEngine } from '@toolsmith/code-mode'
import { afterAll, describe, expect, test } from 'vitest'
import { codeOf, codeRuntime, echo, jsonTool, runCode, valueOf } from './fixtures.js'

// Each hostile program ends in its own error, the host stays unharmed (its event loop keeps
// running during the program, its prototypes stay clean, a benign program runs right after), and
// nothing of the host reaches the program.

const engine = createQuickJsEngine()
afterAll(() => engine.close?.())

const LIMITS = { timeMs: 1_500, memoryBytes: 32 * 1024 * 1024 }
// For the programs a limit other than time must stop, however slow the shared machine is.
const SLOW = { timeMs: 30_000 }

/** Runs `program` while counting host event-loop ticks; then checks that a benign program still runs. */
async function runHostile(program: string, limits: object = LIMITS) {
  const { runtime, agent } = codeRuntime(engine, {}, { limits: { ...LIMITS, ...limits } })
  runtime.register(echo())
  runtime.register(jsonTool('slow', () => new Promise((resolve) => setTimeout(() => resolve('slow'), 50))))
  let ticks = 0
  const ticker = setInterval(() => ticks++, 10)
  const started = performance.now()
  const result = await runCode(runtime, agent, program)
  const elapsed = performance.now() - started
  clearInterval(ticker)
  expect(valueOf(await runCode(runtime, agent, 'return (await tools.echo({ text: "ok" })).text')).value).toBe('OK')
  return { result, elapsed, ticks }
}

describe('hostile programs — each ends in its own error code', () => {
  test.each([
    ['an infinite loop', 'while (true) {}', 'CODE_TIME_LIMIT'],
    ['an infinite loop after an await', 'await tools.echo({ text: "a" }); for (;;) {}', 'CODE_TIME_LIMIT'],
    ['an array bomb', 'const a = []; for (;;) a.push({ i: a.length, s: "x" + a.length })', 'CODE_MEMORY_LIMIT', SLOW],
    ['a string bomb (doubling)', 'let s = "x"; for (;;) s = s + s', 'CODE_MEMORY_LIMIT', SLOW],
    ['a string bomb (flat strings)', 'const keep = []; for (let n = 1; ; n *= 2) keep.push("y".repeat(n))', 'CODE_MEMORY_LIMIT', SLOW],
    ['a typed-array bomb', 'const keep = []; for (;;) keep.push(new Float64Array(1 << 20))', 'CODE_MEMORY_LIMIT', SLOW],
    ['deep recursion', 'function down(n) { return down(n + 1) + 1 }\nreturn down(0)', 'CODE_STACK_LIMIT', SLOW],
    ['a promise that never resolves', 'await new Promise(() => {})', 'CODE_TIME_LIMIT'],
    ['a huge return value', 'return "x".repeat(2 * 1024 * 1024)', 'CODE_OUTPUT_LIMIT'],
    ['huge console output', 'for (let i = 0; i < 1e6; i++) console.log("line " + i)', 'CODE_OUTPUT_LIMIT'],
    ['huge tool arguments', 'await tools.echo({ text: "x".repeat(2 * 1024 * 1024) })', 'CODE_OUTPUT_LIMIT'],
    ['10,000 sub-dispatches', 'for (let i = 0; i < 10000; i++) await tools.echo({ text: "a" })', 'CODE_CALL_LIMIT', { timeMs: 60_000 }],
    ['too many concurrent sub-dispatches', 'await Promise.all(Array.from({ length: 100 }, () => tools.slow({})))', 'CODE_CALL_LIMIT'],
    ['an uncaught throw', 'throw new RangeError("mine")', 'CODE_THREW'],
  ] as [string, string, string, object?][])('%s', async (_name, program, want, limits) => {
    const { result, ticks, elapsed } = await runHostile(program, limits)
    expect(codeOf(result)).toBe(want)
    // The host's event loop kept turning while the program ran (it runs in a worker thread).
    if (elapsed > 400) expect(ticks).toBeGreaterThan(elapsed / 10 / 4)
  })

  test('the never-resolving promise is reported at once, not after the time limit', async () => {
    const { result, elapsed } = await runHostile('await new Promise(() => {})', { timeMs: 20_000 })
    expect(codeOf(result)).toBe('CODE_TIME_LIMIT')
    expect(elapsed).toBeLessThan(5_000)
  })

  test('10,000 sub-dispatches: the tool body ran at most maxCalls times', async () => {
    const { runtime, agent } = codeRuntime(engine, {}, { limits: { maxCalls: 50 } })
    let bodies = 0
    runtime.register(jsonTool('count', async () => ++bodies))
    const result = await runCode(runtime, agent, 'for (let i = 0; i < 10000; i++) await tools.count({})')
    expect(codeOf(result)).toBe('CODE_CALL_LIMIT')
    expect(bodies).toBe(50)
  })
})

describe('escape attempts — the program reaches only its own realm', () => {
  test('no ambient capabilities: process, require, fetch, timers, WebAssembly are absent; ECMAScript built-ins are present', async () => {
    const { result } = await runHostile(`return {
      process: typeof process, require: typeof require, fetch: typeof fetch, setTimeout: typeof setTimeout,
      setInterval: typeof setInterval, queueMicrotask: typeof queueMicrotask, WebAssembly: typeof WebAssembly,
      Atomics: typeof Atomics, importScripts: typeof importScripts,
      globalKeys: Object.getOwnPropertyNames(globalThis).filter((k) => /^(process|require|module|exports|Buffer|global|std|os)$/.test(k)),
      math: typeof Math.random, date: typeof Date.now, json: typeof JSON.parse, promise: typeof Promise,
    }`)
    expect(valueOf(result).value).toEqual({
      process: 'undefined', require: 'undefined', fetch: 'undefined', setTimeout: 'undefined',
      setInterval: 'undefined', queueMicrotask: 'undefined', WebAssembly: 'undefined',
      Atomics: 'undefined', importScripts: 'undefined',
      globalKeys: [],
      math: 'function', date: 'function', json: 'function', promise: 'function',
    })
  })

  test.each([
    ['the constructor chain of this', 'return this.constructor.constructor("return typeof process")()'],
    ['the constructor chain of a function', 'return (() => 0).constructor("return typeof process")()'],
    ['through a tool result', 'const r = await tools.echo({ text: "a" }); return r.constructor.constructor("return typeof process")()'],
    ['through a tool error', 'try { await tools.nope({}) } catch (e) { return e.constructor.constructor("return typeof process")() }'],
    ['through the promise of a tool call', 'const p = tools.echo({ text: "a" }); await p; return p.constructor.constructor("return typeof process")()'],
    ['through the tools object', 'return Object.getPrototypeOf(tools) === null ? typeof tools.constructor : "has a prototype"'],
    ['through console', 'return console.log.constructor("return typeof process")()'],
    ['through an async generator', 'return (async function* () {}).constructor("return typeof process")().next().then(r => r.value)'],
  ])('%s', async (_name, program) => {
    const { result } = await runHostile(program)
    expect(codeOf(result)).toBeUndefined()
    // A tool-name lookup on tools returns a function; either way no host value appears.
    expect(['undefined', 'function']).toContain(valueOf(result).value)
  })

  test('prototype pollution of the guest stays in the guest; the host prototypes are untouched', async () => {
    const { runtime, agent } = codeRuntime(engine, {}, { limits: LIMITS })
    let received: unknown
    runtime.register(
      jsonTool('take', async (args) => {
        received = args
        return { ok: true }
      }),
    )
    const result = await runCode(runtime, agent, `
      Object.prototype.polluted = 'guest'
      Array.prototype.push = function () { return 'hijacked' }
      JSON.stringify = () => '{"forged":true}'
      const bad = JSON.parse('{"__proto__": {"polluted": "host"}, "constructor": {"prototype": {"polluted": "host"}}}')
      const r = await tools.take(bad)
      return { r, bad, own: Object.keys(bad) }`)
    expect(codeOf(result)).toBeUndefined()
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false)
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype)
    expect(Object.keys(received as object).sort()).toEqual(['__proto__', 'constructor'])
    const value = valueOf(result).value as { bad: object }
    expect(Object.getPrototypeOf(value.bad)).toBe(Object.prototype)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  test('a program calling a tool it cannot see gets UNKNOWN_TOOL, and the tool never runs', async () => {
    const { runtime, agent } = codeRuntime(engine, {}, { limits: LIMITS })
    let ran = false
    runtime.register(echo())
    runtime.register(jsonTool('hidden', async () => (ran = true)))
    runtime.forAgent(agent).restrict({ deny: ['hidden'] })
    const result = await runCode(runtime, agent, 'try { await tools.hidden({}) } catch (e) { return e.code }')
    expect(valueOf(result).value).toBe('UNKNOWN_TOOL')
    expect(ran).toBe(false)
  })

  test('arguments whose toJSON answers undefined are INVALID_ARGS for that call, and the program goes on', async () => {
    const { result } = await runHostile('try { await tools.echo({ toJSON() { return undefined } }) } catch (e) { return [e.code, (await tools.echo({ text: "b" })).text] }')
    expect(valueOf(result).value).toEqual(['INVALID_ARGS', 'B'])
  })

  test('run_code cannot call itself from a program', async () => {
    const { result } = await runHostile('try { await tools.run_code({ code: "return 1" }) } catch (e) { return e.code }')
    expect(valueOf(result).value).toBe('UNKNOWN_TOOL')
  })

  test('a guest object with a throwing toJSON or getter as a return value is its own failure, not a host crash', async () => {
    const { result } = await runHostile('return { get boom() { throw new Error("getter") } }')
    expect(codeOf(result)).toBe('CODE_THREW')
  })
})
