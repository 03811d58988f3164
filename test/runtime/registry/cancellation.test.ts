import { createToolRuntime, type PostToolDecision } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, rawTool } from './fixtures.js'

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
