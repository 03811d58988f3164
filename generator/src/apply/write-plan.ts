import { lstat, mkdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanComparison } from './compare-plan.js'
import { mapConcurrently } from './map-concurrently.js'
import { realPathInside } from './real-path-inside.js'
import { writeFileAtomic } from './write-file-atomic.js'

/** What `generate` did on disk. */
export interface WriteResult {
  /** Files created or replaced, in plan order. */
  readonly written: readonly string[]
  readonly deleted: readonly string[]
  /** Refusals (nothing was written) or failures (some files may have been written). */
  readonly diagnostics: readonly Diagnostic[]
}

const WRITE_CONCURRENCY = 8

/**
 * The one effectful edge of `generate`: writes only the planned files whose bytes differ, each
 * atomically, and deletes the planned deletions. First every target is checked against the real
 * project folder (its nearest existing folder resolved through symbolic links) and refused if it is
 * itself a symbolic link; one refusal means nothing at all is written.
 */
export async function writePlan(cwd: string, realRoot: string, comparison: PlanComparison): Promise<WriteResult> {
  const toWrite = comparison.changes.filter((change) => change.status !== 'unchanged')
  const toDelete = comparison.deletions.map((file) => file.path)
  const diagnostics: Diagnostic[] = []
  const refuse = (file: string, code: string, message: string): void => {
    diagnostics.push({ severity: 'error', code, message, file, line: 1, column: 1 })
  }
  // The file itself must not be a link; its folder must really be inside (cached per folder).
  const folderInside = new Map<string, Promise<boolean>>()
  await mapConcurrently([...toWrite.map((change) => change.path), ...toDelete], WRITE_CONCURRENCY, async (file) => {
    const absolute = path.resolve(cwd, file)
    const folder = path.dirname(absolute)
    let inside = folderInside.get(folder)
    if (inside === undefined) {
      inside = realPathInside(realRoot, folder)
      folderInside.set(folder, inside)
    }
    const own = await lstat(absolute).catch(() => undefined)
    if (own?.isSymbolicLink() === true) refuse(file, 'write-symlink', 'refusing to replace or delete a symbolic link')
    else if (own !== undefined && !own.isFile()) refuse(file, 'write-not-a-file', 'refusing to replace or delete something that is not a regular file')
    else if (!(await inside)) refuse(file, 'write-outside', 'refusing to write outside the project (a folder on the way is a symbolic link leading out)')
  })
  if (diagnostics.length > 0) return { written: [], deleted: [], diagnostics }

  const written: string[] = []
  const deleted: string[] = []
  const folders = new Map<string, Promise<unknown>>()
  const ensureFolder = (folder: string): Promise<unknown> => {
    let made = folders.get(folder)
    if (made === undefined) {
      made = mkdir(folder, { recursive: true })
      folders.set(folder, made)
    }
    return made
  }
  await mapConcurrently(toWrite, WRITE_CONCURRENCY, async (change) => {
    const absolute = path.resolve(cwd, change.path)
    try {
      await ensureFolder(path.dirname(absolute))
      await writeFileAtomic(absolute, change.planned)
      written.push(change.path)
    } catch (error) {
      refuse(change.path, 'write-failed', `could not write the file: ${(error as Error).message}`)
    }
  })
  for (const file of toDelete) {
    try {
      await unlink(path.resolve(cwd, file))
      deleted.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuse(file, 'write-failed', `could not delete the file: ${(error as Error).message}`)
    }
  }
  const order = new Map(toWrite.map((change, index) => [change.path, index]))
  written.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
  return { written, deleted, diagnostics }
}
