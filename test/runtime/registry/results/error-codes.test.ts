import { createToolRuntime, defineCodeModeTransport, defineTool, type CodeModeErrorCode, type ToolErrorCode, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

// DESIGN.md: "ToolFailure.info.code is one of UNKNOWN_TOOL, INVALID_ARGS, INVALID_TOOL_OUTPUT, DENIED,
// BLOCKED, TOOL_ERROR, TIMEOUT, ABORTED, ABORTED_BEFORE_DISPATCH, INVALID_RESULT". One way to get each.
type Runtime = ReturnType<typeof createToolRuntime>
// The Code Mode transport's own codes: only a marked run_code body keeps them (test/runtime/registry/code-mode-transport.test.ts).
const transportFailure = (code: CodeModeErrorCode) => (runtime: Runtime) => {
  const coder = { id: 'coder' }
  runtime.forAgent(coder).presentAs('code')
  runtime.register(defineCodeModeTransport(rawTool({ name: 'run_code', execute: async () => { throw Object.assign(new Error(`The program failed (${code})`), { code }) } })))
  return runtime.execute(callInput({ name: 'run_code', agent: coder }))
}
const produce: Record<ToolErrorCode, (runtime: Runtime) => Promise<ToolExecutionResult>> = {
  UNKNOWN_TOOL: (runtime) => runtime.execute(callInput({ name: 'missing' })),
  INVALID_ARGS: (runtime) => {
    runtime.register(defineTool({ name: 'typed', description: 'T.', parameters: { n: { type: 'integer', required: true } }, output: { schema: { type: 'null' }, render: () => [] }, execute: async () => null }))
    return runtime.execute(callInput({ name: 'typed', arguments: { n: 'one' } }))
  },
  INVALID_TOOL_OUTPUT: (runtime) => (runtime.register(rawTool({ execute: async () => ({ text: false }) })), runtime.execute(callInput())),
  DENIED: (runtime) => (runtime.register(rawTool()), runtime.guard(() => 'not today'), runtime.execute(callInput())),
  BLOCKED: (runtime) => (runtime.register(rawTool()), runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: [{ type: 'text', text: 'Ask first.' }] })), runtime.execute(callInput())),
  TOOL_ERROR: (runtime) => (runtime.register(rawTool({ execute: async () => { throw new Error('disk full') } })), runtime.execute(callInput())),
  TIMEOUT: (runtime) => (runtime.register(rawTool({ timeoutMs: 5, execute: (_args, exec) => new Promise((_r, reject) => exec.signal.addEventListener('abort', () => reject(exec.signal.reason))) })), runtime.execute(callInput())),
  ABORTED: (runtime) => {
    const controller = new AbortController()
    runtime.register(rawTool({ execute: async () => (controller.abort(), { text: 'too late' }) }))
    return runtime.execute(callInput({ signal: controller.signal }))
  },
  ABORTED_BEFORE_DISPATCH: (runtime) => (runtime.register(rawTool()), runtime.execute(callInput({ signal: AbortSignal.abort() }))),
  INVALID_RESULT: (runtime) => (runtime.register(rawTool({ output: { ...rawTool().output, render: () => [{ type: 'text', text: 1 }] as never } })), runtime.execute(callInput())),
  CODE_SYNTAX_ERROR: transportFailure('CODE_SYNTAX_ERROR'),
  CODE_THREW: transportFailure('CODE_THREW'),
  CODE_TIME_LIMIT: transportFailure('CODE_TIME_LIMIT'),
  CODE_MEMORY_LIMIT: transportFailure('CODE_MEMORY_LIMIT'),
  CODE_STACK_LIMIT: transportFailure('CODE_STACK_LIMIT'),
  CODE_CALL_LIMIT: transportFailure('CODE_CALL_LIMIT'),
  CODE_OUTPUT_LIMIT: transportFailure('CODE_OUTPUT_LIMIT'),
}

describe('every failure code is produced, with a readable message and content the model can read', () => {
  test.each(Object.entries(produce) as [ToolErrorCode, (runtime: Runtime) => Promise<ToolExecutionResult>][])('%s', async (code, make) => {
    const result = await make(createToolRuntime())
    expect(result.isError).toBe(true)
    if (!result.isError) return
    expect(result.error.info?.code).toBe(code)
    expect(result.error.message.length).toBeGreaterThan(0)
    expect(result.error.message.startsWith('Error: ')).toBe(false)
    expect(result.content.length).toBeGreaterThan(0)
    expect(result.content.every((block) => block.type === 'text')).toBe(true)
    // The model reads the message itself, except for a block, whose content is the policy's feedback.
    expect(textOf(result)).toBe(code === 'BLOCKED' ? 'Ask first.' : result.error.message)
    expect('value' in result).toBe(false)
    expect(isDeepFrozen(result)).toBe(true)
  })
})

describe('thrown values keep their message', () => {
  test.each([
    ['an AbortError DOMException', () => new DOMException('The operation was aborted.', 'AbortError'), 'The operation was aborted.', 'AbortError'],
    ['a TimeoutError DOMException', () => new DOMException('The operation timed out.', 'TimeoutError'), 'The operation timed out.', 'TimeoutError'],
    ['an Error', () => new RangeError('out of range'), 'out of range', 'RangeError'],
  ])('%s: its message and name reach the model', async (_name, make, message, name) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async () => { throw make() } }))
    const result = await runtime.execute(callInput())
    expect(result.isError && result.error).toMatchObject({ message, info: { code: 'TOOL_ERROR', name } })
  })

  test('an object that only pretends to be a DOMException runs no getter and still gives a readable failure', async () => {
    const runtime = createToolRuntime()
    const fake = Object.create(DOMException.prototype) as object
    runtime.register(rawTool({ execute: async () => { throw fake } }))
    const result = await runtime.execute(callInput())
    expect(result.isError && result.error.info?.code).toBe('TOOL_ERROR')
    expect(textOf(result).length).toBeGreaterThan(0)
  })
})
