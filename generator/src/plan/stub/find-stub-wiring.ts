import {
  type ArrowFunction,
  type CallExpression,
  type FunctionExpression,
  type ImportDeclaration,
  type MethodDeclaration,
  Node,
  type ObjectLiteralElementLike,
  type ObjectLiteralExpression,
  type SourceFile,
  type SpreadAssignment,
  createWrappedNode,
  ts,
} from 'ts-morph'

// Reading an author's stub: parsed with the compiler's parser, then its generator-owned wiring found structurally.

/** A problem at a character offset of a stub's text. */
export interface StubProblem {
  /** `syntax`: no parse; `wiring`: a generator-owned part is gone; `override`: author code overrides declared data. */
  readonly kind: 'syntax' | 'wiring' | 'override'
  /** The module has no default export at all: the generated index, which imports it, would not compile. */
  readonly breaksIndex?: boolean
  readonly message: string
  /** 0-based offset into the stub's text. */
  readonly offset: number
}

// The parser's syntax errors, kept (untyped) on the source file node: what `tsc` reports first.
type ParsedSourceFile = ts.SourceFile & { readonly parseDiagnostics?: readonly ts.DiagnosticWithLocation[] }

/** What `use` answered for a parsed stub, or the problem that stopped it. */
export type StubOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: StubProblem }

/** Parses `text` (no project or type checker: a structural merge needs none) and hands its ts-morph tree to `use`; on a
 * syntax error answers the first one as a problem instead. */
