import { Worker } from 'node:worker_threads'
import type { CodeEngine, CodeSandbox, SandboxLimits, SandboxOutcome, SandboxRun } from './engine.js'
import { GUEST_PRELUDE, quickJsWorkerMain, type WorkerData, type WorkerMessage, type WorkerRequest } from './quickjs-worker.js'

/** Options of {@link createQuickJsEngine}. */
export interface QuickJsEngineOptions {
  /** How long a stopped program may take to notice before its worker is terminated, in ms. Default 150. */
  readonly terminateAfterMs?: number
  /** Idle workers kept for the next programs. Default 2. */
  readonly idleWorkers?: number
}

/**
 * The default engine: QuickJS (quickjs-emscripten's release sync build, WebAssembly) in worker
 * threads, so a busy program never blocks the host's event loop. Every program gets a fresh QuickJS
 * module over its own fixed-maximum `WebAssembly.Memory` (the hard memory cap), a stack cap, and an
 * interrupt handler that polls a shared abort flag; a worker that does not stop within
 * `terminateAfterMs` of an abort is terminated. Workers are reused between programs, never shared
 * by two at once. The program has only ECMAScript's own globals (`Math.random` and `Date` are the
 * interpreter's, not deterministic) plus `tools`, `console` and `ToolError`: no `fetch`, timers,
 * `process`, `require`, `WebAssembly` or host objects.
 */
export function createQuickJsEngine(options: QuickJsEngineOptions = {}): CodeEngine {
  const terminateAfterMs = options.terminateAfterMs ?? 150
  const idleLimit = options.idleWorkers ?? 2
  const idle: HostWorker[] = []
  return {
    async create(limits) {
      const worker = idle.pop() ?? (await HostWorker.spawn())
      return new QuickJsSandbox(worker, limits, terminateAfterMs, (released) => {
        if (released.healthy && idle.length < idleLimit) idle.push(released)
        else released.terminate()
      })
    },
    async close() {
      for (const worker of idle.splice(0)) worker.terminate()
    },
  }
}

const WORKER_SOURCE = `(${quickJsWorkerMain.toString()})()`

/** One worker thread and the run it serves. */
class HostWorker {
  healthy = true
  /** Why the worker died, when it reported an error. */
  failure: string | undefined
  private listener: ((message: WorkerMessage) => void) | undefined
  private onExit: (() => void) | undefined

  private constructor(readonly worker: Worker) {
    worker.on('message', (message: WorkerMessage) => this.listener?.(message))
    const fail = (error?: unknown): void => {
      this.healthy = false
      if (error instanceof Error) this.failure = error.message
      this.onExit?.()
    }
    worker.on('error', fail)
    worker.on('exit', fail)
    worker.unref()
  }

  static spawn(): Promise<HostWorker> {
    const data: WorkerData = { base: import.meta.url, prelude: GUEST_PRELUDE }
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: data })
    const host = new HostWorker(worker)
    return new Promise((resolve, reject) => {
      host.listener = (message) => {
        if (message.t !== 'ready') return
        host.listener = undefined
        host.onExit = undefined
        resolve(host)
      }
      host.onExit = () => reject(new Error(`The QuickJS worker failed to start${host.failure === undefined ? '' : `: ${host.failure}`}`))
    })
  }

  /** Routes this worker's messages and its failure to one run. */
  attach(listener: (message: WorkerMessage) => void, onExit: () => void): void {
    this.listener = listener
    this.onExit = onExit
    this.worker.ref()
  }

  detach(): void {
    this.listener = undefined
    this.onExit = undefined
    this.worker.unref()
  }

  send(request: WorkerRequest): void {
    if (this.healthy) this.worker.postMessage(request)
  }

  terminate(): void {
    this.healthy = false
    void this.worker.terminate()
  }
}

let runs = 0

class QuickJsSandbox implements CodeSandbox {
  private disposed = false
  private running = false

  constructor(
    private readonly worker: HostWorker,
    private readonly limits: SandboxLimits,
    private readonly terminateAfterMs: number,
    private readonly release: (worker: HostWorker) => void,
  ) {}

  run(request: SandboxRun): Promise<SandboxOutcome> {
    const worker = this.worker
    const id = ++runs
    const flag = new SharedArrayBuffer(4)
    const flagView = new Int32Array(flag)
    this.running = true
    return new Promise<SandboxOutcome>((resolve) => {
      let killer: ReturnType<typeof setTimeout> | undefined
      let settled = false
      const end = (outcome: SandboxOutcome): void => {
        if (settled) return
        settled = true
        clearTimeout(killer)
        request.signal.removeEventListener('abort', stop)
        worker.detach()
        this.running = false
        if (this.disposed) this.release(worker)
        resolve(outcome)
      }
      const stop = (): void => {
        Atomics.store(flagView, 0, 1)
        worker.send({ t: 'stop', run: id })
        // The last resort: a program the interrupt handler could not reach in time.
        killer = setTimeout(() => {
          worker.terminate()
          end({ kind: 'stopped', logs: [] })
        }, this.terminateAfterMs)
      }
      worker.attach(
        (message) => {
          if (message.t === 'done' && message.run === id) end(message.outcome)
          else if (message.t === 'call' && message.run === id) {
            request.hostCall(message.name, message.args).then(
              (answer) => worker.send({ t: 'answer', run: id, id: message.id, answer }),
              (error: unknown) =>
                worker.send({ t: 'answer', run: id, id: message.id, answer: JSON.stringify({ error: { message: String(error), code: 'TOOL_ERROR' } }) }),
            )
          }
        },
        () => end(request.signal.aborted ? { kind: 'stopped', logs: [] } : { kind: 'failed', code: 'CODE_MEMORY_LIMIT', message: 'The sandbox worker died', logs: [] }),
      )
      if (request.signal.aborted) {
        end({ kind: 'stopped', logs: [] })
        return
      }
      request.signal.addEventListener('abort', stop, { once: true })
      worker.send({ t: 'run', run: id, program: request.program, limits: this.limits, flag })
    })
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    if (!this.running) this.release(this.worker)
  }
}
