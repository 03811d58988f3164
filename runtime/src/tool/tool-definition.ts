import type { ContentBlock, UserMessage } from '../content/content-block.js'
import type { ToolExecution, ToolExecutionResult, ToolResult } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import type { ToolCallView, ToolResultView } from '../presentation/views.js'
import type { JsonSchemaNode, ObjectJsonSchema } from '../schema/json-schema/json-schema-node.js'

/** The model-facing fields of a tool: the only ones `schemas()` ever sends. */
export interface ToolSchema {
  readonly name: string
  readonly description: string
  /** The compiled model-facing JSON Schema of the arguments (an object root). */
  readonly parameters: ObjectJsonSchema
}

/** Tool-owned canonical output contract used after the body returns a JSON value. */
export interface ToolOutputDefinition {
  /** Raw supported JSON Schema enforced against every successful canonical value. */
  readonly schema: JsonSchemaNode
  /** Pure projection from validated arguments and value to model content. */
  render(args: unknown, value: JsonValue): ContentBlock[]
  /** Pure replayable presentation projection, computed only for top-level calls. */
  presentationMeta?(args: unknown, value: JsonValue): JsonValue
}

/** Runtime context handed to a tool body after the registry accepted the call. */
export interface ToolRunContext extends ToolExecution {
  /** Defer one context until this tool's final result reaches the agent loop; kept in call order. */
  deferContext(context: UserMessage): void
  /** Mark a successful final result as terminal for the current agent turn. */
  concludeTurn(): void
}

/** A registered tool: its schema plus the execution function. */
export interface ToolDefinition extends ToolSchema {
  /** Mandatory canonical output declaration. */
  readonly output: ToolOutputDefinition
  /**
   * Run one accepted call and return only its canonical lossless-JSON value.
   * Async work must observe `exec.signal` and settle only after its own work is quiescent.
   */
  execute(args: unknown, exec: ToolRunContext): Promise<unknown>
  /**
   * Synchronous last-mile transform for model-facing content, snapshotted at start and
   * invoked exactly once for every normalized outcome. `undefined` keeps the content.
   */
  finalizeContent?(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): ContentBlock[] | undefined
  /** Cooperative timeout budget in milliseconds; never sent to the model. */
  readonly timeoutMs?: number
  /** Pure synchronous classifier: only an exact `true` lets the call run in parallel. */
  isConcurrencySafe?(args: unknown): boolean
  /** Pure presentation of the pending state of one call. */
  presentCall?(args: unknown): ToolCallView | undefined
  /** Pure presentation of the completed state of one call. */
  presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
}
