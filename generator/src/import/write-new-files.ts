// The import's new files, each complete or absent: staged in a hidden folder in the target while later tools convert,
// then hard-linked into place by `publish`, never over a file. A crash leaves at most the stage, which the loader
// never reads and a later import removes. No fsync: atomic, not durable. Files are written on this thread: a worker
// writing them overlapped the conversion by about 60 ms of 1 s on a quiet disk, not worth its own protocol.
import { lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createExclusive, isLeftoverTemporary, statOrUndefined, temporaryPath } from '../base/project-files.js'

/** How many files are linked between two checks that the stage is still the folder made. */
const CHECK_EVERY = 16

/** One file's outcome: written, or the error (nothing left at its path; FileAppearedError: a file was there, kept). */
export type NewFileWrite = { readonly ok: true } | { readonly ok: false; readonly error: Error }

/** A stage an earlier import left that could not be removed, and the file-system error that kept it. */
export interface StageLeftover {
  readonly path: string
  readonly error: Error
}

// The stage is a temporary (`temporaryPath`) of this name, so `isLeftoverTemporary` tells an earlier import's.
const STAGE = 'import'

/** The stage folder as made: its path, and the device and inode it had then (a folder put in its place has others). */
interface StageFolder {
  readonly path: string
  readonly dev: bigint
  readonly ino: bigint
}

interface StagedFile {
  readonly name: string
  readonly text: string
  /** `true` once written to the stage, or why it was not. */
  readonly written: true | Error
}

/** New files of one folder, staged while they are produced and put into place together by `publish`. */
export class NewFileStage {
  readonly #files: StagedFile[] = []
  #closed = false
  #replaced: Error | undefined

  private constructor(
    private readonly folder: string,
    /** The stage folder, or why it could not be made (every file then fails with that error). */
    private readonly stage: StageFolder | Error,
    /** The outermost folder `open` created (`mkdir -p`), removed again by `discard`. */
    private readonly created: string | undefined,
    /** The stages of earlier imports that `open` found left over and could not remove (each with why). */
    readonly leftovers: readonly StageLeftover[],
  ) {}

  /** Makes `folder` if missing, clears finished stages, makes this one; never throws (an error is every file's). */
  static open(folder: string): NewFileStage {
    let created: string | undefined
    try {
      created = mkdirSync(folder, { recursive: true })
    } catch (error) {
      return new NewFileStage(folder, error as Error, undefined, [])
    }
    const leftovers = removeLeftoverStages(folder)
    try {
      const stage = temporaryPath(path.join(folder, STAGE))
      mkdirSync(stage, { mode: 0o700 })
      // Its identity, to tell later whether something was put in its place.
      const { dev, ino } = lstatSync(stage, { bigint: true })
      return new NewFileStage(folder, { path: stage, dev, ino }, created, leftovers)
    } catch (error) {
      return new NewFileStage(folder, error as Error, created, leftovers)
    }
  }

  /** Stages `name` (a file name in the folder) with `text`: written to the stage now. */
  add(name: string, text: string): void {
    if (this.#closed) throw new Error('internal: a file was added to a stage after publish or discard')
    this.#files.push({ name, text, written: this.stage instanceof Error ? this.stage : this.#writeHere(name, text) })
  }

  /** Links each staged file into place, never over a file, and removes the stage; outcomes in the order added. */
  async publish(): Promise<NewFileWrite[]> {
    this.#closed = true
    const outcomes = this.#files.map((file, index): NewFileWrite => {
      const replaced = index % CHECK_EVERY === 0 ? this.#stageChanged() : this.#replaced
      if (file.written !== true) return { ok: false, error: file.written }
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

  /** Writes nothing: removes the stage and the folders `open` made (when still empty). */
  async discard(): Promise<void> {
    this.#closed = true
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

  /** Writes a staged file, exclusively, while the stage is still the folder made. */
  #writeHere(name: string, text: string): true | Error {
    const replaced = this.#stageChanged()
    if (replaced !== undefined) return replaced
    try {
      writeFileSync(path.join((this.stage as StageFolder).path, name), text, { flag: 'wx' })
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
