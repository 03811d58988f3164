import { realpath } from 'node:fs/promises'
import path from 'node:path'

/** Raised when a tool is asked to touch a path outside its workspace. */
export class OutsideWorkspaceError extends Error {
  constructor(requested: string) {
    super(`Path is outside the workspace: ${JSON.stringify(requested)}`)
    this.name = 'OutsideWorkspaceError'
  }
}

/** A folder the example tools are confined to: every path is workspace-relative and may not escape, even through symlinks. */
export class Workspace {
  /** The absolute, symlink-free root. */
  readonly root: string

  private constructor(root: string) {
    this.root = root
  }

  /** Opens a workspace at `root` (resolved through symlinks once). */
  static async open(root: string): Promise<Workspace> {
    return new Workspace(await realpath(path.resolve(root)))
  }

  /**
   * Resolves a workspace-relative path to an absolute one inside the root. The deepest existing ancestor is resolved
   * through symlinks, so a link pointing outside is refused as well as `..` segments and absolute paths.
   */
  async resolve(relative: string): Promise<string> {
    if (relative.includes('\0')) throw new OutsideWorkspaceError(relative)
    const lexical = path.resolve(this.root, relative)
    if (!this.contains(lexical)) throw new OutsideWorkspaceError(relative)
    let existing = lexical
    const rest: string[] = []
    for (;;) {
      try {
        const real = await realpath(existing)
        const resolved = path.join(real, ...rest)
        if (!this.contains(resolved)) throw new OutsideWorkspaceError(relative)
        return resolved
      } catch (error) {
        if (error instanceof OutsideWorkspaceError) throw error
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        rest.unshift(path.basename(existing))
        existing = path.dirname(existing)
      }
    }
  }

  /** The workspace-relative, `/`-separated form of an absolute path inside the root. */
  relative(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join('/')
  }

  /** Whether an absolute, symlink-free path is the root or inside it. */
  contains(absolute: string): boolean {
    const rel = path.relative(this.root, absolute)
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
  }
}
