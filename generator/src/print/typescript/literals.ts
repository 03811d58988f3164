import type { DocComment, StringLiteral } from '../../model/typescript-tree.js'
import { isIdentifierName } from '../../model/typescript-tree.js'
import { isRecord, jsonText, ownEntries } from '../../model/tool-declaration.js'

// Literals of generated TypeScript, written safely as source text, and prettier's string and number printing.

// C0 (but tab and line feed), DEL and C1: never raw in generated text (they break terminals, diffs, editors, tools).
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g

/** `text` with every raw control character but tab and line feed written as a `\uXXXX` escape. */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
}

/** A tree string literal's source text: as read, else its `jsonText` (one physical line). */
export function stringLiteralRaw(literal: StringLiteral): string {
  return literal.raw ?? jsonText(literal.value)
}

// `*/` would close the comment early; every line gets ` * ` so none can start a new construct.
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

const LINE_SEPARATORS = /[\u2028\u2029]/g
const escapeLineSeparators = (text: string): string => text.replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))

/** The text between the delimiters of a JSDoc comment of the tree (see `DocComment`). */
export function docCommentValue(comment: DocComment): string {
  if (comment.style === 'fit') return jsdocComment(comment.doc).slice(2, -2)
  const lines = comment.doc.replace(COMMENT_CLOSE, '*\\/').split('\n')
  return escapeControlCharacters(escapeLineSeparators(['*', ...lines.map((line) => ` * ${line}`), ' '].join('\n')))
}

/** The parts of a prettier layout the spec literal follows. */
export interface LiteralLayout {
  readonly indent: string
  readonly quote: "'" | '"'
  readonly trailingComma: boolean
  readonly bracketSpacing: boolean
  readonly semi: boolean
}

/** The literal layout for prettier options (prettier's own defaults where an option is not set). */
export function literalLayout(options: {
  readonly useTabs?: boolean
  readonly tabWidth?: number
  readonly singleQuote?: boolean
  readonly trailingComma?: string
  readonly bracketSpacing?: boolean
  readonly semi?: boolean
}): LiteralLayout {
  return {
    indent: options.useTabs === true ? '\t' : ' '.repeat(options.tabWidth ?? 2),
    quote: options.singleQuote === true ? "'" : '"',
    trailingComma: options.trailingComma !== 'none',
    bracketSpacing: options.bracketSpacing !== false,
    semi: options.semi !== false,
  }
}

/** A string literal evaluating to exactly `text`, quoted by prettier's rule. */
export function quotedString(text: string, preferred: "'" | '"'): string {
  return printJsonStringLiteral(jsonText(text), preferred === "'")
}

function specKey(name: string, layout: LiteralLayout): string {
  // `__proto__` written plainly or quoted would set the prototype: a computed key defines an own property.
  if (name === '__proto__') return `[${quotedString(name, layout.quote)}]`
  return isIdentifierName(name) ? name : quotedString(name, layout.quote)
}

function isFlat(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item: unknown) => typeof item !== 'object' || item === null)
  if (!isRecord(value)) return true
  return ownEntries(value).every(([, item]) => (typeof item !== 'object' || item === null) || (Array.isArray(item) && isFlat(item)))
}

/** A declaration's JSON as a literal: scalar-only nodes on one line, others one member per line (small YAML diffs). */
export function tsSpecLiteral(value: unknown, layout: LiteralLayout, depth = 0): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return quotedString(value, layout.quote)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${String(value)}`)
    return Object.is(value, -0) ? '-0' : String(value)
  }
  const open = layout.bracketSpacing ? '{ ' : '{'
  const close = layout.bracketSpacing ? ' }' : '}'
  const members: string[] = Array.isArray(value)
    ? value.map((item: unknown) => tsSpecLiteral(item, layout, depth + 1))
    : isRecord(value)
      ? ownEntries(value).map(([name, item]) => `${specKey(name, layout)}: ${tsSpecLiteral(item, layout, depth + 1)}`)
      : []
  if (!Array.isArray(value) && !isRecord(value)) throw new TypeError(`not a JSON value: ${typeof value}`)
  const [start, end, flatStart, flatEnd] = Array.isArray(value) ? ['[', ']', '[', ']'] : ['{', '}', open, close]
  if (members.length === 0) return `${start}${end}`
  if (isFlat(value)) return `${flatStart}${members.join(', ')}${flatEnd}`
  const inner = layout.indent.repeat(depth + 1)
  const last = layout.trailingComma ? ',' : ''
  return `${start}\n${members.map((member) => `${inner}${member}`).join(',\n')}${last}\n${layout.indent.repeat(depth)}${end}`
}

// prettier's string printing: escapes kept, the preferred quote unless the text holds more of those than the other.

const QUOTE_OR_ESCAPE = /\\(["'\\])|(["'])/g

function enclosingQuote(content: string, singleQuote: boolean): "'" | '"' {
  const preferred = singleQuote ? "'" : '"'
  const alternate = singleQuote ? '"' : "'"
  let preferredCount = 0
  let alternateCount = 0
  for (const char of content) {
    if (char === preferred) preferredCount++
    else if (char === alternate) alternateCount++
  }
  return preferredCount > alternateCount ? alternate : preferred
}

/** A string literal written `raw` as prettier prints it with `singleQuote`. */
export function printStringLiteral(raw: string, singleQuote: boolean): string {
  const content = raw.slice(1, -1)
  const quote = enclosingQuote(content, singleQuote)
  if (raw.charAt(0) === quote) return raw
  const other = quote === '"' ? "'" : '"'
  const requoted = content.replace(QUOTE_OR_ESCAPE, (match, escaped: string | undefined, bare: string | undefined) =>
    escaped !== undefined ? (escaped === other ? escaped : match) : bare === quote ? `\\${bare}` : (bare ?? ''),
  )
  return `${quote}${requoted}${quote}`
}

const countOf = (text: string, char: string): number => {
  let count = 0
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++
  return count
}

/** `printStringLiteral` for a JSON string literal in a few passes (megabyte literals): JSON escapes all `"`, no `'`. */
export function printJsonStringLiteral(raw: string, singleQuote: boolean): string {
  const content = raw.slice(1, -1)
  const doubles = countOf(content, '"')
  const singles = countOf(content, "'")
  const quote = singleQuote ? (singles > doubles ? '"' : "'") : doubles > singles ? "'" : '"'
  return quote === '"' ? raw : `'${content.replaceAll("'", "\\'").replaceAll('\\"', '"')}'`
}

/** A number literal as prettier prints it (lower case, no `+` in exponents, no trailing zeros or dot). */
export function printNumberLiteral(raw: string): string {
  if (raw.length === 1) return raw
  return raw
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, '$1$2')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1')
    .replace(/^([+-])?\./, '$10.')
    .replace(/(\.\d+?)0+(?=e|$)/, '$1')
    .replace(/\.(?=e|$)/, '')
}
