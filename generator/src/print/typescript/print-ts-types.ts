import type { LiteralValue, Parameter, PropertyKey, StringLiteral, TypeLiteral, TypeMember, TypeNode, TypeParameter } from '../../model/typescript-tree.js'
import { doc } from '../prettier.js'
import { printNumberLiteral, printStringLiteral, stringLiteralRaw } from './literals.js'
import { concat, type Doc, OutsideLayout, printSequence, semicolon, textGroup, trailingComma, type TsLayoutContext } from './ts-layout-context.js'

const { align, group, hardline, ifBreak, indent, indentIfBreak, join, line, lineSuffixBoundary, softline } = doc.builders
const { willBreak } = doc.utils

/** Where a type sits, for the choices prettier makes by parent (parentheses, union indentation, separators). */
export type TypeParent = 'annotation' | 'alias' | 'array' | 'union' | 'type-argument' | 'operand'

/** A literal (in a type or an expression) as prettier prints it. */
export function printLiteral(literal: LiteralValue, context: TsLayoutContext): string {
  if (literal.kind === 'string') return printStringLiteral(stringLiteralRaw(literal), context.options.singleQuote)
  if (literal.kind === 'boolean') return literal.value ? 'true' : 'false'
  return `${literal.negative ? '-' : ''}${printNumberLiteral(literal.raw)}`
}

// prettier unquotes ES5 identifier names; a non-ASCII key that might be one (by today's Unicode classes) is left to it.
const ASCII_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const MAYBE_IDENTIFIER = /^[$_\p{L}\p{Nl}][$_\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\u200c\u200d]*$/u

/** Whether prettier would print this quoted key without quotes (`isStringKeySafeToUnquote` for the subset). */
export function unquotable(key: StringLiteral, context: TsLayoutContext): boolean {
  if (!ASCII_IDENTIFIER.test(key.value) && MAYBE_IDENTIFIER.test(key.value)) {
    if (context.options.lenient === true) return false
    throw new OutsideLayout('non-ASCII identifier key')
  }
  return printStringLiteral(stringLiteralRaw(key), context.options.singleQuote).slice(1, -1) === key.value && ASCII_IDENTIFIER.test(key.value)
}

/** A property key as prettier prints it among `siblings` (which decide quoting under `quoteProps: consistent`). */
export function printPropertyKey(key: PropertyKey, siblings: readonly PropertyKey[], context: TsLayoutContext): string {
  const { quoteProps, singleQuote } = context.options
  const needsQuotes = (): boolean => siblings.some((sibling) => sibling.kind === 'string' && !unquotable(sibling, context))
  if (key.kind === 'identifier') {
    return quoteProps === 'consistent' && needsQuotes() ? printStringLiteral(JSON.stringify(key.name), singleQuote) : key.name
  }
  if ((quoteProps === 'as-needed' || (quoteProps === 'consistent' && !needsQuotes())) && unquotable(key, context)) return key.value
  return printStringLiteral(stringLiteralRaw(key), singleQuote)
}

// prettier's shouldHugUnionType: one object-like member, the rest `null` or `void` (`A | null` on one line).
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
      return printReference(type.name, type.args, context)
    case 'array':
      return concat([printType(type.element, 'array', context), '[]'])
    case 'union':
      return printUnion(type.types, parent, context, breakAfterOperator)
    case 'intersection':
      return printIntersection(type.types, parent, context)
    case 'type-query':
      return `typeof ${type.name}`
    case 'tuple':
      return printTuple(type.elements, context)
    case 'readonly':
      return concat(['readonly ', printType(operand(type.type), 'operand', context)])
    case 'type-literal':
      return printTypeLiteral(type, context)
  }
}

/** A type needing no parentheses as an operand of a type operator or intersection (unions do: not reproduced). */
function operand(type: TypeNode): TypeNode {
  if (type.kind === 'union' || type.kind === 'intersection') throw new OutsideLayout('parenthesized type')
  return type
}

// prettier's printTypeParameters for type arguments: a lone hugged type inline, else one per line, no trailing comma.
function printReference(name: string, args: readonly TypeNode[] | undefined, context: TsLayoutContext): Doc {
  if (args === undefined) return name
  if (args.length === 0) throw new OutsideLayout('empty type arguments')
  const only = args.length === 1 ? (args[0] as TypeNode) : undefined
  // A type literal as the only argument hugs its braces to the angle brackets: not reproduced.
  if (only?.kind === 'type-literal') throw new OutsideLayout('type literal argument')
  if (only !== undefined && huggedType(only)) return concat([name, '<', printType(only, 'type-argument', context), '>'])
  // A union argument prints without its own indentation there: not reproduced.
  if (args.some((arg) => arg.kind === 'union')) throw new OutsideLayout('union type argument')
  const printed = args.map((arg) => printType(arg, 'type-argument', context))
  return [name, group(['<', indent([softline, join([',', line], printed)]), softline, '>'])]
}

// prettier's printIntersectionType: object beside named stays on the line, two named break at `&`, two objects hug.
function printIntersection(types: readonly TypeNode[], parent: TypeParent, context: TsLayoutContext): Doc {
  if (parent === 'array' || parent === 'operand') throw new OutsideLayout('parenthesized intersection')
  let wasIndented = false
  const parts = types.map((type, index): Doc => {
    const printed = printType(operand(type), 'union', context)
    if (index === 0) return printed
    const current = type.kind === 'type-literal'
    const previous = (types[index - 1] as TypeNode).kind === 'type-literal'
    if (previous && current) return [' & ', wasIndented ? indent(printed) : printed]
    if (!previous && !current) return context.options.experimentalOperatorPosition === 'start' ? indent([line, '& ', printed]) : indent([' &', line, printed])
    if (index > 1) wasIndented = true
    return [' & ', index > 1 ? indent(printed) : printed]
  })
  return group(parts)
}

