import { Worker } from 'node:worker_threads'

// A pattern comes from the model, and a regular expression can backtrack for minutes on one short line
// (`^(a+)+$` against forty a's and a `!`), freezing the host's event loop: no timer, no abort, no timeout fires.
// So the matching runs in a worker thread, which can be terminated: on abort, or past a time budget per batch.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
let regex
parentPort.on('message', (message) => {
  if (message.source !== undefined) {
    regex = new RegExp(message.source, message.flags)
    return
  }
  const hits = []
  for (let i = 0; i < message.items.length; i++) {
    regex.lastIndex = 0
    if (regex.test(message.items[i])) hits.push(i)
  }
  parentPort.postMessage(hits)
})
`

/** Raised when a pattern runs past its time budget (most likely catastrophic backtracking). */
export class PatternTooSlowError extends Error {
  override name = 'PatternTooSlowError'
}

/** Tests strings against one regular expression off the main thread, interruptibly. */
export class SafeMatcher {
  readonly #worker: Worker
  readonly #signal: AbortSignal | undefined
  readonly #budgetMs: number

  constructor(regex: RegExp, signal?: AbortSignal, budgetMs = 5_000) {
    this.#worker = new Worker(WORKER_SOURCE, { eval: true })
    this.#worker.unref()
    this.#worker.postMessage({ source: regex.source, flags: regex.flags })
    this.#signal = signal
    this.#budgetMs = budgetMs
  }

  /** The indexes of the `items` the pattern matches; rejects on abort or when one batch runs past the budget. */
  match(items: readonly string[]): Promise<number[]> {
    const signal = this.#signal
    signal?.throwIfAborted()
    return new Promise((resolve, reject) => {
      const settle = (action: () => void): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.#worker.off('message', onMessage)
        this.#worker.off('error', onError)
        action()
      }
      const onMessage = (hits: number[]): void => settle(() => resolve(hits))
      const onError = (error: Error): void => settle(() => reject(error))
      const onAbort = (): void =>
        settle(() => {
          void this.#worker.terminate()
          reject(signal?.reason)
        })
      const timer = setTimeout(
        () =>
          settle(() => {
            void this.#worker.terminate()
            reject(new PatternTooSlowError(`the pattern took more than ${this.#budgetMs} ms on one file (it likely backtracks catastrophically); simplify it`))
          }),
        this.#budgetMs,
      )
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#worker.on('message', onMessage)
      this.#worker.on('error', onError)
      this.#worker.postMessage({ items })
    })
  }

  /** Stops the worker. */
  close(): void {
    void this.#worker.terminate()
  }
}
