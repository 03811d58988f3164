import type { Expression, MethodMember, ObjectExpression, ObjectMember, Program, SourceComment, Statement } from './ts-subset-ast.js'
import { parseLiteral, parsePropertyKey, parseType, parseTypeLiteral } from './parse-ts-types.js'
import { OutsideSubset, TokenCursor } from './ts-token-cursor.js'
import { tokenize } from './ts-tokens.js'

type StatementBody = Statement extends infer S ? (S extends Statement ? Omit<S, 'start' | 'end' | 'comments'> : never) : never

/**
 * Parses `text` as the subset of TypeScript that toolsmith's generated modules and stubs are written in (see
 * `ts-subset-ast.ts`), or returns `undefined` for anything outside it, which is then left to prettier.
 */
export function parseTypeScriptSubset(text: string): Program | undefined {
  const tokens = tokenize(text)
  if (tokens === undefined) return undefined
  try {
    const cursor = new TokenCursor(text, tokens)
    const statements = parseStatements(cursor, false)
    return { text, statements }
  } catch (error) {
    if (error instanceof OutsideSubset) return undefined
    throw error
  }
}

function parseStatements(cursor: TokenCursor, inBlock: boolean): Statement[] {
  const statements: Statement[] = []
  for (;;) {
    const comments = cursor.comments()
    if (cursor.done() || (inBlock && cursor.at('}'))) {
      if (comments.length > 0) throw new OutsideSubset('dangling comment')
      return statements
    }
    const start = cursor.peek()?.start ?? 0
    const body = parseStatement(cursor, inBlock)
    const ignored = comments.some(isPrettierIgnore)
    if (cursor.at(';')) cursor.next()
    const end = cursor.lastEnd()
    // Without a `;`, the next statement must start on a new line.
    if (!cursor.done() && !cursor.at('}') && !cursor.lineBreakBefore() && cursor.text[end - 1] !== ';') throw new OutsideSubset('same line')
    if (ignored && inBlock) throw new OutsideSubset('ignored statement in a block')
    statements.push(ignored ? { kind: 'ignored', comments, start, end } : ({ ...body, comments, start, end } as Statement))
  }
}

function isPrettierIgnore(comment: SourceComment): boolean {
  return comment.value.trim() === 'prettier-ignore'
}

function parseStatement(cursor: TokenCursor, inBlock: boolean): StatementBody {
  if (inBlock) {
    cursor.expect('throw')
    if (cursor.lineBreakBefore()) throw new OutsideSubset('throw with a line break')
    return { kind: 'throw', argument: parseExpression(cursor) }
  }
  if (cursor.optional('import')) return parseImport(cursor)
  const exported = cursor.optional('export')
  if (exported && cursor.optional('default')) return { kind: 'export-default', expression: parseExpression(cursor) }
  if (exported && cursor.optional('{')) {
    const names: string[] = []
    while (!cursor.at('}')) {
      names.push(bindingName(cursor))
      if (cursor.at('as')) throw new OutsideSubset('renamed export')
      if (!cursor.optional(',')) break
    }
    cursor.expect('}')
    if (names.length === 0 || cursor.at('from')) throw new OutsideSubset('export list')
    return { kind: 'export-names', names }
  }
  if (cursor.optional('const')) {
    const name = bindingName(cursor)
    cursor.expect('=')
    return { kind: 'const', exported, name, init: parseExpression(cursor) }
  }
  if (cursor.optional('interface')) {
    sameLine(cursor)
    const name = typeName(cursor)
    return { kind: 'interface', exported, name, body: parseTypeLiteral(cursor) }
  }
  if (cursor.optional('type')) {
    sameLine(cursor)
    const name = typeName(cursor)
    cursor.expect('=')
    return { kind: 'type-alias', exported, name, type: parseType(cursor) }
  }
  throw new OutsideSubset('statement')
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
      if (cursor.at('as')) throw new OutsideSubset('renamed import')
      if (!cursor.optional(',')) break
    }
    cursor.expect('}')
  }
  // TypeScript rejects `type` inside a type-only import, and a type-only import of both a default and names.
  if (typeOnly && (specifiers.some((specifier) => specifier.typeOnly) || (defaultName !== undefined && braces))) throw new OutsideSubset('type-only import')
  cursor.expect('from')
  const source = parseLiteral(cursor)
  if (source?.kind !== 'string') throw new OutsideSubset('import source')
  return { kind: 'import', typeOnly, defaultName, specifiers, braces, source }
}

