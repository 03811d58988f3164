// U+2028/U+2029 are legal in JSON and (since ES2019) in JS strings, but older tools and some editors treat them
// as line breaks; escaping them keeps every emitted literal on one physical line.
const LINE_SEPARATORS = /[\u2028\u2029]/g

/** A TypeScript string literal for any text: JSON-escaped, with U+2028/U+2029 escaped too. */
export function tsStringLiteral(text: string): string {
  return JSON.stringify(text).replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
}
