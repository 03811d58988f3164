import type { Agent, CallId, ToolExecutionToken, ToolExecution, ToolDispatchExecution, ToolExecutionResult } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import { isAbortSignal } from './signals.js'
import type { RegisteredTool } from './registered-tool.js'
import type { RegistryState } from './registry-state.js'
import type { UserMessage } from '../content/content-block.js'
import type { ToolRunContext } from '../tool/tool-definition.js'
import type { BodyAttempt } from './body-attempt.js'

/** The identity fields every view of one execution carries. */
export interface IdentitySource {
  readonly callId: CallId
  readonly rootCallId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  readonly agent?: Agent | undefined
  readonly parent?: ToolExecutionToken | undefined
}

/**
 * The identity part shared by the execution, the dispatch view wrappers see and the run context a
 * body gets: own, read-only data properties copied from one source. `agent` and `parent` are own
 * even when `undefined`, so a polluted `Object.prototype` can never supply a routing key. The
 * subclass freezes the instance once its own fields are set.
 */
export abstract class ExecutionIdentity {
  readonly callId: CallId
  readonly rootCallId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  declare readonly agent?: Agent
  declare readonly parent?: ToolExecutionToken

  constructor(source: IdentitySource) {
    this.callId = source.callId
    this.rootCallId = source.rootCallId
    this.name = source.name
    this.arguments = source.arguments
    ;(this as { agent?: Agent | undefined }).agent = source.agent
    ;(this as { parent?: ToolExecutionToken | undefined }).parent = source.parent
  }

  /** The execution's opaque token. */
  abstract get token(): ToolExecutionToken
}

/** What an in-flight token stands for: the call's root call id, and the agent it runs for. */
export interface InFlightCall {
  readonly rootCallId: CallId
  readonly agent: Agent | undefined
}

/** Where an execution registers its token while in flight, so a sub-dispatch can name it as `parent`. */
export interface TokenRegistry {
  readonly inFlight: Map<symbol, InFlightCall>
}

/**
 * The in-flight call a `parent` token stands for, if it may parent a call whose scope chain is `chain` (the call's
 * agent first, then its parents; `undefined` without an agent): a transport dispatches for its own agent or that
 * agent's sub-agents (a transport without an agent, for any), so a token of another agent's call, however it was
 * obtained, authorizes nothing.
 */
export function parentCall(registry: TokenRegistry, parent: symbol | undefined, chain: readonly Agent[] | undefined): InFlightCall | undefined {
  if (parent === undefined) return undefined
  const call = registry.inFlight.get(parent)
  if (call === undefined) return undefined
  return call.agent === undefined || chain?.includes(call.agent) === true ? call : undefined
}

let retire: (exec: Execution) => void = () => {}

/**
 * The frozen `ToolExecution` of one call. `token` is a getter on the prototype that creates the
 * opaque Symbol on first read and then always returns it: a Symbol costs more to create than the
 * rest of this object, and most calls never have their token read. While the call is in flight a
 * created token is registered, so a sub-dispatch that names it as `parent` is recognised;
 * {@link retireExecution} unregisters it.
 */
export class Execution extends ExecutionIdentity implements ToolExecution {
  readonly signal: AbortSignal
  #token: ToolExecutionToken | undefined = undefined
  #live: boolean
  readonly #registry: TokenRegistry

  static {
    retire = (exec) => {
      exec.#live = false
      if (exec.#token !== undefined) exec.#registry.inFlight.delete(exec.#token)
    }
  }

  constructor(registry: TokenRegistry, live: boolean, fields: IdentitySource & { readonly signal: AbortSignal }) {
    super(fields)
    this.signal = fields.signal
    this.#registry = registry
    this.#live = live
    Object.freeze(this)
  }

  /** Registry-assigned identity, shared with nested calls only as their opaque `parent`. */
  get token(): ToolExecutionToken {
    let token = this.#token
    if (token === undefined) {
      token = Symbol(this.callId) as ToolExecutionToken
      this.#token = token
      if (this.#live) this.#registry.inFlight.set(token, { rootCallId: this.rootCallId, agent: this.agent })
    }
    return token
  }
}

/** Marks the execution settled: its token (if created) no longer authorizes sub-dispatches. */
export function retireExecution(exec: Execution): void {
  retire(exec)
}

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
