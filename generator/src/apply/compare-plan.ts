import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { mapConcurrently } from './map-concurrently.js'
import type { PlanResult } from '../model/plan.js'
import type { FileOwner } from '../model/planned-file.js'

/** One planned file next to what is on disk. */
export interface PlannedChange {
  readonly path: string
  readonly owner: FileOwner
  /** `create`: not on disk; `update`: on disk with other bytes; `unchanged`: byte-identical. */
  readonly status: 'create' | 'update' | 'unchanged'
  readonly planned: string
  /** The file on disk, decoded (lossy if not UTF-8); `undefined` when absent. */
  readonly current: string | undefined
}

/** A file on disk that the plan deletes or reports, with its text. */
export interface ExistingFile {
  readonly path: string
  readonly current: string
}

/** The whole plan compared with disk. */
export interface PlanComparison {
  /** Every planned file, in plan order. */
  readonly changes: readonly PlannedChange[]
  /** Generator-owned files to delete that do exist. */
  readonly deletions: readonly ExistingFile[]
  /** Author stubs whose tool is gone (never deleted). */
  readonly orphans: readonly ExistingFile[]
}

const READ_CONCURRENCY = 16

/** Reads every file the plan touches and compares bytes (not decoded text: a BOM or bad byte is a difference). */
export async function comparePlan(cwd: string, plan: PlanResult): Promise<PlanComparison> {
  const read = async (file: string): Promise<Buffer | undefined> =>
    readFile(path.resolve(cwd, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
  const changes = await mapConcurrently(plan.files, READ_CONCURRENCY, async (file): Promise<PlannedChange> => {
    const bytes = await read(file.path)
    const base = { path: file.path, owner: file.owner, planned: file.content }
    if (bytes === undefined) return { ...base, status: 'create', current: undefined }
    const same = bytes.equals(Buffer.from(file.content, 'utf8'))
    return { ...base, status: same ? 'unchanged' : 'update', current: same ? file.content : bytes.toString('utf8') }
  })
  const existing = async (files: readonly string[]): Promise<ExistingFile[]> =>
    (await mapConcurrently(files, READ_CONCURRENCY, async (file) => ({ path: file, bytes: await read(file) }))).flatMap((entry) =>
      entry.bytes === undefined ? [] : [{ path: entry.path, current: entry.bytes.toString('utf8') }],
    )
  return { changes, deletions: await existing(plan.deletions), orphans: await existing(plan.orphans) }
}
