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
}

const settledLate = new Error('next() was called after this waterfall had settled')

/**
 * Runs `entries` as a waterfall: each listener receives `next`, which runs the rest of the chain at
 * most once (a second call returns the same promise, so the default action never runs twice) and
 * resolves a normalized answer — an inner listener's failure reaches the outer one as the spec's
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
    if (this.closed) return Promise.resolve(spec.fail(context, settledLate))
    if (index >= this.entries.length) return this.terminal()
    let inner: Promise<T> | undefined
    const next = (): Promise<T> => (inner ??= this.level(index + 1))
    let answer: unknown
    try {
      answer = spec.invoke(this.entries[index] as ListenerEntry<F>, context, next)
    } catch (error) {
      return Promise.resolve(spec.fail(context, error))
    }
    if (answer === inner && inner !== undefined) return inner
    this.pending++
    if (index === 0) this.topTracked = true
    return this.track(answer, index === 0)
  }

  // An async method, not .then(): `await` on a native promise takes one microtask and no
  // intermediate promise, which measurably beats two callbacks per level.
  // The outermost level also drains, saving the run a promise reaction of its own.
  private async track(answer: unknown, outermost: boolean): Promise<T> {
    const { spec, context } = this
    let normalized: T
    try {
      const value = await answer
      this.settle()
      try {
        normalized = spec.normalize(context, value)
      } catch (error) {
        normalized = spec.fail(context, error)
      }
    } catch (error) {
      this.settle()
      normalized = spec.fail(context, error)
    }
    return outermost ? this.finish(normalized) : normalized
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
      return Promise.resolve(this.spec.fail(this.context, error))
    }
    if (answer instanceof Promise) return answer
    this.settle()
    return Promise.resolve(answer)
  }

  private readonly settled = (): void => this.settle()
}
