import picomatch from 'picomatch'
import { walkFiles } from './walk-files.js'
import type { Workspace } from './workspace.js'

/** A flat, sorted path list. */
export interface GlobOutcome {
  total: number
  truncated: boolean
  paths: string[]
}

/** Lists workspace files matching a glob (picomatch syntax), capped at `maxResults`. */
export async function globFiles(
  workspace: Workspace,
  request: { pattern: string; maxResults?: number },
  signal?: AbortSignal,
): Promise<GlobOutcome> {
  const matches = picomatch(request.pattern, { dot: false })
  const cap = Math.max(0, request.maxResults ?? 500)
  const paths: string[] = []
  let total = 0
  for await (const file of walkFiles(workspace.root, signal)) {
    const relative = workspace.relative(file)
    if (!matches(relative)) continue
    total += 1
    if (total <= cap) paths.push(relative)
  }
  return { total, truncated: total > cap, paths }
}
