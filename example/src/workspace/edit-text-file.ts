import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
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
  const before = await readFile(absolute, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
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
  const temporary = `${absolute}.${process.pid}.tmp`
  await writeFile(temporary, after, 'utf8')
  await rename(temporary, absolute)
  return { path: workspace.relative(absolute), created: before === null, replacements, before, after }
}
