import type { ToolDispatchExecution, ToolExecutionToken } from '../execution/execution-types.js'
import type { Execution } from './execution.js'
import { ExecutionIdentity } from './execution-identity.js'
import { isAbortSignal } from './signals.js'

/**
 * The around-dispatch view `tools/execute` wrappers share for one call: frozen identity fields and
 * a `signal` accessor that accepts only another AbortSignal — a wrapper may replace the signal for
 * its delegated lifetime, never remove it. `signal` and `token` are accessors on the prototype, so
 * a spread copy of this view carries neither.
 */
export class DispatchExecution extends ExecutionIdentity implements ToolDispatchExecution {
  #signal: AbortSignal
  readonly #exec: Execution

  constructor(exec: Execution) {
    super(exec)
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
    if (!isAbortSignal(replacement)) {
      throw new TypeError('tools/execute: exec.signal can only be replaced by another AbortSignal')
    }
    this.#signal = replacement
  }
}
