// C0 controls but tab and line feed, DEL and the C1 controls: never written raw into generated text (a NUL or an
// escape sequence breaks terminals, diffs, editors and tools that read the output).
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

/**
 * `text` with every raw control character written as a `\uXXXX` escape: the same character inside a TypeScript
 * string literal, and visible text inside a comment. Tab and line feed are kept (they shape comments and code).
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
}
