import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { exportTools, mcpStructuredContent, type JsonSchema, type ToolSurface } from '@toolsmith/providers'
import type { JsonSchemaNode, JsonValue, ToolDescription } from '@toolsmith/runtime'

/** The MCP revisions `@toolsmith/providers` lowers for; `mcp@2026-07-28` lets an output schema have any root. */
export type McpRevision = 'mcp@2025-11-25' | 'mcp@2026-07-28'

/**
 * The lowering target for a negotiated protocol version (date strings compare as dates). Versions
 * before 2025-11-25 take its lowering with the fields they lack removed (see {@link listedTools}).
 */
export function revisionFor(protocolVersion: string): McpRevision {
  return protocolVersion >= '2026-07-28' ? 'mcp@2026-07-28' : 'mcp@2025-11-25'
}

/** Whether `protocolVersion` has `outputSchema`/`structuredContent` and `title` (added in 2025-06-18). */
export function hasStructuredOutput(protocolVersion: string): boolean {
  return protocolVersion >= '2025-06-18'
}

/** Whether `protocolVersion` has tool annotations (added in 2025-03-26). */
function hasAnnotations(protocolVersion: string): boolean {
  return protocolVersion >= '2025-03-26'
}

/**
 * The whole `tools/list` answer for the negotiated `protocolVersion`, in the runtime's (name) order:
 * `exportTools('mcp@…')` of the described tools, with the fields an older revision lacks removed.
 */
export function listedTools(tools: readonly ToolDescription[], protocolVersion: string): Tool[] {
  const exported = exportTools(revisionFor(protocolVersion), tools as unknown as readonly ToolSurface[]).tools as Tool[]
  const structured = hasStructuredOutput(protocolVersion)
  const annotated = hasAnnotations(protocolVersion)
  if (structured && annotated) return exported
  return exported.map((tool) => {
    const { title, outputSchema, annotations, ...rest } = tool
    return {
      ...rest,
      ...(structured && title !== undefined ? { title } : {}),
      ...(structured && outputSchema !== undefined ? { outputSchema } : {}),
      ...(annotated && annotations !== undefined ? { annotations } : {}),
    }
  })
}

/** One tool as a `tools/list` entry for the negotiated `protocolVersion`. */
export function listedTool(tool: ToolDescription, protocolVersion: string): Tool {
  return listedTools([tool], protocolVersion)[0] as Tool
}

/** A success value as `structuredContent` for `protocolVersion` (wrapped as `{ result }` where the listing wrapped the schema). */
export function structuredContentOf(output: JsonSchemaNode, value: JsonValue, protocolVersion: string): Record<string, unknown> {
  return mcpStructuredContent(revisionFor(protocolVersion), output as JsonSchema, value) as Record<string, unknown>
}
