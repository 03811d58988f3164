import { createToolRuntime, type ToolDefinition, type ToolExecution, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, flush, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

type Runtime = ReturnType<typeof createToolRuntime>

// One scenario per normalized outcome of a known tool; each returns the call to make.
const scenarios: [string, string | undefined, (runtime: Runtime, tool: (overrides?: Partial<ToolDefinition>) => ToolDefinition) => Promise<ToolExecutionResult>][] = [
  ['success', undefined, (runtime, tool) => (runtime.register(tool()), runtime.execute(callInput()))],
  ['a throwing body', 'TOOL_ERROR', (runtime, tool) => (runtime.register(tool({ execute: async () => { throw new Error('x') } })), runtime.execute(callInput()))],
  ['an invalid output', 'INVALID_TOOL_OUTPUT', (runtime, tool) => (runtime.register(tool({ execute: async () => ({ text: 1 }) })), runtime.execute(callInput()))],
  ['non-JSON arguments ("invalid input … reach it")', 'INVALID_ARGS', (runtime, tool) => (runtime.register(tool()), runtime.execute(callInput({ arguments: { f: () => 1 } })))],
  ['a pre-execute deny', 'DENIED', (runtime, tool) => (runtime.register(tool()), runtime.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' })), runtime.execute(callInput()))],
  ['a guard', 'DENIED', (runtime, tool) => (runtime.register(tool()), runtime.guard(() => 'no'), runtime.execute(callInput()))],
  ['a post-execute block', 'BLOCKED', (runtime, tool) => (runtime.register(tool()), runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: [] })), runtime.execute(callInput()))],
  ['a cancelled call', 'ABORTED_BEFORE_DISPATCH', (runtime, tool) => (runtime.register(tool()), runtime.execute(callInput({ signal: AbortSignal.abort() })))],
  ['a success cancelled late', 'ABORTED', (runtime, tool) => {
    const controller = new AbortController()
    runtime.register(tool())
    runtime.on('tools/post-execute', (_exec, _result, next) => (controller.abort(), next()))
    return runtime.execute(callInput({ signal: controller.signal }))
  }],
  ['a timeout', 'TIMEOUT', (runtime, tool) => (runtime.register(tool({ timeoutMs: 5, execute: (_args, exec) => new Promise((_r, reject) => exec.signal.addEventListener('abort', () => reject(new Error('t')))) })), runtime.execute(callInput()))],
  ['a failing renderer', 'INVALID_RESULT', (runtime, tool) => (runtime.register(tool({ output: { ...rawTool().output, render: () => { throw new Error('r') } } })), runtime.execute(callInput()))],
  ['a throwing wrapper', 'TOOL_ERROR', (runtime, tool) => (runtime.register(tool()), runtime.on('tools/execute', () => { throw new Error('w') }), runtime.execute(callInput()))],
]

describe('finalizeContent — "invokes it exactly once for every normalized outcome, including pipeline failures that bypass tools/post-execute"', () => {
  test.each(scenarios)('called exactly once for %s', async (_name, code, run) => {
    const runtime = createToolRuntime()
    const finalize = vi.fn((_exec: Readonly<ToolExecution>, _result: Readonly<ToolExecutionResult>) => undefined)
    const result = await run(runtime, (overrides = {}) => rawTool({ finalizeContent: finalize, ...overrides }))
    expect(codeOf(result)).toBe(code)
    expect(finalize).toHaveBeenCalledTimes(1)
    const [exec, seen] = finalize.mock.calls[0] ?? []
    expect(Object.isFrozen(exec)).toBe(true)
    expect(isDeepFrozen(seen)).toBe(true)
    expect(seen?.isError).toBe(code !== undefined)
  })

  test('is not called for an unknown tool (there is no definition)', async () => {
    const runtime = createToolRuntime()
    const finalize = vi.fn(() => undefined)
    runtime.register(rawTool({ finalizeContent: finalize }))
    expect(codeOf(await runtime.execute(callInput({ name: 'other' })))).toBe('UNKNOWN_TOOL')
    expect(finalize).not.toHaveBeenCalled()
  })

  test('sees the complete outcome (the value included) and the definition as this', async () => {
    const runtime = createToolRuntime()
    let seen: { self: unknown; result: ToolExecutionResult } | undefined
    const definition = rawTool({
      finalizeContent(this: unknown, _exec, result) {
        seen = { self: this, result }
        return undefined
      },
    })
    runtime.register(definition)
    await runtime.execute(callInput())
    expect(seen?.self).toBe(definition)
    expect(seen?.result.isError ? undefined : seen?.result.value).toEqual({ text: 'hi' })
  })

  test('"Returning undefined preserves the content; every other result field remains registry-owned"', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({
      output: { ...rawTool().output, presentationMeta: () => ({ m: 1 }) },
      execute: async (_args, exec) => (exec.concludeTurn(), { text: 'v' }),
      finalizeContent: () => [{ type: 'text', text: 'final' }],
    }))
    const result = await runtime.execute(callInput())
    expect(result).toEqual({ isError: false, value: { text: 'v' }, content: [{ type: 'text', text: 'final' }], meta: { m: 1 }, concludesTurn: true })
    expect(isDeepFrozen(result)).toBe(true)
  })

  test('a replacement on a failure keeps the failure', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async () => { throw new Error('bad') }, finalizeContent: () => [{ type: 'text', text: 'sanitized' }] }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(result.isError && result.error.message).toBe('bad')
    expect(textOf(result)).toBe('sanitized')
  })

  test('the replacement is snapshotted: mutating it afterwards changes nothing', async () => {
    const runtime = createToolRuntime()
    const replacement = [{ type: 'text' as const, text: 'final' }]
    runtime.register(rawTool({ finalizeContent: () => replacement }))
    const result = await runtime.execute(callInput())
    replacement[0] = { type: 'text', text: 'changed' }
    expect(textOf(result)).toBe('final')
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('cap failed') }],
    ['returns non-JSON', () => [{ type: 'text', text: 'x', at: new Date() }]],
    ['returns a string', () => 'just text'],
    ['returns null', () => null],
    ['returns malformed blocks', () => [{ type: 'text', text: 1 }]],
  ])('a finalizeContent that %s → INVALID_RESULT carrying only the registry message (the original content is withheld)', async (_name, finalize) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async () => ({ text: 'SECRET' }), finalizeContent: finalize as never }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_RESULT')
    expect(textOf(result)).not.toContain('SECRET')
    expect('value' in result).toBe(false)
  })

  test('"The registry snapshots this callback when execution starts": a re-registration mid-call does not change it', async () => {
    const runtime = createToolRuntime()
    const original = vi.fn(() => undefined)
    const replacement = vi.fn(() => undefined)
    const release = deferred<void>()
    const dispose = runtime.register(rawTool({ execute: async () => (await release.promise, { text: 'x' }), finalizeContent: original }))
    const pending = runtime.execute(callInput())
    await flush()
    dispose()
    runtime.register(rawTool({ finalizeContent: replacement }))
    release.resolve()
    await pending
    expect(original).toHaveBeenCalledTimes(1)
    expect(replacement).not.toHaveBeenCalled()
  })
})
