import { createToolRuntime, type ApprovalRequest, type PreToolDecision, type ToolExecution } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, rawTool, textOf } from '../fixtures.js'

const alice = { id: 'alice' }
type Next = () => Promise<PreToolDecision>

function setup(options: Parameters<typeof createToolRuntime>[0] = {}) {
  const runtime = createToolRuntime(options)
  const body = vi.fn(async (args: unknown) => ({ text: (args as { text: string }).text }))
  const post = vi.fn((_exec: unknown, _result: unknown, next: () => Promise<unknown>) => next())
  const finalize = vi.fn(() => undefined)
  runtime.register(rawTool({ execute: body, finalizeContent: finalize }))
  runtime.on('tools/post-execute', post as never)
  return { runtime, body, post, finalize }
}

describe('tools/pre-execute — "Allow, deny, or ask before dispatch. next() delegates to allow"', () => {
  test('a listener returning next() lets the call run', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/pre-execute', (_exec, next) => next())
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('next() at the end of the chain resolves { kind: "allow" }', async () => {
    const { runtime } = setup()
    let seen: PreToolDecision | undefined
    runtime.on('tools/pre-execute', async (_exec, next) => (seen = await next()))
    await runtime.execute(callInput())
    expect(seen).toEqual({ kind: 'allow' })
  })

  test('"deny materializes an error": DENIED with the reason; the body and post-execute never run; finalizeContent once', async () => {
    const { runtime, body, post, finalize } = setup()
    runtime.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'writes are off' }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('writes are off')
    expect([body.mock.calls.length, post.mock.calls.length, finalize.mock.calls.length]).toEqual([0, 0, 1])
  })

  test('a listener may short-circuit with allow: later listeners do not run', async () => {
    const { runtime, body } = setup()
    const later = vi.fn(() => ({ kind: 'deny' as const, reason: 'no' }))
    runtime.on('tools/pre-execute', () => ({ kind: 'allow' }))
    runtime.on('tools/pre-execute', later)
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(later).not.toHaveBeenCalled()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('"reorderable": listeners run in registration order; prepend runs first and can override an inner deny', async () => {
    const { runtime } = setup()
    const order: string[] = []
    runtime.on('tools/pre-execute', (_exec, next) => (order.push('first'), next()))
    runtime.on('tools/pre-execute', () => (order.push('denier'), { kind: 'deny', reason: 'inner' }))
    runtime.on('tools/pre-execute', async (_exec, next) => {
      order.push('outer')
      const inner = await next()
      expect(inner).toEqual({ kind: 'deny', reason: 'inner' })
      return { kind: 'allow' }
    }, { prepend: true })
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(order).toEqual(['outer', 'first', 'denier'])
  })

  test('an inner listener\'s failure reaches the outer listener as a deny decision, never as a rejection', async () => {
    const { runtime } = setup()
    let inner: unknown
    runtime.on('tools/pre-execute', async (_exec, next) => {
      inner = await next()
      return inner as PreToolDecision
    })
    runtime.on('tools/pre-execute', () => {
      throw new Error('gate crashed')
    })
    expect(codeOf(await runtime.execute(callInput()))).toBe('DENIED')
    expect(inner).toMatchObject({ kind: 'deny', reason: expect.stringContaining('gate crashed') })
  })

  test('next() called twice runs the rest of the chain once', async () => {
    const { runtime } = setup()
    const inner = vi.fn((_exec: ToolExecution, next: Next) => next())
    runtime.on('tools/pre-execute', async (_exec, next) => {
      const [a, b] = await Promise.all([next(), next()])
      expect(a).toBe(b)
      return a
    })
    runtime.on('tools/pre-execute', inner)
    await runtime.execute(callInput())
    expect(inner).toHaveBeenCalledTimes(1)
  })

  test('listeners receive the frozen execution and the view they subscribed through as this', async () => {
    const { runtime } = setup()
    const view = runtime.forAgent(alice)
    let seen: { self: unknown; exec: ToolExecution } | undefined
    view.on('tools/pre-execute', function (this: unknown, exec, next) {
      seen = { self: this, exec }
      return next()
    })
    await runtime.execute(callInput({ agent: alice }))
    expect(seen?.self).toBe(view)
    expect(Object.isFrozen(seen?.exec)).toBe(true)
    expect(seen?.exec.arguments).toEqual({ text: 'hi' })
  })

  test('"agent-scoped listeners receive only that agent\'s calls" — not its sub-agents\'', async () => {
    const { runtime } = setup()
    const scoped = vi.fn((_exec: ToolExecution, next: Next) => next())
    runtime.forAgent(alice).on('tools/pre-execute', scoped)
    await runtime.execute(callInput())
    await runtime.execute(callInput({ agent: { id: 'bob' } }))
    await runtime.execute(callInput({ agent: { id: 'alice' } }))
    expect(scoped).not.toHaveBeenCalled()
    await runtime.execute(callInput({ agent: alice }))
    await runtime.execute(callInput({ agent: { id: 'sub', parent: alice } }))
    expect(scoped).toHaveBeenCalledTimes(1)
  })

  test('a disposed listener no longer runs; its disposer is idempotent', async () => {
    const { runtime } = setup()
    const gate = vi.fn(() => ({ kind: 'deny' as const, reason: 'x' }))
    const dispose = runtime.on('tools/pre-execute', gate)
    dispose()
    dispose()
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(gate).not.toHaveBeenCalled()
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('boom') }],
    ['rejects', () => Promise.reject(new Error('boom'))],
    ['returns undefined', () => undefined],
    ['returns null', () => null],
    ['returns a string', () => 'allow'],
    ['returns {}', () => ({})],
    ['returns an unknown kind', () => ({ kind: 'maybe' })],
    ['returns deny without a reason', () => ({ kind: 'deny' })],
    ['returns deny with a non-string reason', () => ({ kind: 'deny', reason: 5 })],
    ['returns allow with an extra key', () => ({ kind: 'allow', also: 'rewrite args' })],
    ['returns ask with a non-string reason', () => ({ kind: 'ask', reason: {} })],
    ['returns a decision with a getter', () => Object.defineProperty({}, 'kind', { get: () => 'allow', enumerable: true })],
    ['returns a Proxy', () => new Proxy({ kind: 'allow' }, { ownKeys: () => { throw new Error('trap') } })],
    ['returns a thenable whose then throws', () => ({ get then() { throw new Error('then') } })],
  ])('"fail closed": a listener that %s denies the call', async (_name, listener) => {
    const { runtime, body } = setup()
    runtime.on('tools/pre-execute', listener as never)
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('DENIED')
    expect(body).not.toHaveBeenCalled()
  })

  test('an async gate is awaited, and cancellation is rechecked once it settles', async () => {
    const { runtime, body } = setup()
    const gate = deferred<PreToolDecision>()
    runtime.on('tools/pre-execute', () => gate.promise)
    const controller = new AbortController()
    const pending = runtime.execute(callInput({ signal: controller.signal }))
    controller.abort()
    let settled = false
    void pending.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(settled).toBe(false)
    gate.resolve({ kind: 'allow' })
    expect(codeOf(await pending)).toBe('ABORTED_BEFORE_DISPATCH')
    expect(body).not.toHaveBeenCalled()
  })

  test('a listener that fires next() without awaiting it is still waited for before the call proceeds', async () => {
    const { runtime } = setup()
    const slow = deferred<PreToolDecision>()
    let innerSettled = false
    runtime.on('tools/pre-execute', (_exec, next) => {
      void next()
      return { kind: 'allow' }
    })
    runtime.on('tools/pre-execute', async () => {
      const decision = await slow.promise
      innerSettled = true
      return decision
    })
    const pending = runtime.execute(callInput())
    await new Promise((resolve) => setTimeout(resolve, 5))
    slow.resolve({ kind: 'deny', reason: 'ignored by the outer listener' })
    const result = await pending
    expect(innerSettled).toBe(true)
    expect(codeOf(result)).toBeUndefined()
  })
})

