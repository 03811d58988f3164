import { doc } from '../prettier-doc.js'
import { printNumberLiteral, printStringLiteral } from './prettier-literals.js'
import type { LiteralValue, PropertyKey, TypeLiteral, TypeMember, TypeNode } from './ts-subset-ast.js'
import { concat, type Doc, OutsideLayout, semicolon, textGroup, type TsLayoutContext, withComments } from './ts-layout-context.js'

const { align, group, hardline, ifBreak, indent, join, line, softline } = doc.builders

/** Where a type sits, for the choices prettier makes by parent (parentheses, union indentation, separators). */
export type TypeParent = 'annotation' | 'alias' | 'array' | 'union' | 'type-argument'

/** A literal (in a type or an expression) as prettier prints it. */
export function printLiteral(literal: LiteralValue, context: TsLayoutContext): string {
  if (literal.kind === 'string') return printStringLiteral(literal.raw, context.options.singleQuote)
  if (literal.kind === 'boolean') return literal.value ? 'true' : 'false'
  return `${literal.negative ? '-' : ''}${printNumberLiteral(literal.raw)}`
}

// prettier unquotes a key that is an ES5 identifier name. For ASCII that is this pattern; beyond ASCII, a key that
// could be one by today's Unicode letter classes (a superset of ES5's) is left to prettier, and any other keeps its
// quotes.
const ASCII_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const MAYBE_IDENTIFIER = /^[$_\p{L}\p{Nl}][$_\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\u200c\u200d]*$/u

/** Whether prettier would print this quoted key without quotes (`isStringKeySafeToUnquote` for the subset). */
export function unquotable(key: PropertyKey & { kind: 'string' }, context: TsLayoutContext): boolean {
  if (!ASCII_IDENTIFIER.test(key.value) && MAYBE_IDENTIFIER.test(key.value)) {
    if (context.options.lenient === true) return false
    throw new OutsideLayout('non-ASCII identifier key')
  }
  return printStringLiteral(key.raw, context.options.singleQuote).slice(1, -1) === key.value && ASCII_IDENTIFIER.test(key.value)
}

/** A property key as prettier prints it among `siblings` (their keys decide quoting under `quoteProps: consistent`). */
export function printPropertyKey(key: PropertyKey, siblings: readonly PropertyKey[], context: TsLayoutContext): string {
  const { quoteProps, singleQuote } = context.options
  const needsQuotes = (): boolean => siblings.some((sibling) => sibling.kind === 'string' && !unquotable(sibling, context))
  if (key.kind === 'identifier') {
    return quoteProps === 'consistent' && needsQuotes() ? printStringLiteral(JSON.stringify(key.name), singleQuote) : key.name
  }
  if ((quoteProps === 'as-needed' || (quoteProps === 'consistent' && !needsQuotes())) && unquotable(key, context)) return key.value
  return printStringLiteral(key.raw, singleQuote)
}

// prettier's shouldHugUnionType: one object-like member (a type literal or a type reference) and the rest `null` or
// `void`, printed `A | null` without the multi-line variant.
function huggedUnion(types: readonly TypeNode[]): boolean {
  const objectLike = types.find((type) => type.kind === 'type-literal' || type.kind === 'reference')
  return objectLike !== undefined && types.every((type) => type === objectLike || (type.kind === 'keyword' && (type.name === 'null' || type.name === 'void')))
}

/** Whether prettier would print this type on one line without the multi-line union variant (shouldHugType). */
export function huggedType(type: TypeNode): boolean {
  if (type.kind === 'keyword' || type.kind === 'literal' || type.kind === 'type-literal') return true
  if (type.kind === 'reference') return type.args === undefined
  return type.kind === 'union' && huggedUnion(type.types)
}

