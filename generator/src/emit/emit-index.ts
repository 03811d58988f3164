import { tsPropertyName, tsStringLiteral } from '../format/ts-literals.js'
import { generatedHeader } from './generated-header.js'
import { toolPaths } from './output-paths.js'
import { toolIdentifiers } from './tool-identifiers.js'

/**
 * The generator-owned `<out>/index.ts`, unformatted: each stub's default export imported and re-exported under
 * its camelCase name; `ToolsByName`, an interface naming each tool's `TypedTool<Args, Output>` with the types
 * the generated modules declare; and `tools`, every definition sorted by name (code-unit order, never locale
 * order), annotated with those named entries (each element cast to its entry, which only narrows its `name` to the
 * literal: a stub's `defineTypedTool<Args, Output>` cannot infer it). The annotation is what keeps editors fast: a file that uses
 * `tools` takes its type from the generated type declarations, never by inferring every stub's `defineTool` call.
 */
export function emitIndex(toolNames: readonly string[]): string {
  const sorted = [...toolNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const bindings = sorted.map((name) => ({ name, ids: toolIdentifiers(name), binding: toolIdentifiers(name).exportName }))
  return [
    generatedHeader(),
    "import type { TypedTool } from '@toolsmith/runtime'",
    ...bindings.map(({ name, ids }) => `import type { ${ids.argsType}, ${ids.outputType} } from ${tsStringLiteral(toolPaths('.', name).generatedSpecifier)}`),
    ...bindings.map(({ name, binding }) => `import ${binding} from ${tsStringLiteral(`./${name}.js`)}`),
    '',
    bindings.length === 0 ? '' : `export { ${bindings.map(({ binding }) => binding).join(', ')} }`,
    '',
    '/** Every tool by name, with the argument and output types generated beside its specs. */',
    `export interface ToolsByName {${bindings.length === 0 ? '}' : ''}`,
    ...bindings.map(({ name, ids }) => `  readonly ${tsPropertyName(name)}: TypedTool<${ids.argsType}, ${ids.outputType}, ${tsStringLiteral(name)}>`),
    ...(bindings.length === 0 ? [] : ['}']),
    '',
    '/** Every tool, sorted by name. */',
    `export const tools: readonly [${bindings.map(({ name }) => `ToolsByName[${tsStringLiteral(name)}]`).join(', ')}] = [${bindings.map(({ name, binding }) => `${binding} as ToolsByName[${tsStringLiteral(name)}]`).join(', ')}]`,
    '',
  ].join('\n')
}
