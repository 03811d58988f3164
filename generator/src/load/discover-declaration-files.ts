import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** The declaration files of a schemas folder, and near-misses worth a warning. */
export interface DiscoveredFiles {
  /** `false` when the folder does not exist (or is not a folder). */
  readonly found: boolean
  /** Paths relative to the working directory, `/`-separated, sorted by code unit (locale-independent). */
  readonly files: readonly string[]
  /** `*.tool.yml` files, which toolsmith does not read. */
  readonly ignored: readonly string[]
}

/** The suffix of a declaration file. */
export const DECLARATION_SUFFIX = '.tool.yaml'

/**
 * Lists the `*.tool.yaml` files directly inside the schemas folder. Subfolders are not searched, so
 * the folder is the whole inventory and a stray copy elsewhere never becomes a tool.
 */
export async function discoverDeclarationFiles(cwd: string, schemas: string): Promise<DiscoveredFiles> {
  const entries = await readdir(path.resolve(cwd, schemas), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined
    throw error
  })
  if (entries === undefined) return { found: false, files: [], ignored: [] }
  const files: string[] = []
  const ignored: string[] = []
  for (const entry of entries) {
    if (entry.isDirectory()) continue
    const relative = path.posix.join(schemas, entry.name)
    if (entry.name.endsWith(DECLARATION_SUFFIX) && entry.name.length > DECLARATION_SUFFIX.length) files.push(relative)
    else if (entry.name.endsWith('.tool.yml')) ignored.push(relative)
  }
  const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
  return { found: true, files: files.sort(byCodeUnit), ignored: ignored.sort(byCodeUnit) }
}
