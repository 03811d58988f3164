import type { Agent, ToolExecutionResult } from '../execution/execution-types.js'
import type { Execution } from './execution.js'
import type { RegisteredTool } from './registered-tool.js'
import type { RegistryState } from './registry-state.js'

/**
 * The registry-private state of one execution as it moves through the pipeline: the frozen
 * execution, the tool captured at start (so `finalizeContent` and the output contract are the ones
 * that were visible when the call began, whatever is registered later), and whether the body
 * started. What a body defers belongs to its {@link BodyAttempt}.
 */
export class ToolCall {
  /** Whether the body was invoked, by any attempt (decides ABORTED vs ABORTED_BEFORE_DISPATCH). */
  bodyStarted = false
  /**
   * The newest result the `tools/execute` chain produced for this call (a body attempt's, then each
   * level's accepted answer): a wrapper passing it on is recognised without rechecking its value.
   */
  dispatched: ToolExecutionResult | undefined = undefined

  constructor(
    readonly state: RegistryState,
    readonly exec: Execution,
    readonly tool: RegisteredTool,
    /** The agent's scope chain, or `undefined` for a call without an agent. */
    readonly chain: readonly Agent[] | undefined,
  ) {}
}
