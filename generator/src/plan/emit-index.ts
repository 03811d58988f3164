import { generatedHeader } from '../model/plan.js'
import {
  type Expression,
  identifier,
  propertyKey,
  type Statement,
  statement,
  stringLiteral,
  type StringLiteral,
  type TsPart,
  type TypeMember,
  type TypeNode,
  typeReference,
} from '../model/typescript-tree.js'
import { toolPaths } from './output-paths.js'
import { toolIdentifiers } from './tool-identifiers.js'

const RUNTIME: StringLiteral = { kind: 'string', value: '@toolsmith/runtime' }

/**
 * The generator-owned `<out>/index.ts`, as the subset's tree: each stub's default export imported and re-exported
 * under its camelCase name; one type alias per tool, `<Pascal>Tool = TypedTool<Args, Output, 'name'>`, with the types
 * the generated modules declare; `ToolsByName`, an interface naming each tool's alias; and `tools`, every
 * definition sorted by name (code-unit order, never locale order), annotated with the aliases (each element cast to
 * its alias, which only narrows its `name` to the literal: a stub's `defineTypedTool<Args, Output>` cannot infer it).
 *
 * The annotation is what keeps editors fast: a file that uses `tools` takes its type from the generated type
 * declarations, never by inferring every stub's `defineTool` call. The aliases keep it fast with many tools: the
 * checker defers the type arguments of a generic reference that is a type alias's whole body, so the type of
 * `tools` (or of `ToolsByName`) costs one local alias per tool, and a tool's argument and output types are resolved
 * (through their modules) only when that tool's members are read. Written inline, every `TypedTool<Args, Output>`
 * entry resolved both imports as soon as the tuple was built.
 */
export function emitIndex(toolNames: readonly string[]): TsPart {
  const sorted = [...toolNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const tools = sorted.map((name) => ({ name, ids: toolIdentifiers(name), literal: stringLiteral(name) }))
  // A tool whose PascalCase name is `Typed` has the alias `TypedTool`: the runtime's type is then imported as
  // `TypedTool_`, which no tool's names can take (they never hold `_`, and bindings start in lower case).
  const typedTool = tools.some(({ ids }) => ids.entryType === 'TypedTool') ? 'TypedTool_' : 'TypedTool'
  const statements: Statement[] = [
    statement(
      { kind: 'import', typeOnly: true, defaultName: undefined, specifiers: [{ name: 'TypedTool', ...(typedTool === 'TypedTool' ? {} : { alias: typedTool }), typeOnly: false }], braces: true, source: RUNTIME },
      [generatedHeader()],
    ),
    ...tools.map(({ name, ids }) =>
      statement({
        kind: 'import',
        typeOnly: true,
        defaultName: undefined,
        specifiers: [{ name: ids.argsType, typeOnly: false }, { name: ids.outputType, typeOnly: false }],
        braces: true,
        source: stringLiteral(toolPaths('.', name).generatedSpecifier),
      }),
    ),
    ...tools.map(({ name, ids }) => statement({ kind: 'import', typeOnly: false, defaultName: ids.exportName, specifiers: [], braces: false, source: stringLiteral(`./${name}.js`) })),
  ]
  const spaced = (): void => {
    const last = statements.pop() as Statement
    statements.push({ ...last, blankLineAfter: true })
  }
  spaced()
  if (tools.length > 0) {
    statements.push(statement({ kind: 'export-names', names: tools.map(({ ids }) => ids.exportName) }))
    spaced()
    tools.forEach(({ ids, literal }, index) => {
      const type = typeReference(typedTool, [typeReference(ids.argsType), typeReference(ids.outputType), { kind: 'literal', literal }])
      const comments = index === 0 ? ["// One alias per tool: the checker resolves a tool's argument and output types only when its members are read."] : []
      statements.push(statement({ kind: 'type-alias', exported: false, name: ids.entryType, type }, comments))
    })
    spaced()
  }
  const members = tools.map(
    ({ name, ids }): TypeMember => ({ kind: 'property-signature', readonly: true, key: propertyKey(name), optional: false, type: typeReference(ids.entryType), comments: [], blankLineAfter: false }),
  )
  statements.push(
    statement(
      { kind: 'interface', exported: true, name: 'ToolsByName', body: { kind: 'type-literal', members, broken: true } },
      ['/** Every tool by name, with the argument and output types generated beside its specs. */'],
    ),
  )
  spaced()
  const init: Expression = { kind: 'array', elements: tools.map(({ ids }): Expression => ({ kind: 'as', expression: identifier(ids.exportName), type: typeReference(ids.entryType) })) }
  const type: TypeNode = { kind: 'readonly', type: { kind: 'tuple', elements: tools.map(({ ids }) => typeReference(ids.entryType)) } }
  statements.push(statement({ kind: 'const', exported: true, name: 'tools', type, init }, ['/** Every tool, sorted by name. */']))
  return { program: { statements }, text: undefined }
}

