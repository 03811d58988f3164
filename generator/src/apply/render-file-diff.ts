import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff'

/** A unified diff of one file and the first line it changes (for annotations). */
export interface FileDiff {
  readonly diff: string
  /** 1-based line in the current file where the first change is (1 for a missing file). */
  readonly firstChangedLine: number
}

// Myers' diff is O(N·D): past these bounds the file is named instead; a whole-file add or removal is always shown.
const MAX_EDIT_LENGTH = 2_000
const MAX_DIFF_MS = 1_000

/** The unified diff (as `git apply` reads it) from `current` to `planned`; `undefined` for a side that is missing. */
export function renderFileDiff(file: string, current: string | undefined, planned: string | undefined): FileDiff {
  const oldName = current === undefined ? '/dev/null' : `a/${file}`
  const newName = planned === undefined ? '/dev/null' : `b/${file}`
  const bounded = current !== undefined && current !== '' && planned !== undefined && planned !== ''
  const patch = structuredPatch(oldName, newName, current ?? '', planned ?? '', undefined, undefined, {
    context: 3,
    ...(bounded ? { maxEditLength: MAX_EDIT_LENGTH, timeout: MAX_DIFF_MS } : {}),
  })
  if (patch === undefined) {
    return { diff: `--- ${oldName}\n+++ ${newName}\n(the files differ too much to diff; diff not shown)\n`, firstChangedLine: 1 }
  }
  const hunk = patch.hunks[0]
  let firstChangedLine = 1
  if (hunk !== undefined) {
    const leadingContext = hunk.lines.findIndex((line) => line.startsWith('-') || line.startsWith('+'))
    firstChangedLine = Math.max(1, hunk.oldStart + Math.max(0, leadingContext))
  }
  return { diff: formatPatch(patch, FILE_HEADERS_ONLY), firstChangedLine }
}
