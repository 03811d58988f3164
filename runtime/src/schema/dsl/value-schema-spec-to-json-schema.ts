import { JsonSchemaError } from '../../errors/json-schema-error.js'
import { assertSupportedJsonSchema } from '../json-schema/check-json-schema.js'
import type { JsonSchemaNode } from '../json-schema/json-schema-node.js'
import { translateValueSpec } from './translate-spec.js'
import type { ValueSchemaSpec } from './value-schema-spec.js'

// Specs are immutable declarations (`as const` in generated code), so one compilation per spec object suffices.
const compiled = new WeakMap<object, JsonSchemaNode>()

/**
 * Compiles a `ValueSchemaSpec` (any root) into its frozen raw JSON Schema, cached per
 * spec object. Throws one `JsonSchemaError` listing every DSL issue (JSON Pointers into
 * the spec); nothing is partially accepted.
 */
export function valueSchemaSpecToJsonSchema(spec: ValueSchemaSpec): JsonSchemaNode {
  const isObject = typeof spec === 'object' && spec !== null
  const cached = isObject ? compiled.get(spec) : undefined
  if (cached !== undefined) return cached
  const translation = translateValueSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'value schema spec')
  // The DSL is a strict subset of the raw subset; this holds unless the translation has a bug.
  assertSupportedJsonSchema(translation.schema)
  if (isObject) compiled.set(spec, translation.schema)
  return translation.schema
}
