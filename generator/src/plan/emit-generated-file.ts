import { generatedHeader } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { leadingComment as comment, docComment, type Expression, type ObjectMember, property, type Statement, stringExpression, type TsPart } from '../model/typescript-tree.js'
import type { ToolIdentifiers } from './tool-identifiers.js'
import { argsTypeDeclaration, outputTypeDeclaration } from './types/type-declaration.js'

/** One tool's generated module as the subset's trees. */
export interface GeneratedModule {
  /** In order: header, import and specs, then the `<Name>Args` and `<Name>Output` declarations. */
  readonly parts: readonly TsPart[]
  /** The `<Name>Output` declaration (the last part), for the catalog. */
  readonly output: TsPart
}

// The declaration's limits and annotations, written on one line.
function jsonExpression(value: unknown): Expression {
  if (value === null) return { kind: 'null' }
  if (typeof value === 'string') return stringExpression(value)
  if (typeof value === 'boolean') return { kind: 'literal', literal: { kind: 'boolean', value } }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${String(value)}`)
    const negative = value < 0 || Object.is(value, -0)
    return { kind: 'literal', literal: { kind: 'number', raw: String(Math.abs(value)), negative } }
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    return { kind: 'object', members: Object.entries(value).map(([key, item]) => property(key, jsonExpression(item))), trailingComments: [], broken: false }
  }
  throw new TypeError(`not a declaration value: ${typeof value}`)
}


/** `<out>/generated/<name>.ts`: `as const` specs, the declaration const the stub spreads, Args and Output types. Specs
 * print one node per line under `// prettier-ignore`, so a YAML change diffs only the nodes it touched. */
export function emitGeneratedModule(declaration: ToolDeclaration, ids: ToolIdentifiers): GeneratedModule {
  const argsType = argsTypeDeclaration(declaration.parameters, declaration.description, ids.argsType)
  const outputType = outputTypeDeclaration(declaration.output, ids.outputType)
  const name = `\`${declaration.name}\``
  const typeImports = ['ParameterSchemaSpec', 'ValueSchemaSpec']
  if (argsType.usesJsonValue || outputType.usesJsonValue) typeImports.unshift('JsonValue')
  const spec = (binding: string, value: unknown, type: string, doc: string): Statement => ({
    kind: 'spec',
    exported: true,
    name: binding,
    value,
    satisfies: type,
    comments: [docComment(doc), comment('// prettier-ignore')],
    blankLineAfter: true,
  })
  const members: ObjectMember[] = [
    property('name', stringExpression(declaration.name)),
    property('description', stringExpression(declaration.description)),
    property('parameters', { kind: 'identifier', name: ids.parameters }),
  ]
  if (declaration.timeoutMs !== undefined) members.push(property('timeoutMs', jsonExpression(declaration.timeoutMs)))
  // `concurrencySafe: true` makes every valid call parallel-safe at runtime, so no classifier is emitted.
  if (declaration.concurrencySafe !== undefined) members.push(property('concurrencySafe', jsonExpression(declaration.concurrencySafe)))
  if (declaration.presentation?.kind !== undefined) members.push(property('kind', stringExpression(declaration.presentation.kind)))
  if (declaration.annotations !== undefined) members.push(property('annotations', jsonExpression(declaration.annotations)))
  if (declaration.approval !== undefined) members.push(property('approval', stringExpression(declaration.approval)))
  const statements: Statement[] = [
    {
      kind: 'import',
      typeOnly: true,
      defaultName: undefined,
      specifiers: typeImports.map((specifier) => ({ name: specifier, typeOnly: false })),
      braces: true,
      source: { kind: 'string', value: '@toolsmith/runtime' },
      comments: [comment(generatedHeader(declaration.sourceFile))],
      blankLineAfter: true,
    },
    spec(ids.parameters, declaration.parameters, 'ParameterSchemaSpec', `The parameters of ${name}, as declared in ${declaration.sourceFile}.`),
    spec(ids.outputSpec, declaration.output, 'ValueSchemaSpec', `The output value of ${name}, as declared in ${declaration.sourceFile}.`),
    {
      kind: 'const',
      exported: true,
      name: ids.declaration,
      init: { kind: 'as-const', expression: { kind: 'object', members, trailingComments: [], broken: true } },
      comments: [docComment(`${name} as declared: spread into its \`defineTool\` call, so the YAML stays the one source.`)],
      blankLineAfter: true,
    },
  ]
  return { parts: [{ program: { statements }, text: undefined }, argsType, outputType], output: outputType }
}
