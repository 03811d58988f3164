const LINE_SEPARATORS = /[\u2028\u2029]/g

/** Compact JSON for display: like `JSON.stringify`, with U+2028/U+2029 escaped so the text stays on one line. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
}
