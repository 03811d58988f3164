import { describeValue } from '../json/describe-value.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'

/** Adds an issue per callback that is not a function; `output` is undefined when unreadable (reported elsewhere). */
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
