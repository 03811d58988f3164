/** The 1-based line and column (UTF-16 units) of the `occurrence`-th `needle` in `text`: test expectations written against the source, not the output. */
export function positionOf(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let index = -1
  for (let seen = 0; seen < occurrence; seen++) {
    index = text.indexOf(needle, index + 1)
    if (index < 0) throw new Error(`${JSON.stringify(needle)} occurs fewer than ${occurrence} times`)
  }
  const before = text.slice(0, index)
  const line = before.split('\n').length
  return { line, column: index - (before.lastIndexOf('\n') + 1) + 1 }
}
