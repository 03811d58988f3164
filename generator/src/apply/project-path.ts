import path from 'node:path'

/** A path inside the project, relative to it with `/` separators (`.` for the project itself). */
export type ProjectPath = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string }

/**
 * Resolves `input` (relative to `base`, or absolute) and accepts it only when it stays inside `root`
 * lexically. Symbolic links are judged separately, at the edge, by `realPathInside`.
 */
export function resolveProjectPath(root: string, base: string, input: string): ProjectPath {
  if (input.includes('\0')) return { ok: false, reason: 'contains a NUL character' }
  const absolute = path.resolve(base, input)
  const relative = path.relative(root, absolute)
  if (relative === '') return { ok: true, path: '.' }
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return { ok: false, reason: 'is outside the project folder' }
  }
  return { ok: true, path: relative.split(path.sep).join('/') }
}

/**
 * Whether a planned path (`/`-separated, relative to the project) is plainly inside `folder`: no
 * absolute path, no `..` or `.` segment, no empty segment, no backslash, no NUL.
 */
export function isPlainPathInside(folder: string, planned: string): boolean {
  if (planned.includes('\\') || planned.includes('\0') || planned.startsWith('/')) return false
  const segments = planned.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false
  return folder === '.' || planned.startsWith(`${folder}/`)
}
