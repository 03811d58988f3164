import { realpathSync } from 'node:fs'
import path from 'node:path'

/**
 * Whether `absolute` really lies inside `realRoot` (the project's real path): its nearest existing
 * ancestor (or itself) is resolved through every symbolic link, so a linked folder or file pointing
 * elsewhere is caught before anything is read or written through it. (Resolved synchronously: one call per
 * folder, where an asynchronous one costs a thread-pool round trip for nothing.)
 */
export async function realPathInside(realRoot: string, absolute: string): Promise<boolean> {
  let existing = absolute
  for (;;) {
    const real = realPathOrUndefined(existing)
    if (real !== undefined) return real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : `${realRoot}${path.sep}`)
    const parent = path.dirname(existing)
    if (parent === existing) return false
    existing = parent
  }
}

function realPathOrUndefined(existing: string): string | undefined {
  try {
    return realpathSync(existing)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw error
  }
}
