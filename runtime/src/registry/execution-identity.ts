import type { Agent, CallId, ToolExecutionToken } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'

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
