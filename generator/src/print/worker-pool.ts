import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/** CPU-heavy work a worker thread can do: prettier's `format`, or json2ts's `compile`. */
export type PoolJob =
  | { readonly kind: 'format'; readonly source: string; readonly options: object }
  | { readonly kind: 'compile'; readonly schema: object; readonly name: string; readonly options: object }

type Reply = { readonly id: number; readonly ok: true; readonly text: string } | { readonly id: number; readonly ok: false; readonly message: string }

// The worker is a plain script evaluated from this string, so the same code runs from the sources (under vitest)
// and from the build, and it loads the very prettier and json2ts the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const prettier = import(workerData.prettier)
const json2ts = import(workerData.json2ts)
parentPort.on('message', async ({ id, job }) => {
  try {
    let text
    if (job.kind === 'format') {
      text = await (await prettier).format(job.source, job.options)
    } else {
      const module = await json2ts
      text = await (module.compile ?? module.default.compile)(job.schema, job.name, job.options)
    }
    parentPort.postMessage({ id, ok: true, text })
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
})
`

const require = createRequire(import.meta.url)

function moduleUrls(): { prettier: string; json2ts: string } {
  // prettier's `require` entry is a CJS shim; its ESM entry sits beside it.
  const prettierCjs = require.resolve('prettier')
  const prettierEsm = join(dirname(prettierCjs), 'index.mjs')
  return {
    prettier: pathToFileURL(existsSync(prettierEsm) ? prettierEsm : prettierCjs).href,
    json2ts: pathToFileURL(require.resolve('json-schema-to-typescript')).href,
  }
}

interface PoolWorker {
  readonly worker: Worker
  readonly pending: Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>
}

/**
 * A few worker threads for prettier and json2ts, so a large plan uses every core. Started on first use, kept for
 * the process (idle workers are unref'd and never hold the process open), and each job goes to the worker with the
 * fewest jobs in flight. A job that cannot be sent (options that do not clone, such as plugin objects) rejects, and
 * the caller does the work itself.
 */
export class WorkerPool {
  private workers: PoolWorker[] | undefined
  private nextId = 0

  constructor(readonly size: number) {}

  run(job: PoolJob): Promise<string> {
    const target = this.pick()
    const id = this.nextId++
    return new Promise<string>((resolve, reject) => {
      try {
        target.worker.postMessage({ id, job })
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
        return
      }
      target.pending.set(id, { resolve, reject })
      target.worker.ref()
    })
  }

  private pick(): PoolWorker {
    this.workers ??= Array.from({ length: this.size }, () => this.start())
    let best = this.workers[0] as PoolWorker
    for (const candidate of this.workers) if (candidate.pending.size < best.pending.size) best = candidate
    return best
  }

  private start(): PoolWorker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: moduleUrls() })
    const entry: PoolWorker = { worker, pending: new Map() }
    worker.unref()
    worker.on('message', (reply: Reply) => {
      const waiting = entry.pending.get(reply.id)
      entry.pending.delete(reply.id)
      if (entry.pending.size === 0) worker.unref()
      if (waiting === undefined) return
      if (reply.ok) waiting.resolve(reply.text)
      else waiting.reject(new Error(reply.message))
    })
    worker.on('error', (error) => {
      for (const waiting of entry.pending.values()) waiting.reject(error)
      entry.pending.clear()
      // A dead worker is replaced on the next pick.
      this.workers = this.workers?.filter((candidate) => candidate !== entry)
      if (this.workers?.length === 0) this.workers = undefined
    })
    return entry
  }
}

let shared: WorkerPool | undefined

/**
 * The process's pool: a worker per core beside the main thread's, at most four; `undefined` below three cores. Each
 * worker loads prettier and json2ts and warms up its own JIT, which costs more than one extra thread wins back (on
 * a two-core machine measured: a 1,000-tool cold plan took longer with a pool than without).
 */
export function sharedWorkerPool(): WorkerPool | undefined {
  const size = Math.min(availableParallelism() - 1, 4)
  if (size < 2) return undefined
  shared ??= new WorkerPool(size)
  return shared
}
