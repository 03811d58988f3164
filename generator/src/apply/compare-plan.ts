import { type BigIntStats, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileSystemAdvice, isFileSystemError, isLeftoverTemporary, isPlainPathInside, readRegularFile } from '../base/project-files.js'
import type { ProjectConfig } from '../config/project-config.js'
import { isSettled, statText, textHash } from '../plan/cache/cache-key.js'
import { exportFilePath } from '../plan/output-paths.js'
import { isGeneratorOwnedText } from '../model/plan.js'
import type { Diagnostic } from '../model/diagnostic.js'
import type { FileOwner, PlannedFile, PlanResult } from '../model/plan.js'

/** One planned file next to what is on disk. */
export interface PlannedChange {
  readonly path: string
  readonly owner: FileOwner
  /** `create`: not on disk; `update`: on disk with other bytes; `unchanged`: byte-identical. */
  readonly status: 'create' | 'update' | 'unchanged'
  readonly planned: string
  /** The file on disk, decoded (lossy if not UTF-8); `undefined` when absent. */
  readonly current: string | undefined
  /** The bytes on disk when compared (absent: see `current`); the write edge replaces the file only while it holds them. */
  readonly bytes?: Uint8Array
  /**
   * For a file the comparison did not read (as recorded, holding another text than the planned one), its stat when
   * compared (`statText`): the write edge replaces it only while it is still so.
   */
  readonly stat?: string
}

/** A file on disk that the plan deletes or reports, with its text. */
export interface ExistingFile {
  readonly path: string
  readonly current: string
  /** Its bytes when compared; a deletion happens only while the file still holds them. */
  readonly bytes?: Uint8Array
}

/** A planned path that cannot be read or written as a file, and why. */
export interface BlockedPath {
  readonly path: string
  readonly reason: string
  /**
   * `output-blocked` (default): something that is not a file is in the way; `not-generated`: a file toolsmith did not
   * write is at a generator-owned path; `changed-during-run`: the file changed after the plan read it.
   */
  readonly code?: 'output-blocked' | 'not-generated' | 'changed-during-run'
}

/** The whole plan compared with disk. */
export interface PlanComparison {
  /** Every planned file, in plan order. */
  readonly changes: readonly PlannedChange[]
  /** Generator-owned files to delete that do exist. */
  readonly deletions: readonly ExistingFile[]
  /** Author stubs whose tool is gone (never deleted). */
  readonly orphans: readonly ExistingFile[]
  /** Planned paths that cannot be read or written as files (a folder there, a file where a folder must be). */
  readonly blocked: readonly BlockedPath[]
  /**
   * Temporary files an interrupted generate left in the output folders (named by writeFileAtomic, their process gone),
   * sorted: `generate` removes them, `check` reports them.
   */
  readonly temporaries?: readonly string[]
}

const NOT_GENERATED =
  'a file toolsmith did not write is at this generated path (it lacks the generator header); toolsmith will not replace it: move it away, or configure another path for this output'
const CHANGED =
  'the file changed while toolsmith was planning (it no longer holds the bytes the plan read), so it was left alone; run toolsmith again'

/**
 * What a run saw at an output path while it held exactly the planned text of hash `hash` and `length` (in UTF-16
 * code units, a text's own length): the file's identity and times from the stat taken before reading it (`statText`).
 */
export interface OutputRecord {
  readonly hash: string
  readonly length: number
  readonly stat: string
}

/**
 * Records of what earlier runs saw of the outputs (kept in the plan cache), and where this run notes what it sees.
 * A planned file whose record matches its planned text and whose stat is unchanged is not read again. Any write
 * changes the file's ctime, which no tool can set back, so an edit is seen even when the mtime is restored. Only a
 * file whose stat is settled at `now` is recorded (see `isSettled`): an edit in the same timestamp tick as the write
 * it follows (file systems keep times only to a tick, up to 2 s) would otherwise leave the same stat.
 */
