// Safe access to the project's files: paths confined (lexically, then through links), regular files, atomic writes.
// Calls are synchronous on purpose: thousands of small files, where an async call costs more than the work itself.
import { createHash, randomBytes } from 'node:crypto'
import { type BigIntStats, closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, type Stats, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanOptions } from '../model/plan.js'

/** An error the file system raised (it names the failing path), as opposed to a bug. */
export interface FileSystemError extends Error {
  readonly code: string
  readonly path?: string
  readonly syscall?: string
}

/** Whether `error` came from the file system (a Node errno error with a code). */
export function isFileSystemError(error: unknown): error is FileSystemError {
  const code: unknown = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
}

const ADVICE: Readonly<Record<string, string>> = {
  ELOOP: 'a symbolic link loop (or too many links) is on this path; fix or remove the link',
  EACCES: 'permission denied; make it readable and writable for this user (chmod/chown) or configure another path',
  EPERM: 'the operation is not permitted here; check the permissions and any file flags, or configure another path',
  ENAMETOOLONG: 'the path is too long for the file system; use a shorter path',
  EROFS: 'the file system is read-only; make it writable or configure another output path',
  ENOSPC: 'the disk is full; free some space and run again',
  EDQUOT: 'the disk quota is exhausted; free some space and run again',
  EIO: 'the disk reported an input/output error; check the file system',
  EMFILE: 'too many files are open; raise the limit (ulimit -n) and run again',
  ENFILE: 'too many files are open on the system; run again later',
  EBUSY: 'the file is busy; close whatever holds it and run again',
  ENOTDIR: 'a file is in the way of one of its folders; move it',
  EISDIR: 'a folder is in the way of this file; move it',
  ENXIO: 'this is not a regular file (a FIFO, socket or device); replace it with a file',
}

/** What a file-system error means for the user, in words, and what to do about it. */
export function fileSystemAdvice(error: FileSystemError): string {
  return ADVICE[error.code] ?? `the file system refused it (${error.code}); check the path and its permissions`
}

/** A diagnostic for a file-system error at the path it names (`fallback` when it names none), with what to do. */
export function fileSystemDiagnostic(cwd: string, error: FileSystemError, what: 'read' | 'write', fallback: string): Diagnostic {
  const named = error.path === undefined ? fallback : displayPath(cwd, error.path)
  return fileError(named, what === 'read' ? 'unreadable-file' : 'write-failed', `cannot ${what} ${JSON.stringify(named)} (${error.code}): ${fileSystemAdvice(error)}`)
}

/** An error about `file` as a whole (at its line 1). */
export function fileError(file: string, code: string, message: string): Diagnostic {
  return { severity: 'error', code, message, file, line: 1, column: 1 }
}

/** `absolute` relative to `cwd` with `/` separators when inside it, else as given. */
export function displayPath(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, path.resolve(cwd, absolute))
  if (relative === '') return '.'
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/')
}

/** A path inside the project, relative to it with `/` separators (`.` for the project itself). */
export type ProjectPath = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string }

/** Resolves `input` against `base`, accepted only if lexically inside `root` (links are judged by `realPathInside`). */
export function resolveProjectPath(root: string, base: string, input: string): ProjectPath {
  if (input.includes('\0')) return { ok: false, reason: 'contains a NUL character' }
  const absolute = path.resolve(base, input)
  const relative = path.relative(root, absolute)
  if (relative === '') return { ok: true, path: '.' }
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return { ok: false, reason: 'is outside the project folder' }
  }
  return { ok: true, path: relative.split(path.sep).join('/') }
}

/** Whether a planned `/`-separated path is plainly inside `folder` (no dot segment, leading `/`, backslash or NUL). */
export function isPlainPathInside(folder: string, planned: string): boolean {
  if (planned.includes('\\') || planned.includes('\0') || planned.startsWith('/')) return false
  const segments = planned.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false
  return folder === '.' || planned.startsWith(`${folder}/`)
}

/** Whether `absolute` really lies inside `realRoot`, its nearest existing ancestor resolved through every link. */
export async function realPathInside(realRoot: string, absolute: string): Promise<boolean> {
  let existing = absolute
  for (;;) {
    const real = unlessAbsent(() => realpathSync(existing))
    if (real !== undefined) return real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : `${realRoot}${path.sep}`)
    const parent = path.dirname(existing)
    if (parent === existing) return false
    existing = parent
  }
}

function unlessAbsent<T>(step: () => T): T | undefined {
  try {
    return step()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw error
  }
}

/** Why a path could not be read as a file; `absent` when nothing is there. */
export type RegularFileRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'absent' | 'folder' | 'file-in-the-way' | 'not-a-file' }

