import type { Comment, Expression, LiteralValue, MethodMember, ObjectExpression, ObjectMember, Program, PropertyKey, Statement, StatementBody, TypeNode } from '../../model/typescript-tree.js'
import { OutsideLayout } from './ts-layout-context.js'
import { TokenCursor } from './ts-token-cursor.js'
import { tokenize } from './ts-tokens.js'

/** A stub rendered from a template as the subset's tree, or `undefined` for anything outside it (left to prettier). */
export function parseTypeScriptSubset(text: string): Program | undefined {
  const tokens = tokenize(text)
  if (tokens === undefined) return undefined
  try {
    return { statements: parseStatements(new TokenCursor(text, tokens), false) }
  } catch (error) {
    if (error instanceof OutsideLayout) return undefined
    throw error
  }
}

function parseStatements(cursor: TokenCursor, inBlock: boolean): Statement[] {
  const statements: Statement[] = []
  for (;;) {
    const comments = cursor.comments()
    if (cursor.done() || (inBlock && cursor.at('}'))) {
      if (comments.length > 0) throw new OutsideLayout('dangling comment')
      return statements
    }
    // prettier keeps an ignored statement as written: not reproduced for text read here.
    if (comments.some(isPrettierIgnore)) throw new OutsideLayout('prettier-ignore')
    const body = parseStatement(cursor, inBlock)
    if (cursor.at(';')) cursor.next()
    const end = cursor.lastEnd()
    // Without a `;`, the next statement must start on a new line.
    if (!cursor.done() && !cursor.at('}') && !cursor.lineBreakBefore() && cursor.text[end - 1] !== ';') throw new OutsideLayout('same line')
    statements.push({ ...body, comments, blankLineAfter: cursor.blankLineAfter() } as Statement)
  }
}

function isPrettierIgnore(comment: Comment): boolean {
  return 'value' in comment && comment.value.trim() === 'prettier-ignore'
}

function parseStatement(cursor: TokenCursor, inBlock: boolean): StatementBody {
  if (inBlock) {
    cursor.expect('throw')
    if (cursor.lineBreakBefore()) throw new OutsideLayout('throw with a line break')
    return { kind: 'throw', argument: parseExpression(cursor) }
  }
  if (cursor.optional('import')) return parseImport(cursor)
  if (cursor.optional('export') && cursor.optional('default')) return { kind: 'export-default', expression: parseExpression(cursor) }
  throw new OutsideLayout('statement')
}

function parseImport(cursor: TokenCursor): StatementBody {
  const typeOnly = cursor.at('type') && cursor.peek(1)?.text !== 'from' && cursor.peek(1)?.text !== ','
  if (typeOnly) cursor.next()
  let defaultName: string | undefined
  if (!cursor.at('{')) defaultName = bindingName(cursor)
  const braces = defaultName === undefined || cursor.optional(',')
  const specifiers: { name: string; typeOnly: boolean }[] = []
  if (braces) {
    cursor.expect('{')
    while (!cursor.at('}')) {
      const specifierTypeOnly = cursor.at('type') && cursor.peek(1)?.kind === 'name' && cursor.peek(1)?.text !== 'as'
      if (specifierTypeOnly) cursor.next()
      specifiers.push({ name: bindingName(cursor), typeOnly: specifierTypeOnly })
      if (cursor.at('as')) throw new OutsideLayout('renamed import')
      if (!cursor.optional(',')) break
    }
    cursor.expect('}')
  }
  // TypeScript rejects `type` inside a type-only import, and a type-only import of both a default and names.
  if (typeOnly && (specifiers.some((specifier) => specifier.typeOnly) || (defaultName !== undefined && braces))) throw new OutsideLayout('type-only import')
  cursor.expect('from')
  const source = parseLiteral(cursor)
  if (source?.kind !== 'string') throw new OutsideLayout('import source')
  return { kind: 'import', typeOnly, defaultName, specifiers, braces, source }
}

