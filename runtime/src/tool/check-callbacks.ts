import { describeValue } from '../json/describe-value.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'

/**
 * Adds an issue for each callback of a tool definition that is not a function: `output.render` and `execute`
 * are required, the others optional. `definition` and `output` are the fields as read (`output` is `undefined`
 * when it could not be read, which is reported elsewhere). Used by `defineTool` and by registration alike.
 */
export function checkCallbacks(
  definition: Readonly<Record<string, unknown>>,
  output: Readonly<Record<string, unknown>> | undefined,
  issues: SchemaIssue[],
): void {
  if (output !== undefined) {
    requireFunction(output['render'], '/output/render', issues)
    optionalFunction(output['presentationMeta'], '/output/presentationMeta', issues)
  }
  requireFunction(definition['execute'], '/execute', issues)
  for (const key of ['finalizeContent', 'isConcurrencySafe', 'presentCall', 'presentResult']) optionalFunction(definition[key], `/${key}`, issues)
}

function requireFunction(value: unknown, path: string, issues: SchemaIssue[]): void {
  if (typeof value !== 'function') issues.push({ path, message: `must be a function, found ${describeValue(value)}` })
}

function optionalFunction(value: unknown, path: string, issues: SchemaIssue[]): void {
  if (value !== undefined) requireFunction(value, path, issues)
}
