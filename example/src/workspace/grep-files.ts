import { readFile } from 'node:fs/promises'
import { walkFiles } from './walk-files.js'
import type { Workspace } from './workspace.js'

/** Grep-shaped matches, grouped per file. */
export interface GrepOutcome {
  total: number
  truncated: boolean
  files: { path: string; matches: { line: number; text: string }[] }[]
}

/** Longest line text kept in a match, so one minified file cannot flood the result. */
const MAX_LINE_LENGTH = 500

/** Finds lines matching `pattern` below `path`, stopping after `maxMatches` matching lines. */
export async function grepFiles(
  workspace: Workspace,
  request: { pattern: string; path?: string; ignoreCase?: boolean; maxMatches?: number },
  signal?: AbortSignal,
): Promise<GrepOutcome> {
  const regex = new RegExp(request.pattern, request.ignoreCase === true ? 'i' : '')
  const cap = Math.max(0, request.maxMatches ?? 200)
  const root = await workspace.resolve(request.path ?? '.')
  const files: GrepOutcome['files'] = []
  let total = 0
  for await (const file of walkFiles(root, signal)) {
    const text = await readFile(file, 'utf8')
    if (text.includes('\0')) continue // binary
    const matches: { line: number; text: string }[] = []
    text.split(/\r?\n/).forEach((line, index) => {
      if (!regex.test(line)) return
      total += 1
      if (total <= cap) matches.push({ line: index + 1, text: line.slice(0, MAX_LINE_LENGTH) })
    })
    if (matches.length > 0) files.push({ path: workspace.relative(file), matches })
  }
  return { total, truncated: total > cap, files }
}
