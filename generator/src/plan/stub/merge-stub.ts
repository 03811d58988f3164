import { type ImportDeclaration, Node, type ObjectLiteralExpression, type SourceFile, type SpreadAssignment, SyntaxKind } from 'ts-morph'
import { jsonText } from '../../model/tool-declaration.js'
import { findStubWiring, memberName, type StubOutcome, type StubProblem, type StubWiring, type WiringNames, withParsedStub } from './find-stub-wiring.js'

/** An existing stub brought up to date: its new text and what the author should hear about. */
export interface StubMerge {
  readonly text: string
  readonly changed: boolean
  /** Author code that overrides declared values (allowed, but the YAML no longer tells the truth). */
  readonly warnings: readonly StubProblem[]
}

/** An import statement to format and put at `[start, end)`; `line` says how it joins the text around it. */
interface PendingImport {
  readonly start: number
  readonly end: number
  readonly statement: string
  readonly line: 'before' | 'after' | 'in-place'
}

/** The edits one merge needs; `imports` are formatted before they become edits. */
interface MergePlan {
  readonly edits: TextEdit[]
  readonly imports: PendingImport[]
  readonly warnings: StubProblem[]
}

// Properties the declaration spread provides; written after the spread they replace the YAML's value.
const DECLARED = ['name', 'description', 'parameters', 'timeoutMs', 'isConcurrencySafe', 'concurrencySafe', 'kind', 'annotations', 'approval']

const withoutSpaces = (text: string): string => text.replace(/\s+/g, '')

/** Updates only a stub's wiring (generated imports, `output.schema`, `execute`'s annotations) by text edits at node
 * ranges, so every other byte stays as the author left it; only a rewritten or re-inserted import is formatted. */
export async function mergeStub(
  path: string,
  text: string,
  names: WiringNames,
  formatStatement: (statement: string) => Promise<string>,
): Promise<StubOutcome<StubMerge>> {
  const planned = withParsedStub(path, text, (file) => {
    const found = findStubWiring(file, names)
    if (!found.ok) return found
    const lastImport = file.getImportDeclarations().at(-1)
    const insertAt: PendingImport =
      lastImport === undefined
        ? { start: file.getStatements()[0]?.getStart() ?? 0, end: file.getStatements()[0]?.getStart() ?? 0, statement: canonicalImport(names, []), line: 'before' }
        : { start: lastImport.getEnd(), end: lastImport.getEnd(), statement: canonicalImport(names, []), line: 'after' }
    const plan = planMerge(found.value, names, insertAt)
    if (plan.ok) callEdits(file, found.value, names, plan.value.edits)
    return plan
  })
  if (!planned.ok) return planned
  const { edits, imports, warnings } = planned.value
  // Inserted text takes the stub's own line ends, so a CRLF file stays CRLF throughout.
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  for (const pending of imports) {
    const statement = (await formatStatement(pending.statement)).trimEnd().replace(/\r?\n/g, eol)
    const joined = pending.line === 'before' ? `${statement}${eol}` : pending.line === 'after' ? `${eol}${statement}` : statement
    edits.push({ start: pending.start, end: pending.end, text: joined })
  }
  const merged = edits.length === 0 ? text : applyTextEdits(text, edits)
  return { ok: true, value: { text: merged, changed: merged !== text, warnings } }
}

/** `import { <kept>, <generated names> } from '<module>'` (unformatted), in the author's spelling of the module. */
function canonicalImport(names: WiringNames, kept: readonly string[], absent?: readonly string[], specifier = names.generatedSpecifier): string {
  const wanted = absent ?? [names.declaration, names.outputSpec, `type ${names.argsType}`, `type ${names.outputType}`]
  return `import { ${[...kept, ...wanted].join(', ')} } from ${jsonText(specifier)}\n`
}

function planMerge(wiring: StubWiring, names: WiringNames, insertAt: PendingImport): StubOutcome<MergePlan> {
  const edits: TextEdit[] = []
  const imports: PendingImport[] = []
  if (wiring.generatedImport === undefined) {
    // After the last import on a new line, or (with no import left) just before the first statement.
    imports.push(insertAt)
  } else {
    const problem = importEdits(wiring.generatedImport, wiring.importedNames, names, edits, imports, insertAt)
    if (problem !== undefined) return { ok: false, problem }
  }
  schemaEdit(wiring, names, edits)
  executeEdits(wiring, names, edits)
  return { ok: true, value: { edits, imports, warnings: overrideWarnings(wiring.definition, wiring.spread) } }
}

