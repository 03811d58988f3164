import { createToolRuntime, type PostToolDecision } from '@toolsmith/runtime'
import { EventEmitter } from 'node:events'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, rawTool } from '../fixtures.js'

describe('cancellation — "skips a not-yet-started body with ABORTED_BEFORE_DISPATCH or replaces a successful started outcome with ABORTED"', () => {
  test('a signal aborted before execute: ABORTED_BEFORE_DISPATCH, no policy and no body, finalizeContent once', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => ({ text: 'x' }))
    const gate = vi.fn()
    const finalize = vi.fn(() => undefined)
    runtime.register(rawTool({ execute: body, finalizeContent: finalize }))
    runtime.on('tools/pre-execute', gate)
    expect(codeOf(await runtime.execute(callInput({ signal: AbortSignal.abort() })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect([body.mock.calls.length, gate.mock.calls.length, finalize.mock.calls.length]).toEqual([0, 0, 1])
  })

  test('"skips a not-yet-started body": cancelled while the guards run (no wrapper) → ABORTED_BEFORE_DISPATCH, the body never starts', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => ({ text: 'x' }))
    runtime.register(rawTool({ execute: body }))
    const controller = new AbortController()
    runtime.guard(() => void controller.abort())
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('cancelled while a wrapper waits before next(): the body never starts', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => ({ text: 'x' }))
    runtime.register(rawTool({ execute: body }))
    const hold = deferred<void>()
    runtime.on('tools/execute', async (_exec, next) => (await hold.promise, next()))
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    controller.abort()
    hold.resolve()
    expect(codeOf(await pending)).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('cancelled while the body runs and the body succeeds anyway: ABORTED, after the body settled', async () => {
    const runtime = createToolRuntime()
    const release = deferred<void>()
    let finished = false
    runtime.register(rawTool({ execute: async () => (await release.promise, (finished = true), { text: 'done' }) }))
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await flush()
    controller.abort()
    let settled = false
    void pending.then(() => (settled = true))
    await flush()
    expect(settled).toBe(false)
    release.resolve()
    const result = await pending
    expect(finished).toBe(true)
    expect(codeOf(result)).toBe('ABORTED')
    expect('value' in result).toBe(false)
  })

  test('"already-started work … may retain a tool-owned structured error"', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: (_args, exec) => new Promise((_resolve, reject) => exec.signal.addEventListener('abort', () => reject(new Error('stopped cleanly')))) }))
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await flush()
    controller.abort()
    const result = await pending
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(result.isError && result.error.message).toBe('stopped cleanly')
  })

  test.each([
    ['the default reason, no wrapper', { timeoutMs: undefined, reason: undefined, rejectWith: 'reason', want: 'ABORTED' }],
    ['the default reason, behind the timeout wrapper', { timeoutMs: 1_000, reason: undefined, rejectWith: 'reason', want: 'ABORTED' }],
    ['a custom reason object', { timeoutMs: undefined, reason: new Error('user pressed stop'), rejectWith: 'reason', want: 'ABORTED' }],
    ['a string reason', { timeoutMs: 1_000, reason: 'stop', rejectWith: 'reason', want: 'ABORTED' }],
    ['an AbortError of its own', { timeoutMs: undefined, reason: undefined, rejectWith: 'own', want: 'TOOL_ERROR' }],
  ] as const)('a body rejecting after the abort with %s', async (_name, { timeoutMs, reason, rejectWith, want }) => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        execute: (_args, { signal }) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(rejectWith === 'reason' ? signal.reason : new DOMException('stopped', 'AbortError')), { once: true }),
          ),
      }),
    )
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await flush()
    controller.abort(reason)
    expect(codeOf(await pending)).toBe(want)
  })

  test('"after they settle, caller cancellation replaces only a successful accepted outcome": abort during post-execute → ABORTED', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const controller = new AbortController()
    runtime.on('tools/post-execute', async (_exec, _result, next) => {
      controller.abort()
      return next()
    })
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('ABORTED')
  })

  test('a block decided while cancelled stays BLOCKED (only successes are replaced)', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const controller = new AbortController()
    runtime.on('tools/post-execute', (): PostToolDecision => {
      controller.abort()
      return { kind: 'block', feedback: [{ type: 'text', text: 'no' }] }
    })
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('BLOCKED')
  })

  test('"the code selected by whether the tool body was invoked": a wrapper\'s own success under cancellation → ABORTED_BEFORE_DISPATCH', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => ({ text: 'x' }))
    runtime.register(rawTool({ execute: body }))
    const controller = new AbortController()
    runtime.on('tools/execute', () => {
      controller.abort()
      return { isError: false, value: { text: 'cached' }, content: [] }
    })
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('a denial stays DENIED even when the caller also cancelled', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const controller = new AbortController()
    runtime.on('tools/pre-execute', () => {
      controller.abort()
      return { kind: 'deny', reason: 'policy' }
    })
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('DENIED')
  })

  test('the body observes caller cancellation through exec.signal', async () => {
    const runtime = createToolRuntime({ timeouts: false })
    let observed: unknown
    runtime.register(rawTool({ execute: (_args, exec) => new Promise((resolve) => exec.signal.addEventListener('abort', () => resolve({ text: String((observed = exec.signal.reason)) }))) }))
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await flush()
    controller.abort('stop')
    expect(codeOf(await pending)).toBe('ABORTED')
    expect(observed).toBe('stop')
  })
})

