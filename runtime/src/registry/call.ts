import { checkUserMessage } from '../content.js'
import type { UserMessage } from '../content.js'
import { describeValue } from '../json/describe-value.js'
import { appendOwn } from '../json/hostile-prototypes.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { omitUndefinedKeys } from '../json/omit-undefined-keys.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ToolRunContext } from '../tool/tool-definition.js'
import type { Agent, CallId, ToolDispatchExecution, ToolExecution, ToolExecutionResult, ToolExecutionToken } from './runtime-types.js'
import type { InFlightCall, RegistryState } from './state.js'
import type { RegisteredTool } from './tools.js'

// One call as the pipeline holds it: the input read once, its state (ToolCall, BodyAttempt), the frozen views listeners
// and the body see, and its cancellation, read only through the platform's intrinsics.

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
const freeze = Object.freeze

/**
 * Reads a `ToolExecutionInput` once, own properties only (a polluted `Object.prototype.parent` or `agent` must not
 * reroute a call): the fields, or a message naming the first violation. `agent` defaults to `defaultAgent`.
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

/** The in-flight call `parent` names, if its agent is absent or on `chain`: another agent's token allows nothing. */
export function parentCall(state: RegistryState, parent: symbol | undefined, chain: readonly Agent[] | undefined): InFlightCall | undefined {
  if (parent === undefined) return undefined
  const call = state.inFlight.get(parent)
  if (call === undefined) return undefined
  return call.agent === undefined || chain?.includes(call.agent) === true ? call : undefined
}

/** A call's private pipeline state; `tool` is captured at start, so later registrations change nothing for it. */
export class ToolCall {
  /** Whether the body was invoked, by any attempt (decides ABORTED vs ABORTED_BEFORE_DISPATCH). */
  bodyStarted = false
  /** The newest result of the `tools/execute` chain, so a wrapper passing it on is not rechecked. */
  dispatched: ToolExecutionResult | undefined = undefined
  readonly exec: Execution
  /** For a call listeners apply to, what settles its `execute()` promise (see runtime.ts `runListenedCall`). */
  resolve: ((result: ToolExecutionResult | Promise<ToolExecutionResult>) => void) | undefined = undefined
  reject: ((error: unknown) => void) | undefined = undefined
  /** The fail-closed answers this call's waterfalls stood in for failed listeners (rare; see {@link isFailClosed}). */
  private failClosed: object[] | undefined = undefined
  private token: ToolExecutionToken | undefined = undefined
  private live = true

  constructor(
    readonly state: RegistryState,
    readonly tool: RegisteredTool,
    /** The agent's scope chain, or `undefined` for a call without an agent. */
    readonly chain: readonly Agent[] | undefined,
    input: CallInput,
    rootCallId: CallId,
    args: JsonValue,
  ) {
    this.exec = new Execution(input, rootCallId, args, this)
  }

  /** Registers the token while the call is in flight, so a sub-dispatch naming it as `parent` is recognised. */
  registerToken(token: ToolExecutionToken): void {
    this.token = token
    if (this.live) this.state.inFlight.set(token, { rootCallId: this.exec.rootCallId, agent: this.exec.agent })
  }

  /** Marks the call settled: its token (if created) no longer authorizes sub-dispatches. */
  retire(): void {
    this.live = false
    if (this.token !== undefined) this.state.inFlight.delete(this.token)
  }

  /** Records a waterfall's fail-closed answer (a listener threw, rejected or answered late) and returns it. */
  noteFailClosed<T>(answer: T): T {
    if (typeof answer === 'object' && answer !== null) appendOwn((this.failClosed ??= []), answer)
    return answer
  }

  /** Whether a waterfall's answer stands for a failure rather than for what a listener answered. */
  isFailClosed(answer: unknown): boolean {
    return this.failClosed !== undefined && this.failClosed.includes(answer as object)
  }
}

// The identity fields of the three views, as own data; `agent` and `parent` are own even when undefined, so a polluted
// Object.prototype can never supply a routing key.
abstract class ExecutionIdentity {
  readonly callId: CallId
  readonly rootCallId: CallId
  readonly name: string
  readonly arguments: JsonValue | undefined
  declare readonly agent?: Agent
  declare readonly parent?: ToolExecutionToken