/** Reads a regular file, opened non-blocking and fstat-checked so a FIFO or device is refused, never waited on. */
export function readRegularFile(absolute: string): RegularFileRead {
  let handle: number
  try {
    handle = openSync(absolute, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { ok: false, reason: 'absent' }
    if (code === 'ENOTDIR') return { ok: false, reason: 'file-in-the-way' }
    if (code === 'EISDIR') return { ok: false, reason: 'folder' }
    // Some systems refuse a non-blocking open of a FIFO without a writer.
    if (code === 'ENXIO') return { ok: false, reason: 'not-a-file' }
    throw error
  }
  try {
    const stats = fstatSync(handle)
    if (stats.isDirectory()) return { ok: false, reason: 'folder' }
    if (!stats.isFile()) return { ok: false, reason: 'not-a-file' }
    return { ok: true, bytes: readFileSync(handle) }
  } finally {
    closeSync(handle)
  }
}

/** A leftover this old (by its mtime) whose process cannot be asked is over: no run holds a temporary that long. */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000

let host: string | undefined
/** Where this pid means something (hash of host name, boot id, PID namespace), as 8 hex digits for temporary names. */
export function processHost(): string {
  if (host !== undefined) return host
  const parts = [hostname()]
  try {
    parts.push(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), String(statSync('/proc/self/ns/pid').ino))
  } catch {
    // No /proc (not Linux): the host name alone.
  }
  return (host = createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 8))
}

/** Whether what `pid` on host `madeOn` left at `file` is over: its process here is gone, or past `LEFTOVER_AGE_MS`. */
function isLeftoverOfProcess(file: string, madeOn: string | undefined, pid: number, now = Date.now()): boolean {
  if (pid === process.pid) return false
  if (madeOn === processHost() && !isRunning(pid)) return true
  const mtime = lstatSync(file, { throwIfNoEntry: false })?.mtimeMs
  return mtime !== undefined && now - mtime > LEFTOVER_AGE_MS
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: another user's live process.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

// A fixed shape, `.<file>.<host>.<pid>-<token><counter>.toolsmith-tmp`, so later runs can tell leftover temporaries; an
// older toolsmith's lack the host part and go by age.
const token = randomBytes(4).toString('hex')
let counter = 0
const TEMPORARY_NAME = /^\.(.+?)\.(?:([0-9a-f]{8})\.)?([1-9][0-9]{0,9})-[0-9a-f]{8}[0-9a-z]+\.toolsmith-tmp$/

/** Whether `name` in `folder` has a toolsmith temporary's exact shape (of a file named `of`, if given) and its run is over. */
export function isLeftoverTemporary(folder: string, name: string, now?: number, of?: string): boolean {
  const match = TEMPORARY_NAME.exec(name)
  return match !== null && (of === undefined || match[1] === of) && isLeftoverOfProcess(path.join(folder, name), match[2], Number(match[3]), now)
}

/** Thrown when a file appeared where writeFileAtomic was told none was (`exclusive`): it is left as it is. */
export class FileAppearedError extends Error {
  constructor(readonly path: string) {
    super(`a file appeared at ${path} while toolsmith was running`)
    this.name = 'FileAppearedError'
  }
}

/** Replaces `absolute` atomically, keeping its mode; `mode` `null`: creates it only while still absent, or throws. */
export async function writeFileAtomic(absolute: string, content: string, mode?: number | null): Promise<void> {
  const existingMode = mode !== undefined ? mode : (statOrUndefined(absolute)?.mode ?? null)
  const temporary = temporaryPath(absolute)
  try {
    writeFileSync(temporary, content, { flag: 'wx', ...(existingMode === null ? {} : { mode: existingMode & 0o7777 }) })
  } catch (error) {
    removeQuietly(temporary)
    throw error
  }
  placeTemporary(temporary, absolute, mode === null)
}

/** A fresh temporary path beside `absolute`, in the shape `isLeftoverTemporary` recognizes. */
export function temporaryPath(absolute: string): string {
  return path.join(path.dirname(absolute), `.${path.basename(absolute)}.${processHost()}.${process.pid}-${token}${(counter++).toString(36)}.toolsmith-tmp`)
}

/** Puts `temporary` at `absolute` (`exclusive`: only while nothing is there); the temporary is gone afterwards. */
export function placeTemporary(temporary: string, absolute: string, exclusive: boolean): void {
  try {
    if (!exclusive) renameSync(temporary, absolute)
    else if (createExclusive(temporary, absolute)) unlinkSync(temporary)
  } catch (error) {
    removeQuietly(temporary)
    throw error
  }
}

/** Removes `file`, silently when it is absent or cannot be removed. */
export function removeQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // Absent, or not removable: nothing more to do here.
  }
}

