import { createToolRuntime, type ToolDispatchExecution, type ToolExecutionResult, type ToolRunContext } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, isDeepFrozen, rawTool, textOf } from './fixtures.js'

type Next = () => Promise<ToolExecutionResult>

function setup(options: Parameters<typeof createToolRuntime>[0] = {}) {
  const runtime = createToolRuntime(options)
  const contexts: ToolRunContext[] = []
  const body = vi.fn(async (args: unknown, exec: ToolRunContext) => (contexts.push(exec), { text: (args as { text: string }).text }))
  runtime.register(rawTool({ execute: body }))
  return { runtime, body, contexts }
}

describe('tools/execute — "next() returns a normalized result; wrappers may change only exec.signal"', () => {
  test('next() resolves the normalized, frozen result of the body, and returning it is the outcome', async () => {
    const { runtime } = setup()
    let fromNext: ToolExecutionResult | undefined
    runtime.on('tools/execute', async (_exec, next) => (fromNext = await next()))
    const result = await runtime.execute(callInput())
    expect(result).toBe(fromNext)
    expect(isDeepFrozen(fromNext)).toBe(true)
  })

  test('identity fields are immutable; the signal is replaceable only by another AbortSignal', async () => {
    const { runtime } = setup()
    const refused: string[] = []
    runtime.on('tools/execute', (exec, next) => {
      for (const key of ['callId', 'rootCallId', 'name', 'arguments', 'agent', 'parent', 'token']) {
        try {
          ;(exec as unknown as Record<string, unknown>)[key] = 'changed'
        } catch {
          refused.push(key)
        }
      }
      for (const bad of [undefined, null, { aborted: false }, Object.create(AbortSignal.prototype)]) {
        try {
          exec.signal = bad as never
        } catch {
          refused.push('signal')
        }
      }
      return next()
    })
    const result = await runtime.execute(callInput())
    expect(refused).toEqual(['callId', 'rootCallId', 'name', 'arguments', 'agent', 'parent', 'token', 'signal', 'signal', 'signal', 'signal'])
    expect(result.isError ? result.error : result.value).toEqual({ text: 'hi' })
  })

  test('a replaced signal reaches the body, re-fused with the caller\'s: either abort reaches the body', async () => {
    for (const which of ['replacement', 'caller'] as const) {
      const runtime = createToolRuntime()
      const caller = new AbortController()
      const replacement = new AbortController()
      const started = deferred<AbortSignal>()
      runtime.register(
        rawTool({
          execute: (_args, exec) =>
            new Promise((_resolve, reject) => {
              started.resolve(exec.signal)
              exec.signal.addEventListener('abort', () => reject(new Error(`aborted: ${String(exec.signal.reason)}`)))
            }),
        }),
      )
      runtime.on('tools/execute', async (exec, next) => {
        const previous = exec.signal
        exec.signal = replacement.signal
        try {
          return await next()
        } finally {
          exec.signal = previous
        }
      })
      const pending = runtime.execute(callInput({ signal: caller.signal }))
      const bodySignal = await started.promise
      expect(bodySignal).not.toBe(caller.signal)
      ;(which === 'caller' ? caller : replacement).abort(which)
      const result = await pending
      expect(textOf(result)).toContain(`aborted: ${which}`)
    }
  })

  test('a wrapper that replaces the signal with one already aborted keeps the body from starting', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/execute', (exec, next) => {
      exec.signal = AbortSignal.abort()
      return next()
    })
    expect(codeOf(await runtime.execute(callInput()))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('wrappers nest in registration order; prepend goes outermost; each sees the signal its outer wrapper installed', async () => {
    const { runtime, contexts } = setup({ timeouts: false })
    const order: string[] = []
    const outerSignal = new AbortController().signal
    let innerSaw: AbortSignal | undefined
    runtime.on('tools/execute', async (exec, next) => {
      order.push('inner')
      innerSaw = exec.signal
      return next()
    })
    runtime.on('tools/execute', async (exec, next) => {
      order.push('outer')
      exec.signal = outerSignal
      return next()
    }, { prepend: true })
    await runtime.execute(callInput())
    expect(order).toEqual(['outer', 'inner'])
    expect(innerSaw).toBe(outerSignal)
    expect(contexts[0]?.signal).not.toBe(outerSignal)
  })

  test('next() called twice (a naive retry) runs the body once and returns the same result', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/execute', async (_exec, next) => {
      const first = await next()
      const second = await next()
      expect(second).toBe(first)
      return second
    })
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('a wrapper may answer without calling next(): a well-formed result it made is checked and used', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/execute', () => ({ isError: false, value: { text: 'cached' }, content: [{ type: 'text', text: 'cached' }] }))
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toEqual({ text: 'cached' })
    expect(isDeepFrozen(result)).toBe(true)
    expect(body).not.toHaveBeenCalled()
  })

  test.each<[string, unknown, string]>([
    ['a value the output schema rejects', { isError: false, value: { text: 3 }, content: [] }, 'INVALID_TOOL_OUTPUT'],
    ['a non-JSON value', { isError: false, value: { text: 'x', f: () => 1 }, content: [] }, 'INVALID_RESULT'],
    ['a success without value', { isError: false, content: [] }, 'INVALID_RESULT'],
    ['a success carrying an error', { isError: false, value: { text: 'x' }, content: [], error: { message: 'x' } }, 'INVALID_RESULT'],
    ['a failure without error', { isError: true, content: [] }, 'INVALID_RESULT'],
    ['a failure with an unknown code', { isError: true, error: { message: 'x', info: { code: 'NOPE' } }, content: [] }, 'INVALID_RESULT'],
    ['malformed content', { isError: false, value: { text: 'x' }, content: [{ type: 'text' }] }, 'INVALID_RESULT'],
    ['concludesTurn false', { isError: false, value: { text: 'x' }, content: [], concludesTurn: false }, 'INVALID_RESULT'],
    ['null', null, 'INVALID_RESULT'],
    ['a string', 'done', 'INVALID_RESULT'],
  ])('a result the wrapper made with %s is refused (%s)', async (_name, made, code) => {
    const { runtime } = setup()
    runtime.on('tools/execute', () => made as ToolExecutionResult)
    expect(codeOf(await runtime.execute(callInput()))).toBe(code)
  })

  test('"Raw supported JSON Schema enforced against every successful canonical value": another tool\'s result handed back by a wrapper is INVALID_TOOL_OUTPUT', async () => {
    const { runtime, body } = setup()
    runtime.register(rawTool({ name: 'count', output: { schema: { type: 'integer' }, render: () => [{ type: 'text', text: '5' }] }, execute: async () => 5 }))
    const other = await runtime.execute(callInput({ name: 'count' }))
    expect(other.isError ? other.error : other.value).toBe(5)
    runtime.on('tools/execute', (exec, next) => (exec.name === 'echo' ? other : next()))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_TOOL_OUTPUT')
    expect('value' in result).toBe(false)
    expect(body).not.toHaveBeenCalled()
  })

  test('a cached result of an earlier call of the same tool passes as it is; a cached failure too', async () => {
    const { runtime, body } = setup()
    const success = await runtime.execute(callInput())
    runtime.register(rawTool({ name: 'broken', execute: async () => { throw new Error('down') } }))
    const failure = await runtime.execute(callInput({ name: 'broken' }))
    const cache = new Map<string, ToolExecutionResult>([['hi', success], ['fail', failure]])
    runtime.on('tools/execute', (exec, next) => cache.get((exec.arguments as { text: string }).text) ?? next())
    expect(await runtime.execute(callInput())).toBe(success)
    expect(await runtime.execute(callInput({ arguments: { text: 'fail' } }))).toBe(failure)
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('a well-formed failure a wrapper made keeps its code, message and content', async () => {
    const { runtime } = setup()
    runtime.on('tools/execute', () => ({ isError: true, error: { message: 'rate limited', info: { code: 'TOOL_ERROR', details: { retryIn: 5 } } }, content: [{ type: 'text', text: 'slow down' }] }))
    const result = await runtime.execute(callInput())
    expect(result.isError && result.error).toEqual({ message: 'rate limited', info: { code: 'TOOL_ERROR', details: { retryIn: 5 } } })
    expect(textOf(result)).toBe('slow down')
  })

  test('a throwing wrapper is TOOL_ERROR with its message', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/execute', () => {
      throw new Error('wrapper broke')
    })
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(textOf(result)).toBe('wrapper broke')
    expect(body).not.toHaveBeenCalled()
  })

  test('"started work is always drained": a wrapper that starts the body and answers early still waits for it', async () => {
    const runtime = createToolRuntime()
    const release = deferred<void>()
    let bodyDone = false
    runtime.register(rawTool({ execute: async () => (await release.promise, (bodyDone = true), { text: 'late' }) }))
    runtime.on('tools/execute', (_exec, next) => {
      void next()
      throw new Error('gave up')
    })
    const pending = runtime.execute(callInput())
    let settled = false
    void pending.then(() => (settled = true))
    await flush()
    expect(settled).toBe(false)
    release.resolve()
    const result = await pending
    expect(bodyDone).toBe(true)
    expect(codeOf(result)).toBe('TOOL_ERROR')
  })

  test('a next() first called after the call settled starts nothing', async () => {
    const { runtime, body } = setup()
    let kept: Next | undefined
    runtime.on('tools/execute', (_exec, next) => {
      kept = next
      return { isError: false, value: { text: 'x' }, content: [] }
    })
    await runtime.execute(callInput())
    const late = await kept?.()
    expect(late?.isError).toBe(true)
    expect(body).not.toHaveBeenCalled()
  })

  test('"agent-scoped listeners receive only that agent\'s calls"', async () => {
    const { runtime } = setup()
    const alice = { id: 'alice' }
    const scoped = vi.fn((_exec: ToolDispatchExecution, next: Next) => next())
    runtime.forAgent(alice).on('tools/execute', scoped)
    await runtime.execute(callInput())
    expect(scoped).not.toHaveBeenCalled()
    await runtime.execute(callInput({ agent: alice }))
    expect(scoped).toHaveBeenCalledTimes(1)
  })
})
