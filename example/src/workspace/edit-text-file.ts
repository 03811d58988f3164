import { randomBytes } from 'node:crypto'
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readTextFile } from './read-text-file.js'
import type { Workspace } from './workspace.js'

/** What an edit did, with the full before/after text for a diff card. */
export interface EditOutcome {
  path: string
  created: boolean
  replacements: number
  before: string | null
  after: string
}

/** Raised when an edit's precondition does not hold; the message tells the model how to fix the call. */
export class EditRejectedError extends Error {
  override name = 'EditRejectedError'
}

/** Replaces `oldText` with `newText` (exactly once unless `replaceAll`), or creates the file when `oldText` is omitted. */
export async function editTextFile(
  workspace: Workspace,
  request: { path: string; oldText?: string; newText: string; replaceAll?: boolean },
): Promise<EditOutcome> {
  const absolute = await workspace.resolve(request.path)
  const existing = await readTextFile(absolute, request.path, undefined, (real) => workspace.contains(real))
  const before = existing === null ? null : existing.text
  let after: string
  let replacements: number
  if (request.oldText === undefined) {
    if (before !== null) throw new EditRejectedError(`${request.path} already exists: pass oldText to edit it`)
    after = request.newText
    replacements = 0
  } else {
    if (before === null) throw new EditRejectedError(`${request.path} does not exist: omit oldText to create it`)
    if (request.oldText === '') throw new EditRejectedError('oldText must not be empty')
    const count = before.split(request.oldText).length - 1
    if (count === 0) throw new EditRejectedError(`oldText was not found in ${request.path}`)
    if (count > 1 && request.replaceAll !== true) {
      throw new EditRejectedError(`oldText occurs ${count} times in ${request.path}: add context or set replaceAll`)
    }
    after = before.split(request.oldText).join(request.newText)
    replacements = count
  }
  await mkdir(path.dirname(absolute), { recursive: true })
  // A fresh, unguessable name created exclusively ('wx' never follows a symlink planted there), then renamed over
  // the file; the file keeps its permission bits.
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${randomBytes(8).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, after, { encoding: 'utf8', flag: 'wx', mode: existing === null ? 0o666 : existing.mode & 0o7777 })
    if (existing !== null) await chmod(temporary, existing.mode & 0o7777)
    await rename(temporary, absolute)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  return { path: workspace.relative(absolute), created: before === null, replacements, before, after }
}
