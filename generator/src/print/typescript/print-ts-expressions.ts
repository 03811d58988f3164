import type { ArrowFunction, Expression, MethodMember, ObjectExpression, ObjectMember, PropertyKey, Statement, TypeNode } from '../../model/typescript-tree.js'
import { doc, util } from '../prettier.js'
import { printStringLiteral, stringLiteralRaw } from './literals.js'
import { printLiteral, printPropertyKey, printSignature, printType } from './print-ts-types.js'
import { type Doc, OutsideLayout, printComment, printSequence, textGroup, trailingComma, type TsLayoutContext } from './ts-layout-context.js'

const { breakParent, conditionalGroup, group, hardline, indent, indentIfBreak, join, line, lineSuffix, lineSuffixBoundary, softline } = doc.builders
const { canBreak, willBreak } = doc.utils

/** Prints a method body (supplied by the statement printer, which depends on this module). */
export type BlockPrinter = (statements: readonly Statement[], context: TsLayoutContext) => Doc

/** Printers supplied from outside: method bodies, and opaque members as prettier laid them out in their place. */
export interface ExpressionPrinters {
  readonly block: BlockPrinter
  readonly opaqueMember: (member: ObjectMember & { kind: 'property' }) => Doc
}

// Callees prettier prints its own way (test calls, AMD and CommonJS module calls): left to it.
const SPECIAL_CALLEES = new Set([
  'require', 'define', 'it', 'xit', 'fit', 'test', 'xtest', 'describe', 'xdescribe', 'fdescribe', 'skip', 'only',
  'beforeEach', 'beforeAll', 'afterEach', 'afterAll', 'waitForAsync', 'fakeAsync', 'inject',
])

/** An expression as prettier prints it (the subset's expressions). */
export function printExpression(expression: Expression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  switch (expression.kind) {
    case 'identifier':
      return expression.name
    case 'literal':
      return printLiteral(expression.literal, context)
    case 'null':
      return 'null'
    case 'as-const':
      return [printOperand(expression.expression, context, printers), ' as const']
    case 'as':
    case 'satisfies':
      return [printOperand(expression.expression, context, printers), ` ${expression.kind} `, printType(expression.type, 'annotation', context)]
    case 'not':
      if (!['identifier', 'literal', 'null', 'call', 'member', 'not'].includes(expression.argument.kind)) throw new OutsideLayout('parenthesized operand')
      return ['!', printExpression(expression.argument, context, printers)]
    case 'member':
      // A member read outside a call (`a.b`) is printed by prettier's member chain too: not reproduced.
      throw new OutsideLayout('member expression')
    case 'object':
      return printObject(expression, context, printers)
    case 'array':
      return printArray(expression.elements, context, printers)
    case 'call':
      return printCall(expression, context, printers)
    case 'arrow':
      return printArrow(expression, context, printers)
    case 'opaque':
      throw new OutsideLayout('opaque expression outside a property')
  }
}

function printOperand(expression: Expression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (expression.kind === 'arrow' || expression.kind === 'not' || expression.kind === 'opaque') throw new OutsideLayout('parenthesized operand')
  return printExpression(expression, context, printers)
}

/** The layouts of prettier's printAssignment that the subset reaches. */
export type AssignmentLayout = 'break-after-operator' | 'never-break-after-operator' | 'fluid' | 'break-lhs'

/** prettier's printAssignment: `left operator right` in the chosen layout. */
export function printAssignment(left: Doc, operator: string, right: Doc, layout: AssignmentLayout): Doc {
  switch (layout) {
    case 'break-after-operator':
      return group([group(left), operator, group(indent([line, right]))])
    case 'never-break-after-operator':
      return textGroup([textGroup([left]), operator, ' ', right])
    case 'break-lhs':
      return group([left, operator, ' ', group(right)])
    case 'fluid': {
      const groupId = Symbol('assignment')
      return group([group(left), operator, group(indent(line), { id: groupId }), lineSuffixBoundary, indentIfBreak(right, { groupId })])
    }
  }
}

/** prettier's chooseLayout for `key: value` (`shortKey`: the key is narrower than `tabWidth + 3`). */
export function assignmentLayout(right: Expression, shortKey: boolean, context?: TsLayoutContext): AssignmentLayout {
  if (shortKey) return 'never-break-after-operator'
  if (breaksAfterOperator(right, context)) return 'break-after-operator'
  return plainLiteral(right) ? 'never-break-after-operator' : 'fluid'
}

