import type { UserMessage } from '../content/content-block.js'
import type { Agent, CallId, ToolExecutionToken } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import type { ToolRunContext } from '../tool/tool-definition.js'
import type { Execution } from './execution.js'
import type { ToolCall } from './tool-call.js'

/**
 * The frozen `ToolRunContext` a body receives: the execution identity, the signal the body must
 * observe, and `deferContext`/`concludeTurn` as own functions bound to this call (so a body may
 * destructure them). `token` reads through to the execution's.
 */
export class RunContext implements ToolRunContext {
  readonly callId: CallId
  readonly rootCallId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  declare readonly agent?: Agent
  declare readonly parent?: ToolExecutionToken
  readonly signal: AbortSignal
  readonly deferContext: (context: UserMessage) => void
  readonly concludeTurn: () => void
  readonly #exec: Execution

  constructor(call: ToolCall, signal: AbortSignal) {
    const exec = call.exec
    this.callId = exec.callId
    this.rootCallId = exec.rootCallId
    this.name = exec.name
    this.arguments = exec.arguments
    // Always own (undefined when absent): a polluted Object.prototype must never supply a routing key.
    ;(this as { agent?: Agent | undefined }).agent = exec.agent
    ;(this as { parent?: ToolExecutionToken | undefined }).parent = exec.parent
    this.signal = signal
    this.deferContext = (context) => call.defer(context)
    this.concludeTurn = () => call.conclude()
    this.#exec = exec
    Object.freeze(this)
  }

  /** The execution's token. */
  get token(): ToolExecutionToken {
    return this.#exec.token
  }
}
