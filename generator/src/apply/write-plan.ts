import { mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs'
import { mkdir, rmdir, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlannedFile } from '../model/plan.js'
import { statText } from '../plan/cache/cache-key.js'
import type { PlanComparison } from './compare-plan.js'
import {
  FileAppearedError,
  fileError,
  fileSystemAdvice,
  isFileSystemError,
  placeTemporary,
  readRegularFile,
  realPathInside,
  statOrUndefined,
  temporaryPath,
  writeFileAtomic,
} from '../base/project-files.js'

/** Writes new files' temporaries while the plan is being made (`generate` only), so creation overlaps planning. */
export class WriteStager {
  private readonly staged = new Map<string, { readonly content: string; readonly temporary: string; readonly written: Promise<boolean> }>()
  private readonly folders = new Map<string, Promise<boolean>>()
  private readonly listings = new Map<string, Set<string> | null>()
  private readonly created: string[] = []

  constructor(
    private readonly cwd: string,
    private readonly realRoot: string,
  ) {}

  /** Starts writing the temporary of `file` when nothing is at its path and its folder is really inside the project. */
  stage(file: Pick<PlannedFile, 'path' | 'content'>): void {
    if (this.staged.has(file.path)) return
    // Something there (or unlistable) is left to the write edge, which never puts a temporary over a file.
    const slash = file.path.lastIndexOf('/')
    if (this.present(slash === -1 ? '.' : file.path.slice(0, slash))?.has(file.path.slice(slash + 1)) !== false) return
    const absolute = path.resolve(this.cwd, file.path)
    const temporary = temporaryPath(absolute)
    const written = this.folder(path.dirname(absolute)).then(
      async (ready) => {
        if (!ready) return false
        await writeFile(temporary, file.content, { flag: 'wx' })
        return true
      },
      () => false,
    )
    this.staged.set(file.path, { content: file.content, temporary, written: written.catch(() => false) })
  }

  /** The staged temporary of `file` if it holds exactly `content` (now the caller's), else `undefined`. */
  async take(file: string, content: string): Promise<string | undefined> {
    const entry = this.staged.get(file)
    if (entry === undefined || entry.content !== content || !(await entry.written)) return undefined
    this.staged.delete(file)
    return entry.temporary
  }

  /** Removes every temporary not taken, then the folders the stager created, where they are empty. */
  async discard(): Promise<void> {
    const entries = [...this.staged.values()]
    this.staged.clear()
    await Promise.all(entries.map(async (entry) => {
      await entry.written
      await unlink(entry.temporary).catch(() => undefined)
    }))
    // Deepest first, so each folder is empty when its turn comes.
    for (const folder of this.created.splice(0).sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => undefined)
  }

  // Each folder listed once, instead of a stat per planned file.
  private present(folder: string): ReadonlySet<string> | undefined {
    let names = this.listings.get(folder)
    if (names === undefined) {
      try {
        names = new Set(readdirSync(path.resolve(this.cwd, folder)))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        names = code === 'ENOENT' ? new Set() : null
      }
      this.listings.set(folder, names)
    }
    return names ?? undefined
  }

  // A folder is written into only when its nearest existing folder resolves inside the project (no link leads out).
  private folder(folder: string): Promise<boolean> {
    let ready = this.folders.get(folder)
    if (ready === undefined) {
      ready = (async () => {
        if (!(await realPathInside(this.realRoot, folder))) return false
        const first = await mkdir(folder, { recursive: true })
        if (first !== undefined) {
          // Every level from the first one created down to `folder`, outermost first.
          const levels: string[] = []
          for (let level = folder; level.length >= first.length; level = path.dirname(level)) levels.unshift(level)
          this.created.push(...levels)
        }
        return true
      })().catch(() => false)
      this.folders.set(folder, ready)
    }
    return ready
  }
}

/** What `generate` did on disk. */
export interface WriteResult {
  /** Files created or replaced, in plan order (they are written dependencies first). */
  readonly written: readonly string[]
  readonly deleted: readonly string[]
  /** Leftover temporaries of an interrupted run that were removed. */
  readonly removedTemporaries?: readonly string[]
  /** Refusals (nothing was written) or failures (some files may have been written). */
  readonly diagnostics: readonly Diagnostic[]
}

/**
 * The one effectful edge of `generate`: writes the changed files atomically, then the deletions. One target that is a
 * link, not a file, or outside the real project refuses the whole write. A file is replaced or deleted only while it
 * holds the bytes compared, created only while absent; else `changed-during-run` (an author's edit is never reverted).
 */
export async function writePlan(cwd: string, realRoot: string, comparison: PlanComparison, stager?: WriteStager): Promise<WriteResult> {
  const toWrite = comparison.changes.filter((change) => change.status !== 'unchanged')
  const toDelete = comparison.deletions.map((file) => file.path)
  const diagnostics: Diagnostic[] = []
  const refuse = (file: string, code: string, message: string): number => diagnostics.push(fileError(file, code, message))
  // The file must not be a link; its folder must really be inside (resolved once per folder).
  const folderInside = new Map<string, boolean>()
  // The permission bits of each file that exists (the replacement keeps them), `null` for none.
  const modes = new Map<string, number | null>()
  const temporaries = comparison.temporaries ?? []
  for (const file of [...toWrite.map((change) => change.path), ...toDelete, ...temporaries]) {
    const absolute = path.resolve(cwd, file)
    const folder = path.dirname(absolute)
    let inside = folderInside.get(folder)
    if (inside === undefined) {
      try {
        inside = await realPathInside(realRoot, folder)
      } catch (error) {
        if (!isFileSystemError(error)) throw error
        refuse(file, 'write-failed', `cannot resolve the folder of this file (${error.code}): ${fileSystemAdvice(error)}`)
        inside = true
      }
      folderInside.set(folder, inside)
    }
    const own = statOrUndefined(absolute, true)
    if (own?.isSymbolicLink() === true) refuse(file, 'write-symlink', 'refusing to replace or delete a symbolic link')
    else if (own !== undefined && !own.isFile()) refuse(file, 'write-not-a-file', 'refusing to replace or delete something that is not a regular file')
    else if (!inside) refuse(file, 'write-outside', 'refusing to write outside the project (a folder on the way is a symbolic link leading out)')
    modes.set(file, own === undefined ? null : own.mode)
  }
  if (diagnostics.length > 0) return { written: [], deleted: [], diagnostics }

  // An interrupted run's temporaries go first: they are nobody's work (their process is gone).
  const removedTemporaries: string[] = []
  for (const file of temporaries) {
    try {
      unlinkSync(path.resolve(cwd, file))
      removedTemporaries.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuse(file, 'write-failed', `could not remove this leftover temporary: ${describeFailure(error)}`)
    }
  }
  // A file compared by its bytes must still hold them; one compared by its stat alone (as recorded) must still have it.
  const changedMeanwhile = (file: string, bytes: Uint8Array | undefined, stat?: string): boolean => {
    if (bytes === undefined) {
      const now = stat === undefined ? undefined : statSync(path.resolve(cwd, file), { bigint: true, throwIfNoEntry: false })
      return stat !== undefined && (now?.isFile() !== true || statText(now) !== stat)
    }
    let now
    try {
      now = readRegularFile(path.resolve(cwd, file))
    } catch {
      return true
    }
    return !now.ok || !now.bytes.equals(bytes)
  }
  const changed = (file: string): number =>
    refuse(file, 'changed-during-run', 'the file changed while toolsmith was running, so it was left as it is (your edit is kept); run toolsmith generate again')

  const done = new Set<string>()
  const deleted: string[] = []
  const folders = new Set<string>()
  // Dependencies first (generated modules, stubs, then index and catalogs); a failed write stops the later ranks and
  // the deletions, so nothing is left importing a file that is not there.
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
      if (change.status === 'update' && changedMeanwhile(change.path, change.bytes, change.stat)) {
        changed(change.path)
        continue
      }
      // A file compared as absent is created only while still absent (`null`): one that appeared is not replaced.
      const staged = change.status === 'create' ? await stager?.take(change.path, change.planned) : undefined
      if (staged !== undefined) placeTemporary(staged, absolute, true)
      else await writeFileAtomic(absolute, change.planned, change.status === 'create' ? null : (modes.get(change.path) ?? null))
      done.add(change.path)
    } catch (error) {
      if (error instanceof FileAppearedError) {
        changed(change.path)
        continue
      }
      refuse(change.path, 'write-failed', `could not write the file: ${describeFailure(error)}`)
      failedRank ??= rank(change)
    }
  }
  // Reported in plan order (they were written dependencies first).
  const written = toWrite.map((change) => change.path).filter((file) => done.has(file))
  if (failedRank !== undefined) {
    const left = skipped + toDelete.length
    const failed = diagnostics.find((diagnostic) => diagnostic.code === 'write-failed')
    if (left > 0) refuse(failed?.file ?? '.', 'write-skipped', `${skipped} file(s) that depend on it were not written and ${toDelete.length} not deleted; fix the failure and run generate again`)
    return { written, deleted, diagnostics, removedTemporaries }
  }
  const bytesOf = new Map(comparison.deletions.map((file) => [file.path, file.bytes ?? Buffer.from(file.current, 'utf8')]))
  for (const file of toDelete) {
    try {
      if (changedMeanwhile(file, bytesOf.get(file))) {
        changed(file)
        continue
      }
      unlinkSync(path.resolve(cwd, file))
      deleted.push(file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuse(file, 'write-failed', `could not delete the file: ${describeFailure(error)}`)
    }
  }
  return { written, deleted, diagnostics, removedTemporaries }
}

function describeFailure(error: unknown): string {
  return isFileSystemError(error) ? `${error.message} (${fileSystemAdvice(error)})` : error instanceof Error ? error.message : String(error)
}
