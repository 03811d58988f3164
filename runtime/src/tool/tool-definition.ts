import type { ContentBlock, UserMessage } from '../content.js'
import type { ToolExecution, ToolExecutionResult, ToolResult, ToolCallKind, ToolCallView, ToolResultView } from './tool-call.js'
import type { JsonValue } from '../json/json-value.js'
import type { JsonSchemaNode, ObjectJsonSchema } from '../schema/json-schema/json-schema-node.js'

/** The model-facing fields of a tool: the only ones `schemas()` ever sends. */
export interface ToolSchema {
  readonly name: string
  readonly description: string
  /** The compiled model-facing JSON Schema of the arguments (an object root). */
  readonly parameters: ObjectJsonSchema
}

/**
 * MCP's tool annotations: hints for hosts and models, never enforced. Absent booleans take MCP's defaults: `readOnly`
 * false, `destructive` true, `idempotent` false, `openWorld` true.
 */
export interface ToolAnnotations {
  /** A human-readable title for the tool. */
  readonly title?: string
  /** The tool does not modify its environment. */
  readonly readOnly?: boolean
  /** The tool may perform destructive updates (meaningful only when not `readOnly`). */
  readonly destructive?: boolean
  /** Calling the tool again with the same arguments has no further effect. */
  readonly idempotent?: boolean
  /** The tool interacts with an open world of external entities (the web, other services). */
  readonly openWorld?: boolean
}

/** {@link ToolAnnotations} with MCP's defaults applied: the four booleans are always present. */
export interface ResolvedToolAnnotations {
  readonly title?: string
  readonly readOnly: boolean
  readonly destructive: boolean
  readonly idempotent: boolean
  readonly openWorld: boolean
}

/** Whether the host must ask before every call: `always` is honoured by the `declaredApprovals()` policy. */
export type ToolApproval = 'never' | 'always'

/** What `describe()` lists for one tool: all an adapter needs, so it makes no second lookup. */
export interface ToolDescription extends ToolSchema {
  /** A fresh copy of the raw output JSON Schema. */
  readonly output: JsonSchemaNode
  readonly annotations: ResolvedToolAnnotations
  readonly approval: ToolApproval
  readonly timeoutMs?: number
  readonly concurrencySafe?: boolean
  readonly kind?: ToolCallKind
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
  readonly output: ToolOutputDefinition
  /**
   * Runs one accepted call and returns its canonical lossless-JSON value; must observe `exec.signal` and settle only
   * once its own work is quiescent.
   */
  execute(args: unknown, exec: ToolRunContext): Promise<unknown>
  /** Synchronous last-mile content transform, captured at start, called once per outcome; `undefined` keeps it. */
  finalizeContent?(exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>): ContentBlock[] | undefined
  /** Cooperative timeout budget in milliseconds; never sent to the model. */
  readonly timeoutMs?: number
  /** Declared behaviour hints (MCP's meanings and defaults); reach `describe()` and every export. */
  readonly annotations?: ToolAnnotations
  /** `always`: the host must ask before every call (`declaredApprovals()`). Default `never`. */
  readonly approval?: ToolApproval
  /** Whether valid calls may run in parallel, readable without the classifier (without one, `true` acts as one). */
  readonly concurrencySafe?: boolean
  /** Declared presentation kind (the generic card's icon), readable without calling a presenter. */
  readonly kind?: ToolCallKind
  /** Pure synchronous classifier: only an exact `true` lets the call run in parallel. */
  isConcurrencySafe?(args: unknown): boolean
  /** Pure presentation of the pending state of one call. */
  presentCall?(args: unknown): ToolCallView | undefined
  /** Pure presentation of the completed state of one call. */
  presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
}
