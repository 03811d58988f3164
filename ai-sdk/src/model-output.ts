import type { Tool } from 'ai'
import type { ContentBlock, ToolErrorCode, ToolExecutionFailure } from '@toolsmith/runtime'

/** The AI SDK's tool result output (what `toModelOutput` returns; `ai` does not export the type by name). */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>

/**
 * What a failed call throws out of `execute`, so the AI SDK records a `tool-error` part and sends the
 * model its message as error text: `CODE: message` (for example `INVALID_ARGS: …`, `DENIED: …`).
 */
export class ToolsmithToolError extends Error {
  /** The runtime's failure code. */
  readonly code: ToolErrorCode
  /** The settled runtime result (content, details, meta). */
  readonly result: ToolExecutionFailure

  constructor(result: ToolExecutionFailure) {
    const code = result.error.info?.code ?? 'TOOL_ERROR'
    super(`${code}: ${result.error.message}`)
    this.name = 'ToolsmithToolError'
    this.code = code
    this.result = result
  }
}

/**
 * Rendered content as the AI SDK's tool result output: text only → one `text` output (the blocks
 * joined by newlines, what every provider takes); with images → `content` parts (`text`, `image-data`).
 */
export function modelOutput(content: readonly ContentBlock[]): ToolResultOutput {
  if (content.every((block) => block.type === 'text')) {
    return { type: 'text', value: content.map((block) => (block.type === 'text' ? block.text : '')).join('\n') }
  }
  return {
    type: 'content',
    value: content.map((block) =>
      block.type === 'text'
        ? { type: 'text' as const, text: block.text }
        : { type: 'image-data' as const, data: block.data, mediaType: block.mimeType },
    ),
  }
}
