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
