import { readFileSync } from 'node:fs'
import path from 'node:path'
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
  /** Planned paths that cannot be read or written as files (a folder there, a file where a folder must be). */
  readonly blocked: readonly { readonly path: string; readonly reason: string }[]
}

/**
 * Reads every file the plan touches and compares bytes (not decoded text: a BOM or bad byte is a difference). The
 * reads are synchronous: thousands of small local files, where each asynchronous read costs a thread-pool round trip
 * several times the read itself.
 */
export async function comparePlan(cwd: string, plan: PlanResult): Promise<PlanComparison> {
  const blocked: { path: string; reason: string }[] = []
  const read = (file: string): Buffer | undefined => {
    try {
      return readFileSync(path.resolve(cwd, file))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return undefined
      blocked.push({
        path: file,
        reason:
          code === 'EISDIR'
            ? 'a folder is in the way of this file'
            : code === 'ENOTDIR'
              ? 'a file is in the way of one of its folders'
              : `it cannot be read (${code ?? String(error)})`,
      })
      return undefined
    }
  }
  const changes = plan.files.map((file): PlannedChange => {
    const bytes = read(file.path)
    const base = { path: file.path, owner: file.owner, planned: file.content }
    if (bytes === undefined) return { ...base, status: 'create', current: undefined }
    const same = bytes.length === Buffer.byteLength(file.content, 'utf8') && bytes.equals(Buffer.from(file.content, 'utf8'))
    return { ...base, status: same ? 'unchanged' : 'update', current: same ? file.content : bytes.toString('utf8') }
  })
  const existing = (files: readonly string[]): ExistingFile[] =>
    files.flatMap((file) => {
      const bytes = read(file)
      return bytes === undefined ? [] : [{ path: file, current: bytes.toString('utf8') }]
    })
  return { changes, deletions: existing(plan.deletions), orphans: existing(plan.orphans), blocked }
}
