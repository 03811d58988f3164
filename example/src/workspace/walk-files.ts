import { opendir } from 'node:fs/promises'
import path from 'node:path'

/** Folders no search descends into. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', 'dist'])

/** Yields every regular file below `folder` (absolute paths), depth-first in sorted order; symlinks are not followed. */
export async function* walkFiles(folder: string, signal?: AbortSignal): AsyncGenerator<string> {
  const entries = []
  for await (const entry of await opendir(folder)) entries.push(entry)
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    signal?.throwIfAborted()
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* walkFiles(full, signal)
    } else if (entry.isFile()) {
      yield full
    }
  }
}
