import { randomBytes } from 'node:crypto'
import { rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Replaces `absolute` with `content` atomically: the bytes go to a temporary file in the same folder
 * (same file system), which is then renamed over the target, so a reader never sees a half-written
 * file and a crash leaves the old one. An existing file's permission bits are kept.
 */
export async function writeFileAtomic(absolute: string, content: string): Promise<void> {
  const existing = await stat(absolute).catch(() => undefined)
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}-${randomBytes(4).toString('hex')}.toolsmith-tmp`)
  try {
    await writeFile(temporary, content, { flag: 'wx', ...(existing === undefined ? {} : { mode: existing.mode & 0o7777 }) })
    await rename(temporary, absolute)
  } catch (error) {
    await unlink(temporary).catch(() => undefined)
    throw error
  }
}
