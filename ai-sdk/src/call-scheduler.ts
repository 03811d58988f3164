import type { ToolExecutionMode } from '@toolsmith/runtime'

interface Waiting {
  readonly exclusive: boolean
  readonly grant: () => void
}

/**
 * Runs a step's calls the way the runtime classifies them: parallel calls overlap each other, an
 * exclusive call waits for every call started before it and runs alone; calls start in arrival
 * order. The AI SDK starts all of a step's `execute`s at once; this is the gate in front of them.
 */
export class CallScheduler {
  private running = 0
  private exclusiveRunning = false
  private readonly queue: Waiting[] = []

  /** Runs `task` once `mode` allows. A call aborted before its turn runs at once: the runtime then refuses it (ABORTED_BEFORE_DISPATCH). */
  async run<T>(mode: ToolExecutionMode, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const exclusive = mode.kind === 'exclusive'
    // A free slot is taken synchronously: an uncontended call pays no extra promise hop before its task.
    if (!signal.aborted && this.queue.length === 0 && this.canStart(exclusive)) this.take(exclusive)
    else if (!(await this.acquire(exclusive, signal))) return task()
    try {
      return await task()
    } finally {
      this.running--
      if (exclusive) this.exclusiveRunning = false
      this.drain()
    }
  }

  /** Resolves `true` with a slot taken, or `false` (no slot) when `signal` aborts first. */
  private acquire(exclusive: boolean, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false)
    if (this.queue.length === 0 && this.canStart(exclusive)) {
      this.take(exclusive)
      return Promise.resolve(true)
    }
    return new Promise<boolean>((resolve) => {
      const onAbort = (): void => {
        const index = this.queue.indexOf(entry)
        if (index >= 0) this.queue.splice(index, 1)
        resolve(false)
        this.drain()
      }
      const entry: Waiting = {
        exclusive,
        grant: () => {
          signal.removeEventListener('abort', onAbort)
          this.take(exclusive)
          resolve(true)
        },
      }
      this.queue.push(entry)
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  private canStart(exclusive: boolean): boolean {
    return exclusive ? this.running === 0 : !this.exclusiveRunning
  }

  private take(exclusive: boolean): void {
    this.running++
    if (exclusive) this.exclusiveRunning = true
  }

  private drain(): void {
    while (this.queue.length > 0 && this.canStart((this.queue[0] as Waiting).exclusive)) (this.queue.shift() as Waiting).grant()
  }
}
