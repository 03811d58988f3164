import { randomBytes } from 'node:crypto'
import { linkSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// Temporary names: `.<file>.<pid>-<token><counter>.toolsmith-tmp`, with this process's id, a random token drawn once,
// and a counter (a crypto draw per file cost more than writing it). `wx` below refuses to reuse a name that exists
// anyway. The shape is fixed so a later run can tell its own leftovers (see `isLeftoverTemporary`).
const token = randomBytes(4).toString('hex')
let counter = 0
const TEMPORARY_NAME = /^\..+\.([1-9][0-9]{0,9})-[0-9a-f]{8}[0-9a-z]+\.toolsmith-tmp$/

/**
 * Whether `name` (a file name, no folder) is a temporary file toolsmith left behind: it has the exact shape
 * writeFileAtomic gives them and the process that made it is no longer running (a live one may still rename it).
 */
export function isLeftoverTemporary(name: string): boolean {
  const pid = TEMPORARY_NAME.exec(name)?.[1]
  if (pid === undefined) return false
  if (Number(pid) === process.pid) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    // EPERM: a process of another user has that id; it is alive.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** Thrown when a file appeared where writeFileAtomic was told none was (`exclusive`): it is left as it is. */
export class FileAppearedError extends Error {
  constructor(readonly path: string) {
    super(`a file appeared at ${path} while toolsmith was running`)
    this.name = 'FileAppearedError'
  }
}

/**
 * Replaces `absolute` with `content` atomically: the bytes go to a temporary file in the same folder
 * (same file system), which is then renamed over the target, so a reader never sees a half-written
 * file and a crash leaves the old one. An existing file's permission bits are kept: `mode` gives them
 * when the caller already knows them (`null`: no file there), else they are read. With `mode` `null` the file is
 * created only if still absent (linked into place, which fails if a file appeared meanwhile: FileAppearedError).
 * The calls are synchronous (a generate writes thousands of small files; asynchronous calls cost more than the writes).
 */
export async function writeFileAtomic(absolute: string, content: string, mode?: number | null): Promise<void> {
  const existingMode = mode !== undefined ? mode : (statOrUndefined(absolute)?.mode ?? null)
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}-${token}${(counter++).toString(36)}.toolsmith-tmp`)
  try {
    writeFileSync(temporary, content, { flag: 'wx', ...(existingMode === null ? {} : { mode: existingMode & 0o7777 }) })
    if (mode === null) {
      if (createExclusive(temporary, absolute)) unlinkSync(temporary)
    } else renameSync(temporary, absolute)
  } catch (error) {
    try {
      unlinkSync(temporary)
    } catch {
      // Nothing was left behind.
    }
    throw error
  }
}

/**
 * Puts `temporary` at `absolute` only if nothing is there: a hard link fails rather than replace a file. Answers
 * whether the temporary name is still there (linked) or was renamed away.
 */
function createExclusive(temporary: string, absolute: string): boolean {
  try {
    linkSync(temporary, absolute)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new FileAppearedError(absolute)
    // A file system without hard links: the check and the rename are then two steps.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error
    if (statOrUndefined(absolute) !== undefined) throw new FileAppearedError(absolute)
    renameSync(temporary, absolute)
    return false
  }
}

function statOrUndefined(absolute: string): { readonly mode: number } | undefined {
  try {
    return statSync(absolute)
  } catch {
    return undefined
  }
}
