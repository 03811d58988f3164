import { createToolRuntime, type ApprovalChannel, type ApprovalRequest, type PreToolDecision } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, rawTool, textOf } from '../fixtures.js'

// approveWith: an agent's approval channels answer the `ask` decisions of its own calls before the runtime's
// approval service; a channel that answers undefined leaves the call to the next one, then to the service.

const alice = { id: 'alice' }
const bob = { id: 'bob' }
const ASK: PreToolDecision = { kind: 'ask', reason: 'it deletes' }

function setup(service?: (request: ApprovalRequest) => Promise<'allowed-once' | 'denied'>) {
  const runtime = createToolRuntime(service === undefined ? {} : { approval: service })
  const body = vi.fn(async (args: unknown) => ({ text: (args as { text: string }).text }))
  runtime.register(rawTool({ execute: body }))
  runtime.on('tools/pre-execute', () => ASK)
  return { runtime, body }
}

describe('approval channels (approveWith)', () => {
  test('allow runs the call once; the channel sees the frozen execution, the reason and the signal', async () => {
    const { runtime, body } = setup()
    const channel = vi.fn<ApprovalChannel>(async () => ({ kind: 'allow' }))
    runtime.forAgent(alice).approveWith(channel)
    const input = callInput({ agent: alice })
    const result = await runtime.execute(input)
    expect(codeOf(result)).toBeUndefined()
    expect(body).toHaveBeenCalledTimes(1)
    const request = channel.mock.calls[0]?.[0]
    expect(request?.execution.name).toBe('echo')
    expect(request?.reason).toBe('it deletes')
    expect(request?.signal).toBe(input.signal)
    expect(Object.isFrozen(request) && Object.isFrozen(request?.execution)).toBe(true)
  })

  test('deny is DENIED with its reason, and the body never runs', async () => {
    const { runtime, body } = setup()
    runtime.forAgent(alice).approveWith(() => ({ kind: 'deny', reason: 'the user said no' }))
    const result = await runtime.execute(callInput({ agent: alice }))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('the user said no')
    expect(body).not.toHaveBeenCalled()
  })

  test('undefined leaves the call to the next channel, then to the approval service', async () => {
    const service = vi.fn(async () => 'allowed-once' as const)
    const { runtime, body } = setup(service)
    const passing = vi.fn(() => undefined)
    const view = runtime.forAgent(alice)
    view.approveWith(passing)
    view.approveWith(async () => undefined)
    expect(codeOf(await runtime.execute(callInput({ agent: alice })))).toBeUndefined()
    expect(passing).toHaveBeenCalledTimes(1)
    expect(service).toHaveBeenCalledTimes(1)
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('the first channel that answers decides; later ones and the service are not asked', async () => {
    const service = vi.fn(async () => 'allowed-once' as const)
    const { runtime } = setup(service)
    const later = vi.fn(() => ({ kind: 'allow' }) as const)
    runtime.forAgent(alice).approveWith(() => ({ kind: 'deny', reason: 'first' }))
    runtime.forAgent(alice).approveWith(later)
    expect(textOf(await runtime.execute(callInput({ agent: alice })))).toContain('first')
    expect(later).not.toHaveBeenCalled()
    expect(service).not.toHaveBeenCalled()
  })

  test("a channel answers only its own agent's calls", async () => {
    const { runtime } = setup()
    const channel = vi.fn(() => ({ kind: 'allow' }) as const)
    runtime.forAgent(alice).approveWith(channel)
    const result = await runtime.execute(callInput({ agent: bob }))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('no approval service is configured')
    expect(channel).not.toHaveBeenCalled()
  })

  test('a call without an ask never reaches a channel', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const channel = vi.fn(() => ({ kind: 'deny', reason: 'no' }) as const)
    runtime.forAgent(alice).approveWith(channel)
    expect(codeOf(await runtime.execute(callInput({ agent: alice })))).toBeUndefined()
    expect(channel).not.toHaveBeenCalled()
  })

  const failing: [string, () => unknown, RegExp][] = [
    ['throws', () => { throw new Error('client gone') }, /an approval channel failed: client gone/],
    ['rejects', () => Promise.reject(new Error('client gone')), /an approval channel failed: client gone/],
    ['answers an ask', () => ({ kind: 'ask' }), /answered .* instead of/],
    ['answers a deny without a reason', () => ({ kind: 'deny' }), /answered .* instead of/],
    ['answers a string', () => 'allowed-once', /answered .* instead of/],
  ]
  test.each(failing)('a channel that %s denies the call', async (_case, channel, message) => {
    const { runtime, body } = setup()
    runtime.forAgent(alice).approveWith(channel as ApprovalChannel)
    const result = await runtime.execute(callInput({ agent: alice }))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toMatch(message)
    expect(body).not.toHaveBeenCalled()
  })

  test('a channel that rejects after the caller cancelled: ABORTED_BEFORE_DISPATCH, not DENIED', async () => {
    const { runtime } = setup()
    const controller = new AbortController()
    runtime.forAgent(alice).approveWith(() => {
      controller.abort()
      return Promise.reject(new Error('cancelled'))
    })
    expect(codeOf(await runtime.execute(callInput({ agent: alice, signal: controller.signal })))).toBe('ABORTED_BEFORE_DISPATCH')
  })

  test('cancelled while a channel asks and then passes: no later channel nor the service is asked, ABORTED_BEFORE_DISPATCH', async () => {
    const service = vi.fn(async () => 'denied' as const)
    const { runtime, body } = setup(service)
    const controller = new AbortController()
    const later = vi.fn(() => ({ kind: 'allow' }) as const)
    const view = runtime.forAgent(alice)
    view.approveWith(async () => {
      controller.abort()
      return undefined
    })
    view.approveWith(later)
    expect(codeOf(await runtime.execute(callInput({ agent: alice, signal: controller.signal })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(later).not.toHaveBeenCalled()
    expect(service).not.toHaveBeenCalled()
    expect(body).not.toHaveBeenCalled()
  })

  test('cancelled while the only channel asks and then passes: the service is not asked, ABORTED_BEFORE_DISPATCH', async () => {
    const service = vi.fn(async () => 'allowed-once' as const)
    const { runtime } = setup(service)
    const controller = new AbortController()
    runtime.forAgent(alice).approveWith(() => {
      controller.abort()
      return undefined
    })
    expect(codeOf(await runtime.execute(callInput({ agent: alice, signal: controller.signal })))).toBe('ABORTED_BEFORE_DISPATCH')
    expect(service).not.toHaveBeenCalled()
  })

  test('a channel disposed while an earlier channel is asking is not asked by that ask', async () => {
    const service = vi.fn(async () => 'denied' as const)
    const { runtime, body } = setup(service)
    const view = runtime.forAgent(alice)
    const first = deferred<undefined>()
    view.approveWith(() => first.promise)
    const disposed = vi.fn(() => ({ kind: 'allow' }) as const)
    const dispose = view.approveWith(disposed)
    const running = runtime.execute(callInput({ agent: alice }))
    await flush()
    dispose()
    first.resolve(undefined)
    const result = await running
    expect(disposed).not.toHaveBeenCalled()
    expect(service).toHaveBeenCalledTimes(1)
    expect(codeOf(result)).toBe('DENIED')
    expect(body).not.toHaveBeenCalled()
  })

  test('the disposer removes the channel (once, exactly)', async () => {
    const { runtime } = setup()
    const dispose = runtime.forAgent(alice).approveWith(() => ({ kind: 'allow' }))
    expect(codeOf(await runtime.execute(callInput({ agent: alice })))).toBeUndefined()
    dispose()
    dispose()
    expect(codeOf(await runtime.execute(callInput({ agent: alice })))).toBe('DENIED')
  })

  test('scoped only: the global view throws, and a channel must be a function', () => {
    const runtime = createToolRuntime()
    expect(() => runtime.approveWith(() => undefined)).toThrow(/approveWith is scoped only/)
    expect(() => runtime.forAgent(alice).approveWith('yes' as never)).toThrow(/must be a function/)
  })
})
