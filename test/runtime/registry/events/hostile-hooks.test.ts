import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { callInput, codeOf, flush, isDeepFrozen, rawTool } from '../fixtures.js'

// "execute() never rejects for tool, listener or policy failures and never leaves a promise unsettled
// because of one"; hostile hooks "never crash the runtime". Hooks the spec calls synchronously (guards,
// isConcurrencySafe, finalizeContent, output.render, output.presentationMeta) may still be async
// functions by mistake: their rejected promise must be contained, not left to crash the host. Signals
// are caller input too: one whose methods or getters throw must still give a settled, structured result.

const unhandled: unknown[] = []
const track = (reason: unknown): void => {
  unhandled.push(reason)
}
beforeEach(() => {
  unhandled.length = 0
  process.on('unhandledRejection', track)
})
afterEach(() => {
  process.off('unhandledRejection', track)
})

/** Resolves the result, or 'HUNG' when execute() has not settled within `ms`. */
function settleWithin(promise: Promise<ToolExecutionResult>, ms = 500): Promise<ToolExecutionResult | 'HUNG'> {
  return Promise.race([promise, new Promise<'HUNG'>((resolve) => setTimeout(() => resolve('HUNG'), ms))])
}

const rejecting = async (): Promise<never> => {
  throw new Error('an async hook failed')
}

describe('hooks that return a rejected promise are contained', () => {
  test('an async guard denies (fails closed) and its rejection is handled', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.guard(rejecting as never)
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('DENIED')
    await flush()
    expect(unhandled).toEqual([])
  })

  test('an async isConcurrencySafe classifies exclusive and its rejection is handled', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: rejecting as never }))
    expect(runtime.executionMode(callInput())).toEqual({ kind: 'exclusive' })
    await flush()
    expect(unhandled).toEqual([])
  })

  test.each([
    ['finalizeContent', { finalizeContent: rejecting as never }],
    ['output.render', { output: { ...rawTool().output, render: rejecting as never } }],
    ['output.presentationMeta', { output: { ...rawTool().output, presentationMeta: rejecting as never } }],
  ])('an async %s gives INVALID_RESULT and its rejection is handled', async (_name, overrides) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool(overrides))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_RESULT')
    await flush()
    expect(unhandled).toEqual([])
  })
})

describe('hostile signals still settle with a structured result', () => {
  function hostileSignal(method: 'addEventListener' | 'removeEventListener'): AbortSignal {
    const signal = new AbortController().signal
    Object.defineProperty(signal, method, {
      value: () => {
        throw new Error(`${method} refused`)
      },
    })
    return signal
  }

  test.each(['addEventListener', 'removeEventListener'] as const)('a caller signal whose %s throws, under the timeout policy', async (method) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ timeoutMs: 5_000 }))
    const result = await settleWithin(runtime.execute(callInput({ signal: hostileSignal(method) })))
    expect(result).not.toBe('HUNG')
    if (result !== 'HUNG') expect(isDeepFrozen(result)).toBe(true)
  })

  test.each(['addEventListener', 'removeEventListener'] as const)('a wrapper-installed signal whose %s throws', async (method) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.on('tools/execute', async (exec, next) => {
      exec.signal = hostileSignal(method)
      return await next()
    })
    const result = await settleWithin(runtime.execute(callInput()))
    expect(result).not.toBe('HUNG')
    if (result !== 'HUNG') expect(isDeepFrozen(result)).toBe(true)
  })

  test('a signal is read through the platform: an own aborted getter that throws neither throws nor decides', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const lying = (controller: AbortController, aborted: () => boolean): AbortSignal =>
      Object.defineProperty(controller.signal, 'aborted', { get: aborted })
    let outcome: unknown
    try {
      outcome = await runtime.execute(callInput({ signal: lying(new AbortController(), () => { throw new Error('no') }) }))
    } catch (error) {
      outcome = error
    }
    expect(codeOf(outcome as ToolExecutionResult)).toBeUndefined()
    const aborted = new AbortController()
    aborted.abort()
    expect(codeOf(await runtime.execute(callInput({ signal: lying(aborted, () => false) })))).toBe('ABORTED_BEFORE_DISPATCH')
  })
})
