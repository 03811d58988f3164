import { OutsideLayout } from '../../../../generator/src/print/typescript/ts-layout-context.js'
import type { LiteralValue, Program, PropertyKey, Statement, TypeLiteral, TypeMember, TypeNode } from '../../../../generator/src/model/typescript-tree.js'
import { TokenCursor } from '../../../../generator/src/print/typescript/ts-token-cursor.js'
import { tokenize } from '../../../../generator/src/print/typescript/ts-tokens.js'

// The subset reader as it read json2ts's text (type declarations), for the oracle: json2ts's declarations read as
// the tree the printers lay out, which is what the generator printed.

/** json2ts's text of one declaration read as the subset's tree (`export interface` or `export type`). */
export function readDeclaration(text: string): Program | undefined {
  const tokens = tokenize(text)
  if (tokens === undefined) return undefined
  try {
    const cursor = new TokenCursor(text, tokens)
    const statements: Statement[] = []
    while (!cursor.done()) {
      const comments = cursor.comments()
      cursor.expect('export')
      let statement: Statement
      if (cursor.optional('interface')) {
        const name = cursor.name().text
        statement = { kind: 'interface', exported: true, name, body: parseTypeLiteral(cursor), comments, blankLineAfter: false }
      } else {
        cursor.expect('type')
        const name = cursor.name().text
        cursor.expect('=')
        statement = { kind: 'type-alias', exported: true, name, type: parseType(cursor), comments, blankLineAfter: false }
      }
      statements.push({ ...statement, blankLineAfter: cursor.blankLineAfter() })
    }
    return { statements }
  } catch (error) {
    if (error instanceof OutsideLayout) return undefined
    throw error
  }
}

const SIMPLE_ESCAPES: { readonly [char: string]: string } = {
  n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\\': '\\', "'": "'", '"': '"',
}

function stringValue(raw: string): string | undefined {
  let value = ''
  for (let at = 1; at < raw.length - 1; at++) {
    const char = raw[at] as string
    if (char !== '\\') {
      value += char
      continue
    }
    const next = raw[at + 1] as string
    if (next === 'u') {
      const hex = raw.slice(at + 2, at + 6)
      if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return undefined
      value += String.fromCharCode(Number.parseInt(hex, 16))
      at += 5
    } else if (next === 'x') {
      const hex = raw.slice(at + 2, at + 4)
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined
      value += String.fromCharCode(Number.parseInt(hex, 16))
      at += 3
    } else if (next === '0' && /[0-9]/.test(raw[at + 2] ?? '')) {
      return undefined
    } else if (/[1-9]/.test(next)) {
      return undefined
    } else {
      value += SIMPLE_ESCAPES[next] ?? next
      at += 1
    }
  }
  return value
}

// Keyword types: typescript-estree makes each a `TS<Name>Keyword` node, which prettier prints as the word itself.
const KEYWORDS = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'undefined', 'null', 'void'])
// Words that would start a construct outside the subset (or are not type names at all).
const NOT_TYPE_NAMES = new Set(['typeof', 'keyof', 'readonly', 'unique', 'infer', 'asserts', 'is', 'new', 'abstract', 'this', 'function', 'import'])

/** A property key: a name or a string literal (numbers and computed keys are outside the subset). */
function parsePropertyKey(cursor: TokenCursor): PropertyKey {
  const token = cursor.next()
  if (token.kind === 'name') return { kind: 'identifier', name: token.text }
  if (token.kind === 'string') {
    const value = stringValue(token.text)
    if (value === undefined) throw new OutsideLayout('string escape')
    return { kind: 'string', raw: token.text, value }
  }
  throw new OutsideLayout('property key')
}

