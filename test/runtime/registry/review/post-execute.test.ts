import { createToolRuntime, type PostToolDecision, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

type Next = () => Promise<PostToolDecision>

function setup() {
  const runtime = createToolRuntime()
  const presentationMeta = vi.fn((_args: unknown, value: unknown) => ({ shown: (value as { text: string }).text }))
  runtime.register(
    rawTool({
      execute: async (args, exec) => {
        exec.deferContext({ role: 'user', content: [{ type: 'text', text: 'from body' }] })
        if ((args as { text: string }).text === 'throw') throw new Error('tool failed')
        return { text: (args as { text: string }).text }
      },
      output: { ...rawTool().output, presentationMeta },
    }),
  )
  return { runtime, presentationMeta }
}

describe('tools/post-execute — "Accept, replace, enrich, or block a normalized dispatch result"', () => {
  test('"next() accepts it unchanged": the dispatch result object is the outcome', async () => {
    const { runtime } = setup()
    let dispatched: ToolExecutionResult | undefined
    runtime.on('tools/execute', async (_exec, next) => (dispatched = await next()))
    runtime.on('tools/post-execute', (_exec, _result, next) => next())
    expect(await runtime.execute(callInput())).toBe(dispatched)
  })

  test('the listener sees the frozen dispatch result and the frozen execution', async () => {
    const { runtime } = setup()
    let seen: { result: ToolExecutionResult; frozen: boolean } | undefined
    runtime.on('tools/post-execute', (exec, result, next) => ((seen = { result, frozen: Object.isFrozen(exec) && isDeepFrozen(result) }), next()))
    await runtime.execute(callInput())
    expect(seen?.frozen).toBe(true)
    expect(seen?.result.isError ? undefined : seen?.result.value).toEqual({ text: 'hi' })
  })

  test('"Content replacement preserves the canonical value and existing metadata"', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', () => ({ kind: 'accept', content: [{ type: 'text', text: 'redacted' }] }))
    const result = await runtime.execute(callInput())
    expect(textOf(result)).toBe('redacted')
    expect(result.isError ? undefined : result.value).toEqual({ text: 'hi' })
    expect(result.meta).toEqual({ shown: 'hi' })
    expect(result.additionalContexts).toHaveLength(1)
  })

  test('"Value replacement is revalidated and recomputes content/metadata"', async () => {
    const { runtime, presentationMeta } = setup()
    runtime.on('tools/post-execute', () => ({ kind: 'accept', value: { text: 'replaced' } }))
    const result = await runtime.execute(callInput())
    expect(result.isError ? undefined : result.value).toEqual({ text: 'replaced' })
    expect(textOf(result)).toBe('replaced')
    expect(result.meta).toEqual({ shown: 'replaced' })
    expect(presentationMeta).toHaveBeenCalledTimes(2)
    expect(result.additionalContexts).toHaveLength(1)
  })

  test('a replacement value the output schema rejects is INVALID_TOOL_OUTPUT', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', () => ({ kind: 'accept', value: { text: 42 } }))
    expect(codeOf(await runtime.execute(callInput()))).toBe('INVALID_TOOL_OUTPUT')
  })

  test('null is a legitimate replacement value (checked against the schema, not taken as absent)', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ output: { schema: { oneOf: [{ type: 'null' }, { type: 'object' }] }, render: (_args, value) => [{ type: 'text', text: JSON.stringify(value) }] } }))
    runtime.on('tools/post-execute', () => ({ kind: 'accept', value: null }))
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toBeNull()
    expect(textOf(result)).toBe('null')
  })

  test('"accept … additionalContexts" are appended after the body\'s own', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', () => ({ kind: 'accept', additionalContexts: [{ role: 'user', content: [{ type: 'text', text: 'from policy' }] }] }))
    const result = await runtime.execute(callInput())
    expect(result.additionalContexts?.map((context) => (context.content[0] as { text: string }).text)).toEqual(['from body', 'from policy'])
    expect(isDeepFrozen(result)).toBe(true)
  })

  test('"Blocking removes the value and becomes isError with corrective feedback" (BLOCKED, no meta, only its own contexts)', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [{ type: 'text', text: 'That file is secret; ask for another.' }],
      additionalContexts: [{ role: 'user', content: [] }],
    }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('BLOCKED')
    expect(textOf(result)).toBe('That file is secret; ask for another.')
    expect(result.isError && result.error.message).toBe('That file is secret; ask for another.')
    expect('value' in result || 'meta' in result).toBe(false)
    expect(result.additionalContexts).toEqual([{ role: 'user', content: [] }])
  })

  test('a block with empty feedback still gives the model a readable message', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: [] }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('BLOCKED')
    expect(textOf(result).length).toBeGreaterThan(0)
  })

  test('"thrown tools still reach this waterfall as errors"', async () => {
    const { runtime } = setup()
    let seen: ToolExecutionResult | undefined
    runtime.on('tools/post-execute', (_exec, result, next) => ((seen = result), next()))
    const result = await runtime.execute(callInput({ arguments: { text: 'throw' } }))
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(seen).toBe(result)
  })

  test('content replacement on an error keeps the error; a value replacement turns it into a checked success', async () => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', (_exec, result) => (result.isError ? { kind: 'accept', content: [{ type: 'text', text: 'friendlier' }] } : { kind: 'accept' }))
    const failed = await runtime.execute(callInput({ arguments: { text: 'throw' } }))
    expect(codeOf(failed)).toBe('TOOL_ERROR')
    expect(textOf(failed)).toBe('friendlier')

    const fallback = setup().runtime
    fallback.on('tools/post-execute', () => ({ kind: 'accept', value: { text: 'fallback' } }))
    const recovered = await fallback.execute(callInput({ arguments: { text: 'throw' } }))
    expect(recovered.isError ? recovered.error : recovered.value).toEqual({ text: 'fallback' })
  })

  test.each<[string, (...args: never[]) => unknown]>([
    ['throws', () => { throw new Error('policy crashed') }],
    ['rejects', async () => { throw new Error('policy crashed') }],
    ['returns undefined', () => undefined],
    ['returns an unknown kind', () => ({ kind: 'replace' })],
    ['replaces both content and value ("one of content or value, not both")', () => ({ kind: 'accept', content: [], value: { text: 'x' } })],
    ['returns malformed content', () => ({ kind: 'accept', content: 'text' })],
    ['returns non-JSON content', () => ({ kind: 'accept', content: [{ type: 'text', text: 'x', extra: Symbol('s') }] })],
    ['blocks without feedback', () => ({ kind: 'block' })],
    ['blocks with a value', () => ({ kind: 'block', feedback: [], value: 1 })],
    ['returns malformed contexts', () => ({ kind: 'accept', additionalContexts: [{ role: 'system', content: [] }] })],
    ['mutates the frozen result', (_exec: unknown, result: ToolExecutionResult) => { (result as { content: unknown }).content = []; return { kind: 'accept' } }],
  ])('a listener that %s blocks the result (fail closed): the value never gets through', async (_name, listener) => {
    const { runtime } = setup()
    runtime.on('tools/post-execute', listener as never)
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('BLOCKED')
    expect('value' in result).toBe(false)
    expect(textOf(result)).not.toContain('"hi"')
  })

  test('an outer listener sees an inner listener\'s failure as a block decision', async () => {
    const { runtime } = setup()
    let inner: PostToolDecision | undefined
    runtime.on('tools/post-execute', async (_exec, _result, next) => (inner = await next()))
    runtime.on('tools/post-execute', () => {
      throw new Error('inner broke')
    })
    expect(codeOf(await runtime.execute(callInput()))).toBe('BLOCKED')
    expect(inner?.kind).toBe('block')
  })

  test('is skipped for outcomes that never dispatched: UNKNOWN_TOOL, non-JSON arguments, DENIED, ABORTED_BEFORE_DISPATCH', async () => {
    const { runtime } = setup()
    const post = vi.fn((_exec: unknown, _result: unknown, next: Next) => next())
    runtime.on('tools/post-execute', post as never)
    await runtime.execute(callInput({ name: 'missing' }))
    await runtime.execute(callInput({ arguments: () => 1 }))
    await runtime.execute(callInput({ signal: AbortSignal.abort() }))
    const dispose = runtime.guard(() => 'no')
    await runtime.execute(callInput())
    dispose()
    expect(post).not.toHaveBeenCalled()
    await runtime.execute(callInput())
    expect(post).toHaveBeenCalledTimes(1)
  })

  test('"agent-scoped listeners receive only that agent\'s calls"', async () => {
    const { runtime } = setup()
    const alice = { id: 'alice' }
    const scoped = vi.fn((_exec: unknown, _result: unknown, next: Next) => next())
    runtime.forAgent(alice).on('tools/post-execute', scoped as never)
    await runtime.execute(callInput({ agent: { id: 'bob' } }))
    expect(scoped).not.toHaveBeenCalled()
    await runtime.execute(callInput({ agent: alice }))
    expect(scoped).toHaveBeenCalledTimes(1)
  })
})
