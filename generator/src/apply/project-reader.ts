import { type Dirent, lstatSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileSystemAdvice, isFileSystemError } from './file-system-error.js'
import { resolveProjectPath } from './project-path.js'
import { readRegularFile } from './read-regular-file.js'
import { realPathInside } from './real-path-inside.js'

/** The planner's view of the disk: `PlanOptions.readFile` and `PlanOptions.listFiles`. */
export interface ProjectReader {
  readonly readFile: (file: string) => Promise<string | undefined>
  readonly listFiles: (dir: string) => Promise<readonly string[]>
  /** Whether a folder is at `file` (for a configured file that must not be one). */
  readonly isFolder: (file: string) => Promise<boolean>
  /**
   * Every file the planner read, by its project path, with the text it was given (`undefined`: it was absent): the
   * write edge replaces a file only while it still holds exactly these bytes.
   */
  readonly reads: ReadonlyMap<string, string | undefined>
}

/** Thrown when the planner asks for a file it must not read or cannot decode; the run reports it. */
export class ProjectReadError extends Error {
  constructor(
    /** The file, relative to the project. */
    readonly file: string,
    message: string,
  ) {
    super(message)
    this.name = 'ProjectReadError'
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Reads for the planner, confined to the project: paths outside it (lexically or through a symbolic
 * link) are refused; text is strict UTF-8 with any BOM kept, so an author's file round-trips byte
 * for byte (a lossy decode would silently rewrite their bytes on the next write). The file-system calls
 * are synchronous: a plan reads a file per tool, and an asynchronous call costs more than the read.
 */
export function createProjectReader(cwd: string, realRoot: string): ProjectReader {
  // One real-path walk per folder: a planner reads a file per tool from the same few folders.
  const folders = new Map<string, Promise<boolean>>()
  const folderInside = (folder: string): Promise<boolean> => {
    let inside = folders.get(folder)
    if (inside === undefined) {
      inside = realPathInside(realRoot, folder)
      folders.set(folder, inside)
    }
    return inside
  }
  const reads = new Map<string, string | undefined>()
  const confined = async (file: string): Promise<string> => {
    const resolved = resolveProjectPath(cwd, cwd, file)
    if (!resolved.ok) throw new ProjectReadError(file, `refusing to read ${JSON.stringify(file)}: it ${resolved.reason}`)
    const absolute = path.resolve(cwd, resolved.path)
    // A symbolic link itself is followed to its target; anything else is judged by its folder.
    const link = isSymbolicLink(absolute)
    const inside = await guarded(file, () => (link || resolved.path === '.' ? realPathInside(realRoot, absolute) : folderInside(path.dirname(absolute))))
    if (!inside) {
      throw new ProjectReadError(file, `refusing to read ${JSON.stringify(file)}: it leads outside the project through a symbolic link`)
    }
    return absolute
  }
  return {
    reads,
    async readFile(file) {
      const absolute = await confined(file)
      const read = await guarded(file, async () => readRegularFile(absolute))
      const key = path.relative(cwd, absolute).split(path.sep).join('/')
      if (!read.ok) {
        if (read.reason === 'not-a-file') {
          throw new ProjectReadError(file, `${JSON.stringify(file)} is not a regular file (a FIFO, socket or device); replace it with a file or remove it`)
        }
        if (!reads.has(key)) reads.set(key, undefined)
        return undefined
      }
      let text: string
      try {
        text = UTF8.decode(read.bytes)
      } catch {
        throw new ProjectReadError(file, 'the file is not valid UTF-8; toolsmith will not rewrite it')
      }
      // The first read is what the plan was made from: a later one (for a code frame) must not hide an edit.
      if (!reads.has(key)) reads.set(key, text)
      return text
    },
    async isFolder(file) {
      const absolute = await confined(file)
      return guarded(file, async () => statSync(absolute, { throwIfNoEntry: false })?.isDirectory() === true)
    },
    async listFiles(dir) {
      const absolute = await confined(dir)
      const entries = await guarded(dir, async () => listOrEmpty(absolute))
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    },
  }
}

function isSymbolicLink(absolute: string): boolean {
  try {
    return lstatSync(absolute).isSymbolicLink()
  } catch {
    return false
  }
}

/** Runs a file-system step for `file`; what the file system throws becomes a ProjectReadError naming the file. */
async function guarded<T>(file: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (!isFileSystemError(error)) throw error
    throw new ProjectReadError(file, `cannot read ${JSON.stringify(file)} (${error.code}): ${fileSystemAdvice(error)}`)
  }
}

function listOrEmpty(absolute: string): Dirent[] {
  try {
    return readdirSync(absolute, { withFileTypes: true })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return []
    throw error
  }
}