  constructor(
    callId: CallId,
    rootCallId: CallId,
    name: string,
    args: JsonValue | undefined,
    agent: Agent | undefined,
    parent: ToolExecutionToken | undefined,
  ) {
    this.callId = callId
    this.rootCallId = rootCallId
    this.name = name
    this.arguments = args
    ;(this as { agent?: Agent | undefined }).agent = agent
    ;(this as { parent?: ToolExecutionToken | undefined }).parent = parent
  }

  abstract get token(): ToolExecutionToken
}

/**
 * A call's frozen `ToolExecution` (`arguments` undefined when not lossless JSON). `token` is made on first read (most
 * calls never read it) and registered while a running call is in flight.
 */
export class Execution extends ExecutionIdentity implements ToolExecution {
  readonly signal: AbortSignal
  #token: ToolExecutionToken | undefined = undefined
  readonly #call: ToolCall | undefined

  constructor(input: CallInput, rootCallId: CallId, args: JsonValue | undefined, call: ToolCall | undefined) {
    super(input.callId, rootCallId, input.name, args, input.agent, input.parent)
    this.signal = input.signal
    this.#call = call
    freeze(this)
  }

  get token(): ToolExecutionToken {
    let token = this.#token
    if (token === undefined) {
      token = Symbol(this.callId) as ToolExecutionToken
      this.#token = token
      this.#call?.registerToken(token)
    }
    return token
  }
}

/**
 * The view `tools/execute` wrappers share: `signal` can be replaced by another AbortSignal, never removed. `signal` and
 * `token` are prototype accessors, so a spread copy carries neither.
 */
export class DispatchExecution extends ExecutionIdentity implements ToolDispatchExecution {
  #signal: AbortSignal
  readonly #exec: Execution

  constructor(exec: Execution) {
    super(exec.callId, exec.rootCallId, exec.name, exec.arguments, exec.agent, exec.parent)
    this.#signal = exec.signal
    this.#exec = exec
    freeze(this)
  }

  get token(): ToolExecutionToken {
    return this.#exec.token
  }

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

const CONTEXT_DATA_KEYS: ReadonlySet<string> = new Set(['content'])

/** One body invocation (a retrying wrapper makes several); what it defers or concludes belongs to its own result. */
export class BodyAttempt {
  /** Once the body settled, `deferContext`/`concludeTurn` are ignored. */
  settled = false
  concludes = false
  /** Deferred contexts, each a frozen snapshot, in call order. */
  contexts: UserMessage[] | undefined = undefined
  contextIssues: SchemaIssue[] | undefined = undefined
  /** How many contexts the body deferred, accepted or not (for the issue paths). */
  private deferred = 0

  constructor(readonly call: ToolCall) {}

  /** `ToolRunContext.deferContext`: snapshots now, so the body may reuse its object at once. */
  defer(context: unknown): void {
    if (this.settled) return
    // An undefined key (`source: undefined`) is absent; the content stays strict.
    const snapshot = materializeJson(omitUndefinedKeys(context, CONTEXT_DATA_KEYS))
    const issues: SchemaIssue[] = []
    const at = `/additionalContexts/${this.deferred++}`
    // Appended as own elements: a push could reach an index accessor on a polluted Array.prototype.
    if (!snapshot.ok) {
      for (const issue of snapshot.issues) appendOwn(issues, { path: `${at}${issue.path}`, message: issue.message })
    } else if (checkUserMessage(snapshot.value, at, issues)) {
      appendOwn((this.contexts ??= []), snapshot.value as unknown as UserMessage)
      return
    }
    const contextIssues = (this.contextIssues ??= [])
    for (let i = 0; i < issues.length; i++) appendOwn(contextIssues, issues[i] as SchemaIssue)
  }

  /** `ToolRunContext.concludeTurn`: only marks; the marker survives only on a success. */
  conclude(): void {
    if (!this.settled) this.concludes = true
  }
}

/** A body's frozen `ToolRunContext`; its functions are own and bound, so it can be destructured, spread or proxied. */
export class RunContext extends ExecutionIdentity implements ToolRunContext {
  readonly signal: AbortSignal
  readonly deferContext: (context: UserMessage) => void
  readonly concludeTurn: () => void
  readonly #exec: Execution

  constructor(exec: Execution, attempt: BodyAttempt, signal: AbortSignal) {
    super(exec.callId, exec.rootCallId, exec.name, exec.arguments, exec.agent, exec.parent)
    this.signal = signal
    this.deferContext = (context) => attempt.defer(context)
    this.concludeTurn = () => attempt.conclude()
    this.#exec = exec
    freeze(this)
  }

