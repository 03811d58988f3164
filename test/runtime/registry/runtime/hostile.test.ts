import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

// "Hostile arguments (cycles, getters, __proto__ keys, huge nesting, non-JSON values) and hostile
// listeners … never crash the runtime, never leak a mutable reference …, and always produce a
// structured error the model can read."

function deepArray(depth: number): unknown {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

function setup() {
  const runtime = createToolRuntime()
  const body = vi.fn(async (args: unknown) => ({ text: typeof (args as { text?: unknown }).text === 'string' ? (args as { text: string }).text : 'none' }))
  runtime.register(rawTool({ execute: body }))
  return { runtime, body }
}

function expectReadableFailure(result: ToolExecutionResult, code: string): void {
  expect(codeOf(result)).toBe(code)
  expect(isDeepFrozen(result)).toBe(true)
  expect(textOf(result).length).toBeGreaterThan(0)
  expect(JSON.parse(JSON.stringify(result))).toEqual(result)
}

describe('hostile arguments', () => {
  const getter = vi.fn(() => 'secret')
  const revoked = Proxy.revocable({}, {})
  revoked.revoke()
  const cases: [string, () => unknown][] = [
    ['a self-cycle', () => { const a: Record<string, unknown> = { text: 'x' }; a.a = a; return a }],
    ['a cycle through an array', () => { const a: Record<string, unknown> = { text: 'x' }; a.list = [{ back: a }]; return a }],
    ['a getter (never run)', () => Object.defineProperty({ text: 'x' }, 'secret', { get: getter, enumerable: true })],
    ['a 100,000-deep nesting', () => ({ text: 'x', deep: deepArray(100_000) })],
    ['a symbol value', () => ({ text: Symbol('s') })],
    ['a symbol key', () => ({ text: 'x', [Symbol('k')]: 1 })],
    ['a bigint', () => ({ text: 'x', n: 10n })],
    ['Infinity', () => ({ text: 'x', n: Infinity })],
    ['a class instance', () => ({ text: 'x', at: new (class Point { x = 1 })() })],
    ['a typed array', () => ({ text: 'x', bytes: new Uint8Array(2) })],
    ['a sparse array', () => ({ text: 'x', list: [1, , 3] })],
    ['a non-enumerable property', () => Object.defineProperty({ text: 'x' }, 'hidden', { value: 1, enumerable: false })],
    ['a Proxy whose traps throw', () => new Proxy({ text: 'x' }, { ownKeys: () => { throw new Error('trap') }, getOwnPropertyDescriptor: () => { throw new Error('trap') } })],
    ['a revoked Proxy', () => revoked.proxy],
    ['an array with a named property', () => Object.assign(['x'], { extra: 1 })],
  ]

  test.each(cases)('%s → INVALID_ARGS before the body, readable and frozen', async (_name, make) => {
    const { runtime, body } = setup()
    const result = await runtime.execute(callInput({ arguments: make() }))
    expectReadableFailure(result, 'INVALID_ARGS')
    expect(body).not.toHaveBeenCalled()
    expect(getter).not.toHaveBeenCalled()
  })

  test('a __proto__ key stays an own data property of the frozen snapshot and pollutes nothing', async () => {
    const { runtime, body } = setup()
    const args = JSON.parse('{"text": "x", "__proto__": {"polluted": true}}') as unknown
    const result = await runtime.execute(callInput({ arguments: args }))
    expect(result.isError).toBe(false)
    const received = body.mock.calls[0]?.[0] as Record<string, unknown>
    expect(Object.hasOwn(received, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(isDeepFrozen(received)).toBe(true)
  })

  test('a hostile input object (throwing getters, a Proxy) resolves a structured failure', async () => {
    const { runtime } = setup()
    const throwing = Object.defineProperty({ ...callInput() }, 'name', { get: () => { throw new Error('getter') }, enumerable: true })
    expectReadableFailure(await runtime.execute(throwing), 'INVALID_ARGS')
    const proxy = new Proxy(callInput(), { getOwnPropertyDescriptor: () => { throw new Error('trap') } })
    expectReadableFailure(await runtime.execute(proxy), 'INVALID_ARGS')
  })

  test('a body returning a cycle, a getter or deep nesting → INVALID_TOOL_OUTPUT, never a crash', async () => {
    const outputs = [
      (() => { const a: Record<string, unknown> = { text: 'x' }; a.a = a; return a })(),
      Object.defineProperty({ text: 'x' }, 'secret', { get: () => 'run', enumerable: true }),
      { text: 'x', deep: deepArray(100_000) },
    ]
    for (const output of outputs) {
      const runtime = createToolRuntime()
      runtime.register(rawTool({ execute: async () => output }))
      expectReadableFailure(await runtime.execute(callInput()), 'INVALID_TOOL_OUTPUT')
    }
  })
})

describe('a polluted Object.prototype', () => {
  const polluted = {
    meta: { injected: true },
    additionalContexts: [{ role: 'system', content: 'not a user message' }],
    concludesTurn: true,
    details: { injected: true },
    name: 'Injected',
  }

  function withPollution(run: () => Promise<void>): Promise<void> {
    for (const [key, value] of Object.entries(polluted)) {
      Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true })
    }
    return run().finally(() => {
      for (const key of Object.keys(polluted)) delete (Object.prototype as Record<string, unknown>)[key]
    })
  }

  const ownKeys = (result: ToolExecutionResult) => ({
    result: Reflect.ownKeys(result).sort(),
    info: result.isError && result.error.info !== undefined ? Reflect.ownKeys(result.error.info).sort() : [],
  })

  test.each<[string, (runtime: ReturnType<typeof createToolRuntime>) => Promise<ToolExecutionResult>, { result: string[]; info: string[] }]>([
    ['finalizeContent replacing a success\'s content', async (runtime) => {
      runtime.register(rawTool({ name: 'final', finalizeContent: () => [{ type: 'text', text: 'final' }] }))
      return runtime.execute(callInput({ name: 'final' }))
    }, { result: ['content', 'isError', 'value'], info: [] }],
    ['finalizeContent replacing a failure\'s content', async (runtime) => {
      runtime.register(rawTool({ name: 'final', execute: async () => { throw 'plain' }, finalizeContent: () => [{ type: 'text', text: 'final' }] }))
      return runtime.execute(callInput({ name: 'final' }))
    }, { result: ['content', 'error', 'isError'], info: ['code'] }],
    ['a post-execute content replacement', async (runtime) => {
      runtime.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'post' }] }))
      return runtime.execute(callInput())
    }, { result: ['content', 'isError', 'value'], info: [] }],
    ['a post-execute value replacement', async (runtime) => {
      runtime.on('tools/post-execute', () => ({ kind: 'accept', value: { text: 'v' } }))
      return runtime.execute(callInput())
    }, { result: ['content', 'isError', 'value'], info: [] }],
    ['a post-execute block', async (runtime) => {
      runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: [{ type: 'text', text: 'no' }] }))
      return runtime.execute(callInput())
    }, { result: ['content', 'error', 'isError'], info: ['code'] }],
    ['a success cancelled after the body', async (runtime) => {
      const controller = new AbortController()
      runtime.on('tools/post-execute', (_exec, _result, next) => (controller.abort(), next()))
      return runtime.execute(callInput({ signal: controller.signal }))
    }, { result: ['content', 'error', 'isError'], info: ['code'] }],
  ])('supplies no field to a result the registry derives (%s)', async (_name, run, want) => {
    await withPollution(async () => {
      const { runtime } = setup()
      const result = await run(runtime)
      expect(ownKeys(result)).toEqual(want)
    })
  })

  test('a setter on Object.prototype for a key of a result or a content block is never reached', async () => {
    // Results and text blocks are built key by key where the prototype is clean; here they must not be.
    const reached: string[] = []
    const keys = ['isError', 'value', 'content', 'type', 'text']
    let result: ToolExecutionResult
    try {
      // Null-prototype descriptors: once `value` is on Object.prototype, a plain literal would seem to carry one.
      for (const key of keys) {
        Object.defineProperty(Object.prototype, key, { __proto__: null, set: () => void reached.push(key), get: () => undefined, configurable: true } as PropertyDescriptor)
      }
      const { runtime } = setup()
      result = await runtime.execute(callInput())
    } finally {
      for (const key of keys) delete (Object.prototype as Record<string, unknown>)[key]
    }
    expect(reached).toEqual([])
    expect(JSON.stringify(result)).toBe('{"isError":false,"value":{"text":"hi"},"content":[{"type":"text","text":"hi"}]}')
  })
})

