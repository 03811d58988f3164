import type { ListenerEntry } from './listener-list.js'

/** How one waterfall calls its listeners and treats their answers. Every method must be total. */
export interface WaterfallSpec<C, T, F> {
  /** Calls one listener with the run's context and its `next`. */
  invoke(entry: ListenerEntry<F>, context: C, next: () => Promise<T>): unknown
  /** Turns a listener's resolved answer into a well-formed one (malformed answers fail closed). */
  normalize(context: C, answer: unknown): T
  /** The answer standing for a listener that threw or rejected, or for a `next()` called too late. */
  fail(context: C, error: unknown): T
  /** The default action past the last listener; its promise never rejects. */
  terminal(context: C): Promise<T>
}

const settledLate = new Error('next() was called after this waterfall had settled')

/**
 * Runs `entries` as a waterfall: each listener receives `next`, which runs the rest of the chain at
 * most once (a second call returns the same promise, so the default action never runs twice) and
 * resolves a normalized answer — an inner listener's failure reaches the outer one as the spec's
 * fail-closed answer, never as a rejection it could swallow into permission. The returned promise
 * never rejects and settles only when every started level has settled: a listener that calls
 * `next()` without awaiting it does not leave its work (or the tool body) running unobserved.
 * A `next()` first called after that point does nothing and answers `fail`.
 */
export function runWaterfall<C, T, F>(entries: readonly ListenerEntry<F>[], spec: WaterfallSpec<C, T, F>, context: C): Promise<T> {
  return new WaterfallRun(entries, spec, context).start()
}

class WaterfallRun<C, T, F> {
  private pending = 0
  private closed = false
  private drained: (() => void) | undefined = undefined

  constructor(
    private readonly entries: readonly ListenerEntry<F>[],
    private readonly spec: WaterfallSpec<C, T, F>,
    private readonly context: C,
  ) {}

  start(): Promise<T> {
    return this.level(0).then((answer) => {
      if (this.pending === 0) {
        this.closed = true
        return answer
      }
      return new Promise<T>((resolve) => {
        this.drained = () => resolve(answer)
      })
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
    this.pending++
    let answer: unknown
    if (index >= this.entries.length) {
      try {
        answer = spec.terminal(context)
      } catch (error) {
        answer = Promise.reject(error)
      }
    } else {
      let nextAnswer: Promise<T> | undefined
      const next = (): Promise<T> => (nextAnswer ??= this.level(index + 1))
      try {
        answer = spec.invoke(this.entries[index] as ListenerEntry<F>, context, next)
      } catch (error) {
        answer = Promise.reject(error)
      }
    }
    return Promise.resolve(answer).then(
      (value) => {
        this.settle()
        try {
          return spec.normalize(context, value)
        } catch (error) {
          return spec.fail(context, error)
        }
      },
      (error: unknown) => {
        this.settle()
        return spec.fail(context, error)
      },
    )
  }
}
