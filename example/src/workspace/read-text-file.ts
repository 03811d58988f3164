import { constants } from 'node:fs'
import { type FileHandle, open, realpath } from 'node:fs/promises'

/** Largest file the example tools read whole (read_file and edit_file refuse larger ones; grep skips them). */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024

/** Raised when a path is not a readable UTF-8 text file of a sensible size; the message says which. */
export class NotTextFileError extends Error {
  override name = 'NotTextFileError'
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a regular file as UTF-8 text, or `null` when there is none. Anything else is refused before it is read or
 * decoded lossily: a FIFO or device, a folder, a file over MAX_TEXT_FILE_BYTES, bytes that are not UTF-8 (a rewrite
 * would destroy them). The checks are made on the opened descriptor, not on the path, so a file swapped for a
 * symlink after the workspace resolved the path is refused: the open does not follow a final symlink, it does not
 * block on a FIFO, and (where /proc shows it) the descriptor's real path must pass `inside`.
 */
export async function readTextFile(
  absolute: string,
  shown: string,
  signal?: AbortSignal,
  inside?: (real: string) => boolean,
): Promise<{ text: string; mode: number } | null> {
  let handle: FileHandle
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    if (code === 'ELOOP') throw new NotTextFileError(`${shown} is a symbolic link`)
    if (code === 'EISDIR') throw new NotTextFileError(`${shown} is not a regular file`)
    throw error
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new NotTextFileError(`${shown} is not a regular file`)
    if (inside !== undefined) {
      const real = await realpath(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
      if (real !== undefined && !inside(real)) throw new NotTextFileError(`${shown} resolves outside the workspace`)
    }
    if (info.size > MAX_TEXT_FILE_BYTES) throw new NotTextFileError(`${shown} is ${info.size} bytes; files over ${MAX_TEXT_FILE_BYTES} bytes are not read`)
    const bytes = await handle.readFile(signal === undefined ? {} : { signal })
    try {
      return { text: utf8.decode(bytes), mode: info.mode }
    } catch {
      throw new NotTextFileError(`${shown} is not UTF-8 text`)
    }
  } finally {
    await handle.close()
  }
}
