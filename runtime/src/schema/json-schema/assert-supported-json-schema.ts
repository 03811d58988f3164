import { JsonSchemaError } from '../../errors/json-schema-error.js'
import { checkJsonSchema } from './check-json-schema.js'
import type { JsonSchemaNode } from './json-schema-node.js'

/**
 * Asserts that `node` is a schema of the enforced raw subset (any JSON root). Throws one
 * {@link JsonSchemaError} whose `issues` list every bad path; see {@link checkJsonSchema} for the rules.
 */
export function assertSupportedJsonSchema(node: unknown): asserts node is JsonSchemaNode {
  const issues = checkJsonSchema(node)
  if (issues.length > 0) throw new JsonSchemaError(issues)
}
