import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, type Stats, statSync, unlinkSync, writevSync } from 'node:fs'
import path from 'node:path'
import { fileSystemAdvice, isFileSystemError, isLeftoverTemporary, realPathInside, temporaryPath } from '../../base/project-files.js'
import { type PlanCacheSave, PlanCacheStore } from './plan-cache-store.js'

/** The file each store was read from (its identity and length): a save appends to it only while it is that file. */
const readFrom = new WeakMap<PlanCacheStore, { readonly dev: number; readonly ino: number; readonly size: number }>()

// The plan cache, in short (the details sit with each part):
// - Where: <project>/node_modules/.cache/toolsmith/plan.json, written only when node_modules exists. `generate`
//   reads and saves it; `check` only reads it; `--no-cache` (RunOptions `cache: false`) neither reads nor saves it.
// - What: per declaration file its loaded result and the stat it was loaded at (load-declarations-cached.ts); per
//   tool its generated module and its planned stub (cache-key.ts, plan-tool.ts), its catalog section part and
//   catalog.json part (plan-catalogs.ts, plan-catalog-json.ts); per output file the stat it was seen at with the hash
//   of its text (plan-project.ts); the texts themselves by hash; and prettier's output for the whole-plan files
//   (cached-formatter.ts).
// - Keys: SHA-256 over everything the value is made from, always with the generator fingerprint (its own code, the
//   shipped templates, Node and the output-shaping libraries, generator-fingerprint.ts). A key is never trusted
//   past its inputs: a value found is what planning again would give; output with prettier plugins is not cached.
// - The file: a header (format, version, fingerprint) and segments of values and an index, each value decoded when
//   asked for; anything unexpected reads as absent or as an empty cache (plan-cache-store.ts). A run appends what it
//   stored and an index of the entries it used or made, or writes the file anew (via a temporary file and a rename)
//   once appending would leave more unused bytes than used ones; and only when that changes it.

/**
 * The plan cache file of the project at `cwd`: `node_modules/.cache/toolsmith/plan.json`, the conventional place for
 * a tool's cache (ignored by version control with the rest of `node_modules`, removed with it).
 */
export function planCacheFile(cwd: string): string {
  return path.join(cwd, 'node_modules', '.cache', 'toolsmith', 'plan.json')
}

// Far above what a plan of many thousands of tools holds; a larger file is not read.
const MAX_CACHE_BYTES = 512 * 1024 * 1024

/**
 * The project's plan cache for the build `fingerprint` (asked for only when needed): `undefined` in a project
 * without `node_modules` (it could not be saved there), empty when there is no file or it cannot be used (never
 * throws). Only a regular file is read (opened without blocking, so a FIFO or device put there cannot stall the run).
 */
export async function readPlanCacheFile(
  cwd: string,
  fingerprint: () => Promise<string>,
  note: (message: string) => void = () => undefined,
): Promise<PlanCacheStore | undefined> {
  if (!(await hasNodeModules(cwd))) return undefined
  const outside = await leadsOutside(cwd)
  if (outside !== undefined) {
    note(`${outside}; running without the plan cache`)
    return undefined
  }
  // Read synchronously: nothing else can proceed before it, and a thread-pool read of megabytes only adds waiting.
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

/**
 * Why the cache file would be outside the project (`node_modules`, `.cache` or the file itself a symbolic link leading
 * out), or `undefined` when it stays inside. The cache is never read or written through such a link.
 */
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

// The calls here are synchronous: a run waits for the cache before planning and saves it last, so a thread-pool
// round trip per call (and one for megabytes of the file) would only add waiting.
async function hasNodeModules(cwd: string): Promise<boolean> {
  return statSync(path.join(cwd, 'node_modules'), { throwIfNoEntry: false })?.isDirectory() === true
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

/**
 * Saves `store` as the project's plan cache, creating `.cache/toolsmith` when needed, but only in a project that has
 * a `node_modules` folder (a project without one is left as it is and simply runs without a persistent cache).
 * A segment is appended to the file the store was read from while it is still that file (see `PlanCacheStore.saving`);
 * a whole file is written to a temporary file beside it, then renamed over it: concurrent runs each leave a readable
 * file (the last index written wins), never a mixed one. Answers whether it was saved; a failure is not an error (the
 * cache is only a cache).
 */
export async function writePlanCacheFile(cwd: string, store: PlanCacheStore, note: (message: string) => void = () => undefined): Promise<boolean> {
  if (!(await hasNodeModules(cwd))) return false
  const outside = await leadsOutside(cwd)
  if (outside !== undefined) {
    note(`${outside}; the plan cache was not saved`)
    return false
  }
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

/**
 * Appends `save` to the cache file when it is still the file `read` (the same file, at least as long: other runs may
 * have appended to it); answers whether it did. Opened without following a link (the folder was checked, the file
 * itself must not lead elsewhere) and without blocking.
 */
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
