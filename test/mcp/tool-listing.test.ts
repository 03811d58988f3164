// The lowering per protocol revision, checked with the MCP SDK's own schemas and output validator.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { CallToolResultSchema, ToolSchema } from '@modelcontextprotocol/sdk/types.js'
import { callToolResult, listedTool, revisionFor } from '@toolsmith/mcp'
import { createToolRuntime, type JsonValue, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, it } from 'vitest'
import { tools } from './fixtures/tools.mjs'

const runtime = createToolRuntime()
for (const tool of tools) runtime.register(tool)
const described = (name: string) => {
  const found = runtime.describe().find((tool) => tool.name === name)
  if (found === undefined) throw new Error(name)
  return found
}
const success = (value: JsonValue): ToolExecutionResult => ({
  isError: false,
  value,
  content: [{ type: 'text', text: JSON.stringify(value) }],
})

describe('lowering per negotiated revision', () => {
  it.each([
    ['2024-11-05', 'mcp@2025-11-25'],
    ['2025-06-18', 'mcp@2025-11-25'],
    ['2025-11-25', 'mcp@2025-11-25'],
    ['2026-07-28', 'mcp@2026-07-28'],
  ])('%s lowers as %s', (version, want) => {
    expect(revisionFor(version)).toBe(want)
  })

  it.each([
    ['2025-11-25', true, true],
    ['2025-06-18', true, true],
    ['2025-03-26', false, true],
    ['2024-11-05', false, false],
  ])('%s: outputSchema and title %s, annotations %s', (version, structured, annotated) => {
    const tool = listedTool(described('get_weather'), version)
    expect(ToolSchema.safeParse(tool).success).toBe(true)
    expect('outputSchema' in tool).toBe(structured)
    expect('title' in tool).toBe(structured)
    expect('annotations' in tool).toBe(annotated)
  })

  it('a non-object output: wrapped as { result } for 2025-11-25, as-is for 2026-07-28; the SDK validator accepts both', () => {
    const validator = new AjvJsonSchemaValidator()
    const tool = described('count_words')
    const older = listedTool(tool, '2025-11-25')
    const olderResult = callToolResult(success(3), tool.output, '2025-11-25')
    expect(CallToolResultSchema.safeParse(olderResult).success).toBe(true)
    expect(olderResult.structuredContent).toEqual({ result: 3 })
    expect(validator.getValidator(older.outputSchema as object)(olderResult.structuredContent).valid).toBe(true)
    expect(validator.getValidator(older.outputSchema as object)({ result: 'three' }).valid).toBe(false)

    const newer = listedTool(tool, '2026-07-28')
    const newerResult = callToolResult(success(3), tool.output, '2026-07-28')
    expect(newer.outputSchema).toEqual(tool.output)
    expect(newerResult.structuredContent).toBe(3)
    expect(validator.getValidator(newer.outputSchema as object)(newerResult.structuredContent).valid).toBe(true)
    expect(validator.getValidator(newer.outputSchema as object)('three').valid).toBe(false)
  })

  it('an object output is never wrapped', () => {
    const tool = described('get_weather')
    for (const version of ['2025-11-25', '2026-07-28']) {
      expect(listedTool(tool, version).outputSchema).toEqual(tool.output)
      expect(callToolResult(success({ city: 'a', degrees: 1 }), tool.output, version).structuredContent).toEqual({ city: 'a', degrees: 1 })
    }
  })

  it('before 2025-06-18 a success carries content only', () => {
    const result = callToolResult(success(3), described('count_words').output, '2025-03-26')
    expect(result).toEqual({ content: [{ type: 'text', text: '3' }] })
  })
})