describe('hostile listeners', () => {
  test('mutating what they are given throws inside the listener, is contained, and changes nothing', async () => {
    const { runtime, body } = setup()
    const caught: string[] = []
    const attempt = (label: string, mutate: () => void) => {
      try {
        mutate()
      } catch {
        caught.push(label)
      }
    }
    runtime.on('tools/pre-execute', (exec, next) => {
      attempt('pre args', () => ((exec.arguments as { text: string }).text = 'rewritten'))
      return next()
    })
    runtime.on('tools/execute', async (exec, next) => {
      attempt('wrapper args', () => ((exec.arguments as { text: string }).text = 'rewritten'))
      const result = await next()
      attempt('wrapper result', () => ((result.content as unknown[]).length = 0))
      return result
    })
    runtime.on('tools/post-execute', (_exec, result, next) => {
      attempt('post value', () => (((result as { value: { text: string } }).value).text = 'rewritten'))
      return next()
    })
    const result = await runtime.execute(callInput())
    expect(caught).toEqual(['pre args', 'wrapper args', 'wrapper result', 'post value'])
    expect(body).toHaveBeenCalledWith({ text: 'hi' }, expect.anything())
    expect(result.isError ? result.error : result.value).toEqual({ text: 'hi' })
  })

  test('a listener that returns the execution or the result as its decision fails closed', async () => {
    const pre = setup()
    pre.runtime.on('tools/pre-execute', (exec) => exec as never)
    expectReadableFailure(await pre.runtime.execute(callInput()), 'DENIED')
    const post = setup()
    post.runtime.on('tools/post-execute', (_exec, result) => result as never)
    expectReadableFailure(await post.runtime.execute(callInput()), 'BLOCKED')
  })

  test.each(['throws', 'never calls back'])('"never leaves a promise unsettled": an inner listener whose promise has an own then that %s still settles the call', async (kind) => {
    const lying = <T>(value: T): Promise<T> => {
      const promise = Promise.resolve(value)
      const then = kind === 'throws' ? () => { throw new Error('then trap') } : () => undefined
      Object.defineProperty(promise, 'then', { value: then })
      return promise
    }
    const { runtime, body } = setup()
    runtime.on('tools/pre-execute', async (_exec, next) => next())
    runtime.on('tools/pre-execute', () => lying({ kind: 'deny' as const, reason: 'no' }))
    runtime.on('tools/post-execute', async (_exec, _result, next) => next())
    runtime.on('tools/post-execute', () => lying({ kind: 'block' as const, feedback: [{ type: 'text' as const, text: 'held' }] }))
    const settled = await Promise.race([runtime.execute(callInput()), new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 2_000))])
    expect(settled).not.toBe('hung')
    expect(codeOf(settled as ToolExecutionResult)).toBe('DENIED')
    expect(body).not.toHaveBeenCalled()
    const dispatching = setup()
    dispatching.runtime.on('tools/execute', async (_exec, next) => next())
    dispatching.runtime.on('tools/execute', () => lying({ isError: false as const, value: { text: 'cached' }, content: [] }))
    dispatching.runtime.on('tools/post-execute', async (_exec, _result, next) => next())
    dispatching.runtime.on('tools/post-execute', () => lying({ kind: 'block' as const, feedback: [{ type: 'text' as const, text: 'held' }] }))
    const blocked = await Promise.race([dispatching.runtime.execute(callInput()), new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 2_000))])
    expect(blocked).not.toBe('hung')
    expect(codeOf(blocked as ToolExecutionResult)).toBe('BLOCKED')
    expect(dispatching.body).not.toHaveBeenCalled()
  })

  test('a listener returning a 100,000-deep decision fails closed without overflowing the stack', async () => {
    const { runtime } = setup()
    runtime.on('tools/pre-execute', () => ({ kind: 'allow', deep: deepArray(100_000) }) as never)
    expectReadableFailure(await runtime.execute(callInput()), 'DENIED')
  })

  test('a listener may re-enter the runtime, and subscribing or disposing during a run does not disturb it', async () => {
    const { runtime } = setup()
    const late = vi.fn((_exec: unknown, next: () => Promise<unknown>) => next())
    let dispose: (() => void) | undefined
    runtime.on('tools/pre-execute', async (exec, next) => {
      if (exec.callId === 'outer') {
        const nested = await runtime.execute(callInput({ callId: 'nested' }))
        expect(nested.isError).toBe(false)
        dispose = runtime.on('tools/pre-execute', late as never)
      }
      return next()
    })
    await runtime.execute(callInput({ callId: 'outer' }))
    expect(late).not.toHaveBeenCalled()
    dispose?.()
  })

  test('a listener that throws a hostile object (throwing getters, a Proxy) still yields a readable failure', async () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('trap') }, getOwnPropertyDescriptor: () => { throw new Error('trap') }, getPrototypeOf: () => { throw new Error('trap') } })
    const pre = setup()
    pre.runtime.on('tools/pre-execute', () => { throw hostile })
    expectReadableFailure(await pre.runtime.execute(callInput()), 'DENIED')
    const wrapper = setup()
    wrapper.runtime.on('tools/execute', () => { throw hostile })
    expectReadableFailure(await wrapper.runtime.execute(callInput()), 'TOOL_ERROR')
    const body = createToolRuntime()
    body.register(rawTool({ execute: async () => { throw hostile } }))
    expectReadableFailure(await body.execute(callInput()), 'TOOL_ERROR')
  })
})

