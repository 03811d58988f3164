import { NotTextFileError, readTextFile } from './read-text-file.js'
import { SafeMatcher } from './safe-matcher.js'
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
  // The model's pattern runs in a worker that abort or a time budget can stop (see SafeMatcher).
  const matcher = new SafeMatcher(regex, signal)
  try {
    for await (const file of walkFiles(root, signal)) {
      // Not text (binary, not UTF-8, huge, not a regular file): skipped, as grep skips binary files.
      const read = await readTextFile(file, workspace.relative(file), signal, (real) => workspace.contains(real)).catch((error: unknown) => {
        if (error instanceof NotTextFileError) return null
        throw error
      })
      if (read === null || read.text.includes('\0')) continue
      const lines = read.text.split(/\r?\n/)
      const hits = await matcher.match(lines)
      const matches: { line: number; text: string }[] = []
      for (const index of hits) {
        total += 1
        if (total <= cap) matches.push({ line: index + 1, text: (lines[index] ?? '').slice(0, MAX_LINE_LENGTH) })
      }
      if (matches.length > 0) files.push({ path: workspace.relative(file), matches })
    }
  } finally {
    matcher.close()
  }
  return { total, truncated: total > cap, files }
}
