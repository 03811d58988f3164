import { tsPropertyName, tsStringLiteral } from '../print/ts-literals.js'
import { generatedHeader } from './generated-header.js'
import { toolPaths } from './output-paths.js'
import { toolIdentifiers } from './tool-identifiers.js'

/**
 * The generator-owned `<out>/index.ts`, unformatted: each stub's default export imported and re-exported under
 * its camelCase name; one type alias per tool, `<Pascal>Tool = TypedTool<Args, Output, 'name'>`, with the types
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
export function emitIndex(toolNames: readonly string[]): string {
  const sorted = [...toolNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const bindings = sorted.map((name) => ({ name, ids: toolIdentifiers(name), binding: toolIdentifiers(name).exportName }))
  // A tool whose PascalCase name is `Typed` has the alias `TypedTool`: the runtime's type is then imported as
  // `TypedTool_`, which no tool's names can take (they never hold `_`, and bindings start in lower case).
  const typedTool = bindings.some(({ ids }) => ids.entryType === 'TypedTool') ? 'TypedTool_' : 'TypedTool'
  return [
    generatedHeader(),
    `import type { ${typedTool === 'TypedTool' ? 'TypedTool' : `TypedTool as ${typedTool}`} } from '@toolsmith/runtime'`,
    ...bindings.map(({ name, ids }) => `import type { ${ids.argsType}, ${ids.outputType} } from ${tsStringLiteral(toolPaths('.', name).generatedSpecifier)}`),
    ...bindings.map(({ name, binding }) => `import ${binding} from ${tsStringLiteral(`./${name}.js`)}`),
    '',
    bindings.length === 0 ? '' : `export { ${bindings.map(({ binding }) => binding).join(', ')} }`,
    '',
    ...(bindings.length === 0
      ? []
      : [
          "// One alias per tool: the checker resolves a tool's argument and output types only when its members are read.",
          ...bindings.map(({ name, ids }) => `type ${ids.entryType} = ${typedTool}<${ids.argsType}, ${ids.outputType}, ${tsStringLiteral(name)}>`),
          '',
        ]),
    '/** Every tool by name, with the argument and output types generated beside its specs. */',
    `export interface ToolsByName {${bindings.length === 0 ? '}' : ''}`,
    ...bindings.map(({ name, ids }) => `  readonly ${tsPropertyName(name)}: ${ids.entryType}`),
    ...(bindings.length === 0 ? [] : ['}']),
    '',
    '/** Every tool, sorted by name. */',
    `export const tools: readonly [${bindings.map(({ ids }) => ids.entryType).join(', ')}] = [${bindings.map(({ ids, binding }) => `${binding} as ${ids.entryType}`).join(', ')}]`,
    '',
  ].join('\n')
}
