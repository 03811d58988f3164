import { doc } from '../prettier-doc.js'
import { printAssignment } from './print-ts-assignment.js'
import { assignmentLayout, type ExpressionPrinters, printExpression } from './print-ts-expressions.js'
import { huggedType, printInterfaceBody, printLiteral, printType } from './print-ts-types.js'
import type { Program, Statement } from './ts-subset-ast.js'
import { type Doc, OutsideLayout, semicolon, trailingComma, type TsLayoutContext, withComments } from './ts-layout-context.js'

const { group, hardline, indent, join, line, literalline, softline } = doc.builders

/** A whole program as prettier prints it: statements one after another, a blank line kept where there was one. */
export function printProgram(program: Program, context: TsLayoutContext, printers: Omit<ExpressionPrinters, 'block'>): Doc {
  if (program.statements.length === 0) throw new OutsideLayout('empty program')
  const all: ExpressionPrinters = { ...printers, block: (statements, inner) => printBlock(statements, inner, all) }
  return [printStatements(program.statements, context, all), hardline]
}

function printStatements(statements: readonly Statement[], context: TsLayoutContext, printers: ExpressionPrinters): Doc[] {
  const parts: Doc[] = []
  statements.forEach((statement, index) => {
    parts.push(withComments(statement.comments, printStatement(statement, context, printers)))
    if (index < statements.length - 1) {
      parts.push(hardline)
      if (statement.blankLineAfter) parts.push(hardline)
    }
  })
  return parts
}

function printBlock(statements: readonly Statement[], context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  if (statements.length === 0) return '{}'
  return ['{', indent([hardline, printStatements(statements, context, printers)]), hardline, '}']
}

function printStatement(statement: Statement, context: TsLayoutContext, printers: ExpressionPrinters): Doc {
  const semi = semicolon(context)
  switch (statement.kind) {
    case 'verbatim':
      // prettier keeps an ignored statement's text as written, line for line.
      return join(literalline, [...statement.lines])
    case 'import':
      return printImport(statement, context)
    case 'const': {
      if (statement.init.kind === 'call' || statement.init.kind === 'opaque') throw new OutsideLayout('variable value')
      const declarator = printAssignment(statement.name, ' =', printExpression(statement.init, context, printers), assignmentLayout(statement.init, false))
      return [statement.exported ? 'export ' : '', group(['const', ' ', declarator, semi])]
    }
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
  const { bracketSpacing } = context.options
  const parts: Doc[] = ['import', statement.typeOnly ? ' type' : '']
  if (statement.braces && statement.specifiers.length === 0) throw new OutsideLayout('empty import braces')
  parts.push(' ')
  if (statement.defaultName !== undefined) parts.push(statement.defaultName)
  const named = statement.specifiers.map((specifier) => (specifier.typeOnly ? `type ${specifier.name}` : specifier.name))
  if (named.length > 0) {
    if (statement.defaultName !== undefined) parts.push(', ')
    if (named.length > 1 || statement.defaultName !== undefined) {
      const spacing = bracketSpacing ? line : softline
      parts.push(group(['{', indent([spacing, join([',', line], named)]), trailingComma(context), spacing, '}']))
    } else {
      parts.push(['{', bracketSpacing ? ' ' : '', ...named, bracketSpacing ? ' ' : '', '}'])
    }
  }
  parts.push(' from', ' ', printLiteral(statement.source, context), semicolon(context))
  return parts
}