  get token(): ToolExecutionToken {
    return this.#exec.token
  }
}

// Cancellation signals.

/** A signal that aborts when either of two signals does, with a disposer for its listeners. */
export interface FusedSignal {
  readonly signal: AbortSignal
  /** Removes the listeners from both sources; call once the fused signal is no longer observed. */
  dispose(): void
}

const noop = (): void => {}

// The platform's intrinsics: the getter throws for a fake AbortSignal (`instanceof` passes `Object.create` of one), and
// a caller's own properties shadowing them can neither throw inside the pipeline nor hide a real abort.
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get as (this: AbortSignal) => boolean
const reasonGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'reason')?.get as (this: AbortSignal) => unknown
const addListener = EventTarget.prototype.addEventListener
const removeListener = EventTarget.prototype.removeEventListener

/** Whether a genuine AbortSignal has aborted, as the platform says. */
export function isAborted(signal: AbortSignal): boolean {
  return abortedGetter.call(signal)
}

/** The abort reason of a genuine AbortSignal, as the platform holds it. */
export function abortReason(signal: AbortSignal): unknown {
  return reasonGetter.call(signal)
}

// One platform listener per signal, fanned out: N calls sharing a signal would otherwise trip Node's
// MaxListenersExceededWarning. Dropped when the last listener goes or the signal aborts.
interface FanOut {
  readonly listeners: Set<() => void>
  readonly dispatch: () => void
}
const fanOuts = new WeakMap<AbortSignal, FanOut>()

/** Calls `listener` once when a genuine AbortSignal aborts. */
export function onAbort(signal: AbortSignal, listener: () => void): void {
  let fanOut = fanOuts.get(signal)
  if (fanOut === undefined) {
    const listeners = new Set<() => void>()
    const dispatch = (): void => {
      fanOuts.delete(signal)
      for (const each of listeners) {
        try {
          each()
        } catch (error) {
          // As the platform does for a throwing listener: reported, and the others still run.
          queueMicrotask(() => {
            throw error
          })
        }
      }
      listeners.clear()
    }
    fanOut = { listeners, dispatch }
    fanOuts.set(signal, fanOut)
    addListener.call(signal, 'abort', dispatch, { once: true })
  }
  fanOut.listeners.add(listener)
}

export function offAbort(signal: AbortSignal, listener: () => void): void {
  const fanOut = fanOuts.get(signal)
  if (fanOut === undefined || !fanOut.listeners.delete(listener) || fanOut.listeners.size > 0) return
  fanOuts.delete(signal)
  removeListener.call(signal, 'abort', fanOut.dispatch)
}

/** Whether `value` is a genuine AbortSignal (its `aborted` can be read), not merely one by prototype. */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (!(value instanceof AbortSignal)) return false
  try {
    abortedGetter.call(value)
    return true
  } catch {
    return false
  }
}

/** A signal aborting when either does (first reason wins): wrappers may add cancellation, never detach the caller's. */
export function fuseSignals(caller: AbortSignal, replacement: AbortSignal): FusedSignal {
  if (replacement === caller || isAborted(caller)) return { signal: caller, dispose: noop }
  if (isAborted(replacement)) return { signal: replacement, dispose: noop }
  const controller = new AbortController()
  const dispose = (): void => {
    offAbort(caller, fromCaller)
    offAbort(replacement, fromReplacement)
  }
  const fromCaller = (): void => {
    dispose()
    controller.abort(abortReason(caller))
  }
  const fromReplacement = (): void => {
    dispose()
    controller.abort(abortReason(replacement))
  }
  onAbort(caller, fromCaller)
  onAbort(replacement, fromReplacement)
  return { signal: controller.signal, dispose }
}

const sources = new WeakMap<AbortSignal, AbortSignal>()

/** Records that `follower` aborts whenever `source` does (the runtime forwards it). */
export function markFollower(follower: AbortSignal, source: AbortSignal): void {
  sources.set(follower, source)
}

/** Whether `signal` is `source`, or a signal the runtime made to follow it (directly or through others). */
export function follows(signal: AbortSignal, source: AbortSignal): boolean {
  for (let current: AbortSignal | undefined = signal, steps = 0; current !== undefined && steps < 1_000; current = sources.get(current), steps++) {
    if (current === source) return true
  }
  return false
}