/** Puts `temporary` at `absolute` only if nothing is there (a link never replaces); true when linked, not renamed. */
export function createExclusive(temporary: string, absolute: string, staged = false): boolean {
  try {
    linkSync(temporary, absolute)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new FileAppearedError(absolute)
    // No hard links here (nor, for an import's stage, `staged`, an inode for one: tmpfs): check, then rename. A stage's
    // check also counts a dangling link, and throws when it cannot tell.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && !(staged && code === 'ENOSPC')) throw error
    if ((staged ? lstatSync(absolute, { throwIfNoEntry: false }) : statOrUndefined(absolute)) !== undefined) throw new FileAppearedError(absolute)
    renameSync(temporary, absolute)
    return false
  }
}

/** The stats of `file` (`link`: of a symbolic link itself), `undefined` on any error (EACCES too). */
export function statOrUndefined(file: string, link?: boolean): Stats | undefined
export function statOrUndefined(file: string, link: boolean, bigint: true): BigIntStats | undefined
export function statOrUndefined(file: string, link = false, bigint = false): Stats | BigIntStats | undefined {
  try {
    return (link ? lstatSync : statSync)(file, { bigint, throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

/** The planner's view of the disk: `PlanOptions.readFile` and `PlanOptions.listFiles`. */
export interface ProjectReader extends Pick<PlanOptions, 'readFile' | 'listFiles'> {
  /** Whether a folder is at `file` (for a configured file that must not be one). */
  readonly isFolder: NonNullable<PlanOptions['isFolder']>
  /** Each file the planner read, with its text (`undefined`: absent); the write edge replaces only files still so. */
  readonly reads: ReadonlyMap<string, string | undefined>
}

/** Thrown when the planner asks for a file it must not read or cannot decode; the run reports it. */
export class ProjectReadError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message)
    this.name = 'ProjectReadError'
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The planner's reader, confined to the project; strict UTF-8 with any BOM kept, so an author's bytes round-trip. */
export function createProjectReader(cwd: string, realRoot: string): ProjectReader {
  // One real-path walk per folder: the planner reads many files from few folders.
  const folders = new Map<string, Promise<boolean>>()
  const folderInside = (folder: string): Promise<boolean> => {
    let inside = folders.get(folder)
    if (inside === undefined) {
      inside = realPathInside(realRoot, folder)
      folders.set(folder, inside)
    }
    return inside
  }
  const reads = new Map<string, string | undefined>()
  const confined = async (file: string): Promise<string> => {
    const resolved = resolveProjectPath(cwd, cwd, file)
    if (!resolved.ok) throw new ProjectReadError(file, `refusing to read ${JSON.stringify(file)}: it ${resolved.reason}`)
    const absolute = path.resolve(cwd, resolved.path)
    // A symbolic link itself is followed to its target; anything else is judged by its folder.
    const link = isSymbolicLink(absolute)
    const inside = await guarded(file, () => (link || resolved.path === '.' ? realPathInside(realRoot, absolute) : folderInside(path.dirname(absolute))))
    if (!inside) {
      throw new ProjectReadError(file, `refusing to read ${JSON.stringify(file)}: it leads outside the project through a symbolic link`)
    }
    return absolute
  }
  return {
    reads,
    async readFile(file) {
      const absolute = await confined(file)
      const key = path.relative(cwd, absolute).split(path.sep).join('/')
      const read = await guarded(file, async () => readRegularFile(absolute))
      if (!read.ok) {
        if (read.reason === 'not-a-file') {
          throw new ProjectReadError(file, `${JSON.stringify(file)} is not a regular file (a FIFO, socket or device); replace it with a file or remove it`)
        }
        if (!reads.has(key)) reads.set(key, undefined)
        return undefined
      }
      let text: string
      try {
        text = UTF8.decode(read.bytes)
      } catch {
        throw new ProjectReadError(file, 'the file is not valid UTF-8; toolsmith will not rewrite it')
      }
      // The first read is what the plan used: a later one (for a code frame) must not hide an edit.
      if (!reads.has(key)) reads.set(key, text)
      return text
    },
    async isFolder(file) {
      const absolute = await confined(file)
      return guarded(file, async () => statSync(absolute, { throwIfNoEntry: false })?.isDirectory() === true)
    },
    async listFiles(dir) {
      const absolute = await confined(dir)
      const entries = await guarded(dir, async () => unlessAbsent(() => readdirSync(absolute, { withFileTypes: true })) ?? [])
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    },
  }
}

/** Whether a symbolic link is at `absolute` (false when nothing is there or it cannot be told). */
export function isSymbolicLink(absolute: string): boolean {
  return statOrUndefined(absolute, true)?.isSymbolicLink() === true
}

async function guarded<T>(file: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!isFileSystemError(error)) throw error
    throw new ProjectReadError(file, `cannot read ${JSON.stringify(file)} (${error.code}): ${fileSystemAdvice(error)}`)
  }
}
