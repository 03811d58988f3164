import { readFile, stat } from 'node:fs/promises'

/** Largest file the example tools read whole (read_file and edit_file refuse larger ones; grep skips them). */
export const MAX_TEXT_FILE_BYTES = 16 * 1024 * 1024

/** Raised when a path is not a readable UTF-8 text file of a sensible size; the message says which. */
export class NotTextFileError extends Error {
  override name = 'NotTextFileError'
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a regular file as UTF-8 text, or `null` when there is none. Anything else is refused before it is opened
 * or decoded lossily: a FIFO or device (opening one blocks a thread-pool thread forever), a folder, a file over
 * MAX_TEXT_FILE_BYTES, bytes that are not UTF-8 (a rewrite would destroy them).
 */
export async function readTextFile(absolute: string, shown: string, signal?: AbortSignal): Promise<{ text: string; mode: number } | null> {
  const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (info === null) return null
  if (!info.isFile()) throw new NotTextFileError(`${shown} is not a regular file`)
  if (info.size > MAX_TEXT_FILE_BYTES) throw new NotTextFileError(`${shown} is ${info.size} bytes; files over ${MAX_TEXT_FILE_BYTES} bytes are not read`)
  const bytes = await readFile(absolute, signal === undefined ? {} : { signal })
  try {
    return { text: utf8.decode(bytes), mode: info.mode }
  } catch {
    throw new NotTextFileError(`${shown} is not UTF-8 text`)
  }
}
