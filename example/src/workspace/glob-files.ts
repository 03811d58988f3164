import picomatch from 'picomatch'
import { walkFiles } from './walk-files.js'
import { SafeMatcher } from './safe-matcher.js'
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
  // picomatch compiles the glob to a regular expression, which can backtrack catastrophically on a long name:
  // it runs in a worker that abort or a time budget can stop (see SafeMatcher).
  const matcher = new SafeMatcher(picomatch.makeRe(request.pattern, { dot: false }), signal)
  const cap = Math.max(0, request.maxResults ?? 500)
  const relatives: string[] = []
  for await (const file of walkFiles(workspace.root, signal)) relatives.push(workspace.relative(file))
  let hits: number[]
  try {
    hits = await matcher.match(relatives)
  } finally {
    matcher.close()
  }
  const paths = hits.slice(0, cap).map((index) => relatives[index] as string)
  return { total: hits.length, truncated: hits.length > cap, paths }
}
