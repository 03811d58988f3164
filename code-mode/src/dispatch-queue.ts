import type { ToolExecutionMode } from '@toolsmith/runtime'

interface Queued {
  readonly kind: ToolExecutionMode['kind']
  readonly start: () => Promise<void>
}

/**
 * Schedules a program's concurrent sub-dispatches the way the agent loop schedules a batch: in
 * call order, `parallel` calls overlap with each other, an `exclusive` call waits until everything
 * started before it settled and runs alone, and calls after it wait for it (an ordering barrier).
 */
export class DispatchQueue {
  private running = 0
  private exclusive = false
  private readonly queue: Queued[] = []

  /** Runs `task` when its mode allows; resolves or rejects with it. */
  submit<T>(kind: ToolExecutionMode['kind'], task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        kind,
        start: () =>
          task().then(resolve, reject).finally(() => {
            this.running--
            if (kind === 'exclusive') this.exclusive = false
            this.pump()
          }),
      })
      this.pump()
    })
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.exclusive) {
      const head = this.queue[0] as Queued
      if (head.kind === 'exclusive' && this.running > 0) return
      this.queue.shift()
      this.running++
      if (head.kind === 'exclusive') this.exclusive = true
      void head.start()
    }
  }
}