function parseExpression(cursor: TokenCursor): Expression {
  const start = cursor.peek()?.start ?? 0
  let expression = parsePrimary(cursor)
  // TypeScript reads `as` and `satisfies` as operators only on the same line as what they follow.
  if (cursor.lineBreakBefore()) return expression
  if (cursor.at('as')) {
    cursor.next()
    cursor.expect('const')
    expression = { kind: 'as-const', expression, start, end: cursor.lastEnd() }
  }
  if (!cursor.lineBreakBefore() && cursor.optional('satisfies')) expression = { kind: 'satisfies', expression, type: parseType(cursor), start, end: cursor.lastEnd() }
  return expression
}

function parsePrimary(cursor: TokenCursor): Expression {
  const token = cursor.peek()
  if (token === undefined) throw new OutsideSubset('end')
  const start = token.start
  if (cursor.at('(') || (cursor.at('async') && cursor.peek(1)?.text === '(')) return parseOpaqueArrow(cursor)
  if (cursor.at('{')) return parseObject(cursor)
  if (cursor.at('[')) return parseArray(cursor)
  const literal = parseLiteral(cursor)
  if (literal !== undefined) return { kind: 'literal', literal, start, end: cursor.lastEnd() }
  const isNew = cursor.optional('new')
  const name = cursor.name().text
  if (!isNew && name === 'null') return { kind: 'null', start, end: cursor.lastEnd() }
  if (RESERVED.has(name)) throw new OutsideSubset(`expression ${name}`)
  const typeArgs: string[] = []
  if (!isNew && cursor.at('<')) {
    // Type arguments that are plain names only: `callee<A, B>(…)`.
    cursor.next()
    do typeArgs.push(cursor.name().text)
    while (cursor.optional(','))
    cursor.expect('>')
    if (!cursor.at('(')) throw new OutsideSubset('type arguments without a call')
  }
  if (!cursor.at('(')) {
    if (isNew) throw new OutsideSubset('new without arguments')
    return { kind: 'identifier', name, start, end: cursor.lastEnd() }
  }
  cursor.next()
  const args: Expression[] = []
  while (!cursor.at(')')) {
    args.push(parseExpression(cursor))
    if (!cursor.optional(',')) break
  }
  cursor.expect(')')
  if (cursor.at('.') || cursor.at('(') || cursor.at('[')) throw new OutsideSubset('call chain')
  return { kind: 'call', isNew, callee: name, typeArgs, args, start, end: cursor.lastEnd() }
}

// Words that cannot be a binding or a plain reference in a module (reserved, or reserved in strict mode); a source
// using one as a name is left to prettier, which reports what is wrong with it.
const RESERVED = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum',
  'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null',
  'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield',
  'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'arguments', 'eval',
])
// Names a type cannot have.
const TYPE_KEYWORDS = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'undefined', 'intrinsic'])

// TypeScript reads `type X`, `interface X` and `async m()` as such only when the name is on the same line.
function sameLine(cursor: TokenCursor): void {
  if (cursor.lineBreakBefore()) throw new OutsideSubset('line break after a contextual keyword')
}

/** The name a declared type takes. */
function typeName(cursor: TokenCursor): string {
  const name = bindingName(cursor)
  if (TYPE_KEYWORDS.has(name)) throw new OutsideSubset(`type named ${name}`)
  return name
}

/** A name that binds or refers to something (a declaration, an import or export, a variable). */
function bindingName(cursor: TokenCursor): string {
  const name = cursor.name().text
  if (RESERVED.has(name)) throw new OutsideSubset(`reserved word ${name}`)
  return name
}

