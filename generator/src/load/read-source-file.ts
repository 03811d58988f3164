import { constants } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { MAX_SOURCE_BYTES } from './source-limits.js'

/** A source file's bytes, or why they were not read. */
export type SourceFileRead =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: 'missing' | 'not-a-file' | 'too-large'; readonly size?: number }

/**
 * Reads a YAML source without trusting it: only regular files (a FIFO or device named `x.tool.yaml`
 * would block or never end) and at most `MAX_SOURCE_BYTES + 1` bytes, so a huge file is refused
 * without being read.
 */
export async function readSourceFile(absolutePath: string): Promise<SourceFileRead> {
  const stats = await stat(absolutePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
    throw error
  })
  if (stats === undefined) return { ok: false, reason: 'missing' }
  if (!stats.isFile()) return { ok: false, reason: 'not-a-file' }
  if (stats.size > MAX_SOURCE_BYTES) return { ok: false, reason: 'too-large', size: stats.size }
  // O_NONBLOCK: should the path be swapped for a FIFO after the stat, opening it still cannot wait.
  const handle = await open(absolutePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    if (!(await handle.stat()).isFile()) return { ok: false, reason: 'not-a-file' }
    // Sized by the cap, not the stat: the file may grow meanwhile, and reading stops past the cap.
    const buffer = Buffer.allocUnsafe(MAX_SOURCE_BYTES + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > MAX_SOURCE_BYTES) return { ok: false, reason: 'too-large', size: length }
    }
    return { ok: true, bytes: new Uint8Array(buffer.subarray(0, length)) }
  } finally {
    await handle.close()
  }
}