/** A type; `breakAfterOperator` is the assignment layout a type alias chose for it. */
export function printType(type: TypeNode, parent: TypeParent, context: TsLayoutContext, breakAfterOperator = false): Doc {
  switch (type.kind) {
    case 'keyword':
      return type.name
    case 'literal':
      return printLiteral(type.literal, context)
    case 'reference':
      if (type.args === undefined) return type.name
      // prettier hugs a single simple type argument (`Promise<X>`); anything else may break and is left to it.
      if (type.args.length !== 1 || !huggedType(type.args[0] as TypeNode) || (type.args[0] as TypeNode).kind === 'type-literal') {
        throw new OutsideLayout('type arguments')
      }
      return concat([type.name, '<', printType(type.args[0] as TypeNode, 'type-argument', context), '>'])
    case 'array':
      return concat([printType(type.element, 'array', context), '[]'])
    case 'union':
      return printUnion(type.types, parent, context, breakAfterOperator)
    case 'type-literal':
      return printTypeLiteral(type, context)
  }
}

function printUnion(types: readonly TypeNode[], parent: TypeParent, context: TsLayoutContext, breakAfterOperator: boolean): Doc {
  // Inside an array type or another union it needs parentheses, hugged or not.
  const parenthesized = parent === 'array' || parent === 'union'
  if (huggedUnion(types)) {
    const hugged = concat(join(' | ', types.map((type) => printType(type, 'union', context))))
    return parenthesized ? concat(['(', hugged, ')']) : hugged
  }
  const code = group(types.map((type, index) => [index === 0 ? ifBreak('| ') : [line, '| '], align(2, printType(type, 'union', context))]))
  if (parenthesized) return ['(', group([indent([softline, code]), softline]), ')']
  if (parent === 'type-argument') throw new OutsideLayout('union type argument')
  return breakAfterOperator ? code : group(indent([softline, code]))
}

function printTypeLiteral(literal: TypeLiteral, context: TsLayoutContext): Doc {
  const { members } = literal
  const first = members[0]
  const shouldBreak = context.options.objectWrap === 'preserve' && first !== undefined && literal.broken
  if (first === undefined) return group('{}', { shouldBreak })
  const parts: Doc[] = []
  const keys = siblingKeys(members)
  members.forEach((member, index) => {
    const last = index === members.length - 1
    const separator = last ? (context.options.semi ? ifBreak(';') : '') : context.options.semi ? ';' : ifBreak('', ';')
    parts.push(withComments(member.comments, concat([printMember(member, keys, context), separator])))
    if (!last) {
      parts.push(line)
      if (member.blankLineAfter) parts.push(hardline)
    }
  })
  const spacing = context.options.bracketSpacing ? line : softline
  return group(['{', indent([spacing, ...parts]), spacing, '}'], { shouldBreak })
}

/** The members of an interface body: one per line, each ended by `;` when the options print semicolons. */
export function printInterfaceBody(literal: TypeLiteral, context: TsLayoutContext): Doc {
  const { members } = literal
  if (members.length === 0) return '{}'
  const parts: Doc[] = []
  const keys = siblingKeys(members)
  members.forEach((member, index) => {
    parts.push(withComments(member.comments, concat([printMember(member, keys, context), semicolon(context)])))
    if (index < members.length - 1) {
      parts.push(hardline)
      if (member.blankLineAfter) parts.push(hardline)
    }
  })
  return ['{', [indent([hardline, parts]), hardline], '}']
}

function siblingKeys(members: readonly TypeMember[]): PropertyKey[] {
  return members.flatMap((member) => (member.kind === 'property-signature' ? [member.key] : []))
}

function printMember(member: TypeMember, keys: readonly PropertyKey[], context: TsLayoutContext): Doc {
  if (member.kind === 'index-signature') {
    const parameter = [member.parameter, ': ', printType(member.parameterType, 'annotation', context)]
    return group(['[', group([indent([softline, parameter]), softline]), ']', ': ', printType(member.type, 'annotation', context)])
  }
  return textGroup([printPropertyKey(member.key, keys, context), member.optional ? '?' : '', ': ', printType(member.type, 'annotation', context)])
}
