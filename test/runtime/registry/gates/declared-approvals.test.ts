import { createToolRuntime, declaredApprovals, type ApprovalRequest } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, rawTool, textOf } from '../fixtures.js'

const alice = { id: 'alice' }

function setup(approval?: (request: ApprovalRequest) => Promise<'allowed-once' | 'denied'>) {
  const runtime = createToolRuntime(approval === undefined ? {} : { approval })
  const body = vi.fn(async () => ({ text: 'ran' }))
  runtime.register(rawTool({ name: 'rm', approval: 'always', execute: body }))
  runtime.register(rawTool({ name: 'ls', execute: body }))
  runtime.register(rawTool({ name: 'cat', approval: 'never', execute: body }))
  return { runtime, body }
}

describe('declaredApprovals() — the opt-in policy that asks for tools declared approval: always', () => {
  test('asks the approval service for an always tool; it runs only on allowed-once', async () => {
    const approval = vi.fn(async (_request: ApprovalRequest) => 'allowed-once' as const)
    const { runtime, body } = setup(approval)
    runtime.on('tools/pre-execute', declaredApprovals())
    const result = await runtime.execute(callInput({ name: 'rm', agent: alice }))
    expect(codeOf(result)).toBeUndefined()
    expect(approval).toHaveBeenCalledTimes(1)
    expect(approval.mock.calls[0]?.[0].reason).toContain('rm')
    expect(approval.mock.calls[0]?.[0].execution.name).toBe('rm')
    expect(body).toHaveBeenCalledTimes(1)
  })

  test.each(['ls', 'cat'])('%s (approval absent or never) runs without asking', async (name) => {
    const approval = vi.fn(async () => 'denied' as const)
    const { runtime, body } = setup(approval)
    runtime.on('tools/pre-execute', declaredApprovals())
    expect(codeOf(await runtime.execute(callInput({ name, agent: alice })))).toBeUndefined()
    expect(approval).not.toHaveBeenCalled()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('a denied answer is DENIED and the body never runs', async () => {
    const { runtime, body } = setup(async () => 'denied')
    runtime.on('tools/pre-execute', declaredApprovals())
    expect(codeOf(await runtime.execute(callInput({ name: 'rm', agent: alice })))).toBe('DENIED')
    expect(body).not.toHaveBeenCalled()
  })

  test('without the policy installed the declaration alone asks nothing (it is data for the host)', async () => {
    const approval = vi.fn(async () => 'denied' as const)
    const { runtime, body } = setup(approval)
    expect(codeOf(await runtime.execute(callInput({ name: 'rm', agent: alice })))).toBeUndefined()
    expect(approval).not.toHaveBeenCalled()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('without an approval service: DENIED, naming the missing service and where it goes', async () => {
    const { runtime, body } = setup()
    runtime.on('tools/pre-execute', declaredApprovals())
    const result = await runtime.execute(callInput({ name: 'rm', agent: alice }))
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('no approval service is configured')
    expect(textOf(result)).toContain('createToolRuntime({ approval })')
    expect(body).not.toHaveBeenCalled()
  })

  test('without an agent: DENIED, saying what an agent is and how to pass one', async () => {
    const approval = vi.fn(async () => 'allowed-once' as const)
    const { runtime, body } = setup(approval)
    runtime.on('tools/pre-execute', declaredApprovals())
    const text = textOf(await runtime.execute(callInput({ name: 'rm' })))
    expect(text).toContain('without an agent')
    expect(text).toContain('{ id, parent? }')
    expect(text).toContain('runtime.forAgent(agent)')
    expect(approval).not.toHaveBeenCalled()
    expect(body).not.toHaveBeenCalled()
  })

  test('the scope’s resolution decides: a scoped always tool shadowing a global never tool asks', async () => {
    const approval = vi.fn(async () => 'allowed-once' as const)
    const { runtime } = setup(approval)
    runtime.forAgent(alice).register(rawTool({ name: 'ls', approval: 'always' }))
    runtime.on('tools/pre-execute', declaredApprovals())
    await runtime.execute(callInput({ name: 'ls', agent: { id: 'bob' } }))
    expect(approval).not.toHaveBeenCalled()
    await runtime.forAgent(alice).execute(callInput({ name: 'ls' }))
    expect(approval).toHaveBeenCalledTimes(1)
  })

  test('installed on an agent view it covers that agent’s calls only', async () => {
    const approval = vi.fn(async () => 'allowed-once' as const)
    const { runtime } = setup(approval)
    runtime.forAgent(alice).on('tools/pre-execute', declaredApprovals())
    await runtime.execute(callInput({ name: 'rm', agent: { id: 'bob' } }))
    expect(approval).not.toHaveBeenCalled()
    await runtime.execute(callInput({ name: 'rm', agent: alice }))
    expect(approval).toHaveBeenCalledTimes(1)
  })

  test('called outside a runtime it fails closed (deny)', async () => {
    const listener = declaredApprovals()
    const answer = await listener.call({} as never, callInput({ name: 'rm' }) as never, async () => ({ kind: 'allow' }))
    expect(answer).toMatchObject({ kind: 'deny' })
  })
})
