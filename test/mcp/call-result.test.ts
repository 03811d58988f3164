// callToolResult, as the package exports it: a CallToolResult the host may change (add a footer block, edit a text),
// whatever the runtime's result it came from, which stays frozen and unchanged.
import { callToolResult } from '@toolsmith/mcp'
import { createToolRuntime, defineTool, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, it } from 'vitest'

const runtime = createToolRuntime()
runtime.register(
  defineTool({
    name: 'weather',
    description: 'd',
    parameters: { fail: { type: 'boolean' } },
    output: {
      schema: { type: 'object', additionalProperties: false, properties: { city: { type: 'string', required: true } } },
      render: (_args, value) => [{ type: 'text', text: value.city }],
    },
    execute: async ({ fail }) => {
      if (fail === true) throw new Error('no weather')
      return { city: 'Oslo' }
    },
  }),
)
const run = (args: object): Promise<ToolExecutionResult> =>
  runtime.execute({ callId: 'c', name: 'weather', arguments: args, signal: new AbortController().signal })
const output = runtime.get('weather')?.output.schema

describe('callToolResult', () => {
  it('a success: content and structuredContent are copies the host may change; the runtime result is untouched', async () => {
    const result = await run({})
    const mcp = callToolResult(result, output, '2025-06-18')
    mcp.content.push({ type: 'text', text: 'footer' })
    const first = mcp.content[0] as { text: string }
    first.text += ' (edited)'
    ;(mcp.structuredContent as { city: string }).city = 'Bergen'
    expect(mcp.content).toEqual([
      { type: 'text', text: 'Oslo (edited)' },
      { type: 'text', text: 'footer' },
    ])
    expect(result.content).toEqual([{ type: 'text', text: 'Oslo' }])
    expect(result.isError === false && result.value).toEqual({ city: 'Oslo' })
  })

  it('a failure: content and the error meta are copies too', async () => {
    const result = await run({ fail: true })
    const mcp = callToolResult(result, output, '2025-06-18')
    expect(mcp.isError).toBe(true)
    mcp.content.push({ type: 'text', text: 'footer' })
    ;(mcp._meta?.['dev.toolsmith/error'] as { code: string }).code = 'CHANGED'
    expect(mcp.content).toHaveLength(2)
    expect(result.content).toHaveLength(1)
    expect(result.isError && result.error.info?.code).toBe('TOOL_ERROR')
  })
})