/** prettier's chooseLayout for `const name: Type = init`. */
function declaratorLayout(type: TypeNode | undefined, left: Doc, init: Expression, context: TsLayoutContext): AssignmentLayout {
  const leftBreaks = canBreak(left)
  const complexType = type?.kind === 'reference' && (type.args?.length ?? 0) > 1 && type.args?.some((arg) => arg.kind === 'reference' && arg.args !== undefined)
  if (complexType || (init.kind === 'arrow' && leftBreaks)) return 'break-lhs'
  if (breaksAfterOperator(init, context)) return 'break-after-operator'
  if (!leftBreaks && plainLiteral(init)) return 'never-break-after-operator'
  return 'fluid'
}

// A boolean or unsigned number: prettier keeps it on the line of its key (`-1` is a unary expression).
function plainLiteral(expression: Expression): boolean {
  if (expression.kind !== 'literal') return false
  const { literal } = expression
  return literal.kind === 'boolean' || (literal.kind === 'number' && !literal.negative)
}

// prettier's shouldBreakAfterOperator for the subset: a string, or a poorly breakable chain, after any leading `!`.
function breaksAfterOperator(right: Expression, context: TsLayoutContext | undefined): boolean {
  let node = right
  while (node.kind === 'not') node = node.argument
  if (node.kind === 'literal' && node.literal.kind === 'string') return true
  return context !== undefined && poorlyBreakableChain(node, context, false)
}

function poorlyBreakableChain(expression: Expression, context: TsLayoutContext, deep: boolean): boolean {
  if (expression.kind === 'call') {
    const [only] = expression.args
    const poorly = expression.args.length === 0 || (expression.args.length === 1 && only !== undefined && loneShortArgument(only, context.options.printWidth, context.options.singleQuote))
    // More than one type argument breaks well (prettier's isCallExpressionWithComplexTypeArguments).
    return poorly && expression.typeArgs.length <= 1 && poorlyBreakableChain(expression.callee, context, true)
  }
  if (expression.kind === 'member') return poorlyBreakableChain(expression.object, context, true)
  return deep && expression.kind === 'identifier'
}

// prettier's isLoneShortArgument: at most a quarter of the print width; under `!` a string is measured with `"`.
function loneShortArgument(argument: Expression, printWidth: number, singleQuote: boolean): boolean {
  const threshold = printWidth * 0.25
  switch (argument.kind) {
    case 'identifier':
      return argument.name.length <= threshold
    case 'literal':
      if (argument.literal.kind !== 'string') return true
      return printStringLiteral(stringLiteralRaw(argument.literal), singleQuote).length <= threshold
    case 'null':
      return true
    case 'not':
      return loneShortArgument(argument.argument, printWidth, false)
    case 'call':
      return argument.args.length === 0 && argument.callee.kind === 'identifier' && argument.callee.name.length <= threshold - 2
    default:
      return false
  }
}

function printObject(object: ObjectExpression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const { members } = object
  const first = members[0]
  const shouldBreak = context.options.objectWrap === 'preserve' && first !== undefined && object.broken
  if (first === undefined) return group(['{', '}'], { shouldBreak })
  const keys = members.flatMap((member): PropertyKey[] => (member.kind === 'spread' ? [] : member.kind === 'shorthand' ? [{ kind: 'identifier', name: member.name }] : [member.key]))
  const parts = printSequence(members, [',', line], (member, index) => {
    const printed = printMember(member, keys, context, printers)
    // Comments after the last member trail it: each on its own line after the separator (a line suffix).
    if (index < members.length - 1 || object.trailingComments.length === 0) return printed
    return [printed, object.trailingComments.map((comment) => lineSuffix([hardline, comment.blankLineBefore ? hardline : '', printComment(comment)]))]
  })
  const spacing = context.options.bracketSpacing ? line : softline
  return group(['{', indent([spacing, ...parts]), trailingComma(context), spacing, '}'], { shouldBreak })
}

