import { checkContentBlocks } from '../content.js'
import type { ContentBlock } from '../content.js'
import { describeValue } from '../json/describe-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { containRejection, optional } from './results.js'
import type { Agent, CodeDispatchEvent, CodeDispatchLog, PostToolDecision, PreToolDecision, ToolDispatchExecution, ToolExecution, ToolExecutionResult, ToolRuntime } from './runtime-types.js'
import { readScopeChain } from './scopes.js'

// Events: the ordered listener lists, the waterfall that runs the `tools/*` chains, and the emits that only observe.

/** One subscription: the function, the view it was registered through (its `this`) and that view's scope. */
export interface ListenerEntry<F> {
  readonly fn: F
  readonly view: ToolRuntime
  /** `undefined` for a global subscription. */
  readonly scope: Agent | undefined
  /** Marks the built-in timeout policy, which is skipped for tools without `timeoutMs`. */
  readonly timeoutPolicy?: true
  /** Cleared by the disposer; a run asking entries over time (approval channels) skips one disposed meanwhile. */
  active: boolean
}

type Fn<A extends unknown[], R> = (this: ToolRuntime, ...args: A) => R

/** The listener lists of one runtime, typed loosely for the runners (the public `on` is typed per event). */
export interface RegistryListeners {
  readonly change: ListenerList<Fn<[], unknown>>
  readonly preExecute: ListenerList<Fn<[ToolExecution, () => Promise<PreToolDecision>], unknown>>
  readonly execute: ListenerList<Fn<[ToolDispatchExecution, () => Promise<ToolExecutionResult>], unknown>>
  readonly postExecute: ListenerList<Fn<[ToolExecution, ToolExecutionResult, () => Promise<PostToolDecision>], unknown>>
  readonly result: ListenerList<Fn<[ToolExecution, ToolExecutionResult], unknown>>
  readonly codeDispatchLog: ListenerList<Fn<[CodeDispatchLog, () => Promise<readonly ContentBlock[]>], unknown>>
  readonly codeDispatch: ListenerList<Fn<[CodeDispatchEvent], unknown>>
}

const EMPTY: readonly never[] = Object.freeze([])

/** One event's ordered subscriptions, copy-on-write: a run keeps the array it took, and reads need no copy. */
export class ListenerList<F> {
  entries: readonly ListenerEntry<F>[] = EMPTY
  /** How many entries are scoped; 0 means every entry applies to every call. */
  scoped = 0
  /** `entries` without the timeout policy, derived on change (tools without `timeoutMs` skip it). */
  private untimed: readonly ListenerEntry<F>[] = EMPTY

  /** Adds `entry` (first when `prepend`); returns its exact, idempotent disposer. */
  add(entry: ListenerEntry<F>, prepend: boolean): () => void {
    this.replace(prepend ? [entry, ...this.entries] : [...this.entries, entry])
    if (entry.scope !== undefined) this.scoped++
    return () => {
      if (!entry.active) return
      entry.active = false
      this.replace(this.entries.filter((candidate) => candidate !== entry))
      if (entry.scope !== undefined) this.scoped--
    }
  }

  /** The entries for a call on `chain`: global ones and those scoped to the call's own agent, not its ancestors. */
  forChain(chain: readonly Agent[] | undefined, withTimeoutPolicy = true): readonly ListenerEntry<F>[] {
    const entries = withTimeoutPolicy ? this.entries : this.untimed
    if (this.scoped === 0) return entries
    const agent = chain?.[0]
    // One agent's calls come in runs: the last answer is kept until the list changes.
    const last = this.lastApplicable
    if (last !== undefined && last.agent === agent && last.from === entries) return last.applicable
    const applicable: ListenerEntry<F>[] = []
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as ListenerEntry<F>
      if (entry.scope === undefined || (agent !== undefined && entry.scope === agent)) applicable.push(entry)
    }
    this.lastApplicable = { agent, from: entries, applicable }
    return applicable
  }

  private lastApplicable: { readonly agent: Agent | undefined; readonly from: readonly ListenerEntry<F>[]; readonly applicable: readonly ListenerEntry<F>[] } | undefined =
    undefined

  private replace(entries: readonly ListenerEntry<F>[]): void {
    this.entries = entries
    this.untimed = entries.some((entry) => entry.timeoutPolicy === true) ? entries.filter((entry) => entry.timeoutPolicy !== true) : entries
    this.lastApplicable = undefined
  }
}

