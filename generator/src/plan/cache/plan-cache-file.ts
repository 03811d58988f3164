import { randomBytes } from 'node:crypto'
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, writevSync } from 'node:fs'
import path from 'node:path'
import { fileSystemAdvice, isFileSystemError, isLeftoverTemporary, realPathInside } from '../../base/project-files.js'
import { PlanCacheStore } from './plan-cache-store.js'

// The plan cache, in short (the details sit with each part):
// - Where: <project>/node_modules/.cache/toolsmith/plan.json, written only when node_modules exists. `generate`
//   reads and saves it; `check` only reads it; `--no-cache` (RunOptions `cache: false`) neither reads nor saves it.
// - What: per declaration file its loaded result (load-declarations-cached.ts); per tool its generated module and its
//   planned stub (tool-cache-keys.ts, plan-tool.ts), its catalog section part and catalog.json part
//   (plan-catalogs.ts, plan-catalog-json.ts); and prettier's output for the whole-plan files (cached-formatter.ts).
// - Keys: SHA-256 over everything the value is made from, always with the generator fingerprint (its own code, the
//   shipped templates, Node and the output-shaping libraries, generator-fingerprint.ts). A key is never trusted
//   past its inputs: a value found is what planning again would give; output with prettier plugins is not cached.
// - The file: a header (format, version, fingerprint, checksum) and the entries, one a line, each parsed when asked
//   for and saved again as read unless stored anew; anything unexpected reads as an
//   empty cache (plan-cache-store.ts). Saved with only the entries the run used or made, via a temporary file and a
//   rename, and only when that changes it.

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
  let bytes: Buffer | undefined
  try {
    bytes = readRegularFileSync(planCacheFile(cwd))
  } catch {
    bytes = undefined
  }
  return PlanCacheStore.parse(bytes, await fingerprint())
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

function readRegularFileSync(file: string): Buffer | undefined {
  const handle = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    const stats = fstatSync(handle)
    if (!stats.isFile() || stats.size > MAX_CACHE_BYTES) return undefined
    return readFileSync(handle)
  } finally {
    closeSync(handle)
  }
}

/**
 * Saves `store` as the project's plan cache, creating `.cache/toolsmith` when needed, but only in a project that has
 * a `node_modules` folder (a project without one is left as it is and simply runs without a persistent cache).
 * Written to a temporary file beside it, then renamed over it: concurrent runs each leave a whole file (the last
 * one wins), never a mixed one. Answers whether it was saved; a failure is not an error (the cache is only a cache).
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
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}0.toolsmith-tmp`)
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    for (const name of readdirSync(path.dirname(file))) {
      if (isLeftoverTemporary(name)) unlinkQuietly(path.join(path.dirname(file), name))
    }
    const handle = openSync(temporary, 'wx')
    try {
      const parts = store.serializeParts()
      const bytesWritten = writevSync(handle, parts)
      if (bytesWritten !== parts[0].length + parts[1].length) throw new Error('short write')
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

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // Already gone.
  }
}