function printMember(member: ObjectMember, keys: readonly PropertyKey[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (member.kind === 'spread') return ['...', member.argument]
  if (member.kind === 'shorthand') return member.name
  if (member.kind === 'method') return printMethod(member, keys, context, printers)
  if (member.value.kind === 'opaque') return printers.opaqueMember(member)
  const key = printPropertyKey(member.key, keys, context)
  const short = util.getStringWidth(key) < context.options.tabWidth + 3
  return printAssignment(key, ':', printExpression(member.value, context, printers), assignmentLayout(member.value, short, context))
}

function printMethod(method: MethodMember, keys: readonly PropertyKey[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  // A type literal as the return type groups the parameters apart, and within a union it may break: not reproduced.
  if (method.returnType !== undefined && JSON.stringify(method.returnType).includes('"type-literal"')) throw new OutsideLayout('object return type')
  return [
    method.async ? 'async ' : '',
    printPropertyKey(method.key, keys, context),
    printSignature([], method.parameters, method.returnType, context),
    ' ',
    printers.block(method.body, context),
  ]
}

/** `const name: Type = init` (without `const`), in the layout prettier chooses for it. */
export function printDeclarator(name: string, type: TypeNode | undefined, init: Expression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (init.kind === 'opaque') throw new OutsideLayout('variable value')
  if (type !== undefined && init.kind === 'arrow') throw new OutsideLayout('typed arrow function variable')
  const left = type === undefined ? name : [name, ': ', printType(type, 'annotation', context)]
  if (init.kind === 'call' && init.callee.kind === 'identifier' && init.callee.name === 'require') throw new OutsideLayout('require call')
  return printAssignment(left, ' =', printExpression(init, context, printers), declaratorLayout(type, left, init, context))
}

// prettier's printArray: forced broken when every element is an object (or every one an array) of 2+ members.
function printArray(elements: readonly Expression[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (elements.length === 0) return group(['[', ']'])
  // An array of numbers is filled line by line: not reproduced.
  if (elements.every((element) => element.kind === 'literal' && element.literal.kind === 'number')) throw new OutsideLayout('number array')
  const sized = (element: Expression): number | undefined =>
    element.kind === 'object' ? element.members.length : element.kind === 'array' ? element.elements.length : undefined
  const shouldBreak =
    elements.length > 1 &&
    elements.every((element, index) => {
      const size = sized(element)
      const next = elements[index + 1]
      return size !== undefined && size > 1 && (next === undefined || next.kind === element.kind)
    })
  const printed = elements.map((element) => group(printExpression(element, context, printers)))
  return group(['[', indent([softline, join([',', line], printed), trailingComma(context)]), softline, ']'], { shouldBreak })
}

// prettier's printArrowFunction (expression body): an object or array stays on the `=>` line, else it may move down.
function printArrow(arrow: ArrowFunction, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (arrow.body.kind === 'arrow') throw new OutsideLayout('arrow chain')
  const [only] = arrow.parameters
  const bare =
    context.options.arrowParens === 'avoid' && arrow.parameters.length === 1 && only?.type === undefined && arrow.typeParameters.length === 0 && arrow.returnType === undefined
  const signature = [arrow.async ? 'async ' : '', bare ? (only?.name ?? '') : printSignature(arrow.typeParameters, arrow.parameters, arrow.returnType, context, true)]
  const body = printArrowBody(arrow.body, context, printers)
  const sameLine = arrow.body.kind === 'array' || arrow.body.kind === 'object'
  return group([group(signature), ' =>', group(sameLine ? [' ', body] : indent([line, body]))])
}

// An object that starts an arrow function's body is parenthesized (`() => ({ ... }) as const`).
function printArrowBody(body: Expression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  switch (body.kind) {
    case 'object':
      return ['(', printObject(body, context, printers), ')']
    case 'as-const':
      return [printArrowBody(body.expression, context, printers), ' as const']
    case 'as':
    case 'satisfies':
      if (body.expression.kind === 'arrow' || body.expression.kind === 'not') throw new OutsideLayout('parenthesized operand')
      return [printArrowBody(body.expression, context, printers), ` ${body.kind} `, printType(body.type, 'annotation', context)]
    default:
      if (leftmost(body).kind === 'object') throw new OutsideLayout('object at the start of a chain')
      return printExpression(body, context, printers)
  }
}

function leftmost(expression: Expression): Expression {
  if (expression.kind === 'call') return leftmost(expression.callee)
  if (expression.kind === 'member') return leftmost(expression.object)
  if (expression.kind === 'as' || expression.kind === 'satisfies' || expression.kind === 'as-const') return leftmost(expression.expression)
  return expression
}

function printCall(call: Expression & { kind: 'call' }, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const root = leftmost(call)
  if (root.kind === 'identifier' && SPECIAL_CALLEES.has(root.name)) throw new OutsideLayout(`call of ${root.name}`)
  if (call.callee.kind === 'member') {
    if (call.isNew || call.typeArgs.length > 0) throw new OutsideLayout('member call')
    return printMemberChain(call, context, printers)
  }
  if (call.callee.kind !== 'identifier') throw new OutsideLayout('callee')
  const callee = call.callee.name
  if (call.typeArgs.length === 0) return [call.isNew ? 'new ' : '', callee, lineSuffixBoundary, printArguments(call.args, context, printers)]
  if (call.isNew) throw new OutsideLayout('new with type arguments')
  // prettier's type arguments: one plain name stays inline (`f<A>(`), more break one per line when too wide.
  const typeArgs = call.typeArgs.length === 1 ? `<${call.typeArgs[0] as string}>` : group(['<', indent([softline, join([',', line], [...call.typeArgs])]), softline, '>'])
  return [callee, lineSuffixBoundary, typeArgs, lineSuffixBoundary, printArguments(call.args, context, printers)]
}

interface ChainNode {
  readonly kind: 'first' | 'member' | 'call'
  readonly expression: Expression
  readonly printed: Doc
}

// prettier's printMemberChain for one-line chains only: two groups after the first (three after a factory like `JSON`).
function printMemberChain(call: Expression & { kind: 'call' }, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const nodes: ChainNode[] = [{ kind: 'call', expression: call, printed: printArguments(call.args, context, printers) }]
  let current: Expression = call.callee
  for (;;) {
    if (current.kind === 'call' && (current.callee.kind === 'member' || current.callee.kind === 'call')) {
      if (current.typeArgs.length > 0 || current.isNew) throw new OutsideLayout('member call')
      nodes.unshift({ kind: 'call', expression: current, printed: printArguments(current.args, context, printers) })
      current = current.callee
    } else if (current.kind === 'member') {
      nodes.unshift({ kind: 'member', expression: current, printed: ['.', current.property] })
      current = current.object
    } else {
      // Anything else at the head (an object, a cast) may need parentheses there: not reproduced.
      if (current.kind !== 'identifier' && current.kind !== 'call') throw new OutsideLayout('chain head')
      nodes.unshift({ kind: 'first', expression: current, printed: printExpression(current, context, printers) })
      break
    }
  }
  const groups: ChainNode[][] = []
  let group0: ChainNode[] = [nodes[0] as ChainNode]
  let index = 1
  for (; index < nodes.length && (nodes[index] as ChainNode).kind === 'call'; index++) group0.push(nodes[index] as ChainNode)
  if ((nodes[0] as ChainNode).expression.kind !== 'call') {
    for (; index + 1 < nodes.length && (nodes[index] as ChainNode).kind === 'member' && (nodes[index + 1] as ChainNode).kind === 'member'; index++) group0.push(nodes[index] as ChainNode)
  }
  groups.push(group0)
  group0 = []
  let seenCall = false
  for (; index < nodes.length; index++) {
    const node = nodes[index] as ChainNode
    if (seenCall && node.kind === 'member') {
      groups.push(group0)
      group0 = []
      seenCall = false
    }
    if (node.kind === 'call') seenCall = true
    group0.push(node)
  }
  if (group0.length > 0) groups.push(group0)
  const isFactory = (name: string): boolean => /^[A-Z]|^[$_]+$/.test(name)
  const [first] = groups
  const firstNode = first?.[0]?.expression
  const lastOfFirst = first?.at(-1)
  const merge =
    groups.length >= 2 &&
    (first?.length === 1
      ? firstNode?.kind === 'identifier' && isFactory(firstNode.name)
      : lastOfFirst?.kind === 'member' && lastOfFirst.expression.kind === 'member' && isFactory(lastOfFirst.expression.property))
  if (groups.length > (merge ? 3 : 2)) throw new OutsideLayout('long member chain')
  return group(groups.flat().map((node) => node.printed))
}

// prettier's printCallArguments: a last object or array argument hugs the parentheses, else one argument per line.
function printArguments(args: readonly Expression[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (args.length === 0) return ['(', ')']
  if (args.some((arg) => arg.kind === 'opaque' || arg.kind === 'arrow')) throw new OutsideLayout('function argument')
  const printed = args.map((arg, index) => {
    const argument = printExpression(arg, context, printers)
    return index === args.length - 1 ? argument : [argument, ',', line]
  })
  const comma = trailingComma(context, 'all')
  const allBrokenOut = (): Doc => group(['(', indent([line, ...printed]), comma, line, ')'], { shouldBreak: true })
  const last = args[args.length - 1] as Expression
  const penultimate = args[args.length - 2]
  if (expandable(last) && (penultimate === undefined || kindOf(penultimate) !== kindOf(last))) {
    const head = printed.slice(0, -1)
    if (head.some((part) => willBreak(part))) return allBrokenOut()
    const expanded = printed[printed.length - 1] as Doc
    return willBreak(expanded)
      ? [breakParent, conditionalGroup([['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBrokenOut()])]
      : conditionalGroup([['(', ...head, expanded, ')'], ['(', ...head, group(expanded, { shouldBreak: true }), ')'], allBrokenOut()])
  }
  const contents = ['(', indent([softline, ...printed]), comma, softline, ')']
  return group(contents, { shouldBreak: printed.some((part) => willBreak(part)) })
}

// prettier's couldExpandArg for the subset: a non-empty object or array, or one under `as`/`satisfies`.
function expandable(arg: Expression): boolean {
  if (arg.kind === 'object') return arg.members.length > 0
  if (arg.kind === 'array') return arg.elements.length > 0
  if (arg.kind === 'as' || arg.kind === 'satisfies' || arg.kind === 'as-const') return expandable(arg.expression)
  return false
}

// The node type prettier compares between the last two arguments (`as const` is an `as` expression).
function kindOf(arg: Expression): string {
  return arg.kind === 'as-const' ? 'as' : arg.kind
}