/** How one waterfall calls its listeners and treats their answers. Every method must be total. */
export interface WaterfallSpec<C, T, F> {
  invoke(entry: ListenerEntry<F>, context: C, next: () => Promise<T>): unknown
  /** Turns a listener's resolved answer into a well-formed one (malformed answers fail closed). */
  normalize(context: C, answer: unknown): T
  /** The answer standing for a listener that threw or rejected, or for a `next()` called too late. */
  fail(context: C, error: unknown): T
  /**
   * The normalized default past the last listener: a constant, or a never-rejecting promise for work to drain (the
   * body) that calls `settled` once when that work settled.
   */
  terminal(context: C, settled: () => void): T | Promise<T>
  /** Whether calling `next()` again reruns the rest of the chain (a retry, once the previous attempt settled). */
  readonly repeatable?: boolean
}

const settledLate = new Error('next() was called after this waterfall had settled')
// The intrinsic `then`: a listener's promise may carry an own `then` that throws or never calls back.
const promiseThen = Promise.prototype.then

/**
 * Runs `entries` as a waterfall. `next` runs the rest of the chain once (or once per call when `repeatable`); an inner
 * failure reaches the outer listener as the fail-closed answer, never a rejection it could swallow into permission.
 * Never rejects, and settles only once every started level has; a later `next()` starts nothing and answers `fail`.
 */
export function runWaterfall<C, T, F>(entries: readonly ListenerEntry<F>[], spec: WaterfallSpec<C, T, F>, context: C): Promise<T>
/** {@link runWaterfall}, then `then(context, answer)` in the reaction that settles the answer. */
export function runWaterfall<C, T, F, R>(
  entries: readonly ListenerEntry<F>[],
  spec: WaterfallSpec<C, T, F>,
  context: C,
  then: (context: C, answer: T) => R,
): Promise<Awaited<R>>
export function runWaterfall<C, T, F>(
  entries: readonly ListenerEntry<F>[],
  spec: WaterfallSpec<C, T, F>,
  context: C,
  then?: (context: C, answer: T) => unknown,
): Promise<unknown> {
  return new WaterfallRun(entries, spec, context, then).start()
}

class WaterfallRun<C, T, F> {
  private pending = 0
  private closed = false
  private drained: (() => void) | undefined = undefined
  /** Whether the outermost listener's answer is tracked (its reaction then also drains the run). */
  private topTracked = false

  constructor(
    private readonly entries: readonly ListenerEntry<F>[],
    private readonly spec: WaterfallSpec<C, T, F>,
    private readonly context: C,
    /** The next stage, run on the answer in the reaction that settles it. */
    private readonly then: ((context: C, answer: T) => unknown) | undefined,
  ) {}

  start(): Promise<unknown> {
    const answer = this.level(0)
    if (this.topTracked) return answer
    // Nothing tracked is still running: every level passed its inner answer through to a constant.
    if (this.pending === 0) {
      this.closed = true
      return this.then === undefined ? answer : promiseThen.call(answer, (value: T) => this.continue(value))
    }
    return answer.then((value) => this.finish(value))
  }

  /** Resolves `value` (or what the next stage makes of it) once every started level has settled, and closes the run. */
  private finish(value: T): unknown {
    if (this.pending === 0) {
      this.closed = true
      return this.continue(value)
    }
    const drained = new Promise<T>((resolve) => {
      this.drained = () => resolve(value)
    })
    return this.then === undefined ? drained : promiseThen.call(drained, (settled: T) => this.continue(settled))
  }

