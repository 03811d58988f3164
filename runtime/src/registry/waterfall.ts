import type { ListenerEntry } from './listener-list.js'

/** How one waterfall calls its listeners and treats their answers. Every method must be total. */
export interface WaterfallSpec<C, T, F> {
  /** Calls one listener with the run's context and its `next`. */
  invoke(entry: ListenerEntry<F>, context: C, next: () => Promise<T>): unknown
  /** Turns a listener's resolved answer into a well-formed one (malformed answers fail closed). */
  normalize(context: C, answer: unknown): T
  /** The answer standing for a listener that threw or rejected, or for a `next()` called too late. */
  fail(context: C, error: unknown): T
  /**
   * The default past the last listener, already normalized: a value (a decision constant: no work
   * to wait for), or a promise that never rejects for work that must be drained (the tool body),
   * which calls `settled` exactly once when that work has settled.
   */
  terminal(context: C, settled: () => void): T | Promise<T>
  /**
   * Whether a listener may run the rest of the chain again by calling `next()` once more (a retry):
   * each call is one more attempt, started once the listener's previous attempt settled, so the
   * attempts of one listener never overlap. Otherwise `next()` runs it at most once and a second
   * call returns the same promise.
   */
  readonly repeatable?: boolean
}

const settledLate = new Error('next() was called after this waterfall had settled')
// The intrinsic `then`: a listener's promise may carry an own `then` that throws or never calls
// back, which must neither escape as a throw (leaving the run's accounting open) nor hide the
// promise's real settlement.
const promiseThen = Promise.prototype.then

/**
 * Runs `entries` as a waterfall: each listener receives `next`, which runs the rest of the chain —
 * at most once (a second call returns the same promise, so the default action never runs twice),
 * or once per call, one attempt after the other, when the spec is `repeatable` — and resolves a
 * normalized answer — an inner listener's failure reaches the outer one as the spec's
 * fail-closed answer, never as a rejection it could swallow into permission. The returned promise
 * never rejects and settles only when every started level has settled: a listener that calls
 * `next()` without awaiting it does not leave its work (or the tool body) running unobserved.
 * A `next()` first called after that point starts nothing and answers `fail`.
 *
 * Cost: a listener that returns the very promise `next()` gave it (a pass-through) adds no promise
 * reaction and no microtask — its answer is the inner answer, already normalized and tracked.
 */
export function runWaterfall<C, T, F>(entries: readonly ListenerEntry<F>[], spec: WaterfallSpec<C, T, F>, context: C): Promise<T> {
  return new WaterfallRun(entries, spec, context).start()
}

class WaterfallRun<C, T, F> {
  private pending = 0
  private closed = false
  private drained: (() => void) | undefined = undefined
  /** Whether the outermost listener's answer is tracked by `track`, which then also drains. */
  private topTracked = false

  constructor(
    private readonly entries: readonly ListenerEntry<F>[],
    private readonly spec: WaterfallSpec<C, T, F>,
    private readonly context: C,
  ) {}

  start(): Promise<T> {
    const answer = this.level(0)
    if (this.topTracked) return answer
    // Nothing tracked is still running: every level passed its inner answer through to a constant.
    if (this.pending === 0) {
      this.closed = true
      return answer
    }
    return answer.then((value) => this.finish(value))
  }

  /** Resolves `value` once every started level has settled, and closes the run. */
  private finish(value: T): T | Promise<T> {
    if (this.pending === 0) {
      this.closed = true
      return value
    }
    return new Promise<T>((resolve) => {
      this.drained = () => resolve(value)
    })
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
    if (answer === inner && inner !== undefined) return inner
    this.pending++
    // One reaction per tracked level, with handlers made once per run (not per level): measurably
    // cheaper than an async tracking function or a fresh pair of callbacks each time.
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
  private topFulfilled: ((value: unknown) => T | Promise<T>) | undefined = undefined
  private topRejected: ((error: unknown) => T | Promise<T>) | undefined = undefined

  /** A tracked level's answer arrived: account for it and normalize it. */
  private accept(value: unknown): T {
    this.settle()
    try {
      return this.spec.normalize(this.context, value)
    } catch (error) {
      return this.failed(error)
    }
  }

  /** A tracked level's answer rejected: account for it and stand in the fail-closed answer. */
  private refuse(error: unknown): T {
    this.settle()
    return this.failed(error)
  }

  private terminal(): Promise<T> {
    // Counted before the call: the terminal reports its own settlement, so the run's accounting
    // costs the body no extra promise.
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

  /** The spec's fail-closed answer for `error`. */
  private failed(error: unknown): T {
    return this.spec.fail(this.context, error)
  }
}