// No `as`/`satisfies` (operators only on the same line): parsing stops there and the statement ends wrongly.
function parseExpression(cursor: TokenCursor): Expression {
  if (cursor.peek() === undefined) throw new OutsideLayout('end')
  if (cursor.at('(') || (cursor.at('async') && cursor.peek(1)?.text === '(')) return parseOpaqueArrow(cursor)
  if (cursor.at('{')) return parseObject(cursor)
  const literal = parseLiteral(cursor)
  if (literal !== undefined) return { kind: 'literal', literal }
  const isNew = cursor.optional('new')
  const name = cursor.name().text
  if (!isNew && name === 'null') return { kind: 'null' }
  if (RESERVED.has(name)) throw new OutsideLayout(`expression ${name}`)
  const typeArgs: string[] = []
  if (!isNew && cursor.at('<')) {
    cursor.next()
    do typeArgs.push(cursor.name().text)
    while (cursor.optional(','))
    cursor.expect('>')
    if (!cursor.at('(')) throw new OutsideLayout('type arguments without a call')
  }
  if (!cursor.at('(')) {
    if (isNew) throw new OutsideLayout('new without arguments')
    return { kind: 'identifier', name }
  }
  cursor.next()
  const args: Expression[] = []
  while (!cursor.at(')')) {
    args.push(parseExpression(cursor))
    // A blank line between arguments is kept by prettier; not reproduced.
    if (cursor.at(',') && cursor.blankLineAfter()) throw new OutsideLayout('blank line between arguments')
    if (!cursor.optional(',')) break
  }
  cursor.expect(')')
  if (cursor.at('.') || cursor.at('(') || cursor.at('[')) throw new OutsideLayout('call chain')
  return { kind: 'call', isNew, callee: { kind: 'identifier', name }, typeArgs, args }
}

// Not a binding or plain reference in a module (strict mode): left to prettier, which reports the error.
const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'arguments', 'eval',
])
// TypeScript reads `async m()` as such only when the name is on the same line.
function sameLine(cursor: TokenCursor): void {
  if (cursor.lineBreakBefore()) throw new OutsideLayout('line break after a contextual keyword')
}

function bindingName(cursor: TokenCursor): string {
  const name = cursor.name().text
  if (RESERVED.has(name)) throw new OutsideLayout(`reserved word ${name}`)
  return name
}

// An arrow function is kept as text, its extent found by bracket matching; prettier lays it out (opaque-members.ts).
function parseOpaqueArrow(cursor: TokenCursor): Expression {
  const start = cursor.peek()?.start ?? 0
  let depth = 0
  let arrow = false
  for (;;) {
    const token = cursor.peek()
    if (token === undefined) throw new OutsideLayout('unterminated arrow function')
    if (token.kind === 'comment') throw new OutsideLayout('comment in an arrow function')
    if (token.kind === 'punct') {
      if (depth === 0 && (token.text === ',' || token.text === '}' || token.text === ')' || token.text === ']' || token.text === ';')) break
      if (token.text === '(' || token.text === '[' || token.text === '{') depth++
      if (token.text === ')' || token.text === ']' || token.text === '}') depth--
      if (depth === 0 && token.text === '=>') arrow = true
    }
    cursor.next()
  }
  if (!arrow) throw new OutsideLayout('parenthesized expression')
  return { kind: 'opaque', text: cursor.text.slice(start, cursor.lastEnd()), memberText: '' }
}

function parseObject(cursor: TokenCursor): ObjectExpression {
  const start = cursor.expect('{').start
  const members: ObjectMember[] = []
  let trailingComments: Comment[] = []
  let broken = false
  for (;;) {
    const comments = cursor.comments()
    if (cursor.at('}')) {
      if (comments.length > 0 && (members.length === 0 || comments.some((comment) => comment.block || isPrettierIgnore(comment)))) {
        throw new OutsideLayout('dangling comment')
      }
      trailingComments = comments
      break
    }
    if (comments.some(isPrettierIgnore)) throw new OutsideLayout('ignored member')
    if (members.length === 0) broken = cursor.brokenSince(start)
    members.push(parseObjectMember(cursor, comments))
    if (!cursor.optional(',')) {
      // A comment after the last member without a trailing comma would sit before the comma prettier adds.
      if (cursor.peek()?.kind === 'comment') throw new OutsideLayout('comment after the last member')
      break
    }
  }
  cursor.expect('}')
  return { kind: 'object', members, trailingComments, broken }
}

function parseObjectMember(cursor: TokenCursor, comments: readonly Comment[]): ObjectMember {
  const start = cursor.peek()?.start ?? 0
  if (cursor.optional('...')) return { kind: 'spread', argument: bindingName(cursor), comments, blankLineAfter: cursor.blankLineAfter() }
  const async = cursor.at('async') && cursor.peek(1)?.text !== ':' && cursor.peek(1)?.text !== '('
  if (async) {
    cursor.next()
    sameLine(cursor)
  }
  const key = parsePropertyKey(cursor)
  if (cursor.at('(')) return parseMethod(cursor, { async, key, comments })
  if (async) throw new OutsideLayout('async property')
  cursor.expect(':')
  const parsed = parseExpression(cursor)
  const value = parsed.kind === 'opaque' ? { ...parsed, memberText: cursor.text.slice(start, cursor.lastEnd()) } : parsed
  return { kind: 'property', key, value, comments, blankLineAfter: cursor.blankLineAfter() }
}