function importEdits(
  declaration: ImportDeclaration,
  imported: ReadonlyMap<string, 'value' | 'type'>,
  names: WiringNames,
  edits: TextEdit[],
  imports: PendingImport[],
  insertAt: PendingImport,
): StubProblem | undefined {
  for (const value of [names.declaration, names.outputSpec]) {
    if (imported.get(value) === 'type') {
      return { kind: 'wiring', message: `import ${value} from ${names.generatedSpecifier} as a value, not with \`import type\``, offset: declaration.getStart() }
    }
  }
  const wanted = [names.declaration, names.outputSpec, `type ${names.argsType}`, `type ${names.outputType}`]
  const absent = wanted.filter((specifier) => !imported.has(specifier.replace(/^type /, '')))
  if (absent.length === 0) return undefined
  const specifier = declaration.getModuleSpecifierValue()
  const namedImports = declaration.getImportClause()?.getNamedBindings()
  if (declaration.isTypeOnly()) {
    // Only `import type` of the module is left: the missing names come in an import of their own.
    imports.push({ ...insertAt, statement: canonicalImport(names, [], absent, specifier) })
    return undefined
  }
  if (!Node.isNamedImports(namedImports)) {
    return {
      kind: 'wiring',
      message: `import the generated module ${names.generatedSpecifier} with named value imports ({ ${names.declaration}, ... })`,
      offset: declaration.getStart(),
    }
  }
  const elements = namedImports.getElements()
  const last = elements.at(-1)
  const source = declaration.getText()
  if (declaration.getImportClause()?.getDefaultImport() === undefined && !source.includes('//') && !source.includes('/*')) {
    // Rewritten whole and formatted; specifiers the author added or aliased are kept as written.
    const kept = elements.map((element) => element.getText())
    imports.push({ start: declaration.getStart(), end: declaration.getEnd(), statement: canonicalImport(names, kept, absent, specifier), line: 'in-place' })
    return undefined
  }
  // Comments inside the import are the author's: the missing names are inserted beside them instead.
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
  if (execute === undefined) return
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

const RUNTIME = '@toolsmith/runtime'

// `defineTypedTool<Args, Output>` spares the checker inferring the types from the specs: an older `defineTool(...)`
// is rewritten with its import, stale type arguments replaced; a call through anything else is the author's.
function callEdits(file: SourceFile, wiring: StubWiring, names: WiringNames, edits: TextEdit[]): void {
  const callee = wiring.call.getExpression()
  const wanted = `<${wiring.local(names.argsType)}, ${wiring.local(names.outputType)}>`
  const typeArguments = wiring.call.getTypeArguments()
  const typeText = typeArguments.length === 0 ? '' : `<${typeArguments.map((node) => node.getText()).join(', ')}>`
  if (!Node.isIdentifier(callee)) return
  const calleeName = callee.getText()
  const runtimeImport = file.getImportDeclarations().find((declaration) => declaration.getModuleSpecifierValue() === RUNTIME && !declaration.isTypeOnly())
  const imported = (name: string) => runtimeImport?.getNamedImports().find((specifier) => (specifier.getAliasNode()?.getText() ?? specifier.getName()) === name)
  if (calleeName === 'defineTypedTool' || imported(calleeName)?.getName() === 'defineTypedTool') {
    if (withoutSpaces(typeText) !== withoutSpaces(wanted)) {
      const end = typeArguments.length === 0 ? callee.getEnd() : (wiring.call.getFirstChildByKind(SyntaxKind.GreaterThanToken)?.getEnd() ?? callee.getEnd())
      edits.push({ start: callee.getEnd(), end, text: wanted })
    }
    return
  }
  const defineToolImport = imported(calleeName)
  if (calleeName !== 'defineTool' || defineToolImport === undefined || defineToolImport.getName() !== 'defineTool' || typeArguments.length > 0) return
  edits.push({ start: callee.getStart(), end: callee.getEnd(), text: `defineTypedTool${wanted}` })
  // The import follows: `defineTool` becomes `defineTypedTool` when the call was its only use, or gains a neighbour.
  const uses = file.getDescendantsOfKind(SyntaxKind.Identifier).filter((identifier) => identifier.getText() === 'defineTool').length
  const hasTyped = imported('defineTypedTool') !== undefined
  if (hasTyped) return
  if (uses <= 2 && defineToolImport.getAliasNode() === undefined) {
    edits.push({ start: defineToolImport.getStart(), end: defineToolImport.getEnd(), text: 'defineTypedTool' })
  } else {
    edits.push({ start: defineToolImport.getEnd(), end: defineToolImport.getEnd(), text: ', defineTypedTool' })
  }
}

function overrideWarnings(definition: ObjectLiteralExpression, spread: SpreadAssignment): StubProblem[] {
  const warnings: StubProblem[] = []
  for (const member of definition.getProperties()) {
    const name = member.getStart() < spread.getEnd() ? undefined : memberName(member)
    if (name !== undefined && DECLARED.includes(name)) {
      warnings.push({ kind: 'override', message: `\`${name}\` here overrides the value declared in the YAML`, offset: member.getStart() })
    }
  }
  return warnings
}

/** Replace `text[start, end)` with `text`. */
export interface TextEdit {
  readonly start: number
  readonly end: number
  readonly text: string
}

/** Applies non-overlapping edits; every byte outside their ranges stays as it was. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  let result = ''
  let cursor = 0
  for (const edit of ordered) {
    if (edit.start < cursor) throw new Error(`overlapping stub edits at ${edit.start}`)
    result += text.slice(cursor, edit.start) + edit.text
    cursor = edit.end
  }
  return result + text.slice(cursor)
}
