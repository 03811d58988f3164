import { isRecord, ownEntries } from './own-entries.js'

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

// ASCII identifiers only: a wider Unicode check would be correct too, but quoting every other key is always safe.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether `text` can be written unquoted as a property name (reserved words are fine as property names). */
export function isIdentifierName(text: string): boolean {
  return IDENTIFIER_NAME.test(text)
}

// Words that cannot name a binding in an ES module (strict mode), plus the global values no module should shadow.
const RESERVED = new Set([
  'arguments', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do',
  'else', 'enum', 'eval', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import', 'in',
  'instanceof', 'interface', 'let', 'new', 'null', 'package', 'private', 'protected', 'public', 'return', 'static',
  'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'undefined', 'var', 'void', 'while', 'with', 'yield',
  'NaN', 'Infinity',
])

/** Whether `name` cannot (or should not) be used as a binding name in generated modules. */
export function isReservedWord(name: string): boolean {
  return RESERVED.has(name)
}

const LINE_SEPARATORS = /[\u2028\u2029]/g

/** Compact JSON for display: like `JSON.stringify`, with U+2028/U+2029 escaped so the text stays on one line. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
}

/**
 * A TypeScript string literal for any text: JSON-escaped, with U+2028/U+2029 escaped too (legal in strings since
 * ES2019, but older tools and some editors take them for line breaks), so a literal is always one physical line.
 */
export function tsStringLiteral(text: string): string {
  return jsonText(text)
}

/**
 * A property key for an object literal that always defines an OWN property named `key`. `__proto__` written
 * plainly or quoted would set the prototype instead, so it becomes a computed key.
 */
export function tsPropertyKey(key: string): string {
  if (key === '__proto__') return `[${tsStringLiteral(key)}]`
  return isIdentifierName(key) ? key : tsStringLiteral(key)
}

/** A property name in a type (interface member, type literal): in types `__proto__` is an ordinary name. */
export function tsPropertyName(key: string): string {
  return isIdentifierName(key) ? key : tsStringLiteral(key)
}

// `*/` would close the comment early; line separators would end a line inside it. Both are neutralised,
// and each line gets the ` * ` prefix so no line can start a new construct. Control characters are escaped.
const COMMENT_CLOSE = /\*\//g
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/

/** A JSDoc block (`/** ... *\/`) holding `text` safely; one-line texts stay on one line. */
export function jsdocComment(text: string, indent = ''): string {
  const lines = text
    .replace(COMMENT_CLOSE, '*\\/')
    .split(LINE_BREAK)
    .map((line) => escapeControlCharacters(line.trimEnd()))
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  if (lines.length === 1) return `${indent}/** ${lines[0]} */`
  return [`${indent}/**`, ...lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)), `${indent} */`].join('\n')
}

const LINE_BREAKS = /[\r\n\u2028\u2029]/g

/** Text safe inside a `//` comment: any line break (which would end the comment) becomes a visible escape. */
export function lineCommentText(text: string): string {
  return text.replace(LINE_BREAKS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
