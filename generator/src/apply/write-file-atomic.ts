import { randomBytes } from 'node:crypto'
import { renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// Temporary names: this process's id, a random token drawn once, and a counter (a crypto draw per file cost more
// than writing it). `wx` below refuses to reuse a name that exists anyway.
const token = randomBytes(4).toString('hex')
let counter = 0

/**
 * Replaces `absolute` with `content` atomically: the bytes go to a temporary file in the same folder
 * (same file system), which is then renamed over the target, so a reader never sees a half-written
 * file and a crash leaves the old one. An existing file's permission bits are kept: `mode` gives them
 * when the caller already knows them (`null`: no file there), else they are read. The calls are
 * synchronous (a generate writes thousands of small files; asynchronous calls cost more than the writes).
 */
export async function writeFileAtomic(absolute: string, content: string, mode?: number | null): Promise<void> {
  const existingMode = mode !== undefined ? mode : (statOrUndefined(absolute)?.mode ?? null)
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}-${token}${(counter++).toString(36)}.toolsmith-tmp`)
  try {
    writeFileSync(temporary, content, { flag: 'wx', ...(existingMode === null ? {} : { mode: existingMode & 0o7777 }) })
    renameSync(temporary, absolute)
  } catch (error) {
    try {
      unlinkSync(temporary)
    } catch {
      // Nothing was left behind.
    }
    throw error
  }
}

function statOrUndefined(absolute: string): { readonly mode: number } | undefined {
  try {
    return statSync(absolute)
  } catch {
    return undefined
  }
}
