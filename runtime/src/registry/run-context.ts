import type { UserMessage } from '../content/content-block.js'
import type { ToolExecutionToken } from '../execution/execution-types.js'
import type { ToolRunContext } from '../tool/tool-definition.js'
import type { BodyAttempt } from './body-attempt.js'
import type { Execution } from './execution.js'
import { ExecutionIdentity } from './execution-identity.js'

/**
 * The frozen `ToolRunContext` a body receives: the execution identity, the signal the body must
 * observe, and `deferContext`/`concludeTurn` as own functions bound to this body attempt (so a body
 * may destructure them). `token` reads through to the execution's.
 */
export class RunContext extends ExecutionIdentity implements ToolRunContext {
  readonly signal: AbortSignal
  readonly deferContext: (context: UserMessage) => void
  readonly concludeTurn: () => void
  readonly #exec: Execution

  constructor(exec: Execution, attempt: BodyAttempt, signal: AbortSignal) {
    super(exec)
    this.signal = signal
    this.deferContext = (context) => attempt.defer(context)
    this.concludeTurn = () => attempt.conclude()
    this.#exec = exec
    Object.freeze(this)
  }

  /** The execution's token. */
  get token(): ToolExecutionToken {
    return this.#exec.token
  }
}
