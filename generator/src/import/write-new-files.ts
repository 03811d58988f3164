// The import's new files, each complete or absent: staged in a hidden folder in the target while later tools convert
// (past `SYNC_FILES`, by a worker thread), then hard-linked into place by `publish`, never over a file. A crash leaves
// at most the stage, which the loader never reads and a later import removes. No fsync: atomic, not durable.
import { lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { createExclusive, isLeftoverTemporary, removeQuietly, statOrUndefined, temporaryPath } from '../base/project-files.js'

/** Files written on this thread before the rest go to the worker, so a small import never starts it. */
export const SYNC_FILES = 64
/** Files per message to the worker. */
const BATCH = 16

/** One file's outcome: written, or the error (nothing left at its path; FileAppearedError: a file was there, kept). */
export type NewFileWrite = { readonly ok: true } | { readonly ok: false; readonly error: Error }

/** A stage an earlier import left that could not be removed, and the file-system error that kept it. */
export interface StageLeftover {
  readonly path: string
  readonly error: Error
}

// The stage is a temporary (`temporaryPath`) of this name, so `isLeftoverTemporary` tells an earlier import's.
const STAGE = 'import'

/** What the worker answers per file: `null` when written, else the file-system error's fields. */
type WrittenOrError = null | { message: string; code?: string; errno?: number; syscall?: string; path?: string }

// The worker: per batch of `[name, text]`, `null` if the stage was replaced, else per-file results.
const WRITER = `
const { parentPort, workerData: { stage, dev, ino } } = require('node:worker_threads')
const { lstatSync, writeFileSync } = require('node:fs')
const path = require('node:path')
const isStage = () => {
  try {
    const now = lstatSync(stage, { bigint: true, throwIfNoEntry: false })
    return now !== undefined && now.isDirectory() && now.dev === dev && now.ino === ino
  } catch {
    return false
  }
}
parentPort.on('message', (batch) => {
  if (!isStage()) return parentPort.postMessage(null)
  parentPort.postMessage(batch.map(([name, text]) => {
    try {
      writeFileSync(path.join(stage, name), text, { flag: 'wx' })
      return null
    } catch (error) {
      return { message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path }
    }
  }))
})
`

/** The stage folder as made: its path, and the device and inode it had then (a folder put in its place has others). */
interface StageFolder {
  readonly path: string
  readonly dev: bigint
  readonly ino: bigint
}

/** A worker thread writing staged files, and the batches sent to it and not yet answered (it answers in order). */
interface Writer {
  readonly worker: Worker
  readonly sent: StagedFile[][]
}

interface StagedFile {
  readonly name: string
  readonly text: string
  /** Set once the staged write settled: `true`, or why it failed. */
  settled?: true | Error
}

/** New files of one folder, staged while they are produced and put into place together by `publish`. */
export class NewFileStage {
  readonly #files: StagedFile[] = []
  /** Files not yet sent to the worker. */
  #batch: StagedFile[] = []
  /** The worker, while it runs; `#writerFailed` once it failed (the files are then written here). */
  #writer: Writer | undefined
  #writerFailed = false
  readonly #waiting: (() => void)[] = []
  #closed = false
  #replaced: Error | undefined

  private constructor(
    private readonly folder: string,
    /** The stage folder, or why it could not be made (every file then fails with that error). */
    private readonly stage: StageFolder | Error,
    /** The outermost folder `open` created (`mkdir -p`), removed again by `discard`. */
    private readonly created: string | undefined,
    private readonly syncFiles: number,
    /** The stages of earlier imports that `open` found left over and could not remove (each with why). */
    readonly leftovers: readonly StageLeftover[],
  ) {}

  /** Makes `folder` if missing, clears finished stages, makes this one; never throws (an error is every file's). */
  static open(folder: string, syncFiles = SYNC_FILES): NewFileStage {
    let created: string | undefined
    try {
      created = mkdirSync(folder, { recursive: true })
    } catch (error) {
      return new NewFileStage(folder, error as Error, undefined, syncFiles, [])
    }
    const leftovers = removeLeftoverStages(folder)
    try {
      const stage = temporaryPath(path.join(folder, STAGE))
      mkdirSync(stage, { mode: 0o700 })
      // Its identity, to tell later whether something was put in its place.
      const { dev, ino } = lstatSync(stage, { bigint: true })
      return new NewFileStage(folder, { path: stage, dev, ino }, created, syncFiles, leftovers)
    } catch (error) {
      return new NewFileStage(folder, error as Error, created, syncFiles, leftovers)
    }
  }

  /** Stages `name` (a file name in the folder) with `text`: written now, or sent to the worker. */
  add(name: string, text: string): void {
    if (this.#closed) throw new Error('internal: a file was added to a stage after publish or discard')
    const file: StagedFile = { name, text }
    this.#files.push(file)
    if (this.stage instanceof Error) file.settled = this.stage
    else if (this.#files.length <= this.syncFiles || !this.#startWorker()) file.settled = this.#writeHere(file)
    else {
      this.#batch.push(file)
      if (this.#batch.length === BATCH) this.#send()
    }
  }

  /** Links each staged file into place, never over a file, and removes the stage; outcomes in the order added. */
  async publish(): Promise<NewFileWrite[]> {
    this.#closed = true
    this.#send()
    await this.#settled()
    const outcomes = this.#files.map((file, index): NewFileWrite => {
      const replaced = index % BATCH === 0 ? this.#stageChanged() : this.#replaced
      if (file.settled !== true) return { ok: false, error: file.settled ?? new Error('internal: an unsettled staged file') }
      if (replaced !== undefined) return { ok: false, error: replaced }
      try {
        createExclusive(path.join((this.stage as StageFolder).path, file.name), path.join(this.folder, file.name), true)
        return { ok: true }
      } catch (error) {
        return { ok: false, error: error as Error }
      }
    })
    this.#removeStage()
    return outcomes
  }

  /** Writes nothing: stops the staged writes, removes the stage and the folders `open` made (when still empty). */
  async discard(): Promise<void> {
    this.#closed = true
    this.#batch = []
    await this.#settled()
    this.#removeStage()
    if (this.created === undefined) return
    // From the folder up to the outermost one made; rmdir leaves a folder that is no longer empty.
    for (let folder = this.folder; ; folder = path.dirname(folder)) {
      try {
        rmdirSync(folder)
      } catch {
        return
      }
      if (folder === this.created || path.dirname(folder) === folder) return
    }
  }

  /** Starts the worker if none runs yet; `false` when it cannot or one failed before (files are then written here). */
  #startWorker(): boolean {
    if (this.#writer !== undefined) return true
    if (this.#writerFailed) return false
    let worker: Worker
    try {
      // It keeps the process alive until `publish` or `discard` stops it, which every path of an import reaches.
      const { path: stage, dev, ino } = this.stage as StageFolder
      worker = new Worker(WRITER, { eval: true, workerData: { stage, dev, ino } })
    } catch {
      this.#writerFailed = true
      return false
    }
    // Handlers are tied to this writer: once it is no longer `#writer`, its late events are ignored.
    const writer: Writer = { worker, sent: [] }
    worker.on('message', (results: WrittenOrError[] | null) => {
      if (this.#writer !== writer) return
      const batch = writer.sent.shift() ?? []
      // `null`: the worker found the stage replaced and wrote none of the batch.
      const replaced = results === null ? (this.#stageChanged() ?? this.#replace()) : undefined
      batch.forEach((file, index) => {
        const result = results?.[index]
        file.settled = replaced ?? toSettled(result === undefined ? { message: 'internal: the worker gave no result for a file' } : result)
      })
      this.#wake()
    })
    // A failed worker is stopped for good; the batches it did not answer are written here, as every later file.
    const fail = (): void => {
      if (this.#writer !== writer) return
      this.#writer = undefined
      this.#writerFailed = true
      worker.terminate().catch(() => undefined)
      for (const batch of writer.sent.splice(0)) for (const file of batch) file.settled ??= this.#writeHere(file, true)
      this.#wake()
    }
    worker.on('error', fail)
    worker.on('exit', fail)
    this.#writer = writer
    return true
  }

  #send(): void {
    if (this.#batch.length === 0) return
    const batch = this.#batch
    this.#batch = []
    const writer = this.#writer
    // The worker failed since these were batched, or the stage was replaced (then each gets that error).
    if (writer === undefined || this.#replaced !== undefined) {
      for (const file of batch) file.settled ??= this.#writeHere(file)
      return
    }
    writer.sent.push(batch)
    writer.worker.postMessage(batch.map((file) => [file.name, file.text]))
  }

  /** Writes a staged file here, exclusively; `again`: over what a failed (no longer running) worker may have left. */
  #writeHere(file: StagedFile, again = false): true | Error {
    const replaced = this.#stageChanged()
    if (replaced !== undefined) return replaced
    const staged = path.join((this.stage as StageFolder).path, file.name)
    // Not there, or not removable: the exclusive write below then says why.
    if (again) removeQuietly(staged)
    try {
      writeFileSync(staged, file.text, { flag: 'wx' })
      return true
    } catch (error) {
      return error as Error
    }
  }

  /** `undefined` while the stage is the folder made, else every later file's error (a swap would misdirect writes). */
  #stageChanged(): Error | undefined {
    if (this.#replaced !== undefined || this.stage instanceof Error) return this.#replaced
    const now = statOrUndefined(this.stage.path, true, true)
    return now !== undefined && now.isDirectory() && now.dev === this.stage.dev && now.ino === this.stage.ino ? undefined : this.#replace()
  }

  /** Records that the stage is no longer the folder made, saying what is there now; the error every file left gets. */
  #replace(): Error {
    if (this.#replaced !== undefined) return this.#replaced
    const { path: stage } = this.stage as StageFolder
    const now = statOrUndefined(stage, true)
    const what = now === undefined ? 'removed' : now.isSymbolicLink() ? 'replaced by a symbolic link' : now.isDirectory() ? 'replaced by another folder' : 'replaced by a file'
    this.#replaced = new Error(`the staging folder ${stage} was ${what} while toolsmith was running; nothing more is written or put into place`)
    return this.#replaced
  }

  #wake(): void {
    if ((this.#writer?.sent.length ?? 0) === 0) for (const resolve of this.#waiting.splice(0)) resolve()
  }

  /** Resolves once the worker answered every batch sent (or failed and they were written here), then stops it. */
  async #settled(): Promise<void> {
    if ((this.#writer?.sent.length ?? 0) > 0) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    const writer = this.#writer
    // No longer `#writer`: the 'exit' that stopping it causes is ignored.
    this.#writer = undefined
    if (writer !== undefined) await writer.worker.terminate()
  }

  #removeStage(): void {
    // What was put in place of a replaced stage is not ours to remove.
    if (this.stage instanceof Error || this.#stageChanged() !== undefined) return
    try {
      rmSync(this.stage.path, { recursive: true, force: true })
    } catch {
      // Best effort: a stage left behind holds no declaration the loader reads, and the next import removes it.
    }
  }
}

/** Removes earlier imports' finished stages; one that cannot be removed is reported, never fails this import. */
function removeLeftoverStages(folder: string): StageLeftover[] {
  const leftovers: StageLeftover[] = []
  let entries
  try {
    entries = readdirSync(folder, { withFileTypes: true })
  } catch {
    return leftovers
  }
  const now = Date.now()
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    const leftover = path.join(folder, entry.name)
    try {
      if (isLeftoverTemporary(folder, entry.name, now, STAGE)) rmSync(leftover, { recursive: true, force: true })
    } catch (error) {
      leftovers.push({ path: leftover, error: error as Error })
    }
  }
  return leftovers
}

/** A worker's answer as a settled file: the error rebuilt with the fields the report reads (code, path). */
function toSettled(result: WrittenOrError): true | Error {
  if (result === null) return true
  const { message, ...fields } = result
  return Object.assign(new Error(message), fields)
}