describe('a polluted Object.prototype.then fails closed, never a hijacked result or a silent hang', () => {
  type Then = (this: unknown, resolve: (value: unknown) => void) => void
  const hijack: Then = (resolve) => resolve('hijacked')
  const neverSettle: Then = () => undefined

  /** Runs `run` while Object.prototype.then is `then` and says how its promise settled within 1 s (as a string, which no then can touch). */
  async function settledWhilePolluted(then: Then, install: 'before' | 'during', run: (pollute: () => void) => Promise<unknown>): Promise<string> {
    const pollute = (): void => void Object.defineProperty(Object.prototype, 'then', { value: then, configurable: true, writable: true })
    try {
      if (install === 'before') pollute()
      const outcome = run(pollute).then(
        (value) => `fulfilled with ${typeof value === 'string' ? value : 'an object'}`,
        (error: unknown) => `rejected: ${error instanceof TypeError ? error.message : String(error)}`,
      )
      return await Promise.race([outcome, new Promise<string>((resolve) => setTimeout(() => resolve('still pending after 1 s'), 1_000))])
    } finally {
      delete (Object.prototype as { then?: unknown }).then
    }
  }

  test.each([
    ['a then that hijacks the result', hijack],
    ['a then that never calls back', neverSettle],
  ])('present at the call (%s): execute() rejects at once, nothing runs', async (_name, then) => {
    const { runtime, body } = setup()
    const outcome = await settledWhilePolluted(then, 'before', () => runtime.execute(callInput()))
    expect(outcome).toMatch(/^rejected: Object\.prototype\.then is defined \(prototype pollution\)/)
    expect(body).not.toHaveBeenCalled()
  })

  test('present at the call for an unknown tool too (an early result)', async () => {
    const { runtime } = setup()
    expect(await settledWhilePolluted(hijack, 'before', () => runtime.execute(callInput({ name: 'missing' })))).toMatch(/^rejected: Object\.prototype\.then/)
  })

  test('installed while the call ran (by the last observer): execute() rejects instead of resolving through it', async () => {
    const { runtime } = setup()
    const outcome = await settledWhilePolluted(hijack, 'during', (pollute) => {
      runtime.on('tools/result', () => pollute())
      return runtime.execute(callInput())
    })
    expect(outcome).toMatch(/^rejected: Object\.prototype\.then/)
  })
})
