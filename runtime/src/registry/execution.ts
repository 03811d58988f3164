import type { Agent, CallId, ToolExecution, ToolExecutionToken } from '../execution/execution-types.js'
import { ExecutionIdentity, type IdentitySource } from './execution-identity.js'

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
