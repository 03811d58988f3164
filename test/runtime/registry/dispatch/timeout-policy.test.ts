import { createToolRuntime, type ToolDispatchExecution, type ToolExecutionResult } from '@toolsmith/runtime'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, rawTool, textOf } from '../fixtures.js'

// A body that honours its signal: it settles (rejecting) as soon as the signal aborts.
const cooperative = (ms: number) =>
  rawTool({
    timeoutMs: ms,
    execute: (_args, exec) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ text: 'finished' }), 10_000)
        exec.signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(exec.signal.reason)
        })
      }),
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('timeout policy — "timeoutMs … Enforced by a tools/execute wrapper", on by default', () => {
  test('aborts the body\'s signal after timeoutMs with a TimeoutError and resolves TIMEOUT', async () => {
    const runtime = createToolRuntime()
    let reason: unknown
    runtime.register(
      rawTool({
        timeoutMs: 20,
        execute: (_args, exec) => new Promise((_resolve, reject) => exec.signal.addEventListener('abort', () => reject((reason = exec.signal.reason)))),
      }),
    )
    const started = Date.now()
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('TIMEOUT')
    expect(textOf(result)).toContain('20 ms')
    expect(reason).toBeInstanceOf(DOMException)
    expect((reason as DOMException).name).toBe('TimeoutError')
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  test('"still draining the body": a body that ignores the signal is awaited, then the result is TIMEOUT', async () => {
    const runtime = createToolRuntime()
    let finished = false
    runtime.register(rawTool({ timeoutMs: 10, execute: () => new Promise((resolve) => setTimeout(() => ((finished = true), resolve({ text: 'late' })), 60)) }))
    const result = await runtime.execute(callInput())
    expect(finished).toBe(true)
    expect(codeOf(result)).toBe('TIMEOUT')
  })

  test('a body that finishes in time succeeds and leaves no timer behind', async () => {
    vi.useFakeTimers()
    const runtime = createToolRuntime()
    runtime.register(rawTool({ timeoutMs: 50_000 }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('the timer is cleared when the body fails, and when the caller aborts', async () => {
    vi.useFakeTimers()
    const runtime = createToolRuntime()
    runtime.register(rawTool({ name: 'fails', timeoutMs: 50_000, execute: async () => { throw new Error('x') } }))
    runtime.register(cooperative(50_000))
    expect(codeOf(await runtime.execute(callInput({ name: 'fails' })))).toBe('TOOL_ERROR')
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(1)
    controller.abort()
    // The cooperative body rejects with the caller's own reason: that is the cancellation, ABORTED.
    expect(codeOf(await pending)).toBe('ABORTED')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('"createToolRuntime({ timeouts: false }) leaves it out"', async () => {
    const runtime = createToolRuntime({ timeouts: false })
    runtime.register(rawTool({ timeoutMs: 5, execute: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'slow' }), 40)) }))
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
  })

  test('tools without timeoutMs never get a deadline', async () => {
    vi.useFakeTimers()
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'slow' }), 3_600_000)) }))
    const pending = runtime.execute(callInput())
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(codeOf(await pending)).toBeUndefined()
  })

  test('a budget beyond what setTimeout can honour sets no timer instead of firing at once', async () => {
    vi.useFakeTimers()
    const runtime = createToolRuntime()
    runtime.register(rawTool({ timeoutMs: 2 ** 31, execute: () => new Promise((resolve) => setTimeout(() => resolve({ text: 'x' }), 100)) }))
    const pending = runtime.execute(callInput())
    await vi.advanceTimersByTimeAsync(100)
    expect(codeOf(await pending)).toBeUndefined()
  })

  test('it is the first wrapper: later wrappers see its signal, a prepended wrapper sees the caller\'s', async () => {
    const runtime = createToolRuntime()
    runtime.register(cooperative(10_000))
    const controller = new AbortController()
    const seen: Record<string, AbortSignal> = {}
    runtime.on('tools/execute', (exec: ToolDispatchExecution, next: () => Promise<ToolExecutionResult>) => ((seen.inner = exec.signal), next()))
    runtime.on('tools/execute', (exec, next) => ((seen.outer = exec.signal), next()), { prepend: true })
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(seen.outer).toBe(controller.signal)
    expect(seen.inner).not.toBe(controller.signal)
    expect(seen.inner?.aborted).toBe(false)
    controller.abort()
    await pending
    expect(seen.inner?.aborted).toBe(true)
  })

  test('caller cancellation propagates through the policy\'s signal to the body', async () => {
    const runtime = createToolRuntime()
    let seen: unknown
    runtime.register(
      rawTool({
        timeoutMs: 10_000,
        execute: (_args, exec) =>
          new Promise((_resolve, reject) =>
            exec.signal.addEventListener('abort', () => ((seen = exec.signal.reason), reject(new Error(`stopped: ${(seen as Error).message}`)))),
          ),
      }),
    )
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    const reason = new Error('user pressed stop')
    controller.abort(reason)
    const result = await pending
    expect(seen).toBe(reason)
    // An error of the body's own after the abort stays the tool's (TOOL_ERROR).
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(textOf(result)).toBe('stopped: user pressed stop')
  })
})