export function withParsedStub<T>(path: string, text: string, use: (file: SourceFile) => StubOutcome<T>): StubOutcome<T> {
  const compiled = ts.createSourceFile(`/toolsmith/${path}`, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const syntaxError = (compiled as ParsedSourceFile).parseDiagnostics?.[0]
  if (syntaxError !== undefined) {
    return { ok: false, problem: { kind: 'syntax', message: ts.flattenDiagnosticMessageText(syntaxError.messageText, '\n'), offset: syntaxError.start } }
  }
  return use(createWrappedNode(compiled))
}


/** The names a stub's wiring uses: the generated module and what it exports. */
export interface WiringNames {
  /** `./generated/<name>.js`. */
  readonly generatedSpecifier: string
  readonly declaration: string
  readonly outputSpec: string
  readonly argsType: string
  readonly outputType: string
}

/** The generator-owned parts of a stub, found structurally. */
export interface StubWiring {
  /** The import the merge adds missing names to: the first with named value imports, else any; absent if none. */
  readonly generatedImport: ImportDeclaration | undefined
  /** Every name imported from the generated module, by any import of it: `value`, or `type` when only type-only. */
  readonly importedNames: ReadonlyMap<string, 'value' | 'type'>
  /** The local name an export of the generated module is imported as (its own name when not imported). */
  readonly local: (exported: string) => string
  /** The default-exported call (`defineTypedTool<Args, Output>(...)`, or `defineTool(...)` in an older stub). */
  readonly call: CallExpression
  /** The object literal passed to the default-exported `defineTool(...)`. */
  readonly definition: ObjectLiteralExpression
  /** `...<camel>Declaration` inside it. */
  readonly spread: SpreadAssignment
  /** `output.schema` inside it. */
  readonly schema: ObjectLiteralElementLike
  /** The `execute` function; `undefined` for another expression (`execute: run`): its annotations are the author's. */
  readonly execute: MethodDeclaration | ArrowFunction | FunctionExpression | undefined
}

function unwrap(node: Node | undefined): Node | undefined {
  let current = node
  while (
    current !== undefined &&
    (Node.isParenthesizedExpression(current) || Node.isAsExpression(current) || Node.isSatisfiesExpression(current))
  ) {
    current = current.getExpression()
  }
  return current
}

/** The name of an object literal member: an identifier or string literal; `undefined` for a spread or a computed name. */
export function memberName(member: ObjectLiteralElementLike): string | undefined {
  if (Node.isSpreadAssignment(member)) return undefined
  const nameNode = member.getNameNode()
  if (Node.isIdentifier(nameNode)) return nameNode.getText()
  return Node.isStringLiteral(nameNode) ? nameNode.getLiteralText() : undefined
}

/** The member called `name` of an object literal (identifier or string-literal name; computed names never match). */
export function objectMember(object: ObjectLiteralExpression, name: string): ObjectLiteralElementLike | undefined {
  return object.getProperties().find((member) => memberName(member) === name)
}

const missing = (message: string, node: Node | undefined): StubOutcome<never> => ({
  ok: false,
  problem: { kind: 'wiring', message, offset: node?.getStart() ?? 0 },
})

/** Finds `export default defineTool({ ...<decl>, output: { schema }, execute })` and the generated module's import; a
 * missing piece is a problem naming it, so the stub is reported and left alone rather than guessed at. */
export function findStubWiring(file: SourceFile, names: WiringNames): StubOutcome<StubWiring> {
  // Any spelling: `.js`, `.ts` or no extension, split across several imports (values and `import type`) or not.
  const generated = withoutExtension(names.generatedSpecifier)
  const imports = file.getImportDeclarations().filter((declaration) => withoutExtension(declaration.getModuleSpecifierValue()) === generated)
  const generatedImport =
    imports.find((declaration) => !declaration.isTypeOnly() && Node.isNamedImports(declaration.getImportClause()?.getNamedBindings())) ?? imports[0]
  const locals = new Map<string, string>()
  const importedNames = new Map<string, 'value' | 'type'>()
  for (const declaration of imports) {
    for (const specifier of declaration.getNamedImports()) {
      const name = specifier.getName()
      if (!locals.has(name)) locals.set(name, specifier.getAliasNode()?.getText() ?? name)
      if (!declaration.isTypeOnly() && !specifier.isTypeOnly()) importedNames.set(name, 'value')
      else if (!importedNames.has(name)) importedNames.set(name, 'type')
    }
  }
  const local = (exported: string): string => locals.get(exported) ?? exported

  const exported = file.getExportAssignments().find((assignment) => !assignment.isExportEquals())
  const call = unwrap(exported?.getExpression())
  const definition = Node.isCallExpression(call) ? unwrap(call.getArguments()[0]) : undefined
  if (!Node.isCallExpression(call) || !Node.isObjectLiteralExpression(definition)) {
    const message = 'the stub no longer default-exports `defineTool({ ... })`'
    // Without any default export the index's import of it does not compile: that cannot be only a warning.
    if (hasDefaultExport(file)) return missing(message, exported)
    return { ok: false, problem: { kind: 'wiring', message, offset: exported?.getStart() ?? 0, breaksIndex: true } }
  }
  const spread = definition
    .getProperties()
    .find((member): member is SpreadAssignment => Node.isSpreadAssignment(member) && member.getExpression().getText() === local(names.declaration))
  if (spread === undefined) return missing(`the \`...${names.declaration}\` spread was removed from defineTool({ ... })`, definition)
  const output = objectMember(definition, 'output')
  const outputObject = Node.isPropertyAssignment(output) ? unwrap(output.getInitializer()) : undefined
  if (!Node.isObjectLiteralExpression(outputObject)) return missing('`output: { ... }` was removed from defineTool({ ... })', definition)
  const schema = objectMember(outputObject, 'schema')
  if (schema === undefined) return missing('`output.schema` was removed from defineTool({ ... })', outputObject)
  const executeMember = objectMember(definition, 'execute')
  if (executeMember === undefined) return missing('`execute` was removed from defineTool({ ... })', definition)
  const execute = executeFunction(executeMember)
  return { ok: true, value: { generatedImport, importedNames, local, call, definition, spread, schema, execute } }
}

/** Whether the module has a default export of any form, read from its syntax (no type checker). */
function hasDefaultExport(file: SourceFile): boolean {
  if (file.getExportAssignments().some((assignment) => !assignment.isExportEquals())) return true
  for (const statement of file.getStatements()) {
    if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.hasDefaultKeyword()) return true
    if (Node.isExportDeclaration(statement) && statement.getNamedExports().some((specifier) => (specifier.getAliasNode()?.getText() ?? specifier.getName()) === 'default')) return true
  }
  return false
}

function withoutExtension(specifier: string): string {
  return specifier.replace(/\.[cm]?[jt]s$/, '')
}

function executeFunction(member: ObjectLiteralElementLike | undefined): StubWiring['execute'] | undefined {
  if (Node.isMethodDeclaration(member)) return member
  if (!Node.isPropertyAssignment(member)) return undefined
  const initializer = unwrap(member.getInitializer())
  return Node.isArrowFunction(initializer) || Node.isFunctionExpression(initializer) ? initializer : undefined
}