/** A string, number (optionally negative) or boolean literal at the cursor, or `undefined` when there is none. */
function parseLiteral(cursor: TokenCursor): LiteralValue | undefined {
  const token = cursor.peek()
  if (token === undefined) return undefined
  if (token.kind === 'string') {
    cursor.next()
    const value = stringValue(token.text)
    if (value === undefined) throw new OutsideLayout('string escape')
    return { kind: 'string', raw: token.text, value }
  }
  if (token.kind === 'number') {
    cursor.next()
    return { kind: 'number', raw: token.text, negative: false }
  }
  if (token.kind === 'punct' && token.text === '-' && cursor.peek(1)?.kind === 'number') {
    cursor.next()
    // `- 1` with a space prints as `-1`; only the adjacent form is taken.
    const number = cursor.next()
    if (number.start !== token.end) throw new OutsideLayout('spaced sign')
    return { kind: 'number', raw: number.text, negative: true }
  }
  if (token.kind === 'name' && (token.text === 'true' || token.text === 'false')) {
    cursor.next()
    return { kind: 'boolean', value: token.text === 'true' }
  }
  return undefined
}

/** A type: a union of array-suffixed primaries (no intersections, functions, tuples or conditional types). */
function parseType(cursor: TokenCursor): TypeNode {
  if (cursor.at('|')) throw new OutsideLayout('leading |')
  const types = [parsePostfixType(cursor)]
  while (cursor.optional('|')) types.push(parsePostfixType(cursor))
  if (cursor.at('&')) throw new OutsideLayout('intersection')
  return types.length === 1 ? (types[0] as TypeNode) : { kind: 'union', types }
}

function parsePostfixType(cursor: TokenCursor): TypeNode {
  let type = parsePrimaryType(cursor)
  // TypeScript takes `[]` as an array suffix only on the same line.
  while (cursor.at('[') && !cursor.lineBreakBefore()) {
    cursor.next()
    cursor.expect(']')
    type = { kind: 'array', element: type }
  }
  return type
}

function parsePrimaryType(cursor: TokenCursor): TypeNode {
  if (cursor.optional('(')) {
    const inner = parseType(cursor)
    cursor.expect(')')
    return inner
  }
  if (cursor.at('{')) return parseTypeLiteral(cursor)
  const literal = parseLiteral(cursor)
  if (literal !== undefined) return { kind: 'literal', literal }
  const name = cursor.name().text
  if (KEYWORDS.has(name)) return { kind: 'keyword', name }
  if (NOT_TYPE_NAMES.has(name) || cursor.at('.')) throw new OutsideLayout(`type ${name}`)
  if (!cursor.optional('<')) return { kind: 'reference', name, args: undefined }
  const args = [parseType(cursor)]
  while (cursor.optional(',')) args.push(parseType(cursor))
  cursor.expect('>')
  return { kind: 'reference', name, args }
}

/** `{ members }`: property and index signatures, separated by `;`, `,` or a line break. */
function parseTypeLiteral(cursor: TokenCursor): TypeLiteral {
  const start = cursor.expect('{').start
  const members: TypeMember[] = []
  let broken = false
  for (;;) {
    const comments = cursor.comments()
    if (cursor.at('}')) {
      if (comments.length > 0) throw new OutsideLayout('dangling comment')
      break
    }
    if (members.length === 0) broken = cursor.brokenSince(start)
    if (cursor.optional('[')) {
      const parameter = cursor.name().text
      cursor.expect(':')
      const parameterType = parseType(cursor)
      cursor.expect(']')
      cursor.expect(':')
      const type = parseType(cursor)
      members.push({ kind: 'index-signature', parameter, parameterType, type, comments, blankLineAfter: cursor.blankLineAfter() })
    } else {
      const key = parsePropertyKey(cursor)
      if (key.kind === 'identifier' && (key.name === 'readonly' || key.name === 'get' || key.name === 'set') && !cursor.at(':') && !cursor.at('?')) {
        throw new OutsideLayout('modifier')
      }
      const optional = cursor.optional('?')
      cursor.expect(':')
      const type = parseType(cursor)
      members.push({ kind: 'property-signature', key, optional, type, comments, blankLineAfter: cursor.blankLineAfter() })
    }
    // Members are separated by `;`, `,` or a line break (before the next member or its comments).
    if (!cursor.optional(';') && !cursor.optional(',') && !cursor.at('}') && !cursor.lineBreakBefore()) {
      throw new OutsideLayout('members not separated')
    }
  }
  cursor.expect('}')
  return { kind: 'type-literal', members, broken }
}
