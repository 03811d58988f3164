import { type ImportDeclaration, Node, type ObjectLiteralExpression, type SpreadAssignment, SyntaxKind } from 'ts-morph'
import { findStubWiring, type StubWiring, type WiringNames } from './find-stub-wiring.js'
import { type StubOutcome, type StubProblem, withParsedStub } from './parse-stub.js'
import { applyTextEdits, type TextEdit } from './text-edits.js'

/** An existing stub brought up to date: its new text and what the author should hear about. */
export interface StubMerge {
  readonly text: string
  readonly changed: boolean
  /** Author code that overrides declared values (allowed, but the YAML no longer tells the truth). */
  readonly warnings: readonly StubProblem[]
}

/** The edits one merge needs; `importAt` asks for the whole generated import to be inserted there. */
interface MergePlan {
  readonly edits: TextEdit[]
  readonly importAt: { readonly offset: number; readonly beforeStatement: boolean } | undefined
  readonly warnings: StubProblem[]
}

// Properties the declaration spread provides; written after the spread they replace the YAML's value.
const DECLARED = ['name', 'description', 'parameters', 'timeoutMs', 'isConcurrencySafe']

const withoutSpaces = (text: string): string => text.replace(/\s+/g, '')

/**
 * Updates only the generator-owned parts of an existing stub, found structurally with ts-morph: the named imports
 * of the generated module (missing ones added, the import re-inserted if deleted), `output.schema`, and the type
 * annotations of `execute`'s first parameter and return. Each change is a text edit at a node's range, so every
 * other byte (statements, comments, helpers, bodies, formatting) stays exactly as the author left it; inserted
 * text is the only formatted text (`formatImport` formats a re-inserted import with the project's config).
 */
export async function mergeStub(
  path: string,
  text: string,
  names: WiringNames,
  formatImport: () => Promise<string>,
): Promise<StubOutcome<StubMerge>> {
  const planned = withParsedStub(path, text, (file) => {
    const found = findStubWiring(file, names)
    if (!found.ok) return found
    const lastImport = file.getImportDeclarations().at(-1)
    const at = lastImport === undefined ? { offset: file.getStatements()[0]?.getStart() ?? 0, beforeStatement: true } : { offset: lastImport.getEnd(), beforeStatement: false }
    return planMerge(found.value, names, at)
  })
  if (!planned.ok) return planned
  const { edits, importAt, warnings } = planned.value
  if (importAt !== undefined) {
    // After the last import on a new line, or (with no import left) just before the first statement.
    const statement = (await formatImport()).trimEnd()
    const { offset, beforeStatement } = importAt
    edits.push({ start: offset, end: offset, text: beforeStatement ? `${statement}\n` : `\n${statement}` })
  }
  const merged = edits.length === 0 ? text : applyTextEdits(text, edits)
  return { ok: true, value: { text: merged, changed: merged !== text, warnings } }
}

function planMerge(wiring: StubWiring, names: WiringNames, importPlace: NonNullable<MergePlan['importAt']>): StubOutcome<MergePlan> {
  const edits: TextEdit[] = []
  let importAt: MergePlan['importAt']
  if (wiring.generatedImport === undefined) {
    importAt = importPlace
  } else {
    const problem = importEdits(wiring.generatedImport, names, edits)
    if (problem !== undefined) return { ok: false, problem }
  }
  schemaEdit(wiring, names, edits)
  executeEdits(wiring, names, edits)
  return { ok: true, value: { edits, importAt, warnings: overrideWarnings(wiring.definition, wiring.spread) } }
}

