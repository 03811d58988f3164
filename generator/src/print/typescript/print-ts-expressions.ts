import { doc, util } from '../prettier-doc.js'
import { type AssignmentLayout, printAssignment } from './print-ts-assignment.js'
import { printLiteral, printPropertyKey, printType } from './print-ts-types.js'
import type { Expression, MethodMember, ObjectExpression, ObjectMember, PropertyKey, Statement } from './ts-subset-ast.js'
import { type Doc, OutsideLayout, printComment, trailingComma, type TsLayoutContext, withComments } from './ts-layout-context.js'

const { breakParent, conditionalGroup, group, hardline, indent, line, lineSuffix, softline } = doc.builders
const { willBreak } = doc.utils

/** Prints the statements of a method body (supplied by the statement printer, which depends on this one). */
export type BlockPrinter = (statements: readonly Statement[], context: TsLayoutContext) => Doc

/** How opaque expressions (arrow functions) are printed: their member's lines as prettier laid them out. */
export interface ExpressionPrinters {
  readonly block: BlockPrinter
  /** The whole `key: value` member holding an opaque value, as prettier printed it in the same place. */
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
      return [printExpression(expression.expression, context, printers), ' as const']
    case 'object':
      return printObject(expression, context, printers)
    case 'call':
      return printCall(expression, context, printers)
    case 'opaque':
      throw new OutsideLayout('opaque expression outside a property')
  }
}

/** The assignment layout prettier chooses for `left = right` (a variable) or `key: value` (a property). */
export function assignmentLayout(right: Expression, shortKey: boolean): AssignmentLayout {
  if (right.kind === 'literal' && right.literal.kind === 'string') return shortKey ? 'never-break-after-operator' : 'break-after-operator'
  if (shortKey || (right.kind === 'literal' && right.literal.kind !== 'string')) return 'never-break-after-operator'
  return 'fluid'
}

function printObject(object: ObjectExpression, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const { members } = object
  const first = members[0]
  const shouldBreak = context.options.objectWrap === 'preserve' && first !== undefined && object.broken
  if (first === undefined) return group(['{', '}'], { shouldBreak })
  const keys = members.flatMap((member) => (member.kind === 'spread' ? [] : [member.key]))
  let separator: Doc[] = []
  const parts = members.map((member, index) => {
    let memberDoc = printMember(member, keys, context, printers)
    // Comments on their own lines after the last member trail it: each printed on a line of its own after the
    // separator that follows (a line suffix), a blank line before it kept.
    if (index === members.length - 1 && object.trailingComments.length > 0) {
      memberDoc = [memberDoc, object.trailingComments.map((comment) => lineSuffix([hardline, comment.blankLineBefore ? hardline : '', printComment(comment)]))]
    }
    const printed = [...separator, withComments(member.comments, memberDoc)]
    separator = [',', line]
    if (member.blankLineAfter) separator.push(hardline)
    return printed
  })
  const spacing = context.options.bracketSpacing ? line : softline
  return group(['{', indent([spacing, ...parts]), trailingComma(context), spacing, '}'], { shouldBreak })
}

function printMember(member: ObjectMember, keys: readonly PropertyKey[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (member.kind === 'spread') return ['...', member.argument]
  if (member.kind === 'method') return printMethod(member, keys, context, printers)
  if (member.value.kind === 'opaque') return printers.opaqueMember(member)
  // A call value may be "poorly breakable" to prettier, which then breaks after the colon first: not reproduced.
  if (member.value.kind === 'call') throw new OutsideLayout('call as a property value')
  const key = printPropertyKey(member.key, keys, context)
  // prettier: "wrapping object properties with very short keys usually doesn't add much value".
  const short = stringWidth(key) < context.options.tabWidth + 3
  return printAssignment(key, ':', printExpression(member.value, context, printers), assignmentLayout(member.value, short))
}

/** The display width of a key as prettier measures it. */
function stringWidth(text: string): number {
  return util.getStringWidth(text)
}

function printMethod(method: MethodMember, keys: readonly PropertyKey[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  // A type literal as the only parameter's type is hugged, and as the return type it groups the parameters apart.
  if (method.parameters.some((parameter) => parameter.type?.kind === 'type-literal')) throw new OutsideLayout('hugged parameter')
  if (method.returnType !== undefined && JSON.stringify(method.returnType).includes('"type-literal"')) throw new OutsideLayout('object return type')
  const parameters = method.parameters.map((parameter) =>
    parameter.type === undefined ? parameter.name : [parameter.name, ': ', printType(parameter.type, 'annotation', context)],
  )
  const parameterList: Doc =
    parameters.length === 0
      ? ['(', ')']
      : ['(', indent([softline, ...joinWithLines(parameters)]), trailingComma(context, 'all'), softline, ')']
  const returnType = method.returnType === undefined ? '' : [': ', printType(method.returnType, 'annotation', context)]
  return [
    method.async ? 'async ' : '',
    printPropertyKey(method.key, keys, context),
    group([parameterList, returnType]),
    ' ',
    printers.block(method.body, context),
  ]
}

function joinWithLines(parts: readonly Doc[]): Doc[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [',', line, part]))
}

function printCall(call: Expression & { kind: 'call' }, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (SPECIAL_CALLEES.has(call.callee)) throw new OutsideLayout(`call of ${call.callee}`)
  if (call.typeArgs.length === 0) return [call.isNew ? 'new ' : '', call.callee, printArguments(call.args, context, printers)]
  // Type arguments stay on the call's line, as prettier keeps them while `export default callee<A, B>({` fits;
  // a head that does not fit (prettier would break the type arguments) is left to prettier.
  const typeArgs = `<${call.typeArgs.join(', ')}>`
  if (`export default ${call.callee}${typeArgs}({`.length > context.options.printWidth) throw new OutsideLayout('long type arguments')
  return [call.callee, typeArgs, printArguments(call.args, context, printers)]
}

// prettier's printCallArguments for the subset: no arguments, one object (the last argument grouped and expanded,
// as `defineTool({ ... })` prints), or arguments that are not functions or objects.
function printArguments(args: readonly Expression[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (args.length === 0) return ['(', ')']
  const printed = args.map((arg, index) => {
    const argument = printExpression(arg, context, printers)
    return index === args.length - 1 ? argument : [argument, ',', line]
  })
  const comma = trailingComma(context, 'all')
  const allBrokenOut = (): Doc => group(['(', indent([line, ...printed]), comma, line, ')'], { shouldBreak: true })
  const last = args[args.length - 1] as Expression
  if (args.some((arg) => arg.kind === 'opaque')) throw new OutsideLayout('function argument')
  if (last.kind === 'object' && last.members.length > 0) {
    if (args.length > 1) throw new OutsideLayout('object after other arguments')
    const expanded = printed[0] as Doc
    return willBreak(expanded)
      ? [breakParent, conditionalGroup([['(', group(expanded, { shouldBreak: true }), ')'], allBrokenOut()])]
      : conditionalGroup([['(', expanded, ')'], ['(', group(expanded, { shouldBreak: true }), ')'], allBrokenOut()])
  }
  if (args.some((arg) => arg.kind === 'object' || arg.kind === 'call' || arg.kind === 'as-const')) throw new OutsideLayout('complex arguments')
  const contents = ['(', indent([softline, ...printed]), comma, softline, ')']
  return group(contents, { shouldBreak: printed.some((part) => willBreak(part)) })
}
