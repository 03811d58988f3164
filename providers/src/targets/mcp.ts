import type { ExportTarget, JsonSchema, LossEntry, ToolSurface } from '../export-model.js'
import { cloneJson, own } from '../lower-schema.js'

// MCP tools/list (https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool):
// - name: "between 1 and 128 characters", "case-sensitive", of "uppercase and lowercase ASCII letters
//   (A-Z, a-z), digits (0-9), underscore (_), hyphen (-), and dot (.)" (2025-11-25, tool names).
// - title (display name), description, inputSchema ("a JSON Schema object", type: "object"),
//   outputSchema, annotations: { title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint }
//   with defaults false, true, false, true (destructive and idempotent meaningful only when not read-only).
// - 2025-11-25: outputSchema is an object schema ("type": "object") and structuredContent a JSON object,
//   so a non-object output is wrapped as { result } (the value under "result").
// - 2026-07-28 (SEP-2106, https://modelcontextprotocol.io/seps/2106-json-schema-2020-12): outputSchema is
//   any JSON Schema and structuredContent any JSON value, so the output schema is sent as it is.

/** MCP's tool-name rule (2025-11-25 and later). */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/** One `tools/list` tool for `target`. */
export function mcpTool(target: ExportTarget, tool: ToolSurface, report: LossEntry[]): Record<string, unknown> {
  const out: Record<string, unknown> = { name: tool.name }
  const annotations = tool.annotations
  const title = annotations?.title
  if (title !== undefined) out['title'] = title
  out['description'] = tool.description
  out['inputSchema'] = cloneJson(tool.parameters)
  if (tool.output !== undefined) out['outputSchema'] = outputSchema(target, tool, tool.output, report)
  if (annotations !== undefined) {
    const hints: Record<string, unknown> = {}
    if (title !== undefined) hints['title'] = title
    if (annotations.readOnly !== undefined) hints['readOnlyHint'] = annotations.readOnly
    if (annotations.destructive !== undefined) hints['destructiveHint'] = annotations.destructive
    if (annotations.idempotent !== undefined) hints['idempotentHint'] = annotations.idempotent
    if (annotations.openWorld !== undefined) hints['openWorldHint'] = annotations.openWorld
    out['annotations'] = hints
  }
  return out
}

function outputSchema(target: ExportTarget, tool: ToolSurface, output: JsonSchema, report: LossEntry[]): unknown {
  if (target !== 'mcp@2025-11-25' || own(output, 'type') === 'object') return cloneJson(output)
  report.push({
    tool: tool.name,
    path: '/output',
    keyword: 'type',
    action: 'rewritten',
    detail: 'MCP 2025-11-25 needs an object output schema: the value is wrapped as { result } (structuredContent.result)',
  })
  return { type: 'object', properties: { result: cloneJson(output) }, required: ['result'], additionalProperties: false }
}

/** The structured content of a value for `target`: wrapped as `{ result }` where the output schema was. */
export function mcpStructuredContent(target: ExportTarget, output: JsonSchema, value: unknown): unknown {
  return target === 'mcp@2025-11-25' && own(output, 'type') !== 'object' ? { result: value } : value
}
