/** Replace `text[start, end)` with `text`. */
export interface TextEdit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** Applies non-overlapping edits; every byte outside their ranges stays as it was. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  let result = ''
  let cursor = 0
  for (const edit of ordered) {
    if (edit.start < cursor) throw new Error(`overlapping stub edits at ${edit.start}`)
    result += text.slice(cursor, edit.start) + edit.text
    cursor = edit.end
  }
  return result + text.slice(cursor)
}

/** 1-based line and column of `offset` in `text` (columns count UTF-16 units, as editors and tsc do). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1
    lineStart = index + 1
  }
  return { line, column: offset - lineStart + 1 }
}
