import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs'

/** Largest declaration or config file read, in bytes (the YAML parser needs seconds per MiB). */
export const MAX_SOURCE_BYTES = 256 * 1024

/** A source file's bytes, or why they were not read. */
export type SourceFileRead =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'missing' | 'not-a-file' | 'too-large'; readonly size?: number }

function statOrMissing(absolutePath: string): ReturnType<typeof statSync> {
  try {
    return statSync(absolutePath)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw error
  }
}

/**
 * Reads a YAML source without trusting it: regular files only (a FIFO or device would block) and at most
 * `MAX_SOURCE_BYTES + 1` bytes. Synchronous calls: for many small files, async thread-pool trips cost more.
 */
export async function readSourceFile(absolutePath: string): Promise<SourceFileRead> {
  const stats = statOrMissing(absolutePath)
  if (stats === undefined) return { ok: false, reason: 'missing' }
  if (!stats.isFile()) return { ok: false, reason: 'not-a-file' }
  if (stats.size > MAX_SOURCE_BYTES) return { ok: false, reason: 'too-large', size: Number(stats.size) }
  // O_NONBLOCK: should the path be swapped for a FIFO after the stat, opening it still cannot wait.
  const handle = openSync(absolutePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    if (!fstatSync(handle).isFile()) return { ok: false, reason: 'not-a-file' }
    // Sized by the stat, grown if the file grew meanwhile; reading stops past the cap.
    let buffer = Buffer.allocUnsafe(Math.min(Number(stats.size) + 1, MAX_SOURCE_BYTES + 1))
    let length = 0
    for (;;) {
      if (length === buffer.length) {
        if (length > MAX_SOURCE_BYTES) return { ok: false, reason: 'too-large', size: length }
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, MAX_SOURCE_BYTES + 1))
        buffer.copy(grown, 0, 0, length)
        buffer = grown
      }
      const bytesRead = readSync(handle, buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
    }
    if (length > MAX_SOURCE_BYTES) return { ok: false, reason: 'too-large', size: length }
    return { ok: true, bytes: new Uint8Array(buffer.subarray(0, length)) }
  } finally {
    closeSync(handle)
  }
}
