import { createToolRuntime, type ToolDispatchExecution, type ToolExecutionResult, type ToolRunContext } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

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

  test('"Around-dispatch waterfall for timeout, retry, or metrics": calling next() again retries the body, each attempt under the signal the wrapper installed for it', async () => {
    const runtime = createToolRuntime()
    const signals: AbortSignal[] = []
    runtime.register(
      rawTool({
        execute: (_args, exec) => {
          signals.push(exec.signal)
          if (signals.length === 1) return new Promise((_resolve, reject) => exec.signal.addEventListener('abort', () => reject(new Error('attempt timed out'))))
          return Promise.resolve({ text: `attempt ${signals.length}` })
        },
      }),
    )
    const failures: string[] = []
    runtime.on('tools/execute', async (exec, next) => {
      const previous = exec.signal
      try {
        for (let attempt = 1; ; attempt++) {
          const deadline = new AbortController()
          exec.signal = deadline.signal
          const timer = setTimeout(() => deadline.abort(), 5)
          const result = await next()
          clearTimeout(timer)
          if (!result.isError || attempt === 3) return result
          failures.push(result.error.message)
        }
      } finally {
        exec.signal = previous
      }
    })
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toEqual({ text: 'attempt 2' })
    expect(failures).toEqual(['attempt timed out'])
    expect(signals).toHaveLength(2)
    expect(signals[0]?.aborted).toBe(true)
    expect(signals[1]?.aborted).toBe(false)
  })

  test('each attempt has its own ToolRunContext: a failed attempt\'s contexts and turn marker do not ride the retried result, late calls are ignored', async () => {
    const runtime = createToolRuntime()
    const contexts: ToolRunContext[] = []
    runtime.register(
      rawTool({
        execute: async (_args, exec) => {
          contexts.push(exec)
          exec.deferContext({ role: 'user', content: [{ type: 'text', text: `from attempt ${contexts.length}` }] })
          if (contexts.length === 1) {
            exec.concludeTurn()
            throw new Error('flaky')
          }
          return { text: 'ok' }
        },
      }),
    )
    runtime.on('tools/execute', async (_exec, next) => {
      const first = await next()
      contexts[0]?.deferContext({ role: 'user', content: [{ type: 'text', text: 'late' }] })
      return first.isError ? next() : first
    })
    const result = await runtime.execute(callInput())
    expect(result.isError).toBe(false)
    expect(result.additionalContexts).toEqual([{ role: 'user', content: [{ type: 'text', text: 'from attempt 2' }] }])
    expect(result.concludesTurn).toBeUndefined()
    expect(contexts[0]).not.toBe(contexts[1])
  })

  test('attempts never overlap: next() called again while an attempt runs starts once it settled; all are drained', async () => {
    const runtime = createToolRuntime()
    let running = 0
    let most = 0
    let runs = 0
    runtime.register(
      rawTool({
        execute: async () => {
          runs++
          most = Math.max(most, ++running)
          await flush()
          running--
          return { text: `run ${runs}` }
        },
      }),
    )
    runtime.on('tools/execute', async (_exec, next) => {
      const [first, second] = await Promise.all([next(), next()])
      expect(first).not.toBe(second)
      return second
    })
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toEqual({ text: 'run 2' })
    expect([runs, most, running]).toEqual([2, 1, 0])
  })

  test('a retry under caller cancellation does not start the body again (ABORTED for that attempt: the body did run)', async () => {
    const runtime = createToolRuntime()
    const controller = new AbortController()
    const body = vi.fn(async () => {
      controller.abort()
      throw new Error('stopped')
    })
    runtime.register(rawTool({ execute: body }))
    let retried: ToolExecutionResult | undefined
    runtime.on('tools/execute', async (_exec, next) => {
      const first = await next()
      retried = await next()
      return first
    })
    const result = await runtime.execute(callInput({ signal: controller.signal }))
    expect(body).toHaveBeenCalledTimes(1)
    expect(codeOf(retried as ToolExecutionResult)).toBe('ABORTED')
    expect(codeOf(result)).toBe('TOOL_ERROR')
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