function importEdits(declaration: ImportDeclaration, names: WiringNames, edits: TextEdit[]): StubProblem | undefined {
  const namedImports = declaration.getImportClause()?.getNamedBindings()
  if (declaration.isTypeOnly() || !Node.isNamedImports(namedImports)) {
    return {
      kind: 'wiring',
      message: `import the generated module ${names.generatedSpecifier} with named value imports ({ ${names.declaration}, ... })`,
      offset: declaration.getStart(),
    }
  }
  const imported = new Set(namedImports.getElements().map((element) => element.getName()))
  const wanted = [names.declaration, names.outputSpec, `type ${names.argsType}`, `type ${names.outputType}`]
  const absent = wanted.filter((specifier) => !imported.has(specifier.replace(/^type /, '')))
  if (absent.length === 0) return undefined
  const elements = namedImports.getElements()
  const last = elements.at(-1)
  if (last === undefined) {
    edits.push({ start: namedImports.getStart(), end: namedImports.getEnd(), text: `{ ${absent.join(', ')} }` })
  } else if (namedImports.getText().includes('\n')) {
    const indent = ' '.repeat(last.getStart() - last.getStartLinePos())
    edits.push({ start: last.getEnd(), end: last.getEnd(), text: absent.map((specifier) => `,\n${indent}${specifier}`).join('') })
  } else {
    edits.push({ start: last.getEnd(), end: last.getEnd(), text: absent.map((specifier) => `, ${specifier}`).join('') })
  }
  return undefined
}

function schemaEdit(wiring: StubWiring, names: WiringNames, edits: TextEdit[]): void {
  const wanted = wiring.local(names.outputSpec)
  const member = wiring.schema
  if (Node.isPropertyAssignment(member)) {
    const initializer = member.getInitializerOrThrow()
    if (initializer.getText() !== wanted) edits.push({ start: initializer.getStart(), end: initializer.getEnd(), text: wanted })
  } else {
    edits.push({ start: member.getStart(), end: member.getEnd(), text: `schema: ${wanted}` })
  }
}

function executeEdits(wiring: StubWiring, names: WiringNames, edits: TextEdit[]): void {
  const execute = wiring.execute
  const argsType = wiring.local(names.argsType)
  const returnType = `Promise<${wiring.local(names.outputType)}>`
  const first = execute.getParameters()[0]
  const closeParen = execute.getFirstChildByKind(SyntaxKind.CloseParenToken)
  if (first !== undefined && closeParen === undefined) {
    // `async args => ...`: an annotation needs the parentheses the author left out.
    const returned = execute.getReturnTypeNode() === undefined ? `: ${returnType}` : ''
    edits.push({ start: first.getStart(), end: first.getEnd(), text: `(${first.getText()}: ${argsType})${returned}` })
    return
  }
  if (first !== undefined) {
    const typeNode = first.getTypeNode()
    if (typeNode === undefined) {
      const after = first.getQuestionTokenNode()?.getEnd() ?? first.getNameNode().getEnd()
      edits.push({ start: after, end: after, text: `: ${argsType}` })
    } else if (withoutSpaces(typeNode.getText()) !== argsType) {
      edits.push({ start: typeNode.getStart(), end: typeNode.getEnd(), text: argsType })
    }
  }
  const returnNode = execute.getReturnTypeNode()
  if (returnNode === undefined) {
    if (closeParen !== undefined) edits.push({ start: closeParen.getEnd(), end: closeParen.getEnd(), text: `: ${returnType}` })
  } else if (withoutSpaces(returnNode.getText()) !== returnType) {
    edits.push({ start: returnNode.getStart(), end: returnNode.getEnd(), text: returnType })
  }
}

function overrideWarnings(definition: ObjectLiteralExpression, spread: SpreadAssignment): StubProblem[] {
  const warnings: StubProblem[] = []
  for (const member of definition.getProperties()) {
    if (member.getStart() < spread.getEnd() || Node.isSpreadAssignment(member)) continue
    const nameNode = member.getNameNode()
    const name = Node.isIdentifier(nameNode) ? nameNode.getText() : Node.isStringLiteral(nameNode) ? nameNode.getLiteralText() : undefined
    if (name !== undefined && DECLARED.includes(name)) {
      warnings.push({ kind: 'override', message: `\`${name}\` here overrides the value declared in the YAML`, offset: member.getStart() })
    }
  }
  return warnings
}
