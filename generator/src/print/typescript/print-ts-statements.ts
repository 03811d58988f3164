import type { Program, Statement } from '../../model/typescript-tree.js'
import { doc } from '../prettier.js'
import { literalLayout, tsSpecLiteral } from './literals.js'
import { type ExpressionPrinters, printAssignment, printDeclarator, printExpression } from './print-ts-expressions.js'
import { huggedType, printInterfaceBody, printLiteral, printSignature, printType } from './print-ts-types.js'
import { type Doc, OutsideLayout, printSequence, semicolon, trailingComma, type TsLayoutContext } from './ts-layout-context.js'

const { group, hardline, indent, join, line, literalline, softline } = doc.builders

/** A whole program as prettier prints it: statements one after another, a blank line kept where there was one. */
export function printProgram(program: Program, context: TsLayoutContext, printers: Omit<ExpressionPrinters, 'block'>): Doc {
  if (program.statements.length === 0) throw new OutsideLayout('empty program')
  const all: ExpressionPrinters = { ...printers, block: (statements, inner) => printBlock(statements, inner, all) }
  return [printStatements(program.statements, context, all), hardline]
}

function printStatements(statements: readonly Statement[], context: TsLayoutContext, printers: ExpressionPrinters): Doc[] {
  return printSequence(statements, hardline, (statement) => printStatement(statement, context, printers))
}

function printBlock(statements: readonly Statement[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (statements.length === 0) return '{}'
  return ['{', indent([hardline, printStatements(statements, context, printers)]), hardline, '}']
}

function printStatement(statement: Statement, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const semi = semicolon(context)
  switch (statement.kind) {
    case 'spec': {
      // Printed as toolsmith lays it out; prettier keeps an ignored statement's text as written, line for line.
      const layout = context.options.literal ?? literalLayout(context.options)
      const text = `${statement.exported ? 'export ' : ''}const ${statement.name} = ${tsSpecLiteral(statement.value, layout)} as const satisfies ${statement.satisfies}${layout.semi ? ';' : ''}`
      return join(literalline, text.split('\n'))
    }
    case 'import':
      return printImport(statement, context)
    case 'export-names':
      return ['export', ' ', printSpecifiers(statement.names, false, context), semi]
    case 'const': {
      const declarator = printDeclarator(statement.name, statement.type, statement.init, context, printers)
      return [statement.exported ? 'export ' : '', group(['const', ' ', declarator, semi])]
    }
    case 'function':
      return [
        statement.exported ? 'export ' : '',
        'function ',
        statement.name,
        printSignature([], statement.parameters, statement.returnType, context),
        ' ',
        printBlock(statement.body, context, printers),
      ]
    case 'if': {
      const { consequent } = statement
      // A block or a commented consequent prints otherwise: not reproduced.
      if (consequent.comments.length > 0 || (consequent.kind !== 'return' && consequent.kind !== 'throw')) throw new OutsideLayout('if consequent')
      const test = printExpression(statement.test, context, printers)
      return group(['if (', group([indent([softline, test]), softline]), ')', indent([line, printStatement(consequent, context, printers)])])
    }
    case 'return':
      if (statement.argument === undefined) return ['return', semi]
      if (statement.argument.kind === 'arrow' || statement.argument.kind === 'opaque') throw new OutsideLayout('return value')
      return ['return', ' ', printExpression(statement.argument, context, printers), semi]
    case 'interface':
      return [statement.exported ? 'export ' : '', 'interface', ' ', statement.name, ' ', printInterfaceBody(statement.body, context)]
    case 'type-alias': {
      const breakAfter = statement.type.kind === 'union' && !huggedType(statement.type)
      const right = printType(statement.type, 'alias', context, breakAfter)
      const alias = [printAssignment(['type ', statement.name], ' =', right, breakAfter ? 'break-after-operator' : 'fluid'), semi]
      return [statement.exported ? 'export ' : '', alias]
    }
    case 'export-default':
      return ['export', ' default', ' ', printExpression(statement.expression, context, printers), semi]
    case 'throw':
      return ['throw', ' ', printExpression(statement.argument, context, printers), semi]
  }
}

function printImport(statement: Statement & { kind: 'import' }, context: TsLayoutContext): Doc {
  const parts: Doc[] = ['import', statement.typeOnly ? ' type' : '']
  if (statement.braces && statement.specifiers.length === 0) throw new OutsideLayout('empty import braces')
  parts.push(' ')
  if (statement.defaultName !== undefined) parts.push(statement.defaultName)
  const named = statement.specifiers.map((specifier) => `${specifier.typeOnly ? 'type ' : ''}${specifier.name}${specifier.alias === undefined ? '' : ` as ${specifier.alias}`}`)
  if (named.length > 0) {
    if (statement.defaultName !== undefined) parts.push(', ')
    parts.push(printSpecifiers(named, statement.defaultName !== undefined, context))
  }
  parts.push(' from', ' ', printLiteral(statement.source, context), semicolon(context))
  return parts
}

// prettier's printModuleSpecifiers: one name per line when they break, unless a lone name without a default import.
function printSpecifiers(named: readonly string[], afterDefault: boolean, context: TsLayoutContext): Doc {
  const { bracketSpacing } = context.options
  if (named.length === 0) return '{}'
  if (named.length > 1 || afterDefault) {
    const spacing = bracketSpacing ? line : softline
    return group(['{', indent([spacing, join([',', line], [...named])]), trailingComma(context), spacing, '}'])
  }
  return ['{', bracketSpacing ? ' ' : '', ...named, bracketSpacing ? ' ' : '', '}']
}