// "Cancellation arriving after entry and before final result materialization skips a not-yet-started body with
// ABORTED_BEFORE_DISPATCH or replaces a successful started outcome with ABORTED"; "Async gates must observe
// exec.signal; the registry rechecks cancellation after they settle"; "caller cancellation replaces only a
// successful accepted outcome with the code selected by whether the tool body was invoked".
describe('listeners that observe the signal, as the spec asks, do not turn a cancellation into a refusal', () => {
  /** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
  const waitFor = (ms: number, signal: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(signal.reason)
      }, { once: true })
    })
  const abortSoon = (): AbortSignal => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 5)
    return controller.signal
  }

  test('a pre-execute gate that stops on the abort: ABORTED_BEFORE_DISPATCH, not DENIED', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => ({ text: 'x' }))
    runtime.register(rawTool({ execute: body }))
    runtime.on('tools/pre-execute', async (exec, next) => {
      await waitFor(200, exec.signal)
      return next()
    })
    expect(codeOf(await runtime.execute(callInput({ signal: abortSoon() })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('an approval service that stops on the abort: ABORTED_BEFORE_DISPATCH, not DENIED', async () => {
    const runtime = createToolRuntime({ approval: async ({ signal }) => (await waitFor(200, signal), 'allowed-once') })
    runtime.register(rawTool())
    runtime.on('tools/pre-execute', () => ({ kind: 'ask' }))
    expect(codeOf(await runtime.execute(callInput({ agent: { id: 'a' }, signal: abortSoon() })))).toBe('ABORTED_BEFORE_DISPATCH')
  })

  test('no approval is asked for a call cancelled while the gates ran', async () => {
    const approval = vi.fn(async () => 'allowed-once' as const)
    const runtime = createToolRuntime({ approval })
    runtime.register(rawTool())
    runtime.on('tools/pre-execute', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      return { kind: 'ask' }
    })
    expect(codeOf(await runtime.execute(callInput({ agent: { id: 'a' }, signal: abortSoon() })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(approval).not.toHaveBeenCalled()
  })

  test('a post-execute listener that stops on the abort: ABORTED for a successful body, not BLOCKED', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.on('tools/post-execute', async (exec, _result, next) => {
      await waitFor(200, exec.signal)
      return next()
    })
    expect(codeOf(await runtime.execute(callInput({ signal: abortSoon() })))).toBe('ABORTED')
  })

  test('an explicit deny still stands as it is', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.on('tools/pre-execute', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      return { kind: 'deny', reason: 'policy' }
    })
    expect(codeOf(await runtime.execute(callInput({ signal: abortSoon() })))).toBe('DENIED')
  })
})

describe('retries and deadlines under cancellation', () => {
  test('a retry wrapper whose next attempt meets the abort: ABORTED (the body ran), never ABORTED_BEFORE_DISPATCH', async () => {
    const runtime = createToolRuntime()
    let bodies = 0
    runtime.register(rawTool({ execute: async () => { bodies++; await new Promise((resolve) => setTimeout(resolve, 30)); throw new Error('hiccup after charging') } }))
    runtime.on('tools/execute', async (_exec, next) => {
      const first = await next()
      return first.isError ? next() : first
    })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 10)
    const result = await runtime.execute(callInput({ signal: controller.signal }))
    expect(bodies).toBe(1)
    expect(codeOf(result)).not.toBe('ABORTED_BEFORE_DISPATCH')
  })

  test('a caller abort before the deadline is ABORTED, even when the body takes past the deadline to stop', async () => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        timeoutMs: 40,
        execute: (_args, { signal }) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => setTimeout(() => resolve({ text: 'partial' }), 60), { once: true })
          }),
      }),
    )
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 5)
    expect(codeOf(await runtime.execute(callInput({ signal: controller.signal })))).toBe('ABORTED')
  })

  test('a timed call adds one abort listener to the caller signal, not two', async () => {
    const runtime = createToolRuntime()
    const controller = new AbortController()
    let during = -1
    runtime.register(rawTool({ timeoutMs: 1_000, execute: async () => ((during = EventEmitter.getEventListeners(controller.signal, 'abort').length), { text: 'x' }) }))
    await runtime.execute(callInput({ signal: controller.signal }))
    expect(during).toBe(1)
    expect(EventEmitter.getEventListeners(controller.signal, 'abort').length).toBe(0)
  })

  test('1,000 concurrent timed calls on one caller signal add one abort listener to it, with no MaxListenersExceededWarning, and all abort', async () => {
    const runtime = createToolRuntime()
    const controller = new AbortController()
    const started = deferred<void>()
    let running = 0
    let during = -1
    runtime.register(
      rawTool({
        timeoutMs: 60_000,
        execute: (_args, { signal }) =>
          new Promise((_resolve, reject) => {
            if (++running === 1_000) {
              during = EventEmitter.getEventListeners(controller.signal, 'abort').length
              started.resolve()
            }
            signal.addEventListener('abort', () => reject(signal.reason), { once: true })
          }),
      }),
    )
    const warnings: Error[] = []
    const onWarning = (warning: Error): number => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      const pending = Array.from({ length: 1_000 }, (_, i) => runtime.execute(callInput({ callId: `c${i}`, signal: controller.signal })))
      await started.promise
      controller.abort()
      const codes = new Set((await Promise.all(pending)).map(codeOf))
      await new Promise((resolve) => setImmediate(resolve))
      expect({ during, after: EventEmitter.getEventListeners(controller.signal, 'abort').length, codes: [...codes], warnings: warnings.map((w) => w.name) }).toEqual({
        during: 1,
        after: 0,
        codes: ['ABORTED'],
        warnings: [],
      })
    } finally {
      process.off('warning', onWarning)
    }
  })

  test('calls that finish before any abort leave no listener on a long-lived caller signal', async () => {
    const runtime = createToolRuntime()
    const controller = new AbortController()
    runtime.register(rawTool({ timeoutMs: 60_000, execute: async () => ({ text: 'x' }) }))
    await Promise.all(Array.from({ length: 50 }, (_, i) => runtime.execute(callInput({ callId: `c${i}`, signal: controller.signal }))))
    expect(EventEmitter.getEventListeners(controller.signal, 'abort').length).toBe(0)
  })
})
