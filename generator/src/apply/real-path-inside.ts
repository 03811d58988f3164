import { realpath } from 'node:fs/promises'
import path from 'node:path'

/**
 * Whether `absolute` really lies inside `realRoot` (the project's real path): its nearest existing
 * ancestor (or itself) is resolved through every symbolic link, so a linked folder or file pointing
 * elsewhere is caught before anything is read or written through it.
 */
export async function realPathInside(realRoot: string, absolute: string): Promise<boolean> {
  let existing = absolute
  for (;;) {
    const real = await realpath(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
      throw error
    })
    if (real !== undefined) return real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : `${realRoot}${path.sep}`)
    const parent = path.dirname(existing)
    if (parent === existing) return false
    existing = parent
  }
}
