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
import { byCodeUnit, toolPaths } from './output-paths.js'
import { toolIdentifiers } from './tool-identifiers.js'

const RUNTIME: StringLiteral = { kind: 'string', value: '@toolsmith/runtime' }

/** `<out>/index.ts`: the stubs re-exported, a `<Pascal>Tool` alias each, `ToolsByName`, `tools` sorted by code unit.
 * Annotating `tools` with aliases the checker defers keeps editors fast: a tool's types resolve only when read. */
export function emitIndex(toolNames: readonly string[]): TsPart {
  const sorted = [...toolNames].sort(byCodeUnit)
  const tools = sorted.map((name) => ({ name, ids: toolIdentifiers(name), literal: stringLiteral(name) }))
  // A tool named `typed` has the alias `TypedTool`; `TypedTool_` cannot clash (tool names never hold `_`).
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
  // The cast only narrows `name` to its literal, which `defineTypedTool<Args, Output>` cannot infer.
  const init: Expression = { kind: 'array', elements: tools.map(({ ids }): Expression => ({ kind: 'as', expression: identifier(ids.exportName), type: typeReference(ids.entryType) })) }
  const type: TypeNode = { kind: 'readonly', type: { kind: 'tuple', elements: tools.map(({ ids }) => typeReference(ids.entryType)) } }
  statements.push(statement({ kind: 'const', exported: true, name: 'tools', type, init }, ['/** Every tool, sorted by name. */']))
  return { program: { statements }, text: undefined }
}

