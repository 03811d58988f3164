import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileError, fileSystemAdvice, isFileSystemError, isLeftoverTemporary, isPlainPathInside, readRegularFile, statOrUndefined } from '../base/project-files.js'
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
  /** The bytes on disk when compared; the write edge replaces the file only while it holds them. */
  readonly bytes?: Uint8Array
  /** The stat of a file not read (as recorded, another text); the write edge replaces it only while it is unchanged. */
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
  /** `output-blocked` (default): a non-file in the way; `not-generated`: a file toolsmith did not write there. */
  readonly code?: 'output-blocked' | 'not-generated' | 'changed-during-run'
}

/** The whole plan compared with disk. */
export interface PlanComparison {
  /** Every planned file, in plan order. */
  readonly changes: readonly PlannedChange[]
  /** Generator-owned files to delete that exist. */
  readonly deletions: readonly ExistingFile[]
  /** Author stubs whose tool is gone (never deleted). */
  readonly orphans: readonly ExistingFile[]
  /** Planned paths that cannot be read or written as files (a folder there, a file where a folder must be). */
  readonly blocked: readonly BlockedPath[]
  /** Leftover temporaries of an interrupted run in the output folders (`generate` removes, `check` reports them). */
  readonly temporaries?: readonly string[]
}

const NOT_GENERATED =
  'a file toolsmith did not write is at this generated path (it lacks the generator header); toolsmith will not replace it: move it away, or configure another path for this output'
const CHANGED =
  'the file changed while toolsmith was planning (it no longer holds the bytes the plan read), so it was left alone; run toolsmith again'

/** What a run saw at an output path holding the planned text (`hash`, UTF-16 `length`): its stat before the read. */
export interface OutputRecord {
  readonly hash: string
  readonly length: number
  readonly stat: string
}

/**
 * What earlier runs saw of the outputs (kept in the plan cache): a file still as recorded is not read again. Any write
 * changes the ctime, which no tool sets back; only settled stats are noted (`isSettled`), else a same-tick edit hides.
 */
export interface KnownOutputs {
  get(path: string): OutputRecord | undefined
  note(path: string, record: OutputRecord): void
  /** The kept text of hash `hash` (a stub the planner reads), so a later planner need not read the file. */
  text?(hash: string): string | undefined
  noteText?(hash: string, text: string): void
  /** The run's time, in nanoseconds since the epoch. */
  readonly now: bigint
}

/** Compares the plan with disk by bytes; refuses files the planner read (`reads`, `recordedReads`) that changed. */
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
  // What the planner read (or took from a record) must still be there, byte for byte.
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
    const before = known !== undefined ? statOrUndefined(absolute, false, true) : undefined
    const stat = before?.isFile() === true ? statText(before) : undefined
    // The record the planner took the file from; else, for a file it did not read, the one an earlier run noted.
    const taken = recordedReads?.get(file.path)
    const record = taken ?? (known !== undefined && !wasRead(file.path) ? known.get(file.path) : undefined)
    // Hashed only when needed: a record of another length cannot hold this text.
    let contentKey = file.contentHash
    const plannedHash = (): string => (contentKey ??= textHash(file.content))
    const mayHold = (seen: OutputRecord): boolean => file.contentHash !== undefined || file.content.length === seen.length
    // As recorded, holding the planned text: not read.
    if (stat !== undefined && record !== undefined && record.stat === stat && mayHold(record) && plannedHash() === record.hash) return unchangedFile(file)
    // As recorded and not a planner's read: toolsmith wrote it, so not read either; the write edge re-checks its stat.
    if (stat !== undefined && record !== undefined && taken === undefined && record.stat === stat) return changedFile(file, absolute, stat)
    const base = { path: file.path, owner: file.owner, planned: file.content }
    // Taken from its record and still as recorded: it holds that text.
    const recordedText = taken !== undefined && taken.stat === stat ? readText(file.path) : undefined
    const bytes = recordedText === undefined ? read(file.path) : Buffer.from(recordedText, 'utf8')
    // Only bytes read from disk can have changed since the planner's read.
    if (recordedText === undefined && !unchangedSinceRead(file.path, bytes)) blocked.push({ path: file.path, reason: CHANGED, code: 'changed-during-run' })
    if (bytes === undefined) return { ...base, status: 'create', current: undefined }
    const same = holdsText(bytes, file.content)
    // Noted only here: a record of this very state returned `unchangedFile` above.
    if (same && known !== undefined && before !== undefined && stat !== undefined && isSettled(before, known.now)) {
      const hash = plannedHash()
      known.note(file.path, { hash, length: file.content.length, stat })
      // A file the planner reads: keep its text too, for the next planner to take from the record.
      if (wasRead(file.path)) known.noteText?.(hash, file.content)
    }
    if (same) return { ...base, status: 'unchanged', current: file.content, bytes }
    // As recorded before and after the read: it holds a text this generator planned.
    const after = record !== undefined && record.stat === stat ? statOrUndefined(absolute, false, true) : undefined
    const recorded = after?.isFile() === true && statText(after) === stat
    if (file.owner === 'generator' && !recorded && !isGeneratorOwnedText(file.path, bytes.toString('utf8'))) {
      blocked.push({ path: file.path, reason: NOT_GENERATED, code: 'not-generated' })
    }
    // Decoded only for a check's diff: generate needs the bytes.
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

// A plain relative path (no dot segment, not absolute, no backslash), as planned paths are.
const PLAIN = /^(?![/\\])(?!(?:.*\/)?\.\.?(?:\/|$))[^\\]*$/

/** Where a planned file is: a plain path joined as written (cheaper than resolving thousands), else resolved. */
export const onDisk = (cwd: string, file: string): string => (PLAIN.test(file) ? `${cwd}${path.sep}${file}` : path.resolve(cwd, file))

/** A planned file found as recorded, holding another text: its old text is read only if asked for (a diff). */
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

/** A planned file found on disk as planned, not read. */
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

// One growing buffer planned texts are encoded into for comparison, instead of a buffer per text.
let scratch = Buffer.allocUnsafe(1 << 16)

/** Whether `bytes` are exactly `text` in UTF-8 (lone surrogates encoded as U+FFFD, as writing the text would). */
function holdsText(bytes: Uint8Array, text: string): boolean {
  const length = Buffer.byteLength(text, 'utf8')
  if (length !== bytes.length) return false
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, 2 * scratch.length))
  const written = scratch.write(text, 0, length, 'utf8')
  return written === length && Buffer.compare(scratch.subarray(0, length), bytes) === 0
}

function leftoverTemporaries(cwd: string, folders: ReadonlySet<string>): string[] {
  const found: string[] = []
  const now = Date.now()
  for (const folder of folders) {
    const absolute = path.resolve(cwd, folder)
    let entries
    try {
      entries = readdirSync(absolute, { withFileTypes: true })
    } catch {
      continue // absent or unreadable: the writes report it
    }
    for (const entry of entries) if (entry.isFile() && isLeftoverTemporary(absolute, entry.name, now)) found.push(path.posix.join(folder, entry.name))
  }
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** Confines the plan, whatever a tool name or bug yields: each path a configured output or plainly in `out`, once. */
export function checkPlanPaths(config: ProjectConfig, plan: PlanResult): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const exact = new Set([config.docs, config.catalogJson, ...config.catalogRegions, ...(config.targets ?? []).map((spec) => exportFilePath(config.catalogJson, spec))])
  const refuse = (file: string, code: string, message: string): number => diagnostics.push(fileError(file, code, message))
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
