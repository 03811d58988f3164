// The import's writes: thousands of new files, each complete or absent, written while the later tools still convert.
// The files are staged in a hidden folder made inside the target folder (`.import.<pid>-<token>0.toolsmith-tmp`, the
// shape `isLeftoverTemporary` knows): each file's bytes go there as soon as its tool is converted, a few asynchronous
// writes in flight, so the thread pool creates files while the main thread converts. Nothing in the target folder
// changes until `publish`: each staged file is hard-linked into place (a link fails rather than replace a file, so one
// that appeared since the names were assigned is never overwritten, and what it links is already complete), then the
// stage is removed. `discard` removes the stage and any folder `open` made, so an import that refuses a tool leaves
// the project as it was. A crash leaves at most the stage, which the loader never reads (it reads no folders) and the
// next import removes once its process is gone, and files that are complete. Each file costs one new inode, as a
// plain write would, plus a link and an unlink. No fsync: like `writeFileAtomic`, the promise is atomic creation, not
// durability.
import { randomBytes } from 'node:crypto'
import { linkSync, lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFile } from 'node:fs'
import path from 'node:path'
import { FileAppearedError, isLeftoverTemporary } from '../base/project-files.js'

/**
 * Staged writes in flight at once. Creating files in one folder is serialized by the kernel (the folder's lock), so
 * more only queue up in the thread pool; a few keep it busy between the main thread's yields.
 */
export const WRITES_IN_FLIGHT = 4

/**
 * The outcome of one file: written, or the error that kept it from being written (nothing is left at its path;
 * FileAppearedError when a file was already there, which is left as it is).
 */
export type NewFileWrite = { readonly ok: true } | { readonly ok: false; readonly error: Error }

const STAGE_PREFIX = '.import.'
const token = randomBytes(4).toString('hex')
let stages = 0

interface StagedFile {
  readonly name: string
  readonly text: string
  /** Set once the staged write settled: `true`, or why it failed. */
  settled?: true | Error
}

/** New files of one folder, staged while they are produced and put into place together by `publish`. */
export class NewFileStage {
  readonly #files: StagedFile[] = []
  readonly #queue: StagedFile[] = []
  #inFlight = 0
  readonly #waiting: (() => void)[] = []
  #closed = false

  private constructor(
    private readonly folder: string,
    /** The stage folder, or why it could not be made (every file then fails with that error). */
    private readonly stage: string | Error,
    /** The outermost folder `open` created (`mkdir -p`), removed again by `discard`. */
    private readonly created: string | undefined,
    private readonly limit: number,
  ) {}

  /**
   * Makes `folder` (and its parents) when missing, removes the stages of earlier imports whose process is gone, and
   * makes this import's stage. Never throws: a folder that cannot be made is every file's error.
   */
  static open(folder: string, limit = WRITES_IN_FLIGHT): NewFileStage {
    let created: string | undefined
    try {
      created = mkdirSync(folder, { recursive: true })
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory() && entry.name.startsWith(STAGE_PREFIX) && isLeftoverTemporary(entry.name)) rmSync(path.join(folder, entry.name), { recursive: true, force: true })
      }
      const stage = path.join(folder, `${STAGE_PREFIX}${process.pid}-${token}${(stages++).toString(36)}.toolsmith-tmp`)
      mkdirSync(stage, { mode: 0o700 })
      return new NewFileStage(folder, stage, created, limit)
    } catch (error) {
      return new NewFileStage(folder, error as Error, created, limit)
    }
  }

  /** Stages `name` (a file name in the folder) with `text`; the write starts now or when one in flight ends. */
  add(name: string, text: string): void {
    if (this.#closed) throw new Error('internal: a file was added to a stage after publish or discard')
    const file: StagedFile = { name, text }
    this.#files.push(file)
    if (typeof this.stage === 'string') {
      this.#queue.push(file)
      this.#pump()
    } else file.settled = this.stage
  }

  /**
   * Puts every staged file into place, in the order they were added, never over a file that is there, and removes
   * the stage. The outcomes are in that order.
   */
  async publish(): Promise<NewFileWrite[]> {
    this.#closed = true
    await this.#settled()
    const outcomes = this.#files.map((file): NewFileWrite => {
      if (file.settled !== true) return { ok: false, error: file.settled ?? new Error('internal: an unsettled staged file') }
      try {
        placeExclusive(path.join(this.stage as string, file.name), path.join(this.folder, file.name))
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
    this.#queue.length = 0
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

  #pump(): void {
    while (this.#inFlight < this.limit && this.#queue.length > 0) {
      const file = this.#queue.shift() as StagedFile
      this.#inFlight++
      writeFile(path.join(this.stage as string, file.name), file.text, { flag: 'wx' }, (error) => {
        file.settled = error ?? true
        this.#inFlight--
        this.#pump()
        if (this.#inFlight === 0) for (const resolve of this.#waiting.splice(0)) resolve()
      })
    }
  }

  #settled(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  #removeStage(): void {
    // A partly written file is only ever in the stage; removing it is best effort (a leftover is removed next time).
    if (typeof this.stage === 'string') rmSync(this.stage, { recursive: true, force: true })
  }
}

/**
 * Puts `staged` at `absolute` only if nothing is there: a hard link fails rather than replace a file. On a file
 * system without hard links the check and the move are two steps, as in writeFileAtomic.
 */
function placeExclusive(staged: string, absolute: string): void {
  try {
    linkSync(staged, absolute)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new FileAppearedError(absolute)
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error
    if (lstatSync(absolute, { throwIfNoEntry: false }) !== undefined) throw new FileAppearedError(absolute)
    renameSync(staged, absolute)
  }
}
