import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'

/** Why a path could not be read as a file; `absent` when nothing is there. */
export type RegularFileRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'absent' | 'folder' | 'file-in-the-way' | 'not-a-file' }

/**
 * Reads a regular file without ever blocking: opened with O_NONBLOCK and checked with fstat before reading, so a FIFO,
 * socket or device put where a file should be is refused instead of stalling the run. `absent` for nothing there;
 * `folder` for a folder; `file-in-the-way` when a file stands where a folder on the path must be. Other failures
 * (a permission, a symbolic link loop) are thrown as the file system reports them (with their `code` and `path`).
 */
export function readRegularFile(absolute: string): RegularFileRead {
  let handle: number
  try {
    handle = openSync(absolute, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { ok: false, reason: 'absent' }
    if (code === 'ENOTDIR') return { ok: false, reason: 'file-in-the-way' }
    if (code === 'EISDIR') return { ok: false, reason: 'folder' }
    // A FIFO without a writer may refuse a non-blocking open on some systems: it is still not a file.
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
