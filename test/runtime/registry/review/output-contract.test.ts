import { createToolRuntime, type ToolDefinition } from '@toolsmith/runtime'
import { expect, test } from 'vitest'
import { callInput, codeOf, rawTool } from '../fixtures.js'

// "A failed call keeps its own contexts": every failure after the body ran carries what it deferred,
// whether the output, its projection or the content finalization failed.

const context = { role: 'user' as const, content: [{ type: 'text' as const, text: 'remember this' }] }
const deferring = (overrides: Partial<ToolDefinition>, value: unknown = { text: 'x' }): ToolDefinition =>
  rawTool({ execute: async (_args, exec) => (exec.deferContext(context), value), ...overrides })
const output = rawTool().output

test.each<[string, { tool: ToolDefinition; code: string }]>([
  ['the output breaks its schema (INVALID_TOOL_OUTPUT)', { tool: deferring({}, { text: 1 }), code: 'INVALID_TOOL_OUTPUT' }],
  ['render throws', { tool: deferring({ output: { ...output, render: () => { throw new Error('render failed') } } }), code: 'INVALID_RESULT' }],
  ['render returns non-JSON content', { tool: deferring({ output: { ...output, render: () => [{ type: 'text', text: undefined }] as never } }), code: 'INVALID_RESULT' }],
  ['render returns invalid blocks', { tool: deferring({ output: { ...output, render: () => [{ type: 'video' }] as never } }), code: 'INVALID_RESULT' }],
  ['presentationMeta throws', { tool: deferring({ output: { ...output, presentationMeta: () => { throw new Error('meta failed') } } }), code: 'INVALID_RESULT' }],
  ['presentationMeta returns non-JSON', { tool: deferring({ output: { ...output, presentationMeta: () => NaN } }), code: 'INVALID_RESULT' }],
  ['finalizeContent throws', { tool: deferring({ finalizeContent: () => { throw new Error('finalize failed') } }), code: 'INVALID_RESULT' }],
  ['another deferred context is malformed', {
    tool: rawTool({ execute: async (_args, exec) => (exec.deferContext(context), exec.deferContext({ role: 'system', content: [] } as never), { text: 'x' }) }),
    code: 'INVALID_RESULT',
  }],
])('%s: the failure keeps the deferred context', async (_name, { tool, code }) => {
  const runtime = createToolRuntime()
  runtime.register(tool)
  const result = await runtime.execute(callInput())
  expect({ code: codeOf(result), contexts: result.additionalContexts }).toEqual({ code, contexts: [context] })
})