function parseMethod(cursor: TokenCursor, head: Pick<MethodMember, 'async' | 'key' | 'comments'>): MethodMember {
  cursor.expect('(')
  const parameters: MethodMember['parameters'][number][] = []
  while (!cursor.at(')')) {
    const name = bindingName(cursor)
    const type = cursor.optional(':') ? parseType(cursor) : undefined
    parameters.push({ name, type })
    if (!cursor.optional(',')) break
  }
  cursor.expect(')')
  const returnType = cursor.optional(':') ? parseType(cursor) : undefined
  cursor.expect('{')
  const body = parseStatements(cursor, true)
  cursor.expect('}')
  return { kind: 'method', ...head, parameters, returnType, body, blankLineAfter: cursor.blankLineAfter() }
}

function parsePropertyKey(cursor: TokenCursor): PropertyKey {
  const token = cursor.next()
  if (token.kind === 'name') return { kind: 'identifier', name: token.text }
  if (token.kind === 'string') return { kind: 'string', raw: token.text, value: stringValue(token.text) }
  throw new OutsideLayout('property key')
}

function parseLiteral(cursor: TokenCursor): LiteralValue | undefined {
  const token = cursor.peek()
  if (token === undefined) return undefined
  if (token.kind === 'string') {
    cursor.next()
    return { kind: 'string', raw: token.text, value: stringValue(token.text) }
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

// Keyword types: typescript-estree makes each a `TS<Name>Keyword` node, which prettier prints as the word itself.
const KEYWORDS = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'undefined', 'null', 'void'])
// Words that would start a construct outside the subset (or are not type names at all).
const NOT_TYPE_NAMES = new Set(['typeof', 'keyof', 'readonly', 'unique', 'infer', 'asserts', 'is', 'new', 'abstract', 'this', 'function', 'import'])

function parseType(cursor: TokenCursor): TypeNode {
  if (cursor.at('|')) throw new OutsideLayout('leading |')
  const types = [parseArrayType(cursor)]
  while (cursor.optional('|')) types.push(parseArrayType(cursor))
  if (cursor.at('&')) throw new OutsideLayout('intersection')
  return types.length === 1 ? (types[0] as TypeNode) : { kind: 'union', types }
}

function parseArrayType(cursor: TokenCursor): TypeNode {
  const name = cursor.name().text
  let type: TypeNode
  if (KEYWORDS.has(name)) type = { kind: 'keyword', name }
  else if (NOT_TYPE_NAMES.has(name) || cursor.at('.')) throw new OutsideLayout(`type ${name}`)
  else if (!cursor.optional('<')) type = { kind: 'reference', name, args: undefined }
  else {
    const args = [parseType(cursor)]
    while (cursor.optional(',')) args.push(parseType(cursor))
    cursor.expect('>')
    type = { kind: 'reference', name, args }
  }
  // TypeScript takes `[]` as an array suffix only on the same line.
  while (cursor.at('[') && !cursor.lineBreakBefore()) {
    cursor.next()
    cursor.expect(']')
    type = { kind: 'array', element: type }
  }
  return type
}

const SIMPLE_ESCAPES: { readonly [char: string]: string } = {
  n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\\': '\\', "'": "'", '"': '"',
}

// Enough to compare a key with what it spells; `\u{...}` and octal escapes leave the subset.
function stringValue(raw: string): string {
  let value = ''
  for (let at = 1; at < raw.length - 1; at++) {
    const char = raw[at] as string
    if (char !== '\\') {
      value += char
      continue
    }
    const next = raw[at + 1] as string
    const hex = next === 'u' ? raw.slice(at + 2, at + 6) : next === 'x' ? raw.slice(at + 2, at + 4) : undefined
    if (hex !== undefined) {
      if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== (next === 'u' ? 4 : 2)) throw new OutsideLayout('string escape')
      value += String.fromCharCode(Number.parseInt(hex, 16))
      at += 1 + hex.length
    } else if ((next === '0' && /[0-9]/.test(raw[at + 2] ?? '')) || /[1-9]/.test(next)) {
      throw new OutsideLayout('string escape')
    } else {
      value += SIMPLE_ESCAPES[next] ?? next
      at += 1
    }
  }
  return value
}
