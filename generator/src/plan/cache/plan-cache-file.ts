// The plan cache file: `generate` reads and saves it, `check` only reads it. Every key hashes all of a value's inputs
// with the generator fingerprint, so a value found is what planning again would give. I/O is synchronous: a run
// waits for the cache before planning and saves it last, so the thread pool would only add waiting.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, type Stats, statSync, unlinkSync, writevSync } from 'node:fs'
import path from 'node:path'
import { fileSystemAdvice, isFileSystemError, isLeftoverTemporary, realPathInside, temporaryPath } from '../../base/project-files.js'
import { type PlanCacheSave, PlanCacheStore } from './plan-cache-store.js'

/** The file each store was read from (its identity and length): a save appends to it only while it is that file. */
const readFrom = new WeakMap<PlanCacheStore, { readonly dev: number; readonly ino: number; readonly size: number }>()

/** The plan cache file of the project at `cwd`, in the conventional (version-control-ignored) tool cache folder. */
export function planCacheFile(cwd: string): string {
  return path.join(cwd, 'node_modules', '.cache', 'toolsmith', 'plan.json')
}

// Far above what a plan of many thousands of tools holds; a larger file is not read.
const MAX_CACHE_BYTES = 512 * 1024 * 1024

/** The project's plan cache: `undefined` without `node_modules`, empty when missing or unusable; never throws. Only a
 * regular file is read, opened non-blocking so a FIFO or device there cannot stall the run. */
export async function readPlanCacheFile(
  cwd: string,
  fingerprint: () => Promise<string>,
  note: (message: string) => void = () => undefined,
): Promise<PlanCacheStore | undefined> {
  if (!(await usable(cwd, note, 'running without the plan cache'))) return undefined
  let read: { readonly bytes: Buffer; readonly stats: Stats } | undefined
  try {
    read = readRegularFileSync(planCacheFile(cwd))
  } catch {
    read = undefined
  }
  const store = PlanCacheStore.parse(read?.bytes, await fingerprint())
  if (read !== undefined) readFrom.set(store, { dev: read.stats.dev, ino: read.stats.ino, size: read.bytes.length })
  return store
}

/** The project path of the plan cache file (for notes about it). */
export const PLAN_CACHE_PATH = 'node_modules/.cache/toolsmith/plan.json'

// Why the cache file would lead outside the project through a symbolic link; the cache is never used through one.
async function leadsOutside(cwd: string): Promise<string | undefined> {
  try {
    const realRoot = realpathSync(cwd)
    if (await realPathInside(realRoot, planCacheFile(cwd))) return undefined
    return 'the plan cache folder leads outside the project through a symbolic link (node_modules or node_modules/.cache)'
  } catch (error) {
    if (!isFileSystemError(error)) throw error
    return `the plan cache folder cannot be resolved (${error.code}: ${fileSystemAdvice(error)})`
  }
}

// Only with `node_modules`, and never through a link leading outside (that is noted, then what follows from it).
async function usable(cwd: string, note: (message: string) => void, consequence: string): Promise<boolean> {
  if (statSync(path.join(cwd, 'node_modules'), { throwIfNoEntry: false })?.isDirectory() !== true) return false
  const outside = await leadsOutside(cwd)
  if (outside !== undefined) note(`${outside}; ${consequence}`)
  return outside === undefined
}

function readRegularFileSync(file: string): { readonly bytes: Buffer; readonly stats: Stats } | undefined {
  const handle = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    const stats = fstatSync(handle)
    if (!stats.isFile() || stats.size > MAX_CACHE_BYTES) return undefined
    return { bytes: readFileSync(handle), stats }
  } finally {
    closeSync(handle)
  }
}

/** Saves `store` if the project has `node_modules`, appending to the file it was read from or renaming a temporary over
 * it, so concurrent runs never leave a mixed file. Answers whether it saved; a failure is only a note. */
export async function writePlanCacheFile(cwd: string, store: PlanCacheStore, note: (message: string) => void = () => undefined): Promise<boolean> {
  if (!(await usable(cwd, note, 'the plan cache was not saved'))) return false
  const file = planCacheFile(cwd)
  // Named like every toolsmith temporary, so an interrupted save's leftover is recognized and removed by the next one.
  const temporary = temporaryPath(file)
  try {
    const save = store.saving()
    if (save.append && appendTo(file, readFrom.get(store), save)) return true
    const parts = save.append ? [store.serialize()] : save.parts
    mkdirSync(path.dirname(file), { recursive: true })
    for (const name of readdirSync(path.dirname(file))) {
      if (isLeftoverTemporary(path.dirname(file), name)) unlinkQuietly(path.join(path.dirname(file), name))
    }
    const handle = openSync(temporary, 'wx')
    try {
      writeAll(handle, parts)
    } finally {
      closeSync(handle)
    }
    renameSync(temporary, file)
    return true
  } catch (error) {
    unlinkQuietly(temporary)
    const why = isFileSystemError(error) ? `${error.code}: ${fileSystemAdvice(error)}` : error instanceof Error ? error.message : String(error)
    note(`the plan cache could not be saved (${why}); the next run plans afresh`)
    return false
  }
}

// Appends only while it is still the file read (other runs may have grown it); never through a link, never blocking.
function appendTo(file: string, read: { readonly dev: number; readonly ino: number; readonly size: number } | undefined, save: PlanCacheSave): boolean {
  if (read === undefined) return false
  let handle: number
  try {
    handle = openSync(file, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  } catch {
    return false
  }
  try {
    const stats = fstatSync(handle)
    if (!stats.isFile() || stats.dev !== read.dev || stats.ino !== read.ino || stats.size < read.size) return false
    writeAll(handle, save.parts)
    return true
  } finally {
    closeSync(handle)
  }
}

/** Writes `parts` with one call (one append lands whole, after any other), throwing on a short write. */
function writeAll(handle: number, parts: readonly Buffer[]): void {
  const length = parts.reduce((sum, part) => sum + part.length, 0)
  if (writevSync(handle, parts as Buffer[]) !== length) throw new Error('short write')
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // Already gone.
  }
}