export interface KnownOutputs {
  get(path: string): OutputRecord | undefined
  note(path: string, record: OutputRecord): void
  /**
   * The text of hash `hash`, kept for a file the planner reads (a stub), so a later planner can take the file's text
   * from its record without reading it; `undefined` when not kept.
   */
  text?(hash: string): string | undefined
  /** Keeps `text`, of hash `hash`, for `text` to answer. */
  noteText?(hash: string, text: string): void
  /** The time of the run, in nanoseconds since the epoch. */
  readonly now: bigint
}

/** Whether two records are of the same file in the same state. */
export const sameOutputRecord = (a: OutputRecord, b: OutputRecord): boolean => a.hash === b.hash && a.length === b.length && a.stat === b.stat

const statOrUndefined = (file: string): BigIntStats | undefined => {
  try {
    return statSync(file, { bigint: true, throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/**
 * Reads every file the plan touches and compares bytes (not decoded text: a BOM or bad byte is a difference). Only
 * regular files are read (a FIFO is refused, never waited on). `reads` are the files the planner read, with what it
 * read: one that now holds other bytes changed during the run and is refused, so an author's edit is never reverted.
 * A generator-owned path holding a file toolsmith did not write is refused too (`not-generated`). The reads are
 * synchronous: thousands of small local files, where each asynchronous read costs a thread-pool round trip several
 * times the read itself. `recordedReads` are the files the planner took from their records (see `KnownOutputs.text`)
 * instead of reading them: while a file's stat is still its record's, it holds that text and is not read.
 */
export async function comparePlan(
  cwd: string,
  plan: PlanResult,
  reads?: ReadonlyMap<string, string | undefined>,
  known?: KnownOutputs,
  recordedReads?: ReadonlyMap<string, OutputRecord>,
): Promise<PlanComparison> {
  const blocked: BlockedPath[] = []
  const read = (file: string): Buffer | undefined => {
    let result
    try {
      result = readRegularFile(path.resolve(cwd, file))
    } catch (error) {
      const why = isFileSystemError(error) ? `${error.code}: ${fileSystemAdvice(error)}` : String(error)
      blocked.push({ path: file, reason: `it cannot be read (${why})` })
      return undefined
    }
    if (result.ok) return result.bytes
    if (result.reason === 'absent') return undefined
    blocked.push({
      path: file,
      reason:
        result.reason === 'folder'
          ? 'a folder is in the way of this file'
          : result.reason === 'file-in-the-way'
            ? 'a file is in the way of one of its folders'
            : 'something that is not a regular file (a FIFO, socket or device) is in the way of this file; remove it',
    })
    return undefined
  }
  // What the planner read must still be there, byte for byte: the text it read, or the text of the record it took.
  const wasRead = (file: string): boolean => reads?.has(file) === true || recordedReads?.has(file) === true
  const readText = (file: string): string | undefined => {
    if (reads?.has(file) === true) return reads.get(file)
    const taken = recordedReads?.get(file)
    return taken === undefined ? undefined : known?.text?.(taken.hash)
  }
  const unchangedSinceRead = (file: string, bytes: Buffer | undefined): boolean => {
    if (!wasRead(file)) return true
    const text = readText(file)
    if (text === undefined || bytes === undefined) return text === undefined && bytes === undefined
    return holdsText(bytes, text)
  }
  const changes = plan.files.map((file): PlannedChange => {
    const absolute = onDisk(cwd, file.path)
    const before = known !== undefined ? statOrUndefined(absolute) : undefined
    const stat = before?.isFile() === true ? statText(before) : undefined
    // The record to check the file against: the one the planner took it from, else (for a file the planner did not
    // read, which must be compared with what it read) the one an earlier run noted.
    const taken = recordedReads?.get(file.path)
    const record = taken ?? (known !== undefined && !wasRead(file.path) ? known.get(file.path) : undefined)
    // The planned text's hash, taken from the planner when it has it, else made when first needed: a file whose
    // record says it holds a text of another length does not hold this one, whatever its hash (a string's length is
    // known without reading it).
    let contentKey = file.contentHash
    const plannedHash = (): string => (contentKey ??= textHash(file.content))
    const mayHold = (seen: OutputRecord): boolean => file.contentHash !== undefined || file.content.length === seen.length
    // A file as recorded holds the recorded text: when that is the planned one, the file is not read.
    if (stat !== undefined && record !== undefined && record.stat === stat && mayHold(record) && plannedHash() === record.hash) return unchangedFile(file)
    // Nor is a file as recorded that the plan changes (a planner's read excepted: it is checked against what was
    // read): the record says toolsmith wrote it, and the write edge checks its stat again.
    if (stat !== undefined && record !== undefined && taken === undefined && record.stat === stat) return changedFile(file, absolute, stat)
    const base = { path: file.path, owner: file.owner, planned: file.content }
    // A file taken from its record, still as recorded, holds that text: not read either.
    const recordedText = taken !== undefined && taken.stat === stat ? readText(file.path) : undefined
    const bytes = recordedText === undefined ? read(file.path) : Buffer.from(recordedText, 'utf8')
    // Bytes made from the recorded text hold it: only bytes read from disk can have changed since.
    if (recordedText === undefined && !unchangedSinceRead(file.path, bytes)) blocked.push({ path: file.path, reason: CHANGED, code: 'changed-during-run' })
    if (bytes === undefined) return { ...base, status: 'create', current: undefined }
    const same = holdsText(bytes, file.content)
    if (same && known !== undefined && before !== undefined && stat !== undefined && isSettled(before, known.now)) {
      const seen = { hash: plannedHash(), length: file.content.length, stat }
      if (record === undefined || !sameOutputRecord(record, seen)) {
        known.note(file.path, seen)
        // A file the planner reads: its text is kept too, for the planner to take from the record.
        if (wasRead(file.path)) known.noteText?.(seen.hash, file.content)
      }
    }
    if (same) return { ...base, status: 'unchanged', current: file.content, bytes }
    // A file that is as recorded (before and after it was read) holds a text this generator planned for it.
    const after = record !== undefined && record.stat === stat ? statOrUndefined(absolute) : undefined
    const recorded = after?.isFile() === true && statText(after) === stat
    if (file.owner === 'generator' && !recorded && !isGeneratorOwnedText(file.path, bytes.toString('utf8'))) {
      blocked.push({ path: file.path, reason: NOT_GENERATED, code: 'not-generated' })
    }
    // Decoded when asked for (a check's diff): generate only needs the bytes.
    let current: string | undefined
    return {
      ...base,
      status: 'update',
      get current() {
        return (current ??= bytes.toString('utf8'))
      },
      bytes,
    }
  })
  const existing = (files: readonly string[]): ExistingFile[] =>
    files.flatMap((file) => {
      const bytes = read(file)
      if (!unchangedSinceRead(file, bytes)) blocked.push({ path: file, reason: CHANGED, code: 'changed-during-run' })
      return bytes === undefined ? [] : [{ path: file, current: bytes.toString('utf8'), bytes }]
    })
  const deletions = existing(plan.deletions)
  const orphans = existing(plan.orphans)
  const folders = new Set([...plan.files.map((file) => file.path), ...plan.deletions].map((file) => path.posix.dirname(file)))
  return { changes, deletions, orphans, blocked, temporaries: leftoverTemporaries(cwd, folders) }
}

// A plain relative path (no `.` or `..` segment, not absolute, no backslash), as the planned ones are.
const PLAIN = /^(?![/\\])(?!(?:.*\/)?\.\.?(?:\/|$))[^\\]*$/

/** Where a planned file is: a plain path joined as written (thousands of them), anything else resolved. */
export const onDisk = (cwd: string, file: string): string => (PLAIN.test(file) ? `${cwd}${path.sep}${file}` : path.resolve(cwd, file))

/** A planned file found as recorded, holding another text, without reading it: its old text is read if asked for (a diff). */
function changedFile(file: PlannedFile, absolute: string, stat: string): PlannedChange {
  let current: string | undefined
  return {
    path: file.path,
    owner: file.owner,
    status: 'update',
    planned: file.content,
    get current() {
      if (current === undefined) {
        const read = readRegularFile(absolute)
        current = read.ok ? read.bytes.toString('utf8') : ''
      }
      return current
    },
    stat,
  }
}

/** A planned file found on disk as planned, without reading it: its texts are made only when asked for. */
function unchangedFile(file: PlannedFile): PlannedChange {
  return {
    path: file.path,
    owner: file.owner,
    status: 'unchanged',
    get planned() {
      return file.content
    },
    get current() {
      return file.content
    },
  }
}

// One buffer, grown as needed, that planned texts are encoded into to be compared with what a file holds: encoding
// each of thousands of texts into a buffer of its own cost more than reading the files.
let scratch = Buffer.allocUnsafe(1 << 16)

/** Whether `bytes` are exactly `text` in UTF-8 (lone surrogates encoded as U+FFFD, as writing the text would). */
function holdsText(bytes: Uint8Array, text: string): boolean {
  const length = Buffer.byteLength(text, 'utf8')
  if (length !== bytes.length) return false
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, 2 * scratch.length))
  const written = scratch.write(text, 0, length, 'utf8')
  return written === length && Buffer.compare(scratch.subarray(0, length), bytes) === 0
}

/** The leftover temporaries directly inside `folders` (project paths), sorted. */
function leftoverTemporaries(cwd: string, folders: ReadonlySet<string>): string[] {
  const found: string[] = []
  const now = Date.now()
  for (const folder of folders) {
    const absolute = path.resolve(cwd, folder)
    let entries
    try {
      entries = readdirSync(absolute, { withFileTypes: true })
    } catch {
      continue // an absent or unreadable folder holds none we could remove; the writes report it
    }
    for (const entry of entries) if (entry.isFile() && isLeftoverTemporary(absolute, entry.name, now)) found.push(path.posix.join(folder, entry.name))
  }
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * Confines the plan before anything is compared or written: every planned file must be the catalog,
 * the catalog JSON, a configured region file, a configured target's export, or plainly inside `out` (no `..`, no absolute path,
 * no backslash); deletions and orphans must be inside `out`; no path may be planned twice. Whatever
 * a tool name or a planner bug produces, nothing outside those places can be touched.
 */
export function checkPlanPaths(config: ProjectConfig, plan: PlanResult): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const exact = new Set([config.docs, config.catalogJson, ...config.catalogRegions, ...(config.targets ?? []).map((spec) => exportFilePath(config.catalogJson, spec))])
  const refuse = (file: string, code: string, message: string): void => {
    diagnostics.push({ severity: 'error', code, message, file, line: 1, column: 1 })
  }
  const seen = new Set<string>()
  for (const file of plan.files) {
    if (seen.has(file.path)) refuse(file.path, 'plan-duplicate-path', 'the plan writes this file twice')
    seen.add(file.path)
    if (!exact.has(file.path) && !isPlainPathInside(config.out, file.path)) {
      refuse(file.path, 'plan-path-outside', `refusing to write outside the output folder ${JSON.stringify(config.out)} and the configured catalogs`)
    }
  }
  for (const [list, what] of [[plan.deletions, 'delete'], [plan.orphans, 'report']] as const) {
    for (const file of list) {
      if (!isPlainPathInside(config.out, file)) refuse(file, 'plan-path-outside', `refusing to ${what} a file outside the output folder ${JSON.stringify(config.out)}`)
      if (seen.has(file)) refuse(file, 'plan-duplicate-path', `the plan both writes and would ${what} this file`)
    }
  }
  return diagnostics
}
