import type { CallToolResult, ContentBlock as McpContentBlock } from '@modelcontextprotocol/sdk/types.js'
import type { ContentBlock, JsonSchemaNode, ToolErrorInfo, ToolExecutionResult } from '@toolsmith/runtime'
import { hasStructuredOutput, structuredContentOf } from './tool-listing.js'

/**
 * The `_meta` key of a failed `tools/call` result. Its value is `{ code, name?, details? }`: `code` is
 * the runtime's failure code (`INVALID_ARGS`, `UNKNOWN_TOOL`, `DENIED`, `TOOL_ERROR`, `ABORTED`, …),
 * `name` the thrown error's class when there was one, `details` the structured detail (for example
 * the validation issues). A reverse-DNS prefix, as MCP asks of `_meta` keys outside its own.
 */
export const TOOLSMITH_ERROR_META_KEY = 'dev.toolsmith/error'

/** The value under {@link TOOLSMITH_ERROR_META_KEY}. */
export type ToolsmithErrorMeta = ToolErrorInfo

/** A runtime content block as MCP's (text → text, image → image with its base64 data and MIME type). */
export function mcpContentBlock(block: ContentBlock): McpContentBlock {
  return block.type === 'text' ? { type: 'text', text: block.text } : { type: 'image', data: block.data, mimeType: block.mimeType }
}

/**
 * One settled runtime result as a `tools/call` result: a success carries `structuredContent` (the
 * value, wrapped as `{ result }` where the revision wants an object root and the output is not one)
 * and the rendered content; a failure `isError`, the content (the message unless a hook replaced it)
 * and the code under {@link TOOLSMITH_ERROR_META_KEY}. Every part is a fresh copy the caller may
 * change: the runtime's result stays frozen.
 */
export function callToolResult(result: ToolExecutionResult, output: JsonSchemaNode | undefined, protocolVersion: string): CallToolResult {
  return structuredClone(servedCallToolResult(result, output, protocolVersion))
}

/**
 * {@link callToolResult} without the copy, for serveMcp alone (not exported by the package): the content and the
 * structured value are the result's own frozen snapshots (the runtime's text and image blocks are MCP's, field for
 * field, see {@link mcpContentBlock}), read-only at the type level only. The SDK validates the result into its own
 * objects before sending it, so nothing changes them.
 */
export function servedCallToolResult(result: ToolExecutionResult, output: JsonSchemaNode | undefined, protocolVersion: string): CallToolResult {
  const content = result.content as unknown as McpContentBlock[]
  if (result.isError) {
    const info: ToolErrorInfo = result.error.info ?? { code: 'TOOL_ERROR' }
    return {
      isError: true,
      content: content.length > 0 ? content : [{ type: 'text', text: result.error.message }],
      _meta: { [TOOLSMITH_ERROR_META_KEY]: { ...info } },
    }
  }
  if (output === undefined || !hasStructuredOutput(protocolVersion)) return { content }
  return { content, structuredContent: structuredContentOf(output, result.value, protocolVersion) }
}
