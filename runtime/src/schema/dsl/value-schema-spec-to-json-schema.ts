import { JsonSchemaError } from '../../errors/json-schema-error.js'
import type { JsonSchemaNode } from '../json-schema/json-schema-node.js'
import { translateValueSpec } from './translate-spec.js'
import type { ValueSchemaSpec } from './value-schema-spec.js'

/**
 * Compiles a `ValueSchemaSpec` (any root) into its frozen raw JSON Schema, cached per
 * spec object. Throws one `JsonSchemaError` listing every DSL issue (JSON Pointers into
 * the spec); nothing is partially accepted.
 */
export function valueSchemaSpecToJsonSchema(spec: ValueSchemaSpec): JsonSchemaNode {
  const translation = translateValueSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'value schema spec')
  return translation.schema
}
