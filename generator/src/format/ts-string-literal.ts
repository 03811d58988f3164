import { jsonText } from './json-text.js'

/**
 * A TypeScript string literal for any text: JSON-escaped, with U+2028/U+2029 escaped too (legal in strings since
 * ES2019, but older tools and some editors take them for line breaks), so a literal is always one physical line.
 */
export function tsStringLiteral(text: string): string {
  return jsonText(text)
}
