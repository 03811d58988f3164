import type { JsonSchemaNode, ToolDescription } from '@toolsmith/runtime'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'

/** The MCP revisions toolsmith lowers for; `mcp@2026-07-28` lets an output schema have any root. */
export type McpRevision = 'mcp@2025-11-25' | 'mcp@2026-07-28'

/** The property a non-object output is wrapped under where the revision wants an object root. */
export const WRAPPED_OUTPUT_KEY = 'result'

/**
 * The lowering target for a negotiated protocol version (date strings compare as dates). Versions
 * before 2025-11-25 take its lowering with the fields they lack removed (see {@link listedTool}).
 */
export function revisionFor(protocolVersion: string): McpRevision {
  return protocolVersion >= '2026-07-28' ? 'mcp@2026-07-28' : 'mcp@2025-11-25'
}

/** Whether `output` is listed as-is (an object root, or any root on the newer revision). */
export function outputIsObjectRoot(output: JsonSchemaNode): boolean {
  return (output as { type?: unknown }).type === 'object'
}

/** Whether this tool's structured content is wrapped as `{ result }` under `protocolVersion`. */
export function outputIsWrapped(output: JsonSchemaNode, protocolVersion: string): boolean {
  return revisionFor(protocolVersion) === 'mcp@2025-11-25' && !outputIsObjectRoot(output)
}

/** Whether `protocolVersion` has `outputSchema`/`structuredContent` and `title` (added in 2025-06-18). */
export function hasStructuredOutput(protocolVersion: string): boolean {
  return protocolVersion >= '2025-06-18'
}

/** Whether `protocolVersion` has tool annotations (added in 2025-03-26). */
function hasAnnotations(protocolVersion: string): boolean {
  return protocolVersion >= '2025-03-26'
}

/** One tool as a `tools/list` entry for the negotiated `protocolVersion`. */
export function listedTool(tool: ToolDescription, protocolVersion: string): Tool {
  const { annotations } = tool
  const output = tool.output
  const outputSchema = outputIsWrapped(output, protocolVersion)
    ? { type: 'object', properties: { [WRAPPED_OUTPUT_KEY]: output }, required: [WRAPPED_OUTPUT_KEY], additionalProperties: false }
    : output
  const structured = hasStructuredOutput(protocolVersion)
  return {
    name: tool.name,
    ...(structured && annotations.title !== undefined ? { title: annotations.title } : {}),
    description: tool.description,
    inputSchema: tool.parameters as Tool['inputSchema'],
    ...(structured ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
    ...(hasAnnotations(protocolVersion)
      ? {
          annotations: {
            ...(annotations.title === undefined ? {} : { title: annotations.title }),
            readOnlyHint: annotations.readOnly,
            destructiveHint: annotations.destructive,
            idempotentHint: annotations.idempotent,
            openWorldHint: annotations.openWorld,
          },
        }
      : {}),
  }
}

/** The whole `tools/list` answer for the negotiated `protocolVersion`, in the runtime's (name) order. */
export function listedTools(tools: readonly ToolDescription[], protocolVersion: string): Tool[] {
  return tools.map((tool) => listedTool(tool, protocolVersion))
}
