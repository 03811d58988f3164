import type { Agent, CallId, ToolExecutionToken } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { isAbortSignal } from './signals.js'

/** The fields of one `ToolExecutionInput`, each read exactly once and type-checked. */
export interface CallInput {
  readonly callId: CallId
  readonly rootCallId: CallId | undefined
  readonly name: string
  /** The raw arguments, not yet materialized. */
  readonly arguments: unknown
  readonly agent: Agent | undefined
  readonly parent: ToolExecutionToken | undefined
  readonly signal: AbortSignal
}

const hasOwn = Object.hasOwn

/**
 * Reads a caller's `ToolExecutionInput` synchronously, own properties only (a polluted
 * `Object.prototype.parent` must not turn a model-direct call into a sub-dispatch, nor a polluted
 * `agent` move it into another scope). Returns the fields, or a message naming the first contract
 * violation: a missing or non-string `callId`/`name`, a `signal` that is not an AbortSignal, an
 * `agent` that is not an object, a `parent` that is not a symbol, a throwing getter.
 * `agent` defaults to `defaultAgent` (the scope of the view `execute` was called on).
 */
export function readCallInput(input: unknown, defaultAgent: Agent | undefined): CallInput | string {
  if (typeof input !== 'object' || input === null) return `the call input must be an object, found ${describeValue(input)}`
  try {
    const record = input as { readonly [key: string]: unknown }
    const callId = hasOwn(record, 'callId') ? record.callId : undefined
    if (typeof callId !== 'string') return `callId must be a string, found ${describeValue(callId)}`
    const name = hasOwn(record, 'name') ? record.name : undefined
    if (typeof name !== 'string') return `name must be a string, found ${describeValue(name)}`
    const signal = hasOwn(record, 'signal') ? record.signal : undefined
    if (!isAbortSignal(signal)) return `signal must be an AbortSignal, found ${describeValue(signal)}`
    const rootCallId = hasOwn(record, 'rootCallId') ? record.rootCallId : undefined
    if (rootCallId !== undefined && typeof rootCallId !== 'string') {
      return `rootCallId must be a string when given, found ${describeValue(rootCallId)}`
    }
    const agent = hasOwn(record, 'agent') ? record.agent : undefined
    if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
      return `agent must be an Agent object when given, found ${describeValue(agent)}`
    }
    const parent = hasOwn(record, 'parent') ? record.parent : undefined
    if (parent !== undefined && typeof parent !== 'symbol') {
      return `parent must be an execution token when given, found ${describeValue(parent)}`
    }
    return {
      callId,
      rootCallId,
      name,
      arguments: hasOwn(record, 'arguments') ? record.arguments : undefined,
      agent: (agent as Agent | undefined) ?? defaultAgent,
      parent: parent as ToolExecutionToken | undefined,
      signal,
    }
  } catch {
    return 'the call input could not be read (a getter or Proxy trap threw)'
  }
}
