import { isRecord, ownEntries } from './own-entries.js'
import { isIdentifierName } from './ts-literals.js'

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

const LINE_SEPARATORS = /[\u2028\u2029]/g
const ESCAPE_OR_QUOTE = /\\(.)|'/g

/**
 * A string literal in the preferred quote unless the text holds more of those than of the other (prettier's rule),
 * escaped like JSON (U+2028/U+2029 too), so it evaluates to exactly `text`.
 */
export function quotedString(text: string, preferred: "'" | '"'): string {
  const doubles = text.split('"').length - 1
  const singles = text.split("'").length - 1
  const quote = preferred === "'" ? (singles > doubles ? '"' : "'") : doubles > singles ? "'" : '"'
  const json = JSON.stringify(text).replace(LINE_SEPARATORS, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'))
  if (quote === '"') return json
  // Re-quote JSON's double-quoted text: `\"` needs no escape inside single quotes, a bare `'` does.
  const inner = json.slice(1, -1).replace(ESCAPE_OR_QUOTE, (match, escaped: string | undefined) =>
    escaped === undefined ? "\\'" : escaped === '"' ? '"' : match,
  )
  return `'${inner}'`
}

function key(name: string, layout: LiteralLayout): string {
  // `__proto__` written plainly or quoted would set the prototype: a computed key defines an own property.
  if (name === '__proto__') return `[${quotedString(name, layout.quote)}]`
  return isIdentifierName(name) ? name : quotedString(name, layout.quote)
}

function isFlat(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item: unknown) => typeof item !== 'object' || item === null)
  if (!isRecord(value)) return true
  return ownEntries(value).every(([, item]) => (typeof item !== 'object' || item === null) || (Array.isArray(item) && isFlat(item)))
}

/**
 * A TypeScript literal for a declaration's JSON, laid out by toolsmith instead of by width: a node whose values are
 * all scalars (or lists of scalars) on one line, anything holding nested nodes one member per line. So a change in
 * the YAML changes the lines of the nodes it touched and no others. Keys follow `tsPropertyKey`'s rules (an own
 * `__proto__` stays an own property).
 */
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
      ? ownEntries(value).map(([name, item]) => `${key(name, layout)}: ${tsSpecLiteral(item, layout, depth + 1)}`)
      : []
  if (!Array.isArray(value) && !isRecord(value)) throw new TypeError(`not a JSON value: ${typeof value}`)
  const [start, end, flatStart, flatEnd] = Array.isArray(value) ? ['[', ']', '[', ']'] : ['{', '}', open, close]
  if (members.length === 0) return `${start}${end}`
  if (isFlat(value)) return `${flatStart}${members.join(', ')}${flatEnd}`
  const inner = layout.indent.repeat(depth + 1)
  const last = layout.trailingComma ? ',' : ''
  return `${start}\n${members.map((member) => `${inner}${member}`).join(',\n')}${last}\n${layout.indent.repeat(depth)}${end}`
}
