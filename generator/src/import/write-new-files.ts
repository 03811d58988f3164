// The import's writes: thousands of new files at once, each either complete or absent. Every file's bytes go to a
// temporary name in its folder first and are then hard-linked into place, which fails rather than replace a file
// that is there (one that appeared since the names were assigned is never overwritten), so a crash mid-write leaves
// no half-written declaration: at most a temporary file, named the way base/project-files.ts names its own
// (`.<file>.<pid>-<token><counter>.toolsmith-tmp`) so `isLeftoverTemporary` knows it. No fsync: like
// `writeFileAtomic`, the promise is atomic replacement, not durability. The files are written by a bounded pool of
// asynchronous writes, so a slow disk's latency overlaps instead of adding up, with memory and descriptors bounded.
import { randomBytes } from 'node:crypto'
import { link, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { mapBounded } from '../base/bounded.js'
import { FileAppearedError } from '../base/project-files.js'

/** Files in flight at once: enough to overlap the disk's latency, well below any descriptor limit. */
export const WRITES_IN_FLIGHT = 16

const token = randomBytes(4).toString('hex')
let counter = 0

/**
 * The outcome of one file: written, or the error that kept it from being written (nothing is left at its path;
 * FileAppearedError when a file was already there, which is left as it is).
 */
export type NewFileWrite = { readonly ok: true } | { readonly ok: false; readonly error: Error }

/** Writes each `{ absolute, text }` as a new file, `limit` at a time; the outcomes are in input order. */
export function writeNewFiles(files: readonly { readonly absolute: string; readonly text: string }[], limit = WRITES_IN_FLIGHT): Promise<NewFileWrite[]> {
  return mapBounded(files, limit, ({ absolute, text }) => tryWriteNewFile(absolute, text))
}

/** writeNewFile's outcome as data. */
export async function tryWriteNewFile(absolute: string, text: string): Promise<NewFileWrite> {
  try {
    await writeNewFile(absolute, text)
    return { ok: true }
  } catch (error) {
    return { ok: false, error: error as Error }
  }
}

/** One new file, complete or absent: the bytes under a temporary name, then linked into place. */
export async function writeNewFile(absolute: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}-${token}${(counter++).toString(36)}.toolsmith-tmp`)
  let linked = false
  try {
    await writeFile(temporary, text, { flag: 'wx' })
    linked = await placeExclusive(temporary, absolute)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  if (linked) await unlink(temporary).catch(() => undefined)
}

/**
 * Puts `temporary` at `absolute` only if nothing is there: a hard link fails rather than replace a file. Answers
 * whether the temporary name is still there (linked) or was renamed away (a file system without hard links).
 */
async function placeExclusive(temporary: string, absolute: string): Promise<boolean> {
  try {
    await link(temporary, absolute)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') throw new FileAppearedError(absolute)
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw error
    // Without hard links the check and the rename are two steps, as in writeFileAtomic.
    if ((await stat(absolute).catch(() => undefined)) !== undefined) throw new FileAppearedError(absolute)
    await rename(temporary, absolute)
    return false
  }
}