  private continue(value: T): unknown {
    const then = this.then
    return then === undefined ? value : then(this.context, value)
  }

  private settle(): void {
    if (--this.pending === 0 && this.drained !== undefined) {
      this.closed = true
      this.drained()
    }
  }

  private level(index: number): Promise<T> {
    const { spec, context } = this
    if (this.closed) return Promise.resolve(this.failed(settledLate))
    if (index >= this.entries.length) return this.terminal()
    let inner: Promise<T> | undefined
    const next = (): Promise<T> => {
      if (inner === undefined) return (inner = this.level(index + 1))
      if (spec.repeatable !== true) return inner
      // Another attempt, once the previous one settled (level() never rejects).
      return (inner = inner.then(() => this.level(index + 1)))
    }
    let answer: unknown
    try {
      answer = spec.invoke(this.entries[index] as ListenerEntry<F>, context, next)
    } catch (error) {
      return Promise.resolve(this.failed(error))
    }
    // A pass-through: the inner answer, already normalized and tracked.
    if (answer === inner && inner !== undefined) return inner
    this.pending++
    // One reaction per tracked level, its handlers made once per run.
    let settled: Promise<unknown>
    try {
      settled = Promise.resolve(answer)
    } catch (error) {
      settled = Promise.reject(error)
    }
    if (index === 0) {
      this.topTracked = true
      return promiseThen.call(
        settled,
        (this.topFulfilled ??= (value) => this.finish(this.accept(value))),
        (this.topRejected ??= (error) => this.finish(this.refuse(error))),
      ) as Promise<T>
    }
    return promiseThen.call(settled, (this.fulfilled ??= (value) => this.accept(value)), (this.rejected ??= (error) => this.refuse(error))) as Promise<T>
  }

  private fulfilled: ((value: unknown) => T) | undefined = undefined
  private rejected: ((error: unknown) => T) | undefined = undefined
  private topFulfilled: ((value: unknown) => unknown) | undefined = undefined
  private topRejected: ((error: unknown) => unknown) | undefined = undefined

  private accept(value: unknown): T {
    this.settle()
    try {
      return this.spec.normalize(this.context, value)
    } catch (error) {
      return this.failed(error)
    }
  }

  private refuse(error: unknown): T {
    this.settle()
    return this.failed(error)
  }

  private terminal(): Promise<T> {
    // Counted before the call: the terminal reports its own settlement through `settled`.
    this.pending++
    let answer: T | Promise<T>
    try {
      answer = this.spec.terminal(this.context, this.settled)
    } catch (error) {
      this.settle()
      return Promise.resolve(this.failed(error))
    }
    if (answer instanceof Promise) return answer
    this.settle()
    return Promise.resolve(answer)
  }

  private readonly settled = (): void => this.settle()

  private failed(error: unknown): T {
    return this.spec.fail(this.context, error)
  }
}

/** Emits `tools/result` to the observers for `chain`; a throw or rejection is contained. */
export function notifyResult(
  listeners: RegistryListeners,
  chain: readonly Agent[] | undefined,
  exec: ToolExecution,
  result: ToolExecutionResult,
): void {
  const list = listeners.result
  if (list.entries.length > 0) notifyEach(list.forChain(chain), 2, exec, result)
}

/** Emits the unfiltered `tools/change` notification to every subscriber, containing failures. */
export function notifyChange(listeners: RegistryListeners): void {
  notifyEach(listeners.change.entries, 0)
}

/** Calls each observer with the first `arity` of `a`, `b` (exactly as many arguments); a throw or rejection is contained. */
function notifyEach(entries: readonly ListenerEntry<Fn<never[], unknown>>[], arity: 0 | 1 | 2, a?: unknown, b?: unknown): void {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]
    if (entry === undefined) continue
    const fn = entry.fn as Fn<unknown[], unknown>
    try {
      containRejection(arity === 2 ? fn.call(entry.view, a, b) : arity === 1 ? fn.call(entry.view, a) : fn.call(entry.view))
    } catch {
      // An observer failure is contained by contract.
    }
  }
}

