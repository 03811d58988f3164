import { NotTextFileError, readTextFile } from './read-text-file.js'
import type { Workspace } from './workspace.js'

/** A window of numbered lines of one file. */
export interface ReadWindow {
  path: string
  offset: number
  totalLines: number
  truncated: boolean
  lines: { number: number; text: string }[]
}

/** Reads lines `offset`..`offset + limit - 1` (1-based) of a workspace file. */
export async function readWindow(
  workspace: Workspace,
  request: { path: string; offset?: number; limit?: number },
  signal?: AbortSignal,
): Promise<ReadWindow> {
  const offset = Math.max(1, request.offset ?? 1)
  const limit = Math.max(0, request.limit ?? 2000)
  const absolute = await workspace.resolve(request.path)
  const file = await readTextFile(absolute, request.path, signal, (real) => workspace.contains(real))
  if (file === null) throw new NotTextFileError(`${request.path} does not exist`)
  const text = file.text
  const all = text.length === 0 ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/)
  const slice = all.slice(offset - 1, offset - 1 + limit)
  return {
    path: workspace.relative(absolute),
    offset,
    totalLines: all.length,
    truncated: offset - 1 + slice.length < all.length,
    lines: slice.map((line, index) => ({ number: offset + index, text: line })),
  }
}
