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

// One call as the pipeline holds it: the caller's input read once, the call's state (ToolCall, and one
// BodyAttempt per body invocation), the three frozen views listeners and the body see of it
// (ToolExecution, the tools/execute wrappers' ToolDispatchExecution, the body's ToolRunContext), and its
// cancellation: the caller's signal, read and listened to only through the platform's intrinsics, and
// the signals the runtime fuses with it.

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

/**
 * The in-flight call a `parent` token stands for, if it may parent a call whose scope chain is `chain` (the call's
 * agent first, then its parents; `undefined` without an agent): a transport dispatches for its own agent or that
 * agent's sub-agents (a transport without an agent, for any), so a token of another agent's call, however it was
 * obtained, authorizes nothing.
 */
export function parentCall(state: RegistryState, parent: symbol | undefined, chain: readonly Agent[] | undefined): InFlightCall | undefined {
  if (parent === undefined) return undefined
  const call = state.inFlight.get(parent)
  if (call === undefined) return undefined
  return call.agent === undefined || chain?.includes(call.agent) === true ? call : undefined
}

/**
 * The registry-private state of one call as it moves through the pipeline: the tool captured at start
 * (so `finalizeContent` and the output contract are the ones that were visible when the call began,
 * whatever is registered later), the frozen execution, whether the body started, and its token's
 * registration. What a body defers belongs to its {@link BodyAttempt}.
 */
export class ToolCall {
  /** Whether the body was invoked, by any attempt (decides ABORTED vs ABORTED_BEFORE_DISPATCH). */
  bodyStarted = false
  /**
   * The newest result the `tools/execute` chain produced for this call (a body attempt's, then each
   * level's accepted answer): a wrapper passing it on is recognised without rechecking its value.
   */
  dispatched: ToolExecutionResult | undefined = undefined
  /** The frozen `ToolExecution` every listener sees. */
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

  /** Registers the execution's token while the call is in flight, so a sub-dispatch naming it as `parent` is recognised. */
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

/**
 * The identity part shared by the execution, the dispatch view wrappers see and the run context a
 * body gets: own, read-only data properties. `agent` and `parent` are own even when `undefined`, so a
 * polluted `Object.prototype` can never supply a routing key. The subclass freezes the instance once
 * its own fields are set.
 */
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

  /** The execution's opaque token. */
  abstract get token(): ToolExecutionToken
}

/**
 * The frozen `ToolExecution` of one call: the caller's input with the resolved root call id and the
 * arguments' snapshot (`undefined` when they were not lossless JSON). `token` is a getter on the
 * prototype that creates the opaque Symbol on first read and then always returns it: a Symbol costs
 * more to create than the rest of this object, and most calls never have their token read. A call
 * that runs (`call` given) registers a created token while in flight; a call refused before the
 * pipeline has none to register.
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

  /** Registry-assigned identity, shared with nested calls only as their opaque `parent`. */
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
 * The around-dispatch view `tools/execute` wrappers share for one call: frozen identity fields and
 * a `signal` accessor that accepts only another AbortSignal — a wrapper may replace the signal for
 * its delegated lifetime, never remove it. `signal` and `token` are accessors on the prototype, so
 * a spread copy of this view carries neither.
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

const CONTEXT_DATA_KEYS: ReadonlySet<string> = new Set(['content'])

/**
 * One invocation of a tool body (a `tools/execute` wrapper that retries makes several): what its
 * `ToolRunContext` deferred and whether it concluded the turn belong to this attempt's result only,
 * and a context deferred after the attempt settled is ignored.
 */
export class BodyAttempt {
  /** Once the body settled, `deferContext`/`concludeTurn` are ignored. */
  settled = false
  /** Whether the body called `concludeTurn` before it settled. */
  concludes = false
  /** Deferred contexts, each a frozen snapshot, in call order. */
  contexts: UserMessage[] | undefined = undefined
  /** Problems with deferred contexts that were not lossless user messages. */
  contextIssues: SchemaIssue[] | undefined = undefined
  /** How many contexts the body deferred, accepted or not (for the issue paths). */
  private deferred = 0

  constructor(readonly call: ToolCall) {}

  /** `ToolRunContext.deferContext`: snapshots now, so the body may reuse its object at once. */
  defer(context: unknown): void {
    if (this.settled) return
    // `{ role: 'user', content, source: undefined }` has no source (an undefined key is absent); its content stays strict.
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

/**
 * The frozen `ToolRunContext` a body receives: the execution identity, the signal the body must
 * observe, and `deferContext`/`concludeTurn` as own data properties holding functions bound to this
 * body attempt, so a body may destructure them, spread the context into a wrapper of its own, or
 * hand on a Proxy or `Object.create` of it. `token` reads through to the execution's.
 */
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

  /** The execution's token. */
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

// The platform's own accessors and methods. The getter throws for anything that is not a real
// AbortSignal, which `instanceof` cannot tell (an `Object.create(AbortSignal.prototype)` passes it).
// Once a signal passed that check, the runtime reads and listens to it only through these intrinsics:
// a signal is caller input, and own properties shadowing them (an `aborted` getter or an
// `addEventListener` that throws) must neither throw inside the pipeline nor hide a real abort.
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

// One platform listener per signal, fanned out to the runtime's listeners on it: N concurrent calls
// sharing one turn signal add one listener to it, not N (which tripped Node's MaxListenersExceededWarning
// at 11). The entry is dropped, and the platform listener removed, when the last listener goes or the
// signal aborts.
interface FanOut {
  readonly listeners: Set<() => void>
  readonly dispatch: () => void
}
const fanOuts = new WeakMap<AbortSignal, FanOut>()

/** Calls `listener` once when a genuine AbortSignal aborts (one platform listener per signal however many are added). */
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

/** Removes a listener {@link onAbort} added. */
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

/**
 * Fuses the caller's signal with a replacement a `tools/execute` wrapper installed, so the body
 * sees both: a wrapper can add cancellation (a deadline) but never detach the caller's. The abort
 * reason is the first source's. Listeners are removed on dispose (or on the first abort), so a
 * long-lived caller signal does not accumulate one listener per call.
 */
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

// Signals the runtime made to abort whenever another one does (the timeout policy's), with that source.
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