// prettier's printArray for a tuple type, with the es5-level trailing comma.
function printTuple(elements: readonly TypeNode[], context: TsLayoutContext): Doc {
  if (elements.length === 0) return '[]'
  // A union element prints with parentheses only when the tuple breaks: not reproduced.
  const printed = elements.map((element) => {
    if (element.kind === 'union') throw new OutsideLayout('union tuple element')
    const type = printType(element, 'annotation', context)
    return typeof type === 'string' ? type : group(type)
  })
  return group(['[', indent([softline, join([',', line], printed), trailingComma(context)]), softline, ']'])
}

/** prettier's printTypeParameters for a function's (`<const T extends U>`): one per line when broken, es5 comma. */
export function printTypeParameters(parameters: readonly TypeParameter[], context: TsLayoutContext): Doc {
  if (parameters.length === 0) return ''
  // One parameter without a constraint keeps a comma after it outside `.ts` files (`<T,>`): not reproduced.
  if (parameters.length === 1 && (parameters[0] as TypeParameter).constraint === undefined) throw new OutsideLayout('lone type parameter')
  const printed = parameters.map((parameter) => {
    const parts: Doc[] = [parameter.const ? 'const ' : '', parameter.name]
    if (parameter.constraint !== undefined) {
      const groupId = Symbol('constraint')
      parts.push(' extends', group(indent(line), { id: groupId }), lineSuffixBoundary, indentIfBreak(printType(parameter.constraint, 'annotation', context), { groupId }))
    }
    return group(parts)
  })
  return group(['<', indent([softline, join([',', line], printed)]), trailingComma(context), softline, '>'])
}

/** prettier's printFunctionParameters: one per line when broken, all-level comma; no hugged object type. */
export function printParameters(typeParameters: readonly TypeParameter[], parameters: readonly Parameter[], context: TsLayoutContext): Doc[] {
  const typeParametersDoc = printTypeParameters(typeParameters, context)
  if (parameters.length === 0) return [typeParametersDoc, '(', ')']
  if (parameters.length === 1 && (parameters[0] as Parameter).type?.kind === 'type-literal') throw new OutsideLayout('hugged parameter')
  const printed = parameters.map((parameter) => (parameter.type === undefined ? parameter.name : [parameter.name, ': ', printType(parameter.type, 'annotation', context)]))
  return [typeParametersDoc, '(', indent([softline, join([',', line], printed)]), trailingComma(context, 'all'), softline, ')']
}

/** Parameters and return type in one group (prettier's shouldGroupFunctionParameters for functions, not arrows). */
export function printSignature(
  typeParameters: readonly TypeParameter[],
  parameters: readonly Parameter[],
  returnType: TypeNode | undefined,
  context: TsLayoutContext,
  arrow = false,
): Doc {
  const parametersDoc = printParameters(typeParameters, parameters, context)
  if (returnType === undefined) return group(parametersDoc)
  const returnTypeDoc = [': ', printType(returnType, 'annotation', context)]
  const simpleTypeParameters = typeParameters.length === 0 || (typeParameters.length === 1 && (typeParameters[0] as TypeParameter).constraint === undefined)
  const grouped = !arrow && simpleTypeParameters && parameters.length === 1 && (returnType.kind === 'type-literal' || willBreak(returnTypeDoc))
  return group([grouped ? group(parametersDoc) : parametersDoc, returnTypeDoc])
}

function printUnion(types: readonly TypeNode[], parent: TypeParent, context: TsLayoutContext, breakAfterOperator: boolean): Doc {
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
  const keys = siblingKeys(members)
  const parts = printSequence(members, line, (member, index) => {
    const separator = index === members.length - 1 ? (context.options.semi ? ifBreak(';') : '') : context.options.semi ? ';' : ifBreak('', ';')
    return concat([printMember(member, keys, context), separator])
  })
  const spacing = context.options.bracketSpacing ? line : softline
  return group(['{', indent([spacing, ...parts]), spacing, '}'], { shouldBreak })
}

/** The members of an interface body: one per line, each ended by `;` when the options print semicolons. */
export function printInterfaceBody(literal: TypeLiteral, context: TsLayoutContext): Doc {
  const { members } = literal
  if (members.length === 0) return '{}'
  const keys = siblingKeys(members)
  const parts = printSequence(members, hardline, (member) => concat([printMember(member, keys, context), semicolon(context)]))
  return ['{', [indent([hardline, parts]), hardline], '}']
}

function siblingKeys(members: readonly TypeMember[]): PropertyKey[] {
  return members.flatMap((member) => (member.kind === 'property-signature' ? [member.key] : []))
}

function printMember(member: TypeMember, keys: readonly PropertyKey[], context: TsLayoutContext): Doc {
  const modifier = member.readonly === true ? 'readonly ' : ''
  if (member.kind === 'index-signature') {
    const parameter = [member.parameter, ': ', printType(member.parameterType, 'annotation', context)]
    return group([modifier, '[', group([indent([softline, parameter]), softline]), ']', ': ', printType(member.type, 'annotation', context)])
  }
  return textGroup([modifier, printPropertyKey(member.key, keys, context), member.optional ? '?' : '', ': ', printType(member.type, 'annotation', context)])
}