type LogListener = RegistryListeners['codeDispatchLog']['entries'][number]['fn']

/** `ToolRuntime.logCodeDispatch`; rejects only for a malformed `dispatch` (a bridge defect). */
export function logCodeDispatch(listeners: RegistryListeners, dispatch: unknown): Promise<readonly ContentBlock[]> {
  const frozen = freezeDispatch(dispatch)
  if (typeof frozen === 'string') return Promise.reject(new TypeError(`logCodeDispatch: ${frozen}`))
  const agent = optional(frozen, 'agent')
  const chain = agent === undefined ? undefined : readScopeChain(agent)
  if (agent !== undefined && chain === undefined) {
    return Promise.reject(new TypeError("logCodeDispatch: the agent's scope chain is unreadable or cyclic"))
  }
  const entries = listeners.codeDispatchLog.forChain(chain)
  if (entries.length === 0) return Promise.resolve(emitCodeDispatch(listeners, chain, frozen, frozen.content))
  return runWaterfall(entries, CODE_DISPATCH_LOG, frozen).then((content) => emitCodeDispatch(listeners, chain, frozen, content))
}

/** Emits `tool/code-dispatch` for the logged content; returns that content. */
function emitCodeDispatch(
  listeners: RegistryListeners,
  chain: readonly Agent[] | undefined,
  dispatch: CodeDispatchLog,
  content: readonly ContentBlock[],
): readonly ContentBlock[] {
  const list = listeners.codeDispatch
  if (list.entries.length > 0) notifyEach(list.forChain(chain), 1, Object.freeze({ ...dispatch, content }))
  return content
}

const CODE_DISPATCH_LOG: WaterfallSpec<CodeDispatchLog, readonly ContentBlock[], LogListener> = {
  invoke: (entry, dispatch, next) => entry.fn.call(entry.view, dispatch, next),
  normalize: (dispatch, answer) => {
    if (answer === dispatch.content) return dispatch.content
    const snapshot = materializeJson(answer)
    const issues: SchemaIssue[] = []
    if (!snapshot.ok || !checkContentBlocks(snapshot.value, '', issues)) return dispatch.content
    return snapshot.value as readonly ContentBlock[]
  },
  fail: (dispatch) => dispatch.content,
  terminal: (dispatch) => dispatch.content,
}

/** A frozen copy of the dispatch with snapshotted content, or a message naming what is malformed. */
function freezeDispatch(dispatch: unknown): CodeDispatchLog | string {
  if (typeof dispatch !== 'object' || dispatch === null) return `the dispatch must be an object, found ${describeValue(dispatch)}`
  try {
    const record = dispatch as { readonly [key: string]: unknown }
    const own = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined)
    const exec = own('exec')
    const agent = own('agent')
    const subCallId = own('subCallId')
    const name = own('name')
    const isError = own('isError')
    if (typeof exec !== 'object' || exec === null) return 'exec must be the outer ToolExecution'
    if (agent !== undefined && (typeof agent !== 'object' || agent === null)) return 'agent must be an Agent when given'
    if (typeof subCallId !== 'string') return 'subCallId must be a string'
    if (typeof name !== 'string') return 'name must be a string'
    if (typeof isError !== 'boolean') return 'isError must be a boolean'
    const content = materializeJson(own('content'))
    const issues: SchemaIssue[] = []
    if (!content.ok || !checkContentBlocks(content.value, '/content', issues)) return 'content must be lossless content blocks'
    const frozen: { -readonly [K in keyof CodeDispatchLog]: CodeDispatchLog[K] } = {
      exec: exec as ToolExecution,
      subCallId,
      name,
      isError,
      content: content.value as readonly ContentBlock[],
    }
    if (agent !== undefined) frozen.agent = agent as Agent
    return Object.freeze(frozen)
  } catch {
    return 'the dispatch could not be read (a getter or Proxy trap threw)'
  }
}
