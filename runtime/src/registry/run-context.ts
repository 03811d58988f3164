import type { UserMessage } from '../content/content-block.js'
import type { ToolRunContext } from '../tool/tool-definition.js'
import type { ToolCall } from './tool-call.js'

/**
 * The frozen `ToolRunContext` a body receives: the execution identity, the fused signal, and
 * `deferContext`/`concludeTurn` bound to this call (own functions, so a body may destructure them).
 */
export function createRunContext(call: ToolCall, signal: AbortSignal): ToolRunContext {
  return Object.freeze({
    ...call.exec,
    signal,
    deferContext: (context: UserMessage): void => call.defer(context),
    concludeTurn: (): void => call.conclude(),
  })
}