describe('ask — "ask runs only after an approval service returns allowed-once and otherwise denies"', () => {
  const ask = (reason?: string) => () => (reason === undefined ? { kind: 'ask' as const } : { kind: 'ask' as const, reason })

  test('allowed-once runs the call; the service gets the frozen execution, the reason and the caller signal', async () => {
    const approval = vi.fn(async (_request: ApprovalRequest) => 'allowed-once' as const)
    const { runtime, body } = setup({ approval })
    runtime.on('tools/pre-execute', ask('writes a file'))
    const input = callInput({ agent: alice })
    expect(codeOf(await runtime.execute(input))).toBeUndefined()
    expect(body).toHaveBeenCalledTimes(1)
    const request = approval.mock.calls[0]?.[0]
    expect(request?.reason).toBe('writes a file')
    expect(request?.signal).toBe(input.signal)
    expect(request?.execution.agent).toBe(alice)
    expect(Object.isFrozen(request) && Object.isFrozen(request?.execution)).toBe(true)
  })

  test('an ask without a reason passes no reason key', async () => {
    const approval = vi.fn(async (_request: ApprovalRequest) => 'allowed-once' as const)
    const { runtime } = setup({ approval })
    runtime.on('tools/pre-execute', ask())
    await runtime.execute(callInput({ agent: alice }))
    expect(Object.hasOwn(approval.mock.calls[0]?.[0] ?? {}, 'reason')).toBe(false)
  })

  test.each<[string, (() => Promise<unknown>) | undefined, boolean, string]>([
    ['"missing approval … service"', undefined, true, 'no approval service is configured: the host passes one as createToolRuntime({ approval })'],
    ['"requests without an agent"', async () => 'allowed-once', false, 'made without an agent. Approvals are asked on behalf of an agent'],
    ['an unapproved answer ("denied")', async () => 'denied', true, 'not approved'],
    ['any other answer ("allowed")', async () => 'allowed', true, 'instead of "allowed-once"'],
    ['an answer of true', async () => true, true, 'instead of "allowed-once"'],
    ['a rejecting service', async () => { throw new Error('ui closed') }, true, 'ui closed'],
    ['a throwing service', (() => { throw new Error('sync fail') }) as never, true, 'sync fail'],
  ])('%s is DENIED', async (_name, approval, withAgent, message) => {
    const { runtime, body } = setup(approval === undefined ? {} : { approval: approval as never })
    runtime.on('tools/pre-execute', ask('risky'))
    const result = await runtime.execute(callInput(withAgent ? { agent: alice } : {}))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain(message)
    expect(body).not.toHaveBeenCalled()
  })

  test('a call without an agent never reaches the approval service', async () => {
    const approval = vi.fn(async () => 'allowed-once' as const)
    const { runtime } = setup({ approval })
    runtime.on('tools/pre-execute', ask())
    await runtime.execute(callInput())
    expect(approval).not.toHaveBeenCalled()
  })

  test('"Guards can still apply a final denial" after an approved ask', async () => {
    const { runtime, body } = setup({ approval: async () => 'allowed-once' })
    runtime.on('tools/pre-execute', ask())
    runtime.guard(() => 'frozen workspace')
    const result = await runtime.execute(callInput({ agent: alice }))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('frozen workspace')
    expect(body).not.toHaveBeenCalled()
  })
})
