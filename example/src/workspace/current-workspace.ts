import { Workspace } from './workspace.js'

// The example tools are module-level definitions (each stub default-exports one `defineTool`
// result), so the folder they work in is chosen here, once per process, rather than passed in.
let current: Promise<Workspace> | undefined

/** Points every example tool at `root` (resolved through symlinks once). */
export function useWorkspace(root: string): Promise<Workspace> {
  current = Workspace.open(root)
  return current
}

/** The workspace the example tools work in: the one last chosen, else `$TOOLSMITH_WORKSPACE`, else the working directory. */
export function currentWorkspace(): Promise<Workspace> {
  current ??= Workspace.open(process.env['TOOLSMITH_WORKSPACE'] ?? process.cwd())
  return current
}
