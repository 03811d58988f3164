import { lstatSync, mkdirSync, type Stats, unlinkSync } from 'node:fs'
import path from 'node:path'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanComparison } from './compare-plan.js'
import { realPathInside } from './real-path-inside.js'
import { writeFileAtomic } from './write-file-atomic.js'

/** What `generate` did on disk. */
export interface WriteResult {
  /** Files created or replaced, in plan order (they are written dependencies first). */
  readonly written: readonly string[]
  readonly deleted: readonly string[]
  /** Refusals (nothing was written) or failures (some files may have been written). */
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The one effectful edge of `generate`: writes only the planned files whose bytes differ, each
 * atomically, and deletes the planned deletions. First every target is checked against the real
 * project folder (its nearest existing folder resolved through symbolic links) and refused if it is
 * itself a symbolic link; one refusal means nothing at all is written. The file-system calls are
 * synchronous, in plan order: thousands of small local files, where each asynchronous call costs a
 * thread-pool round trip several times the call itself.
 */
export async function writePlan(cwd: string, realRoot: string, comparison: PlanComparison): Promise<WriteResult> {
  const toWrite = comparison.changes.filter((change) => change.status !== 'unchanged')
  const toDelete = comparison.deletions.map((file) => file.path)
  const diagnostics: Diagnostic[] = []
  const refuse = (file: string, code: string, message: string): void => {
    diagnostics.push({ severity: 'error', code, message, file, line: 1, column: 1 })
  }
  // The file itself must not be a link; its folder must really be inside (resolved once per folder).
  const folderInside = new Map<string, boolean>()
  // The permission bits of each file that exists (the replacement keeps them), `null` for none.
  const modes = new Map<string, number | null>()
  for (const file of [...toWrite.map((change) => change.path), ...toDelete]) {
    const absolute = path.resolve(cwd, file)
    const folder = path.dirname(absolute)
    let inside = folderInside.get(folder)
    if (inside === undefined) {
      inside = await realPathInside(realRoot, folder)
      folderInside.set(folder, inside)
    }
    const own = lstatOrUndefined(absolute)
    if (own?.isSymbolicLink() === true) refuse(file, 'write-symlink', 'refusing to replace or delete a symbolic link')
    else if (own !== undefined && !own.isFile()) refuse(file, 'write-not-a-file', 'refusing to replace or delete something that is not a regular file')
    else if (!inside) refuse(file, 'write-outside', 'refusing to write outside the project (a folder on the way is a symbolic link leading out)')
    modes.set(file, own === undefined ? null : own.mode)
  }
  if (diagnostics.length > 0) return { written: [], deleted: [], diagnostics }

  const done = new Set<string>()
  const deleted: string[] = []
  const folders = new Set<string>()
  // Dependencies first: the generated modules, then the stubs that import them, then the index and the catalogs
  // that name the stubs. A failed write stops the ranks after it and the deletions, so a failure leaves the older
  // files beside the newer modules they can still compile against, never an index importing a stub that is not there.
  const rank = (change: (typeof toWrite)[number]): number => (change.path.includes('/generated/') ? 0 : change.owner === 'author' ? 1 : 2)
  const ordered = [...toWrite].sort((a, b) => rank(a) - rank(b))
  let failedRank: number | undefined
  let skipped = 0
  for (const change of ordered) {
    if (failedRank !== undefined && rank(change) > failedRank) {
      skipped++
      continue
    }
    const absolute = path.resolve(cwd, change.path)
    try {
      const folder = path.dirname(absolute)
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true })
        folders.add(folder)
      }
      await writeFileAtomic(absolute, change.planned, modes.get(change.path) ?? null)
      done.add(change.path)
    } catch (error) {
      refuse(change.path, 'write-failed', `could not write the file: ${(error as Error).message}`)
      failedRank ??= rank(change)
    }
  }
  // Reported in plan order, as they were planned (they were written dependencies first).
  const written = toWrite.map((change) => change.path).filter((file) => done.has(file))
  if (failedRank !== undefined) {
    const left = skipped + toDelete.length
    if (left > 0) refuse(diagnostics[0]?.file ?? '.', 'write-skipped', `${skipped} file(s) that depend on it were not written and ${toDelete.length} not deleted; fix the failure and run generate again`)
    return { written, deleted, diagnostics }
  }
  for (const file of toDelete) {
    try {
      unlinkSync(path.resolve(cwd, file))
      deleted.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuse(file, 'write-failed', `could not delete the file: ${(error as Error).message}`)
    }
  }
  return { written, deleted, diagnostics }
}

function lstatOrUndefined(absolute: string): Stats | undefined {
  try {
    return lstatSync(absolute)
  } catch {
    return undefined
  }
}
