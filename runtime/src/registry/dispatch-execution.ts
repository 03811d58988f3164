import type { Agent, CallId, ToolDispatchExecution, ToolExecutionToken } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import type { Execution } from './execution.js'

/**
 * The around-dispatch view `tools/execute` wrappers share for one call: frozen identity fields and
 * a `signal` accessor that accepts only another AbortSignal — a wrapper may replace the signal for
 * its delegated lifetime, never remove it. `token` reads through to the execution's.
 */
export class DispatchExecution implements ToolDispatchExecution {
  readonly callId: CallId
  readonly rootCallId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  declare readonly agent?: Agent
  declare readonly parent?: ToolExecutionToken
  #signal: AbortSignal
  readonly #exec: Execution

  constructor(exec: Execution) {
    this.callId = exec.callId
    this.rootCallId = exec.rootCallId
    this.name = exec.name
    this.arguments = exec.arguments
    // Always own (undefined when absent): a polluted Object.prototype must never supply a routing key.
    ;(this as { agent?: Agent | undefined }).agent = exec.agent
    ;(this as { parent?: ToolExecutionToken | undefined }).parent = exec.parent
    this.#signal = exec.signal
    this.#exec = exec
    Object.freeze(this)
  }

  /** The execution's token. */
  get token(): ToolExecutionToken {
    return this.#exec.token
  }

  /** The signal the next wrapper or the body will see. */
  get signal(): AbortSignal {
    return this.#signal
  }

  set signal(replacement: AbortSignal) {
    if (!(replacement instanceof AbortSignal)) {
      throw new TypeError('tools/execute: exec.signal can only be replaced by another AbortSignal')
    }
    this.#signal = replacement
  }
}
