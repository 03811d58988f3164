import { tsStringLiteral } from '../format/ts-string-literal.js'
import { generatedHeader } from './generated-header.js'
import { toolIdentifiers } from './tool-identifiers.js'

/**
 * The generator-owned `<out>/index.ts`, unformatted: each stub's default export imported and re-exported under
 * its camelCase name, and `tools`, every definition sorted by name (code-unit order, never locale order).
 */
export function emitIndex(toolNames: readonly string[]): string {
  const sorted = [...toolNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const bindings = sorted.map((name) => ({ name, binding: toolIdentifiers(name).exportName }))
  return [
    generatedHeader(),
    "import type { ToolDefinition } from '@toolsmith/runtime'",
    ...bindings.map(({ name, binding }) => `import ${binding} from ${tsStringLiteral(`./${name}.js`)}`),
    '',
    bindings.length === 0 ? '' : `export { ${bindings.map(({ binding }) => binding).join(', ')} }`,
    '',
    '/** Every tool, sorted by name. */',
    `export const tools = [${bindings.map(({ binding }) => binding).join(', ')}] as const satisfies readonly ToolDefinition[]`,
    '',
  ].join('\n')
}
