import { checkUserMessage } from '../content/check-user-message.js'
import type { UserMessage } from '../content/content-block.js'
import type { Agent, ToolExecutionResult } from '../execution/execution-types.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { Execution } from './execution.js'
import type { RegisteredTool } from './registered-tool.js'
import type { RegistryState } from './registry-state.js'

/**
 * The registry-private state of one execution as it moves through the pipeline: the frozen
 * execution, the tool captured at start (so `finalizeContent` and the output contract are the ones
 * that were visible when the call began, whatever is registered later), whether the body started,
 * and what the body deferred.
 */
export class ToolCall {
  /** Whether the body was invoked (decides ABORTED vs ABORTED_BEFORE_DISPATCH). */
  bodyStarted = false
  /** Once the body settled, `deferContext`/`concludeTurn` are ignored. */
  bodySettled = false
  concludes = false
  /** Deferred contexts, each a frozen snapshot, in call order. */
  contexts: UserMessage[] | undefined = undefined
  /** Problems with deferred contexts that were not lossless user messages. */
  contextIssues: SchemaIssue[] | undefined = undefined
  /**
   * The newest result the `tools/execute` chain produced for this call (the body's, then each
   * level's accepted answer): a wrapper passing it on is recognised without rechecking its value.
   */
  dispatched: ToolExecutionResult | undefined = undefined
  /** How many contexts the body deferred, accepted or not (for the issue paths). */
  private deferred = 0

  constructor(
    readonly state: RegistryState,
    readonly exec: Execution,
    readonly tool: RegisteredTool,
    /** The agent's scope chain, or `undefined` for a call without an agent. */
    readonly chain: readonly Agent[] | undefined,
  ) {}

  /** `ToolRunContext.deferContext`: snapshots now, so the body may reuse its object at once. */
  defer(context: unknown): void {
    if (this.bodySettled) return
    const snapshot = materializeJson(context)
    const issues: SchemaIssue[] = []
    const at = `/additionalContexts/${this.deferred++}`
    if (!snapshot.ok) {
      for (const issue of snapshot.issues) issues.push({ path: `${at}${issue.path}`, message: issue.message })
    } else if (checkUserMessage(snapshot.value, at, issues)) {
      ;(this.contexts ??= []).push(snapshot.value as unknown as UserMessage)
      return
    }
    ;(this.contextIssues ??= []).push(...issues)
  }

  /** `ToolRunContext.concludeTurn`: only marks; the marker survives only on a success. */
  conclude(): void {
    if (!this.bodySettled) this.concludes = true
  }
}