// An arrow function is kept whole: its extent is found by bracket matching (its parameters, then its body up to the
// `,` or closing bracket that ends it), and its layout is asked of prettier (see `opaque-layout.ts`).
function parseOpaqueArrow(cursor: TokenCursor): Expression {
  const start = cursor.peek()?.start ?? 0
  let depth = 0
  let arrow = false
  for (;;) {
    const token = cursor.peek()
    if (token === undefined) throw new OutsideSubset('unterminated arrow function')
    if (token.kind === 'comment') throw new OutsideSubset('comment in an arrow function')
    if (token.kind === 'punct') {
      if (depth === 0 && (token.text === ',' || token.text === '}' || token.text === ')' || token.text === ']' || token.text === ';')) break
      if (token.text === '(' || token.text === '[' || token.text === '{') depth++
      if (token.text === ')' || token.text === ']' || token.text === '}') depth--
      if (depth === 0 && token.text === '=>') arrow = true
    }
    cursor.next()
  }
  if (!arrow) throw new OutsideSubset('parenthesized expression')
  const end = cursor.lastEnd()
  return { kind: 'opaque', text: cursor.text.slice(start, end), start, end }
}

// Arrays of names and strings (what the generated index lists); other elements change prettier's array layout.
function parseArray(cursor: TokenCursor): Expression {
  const start = cursor.expect('[').start
  const elements: Expression[] = []
  while (!cursor.at(']')) {
    const element = parsePrimary(cursor)
    if (element.kind !== 'identifier' && !(element.kind === 'literal' && element.literal.kind === 'string')) throw new OutsideSubset('array element')
    elements.push(element)
    if (!cursor.optional(',')) break
  }
  const end = cursor.expect(']').end
  // A blank line between elements is kept by prettier; not reproduced.
  if (/\n[ \t]*\n/.test(cursor.text.slice(start, end))) throw new OutsideSubset('blank line in an array')
  return { kind: 'array', elements, start, end }
}

function parseObject(cursor: TokenCursor): ObjectExpression {
  const start = cursor.expect('{').start
  const members: ObjectMember[] = []
  let trailingComments: SourceComment[] = []
  for (;;) {
    const comments = cursor.comments()
    if (cursor.at('}')) {
      if (comments.length > 0 && (members.length === 0 || comments.some((comment) => comment.block || isPrettierIgnore(comment)))) {
        throw new OutsideSubset('dangling comment')
      }
      trailingComments = comments
      break
    }
    if (comments.some(isPrettierIgnore)) throw new OutsideSubset('ignored member')
    members.push(parseObjectMember(cursor, comments))
    if (!cursor.optional(',')) {
      // A comment after the last member without a trailing comma would sit before the comma prettier adds.
      if (cursor.peek()?.kind === 'comment') throw new OutsideSubset('comment after the last member')
      break
    }
  }
  const end = cursor.expect('}').end
  return { kind: 'object', members, start, end, trailingComments }
}

function parseObjectMember(cursor: TokenCursor, comments: readonly SourceComment[]): ObjectMember {
  const start = cursor.peek()?.start ?? 0
  if (cursor.optional('...')) return { kind: 'spread', argument: bindingName(cursor), comments, start, end: cursor.lastEnd() }
  const async = cursor.at('async') && cursor.peek(1)?.text !== ':' && cursor.peek(1)?.text !== '('
  if (async) {
    cursor.next()
    sameLine(cursor)
  }
  const keyStart = cursor.peek()?.start ?? 0
  const key = parsePropertyKey(cursor)
  if (cursor.at('(')) return parseMethod(cursor, { async, key, comments, start })
  if (async) throw new OutsideSubset('async property')
  cursor.expect(':')
  const value = parseExpression(cursor)
  return { kind: 'property', key, keyStart, value, comments, start, end: cursor.lastEnd() }
}

function parseMethod(cursor: TokenCursor, head: Pick<MethodMember, 'async' | 'key' | 'comments' | 'start'>): MethodMember {
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
  const bodyStart = cursor.expect('{').start
  const body = parseStatements(cursor, true)
  cursor.expect('}')
  return { kind: 'method', ...head, parameters, returnType, body, bodyStart, end: cursor.lastEnd() }
}
