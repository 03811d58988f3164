import { JsonSchemaError } from '../../errors/json-schema-error.js'
import { assertSupportedJsonSchema } from '../json-schema/assert-supported-json-schema.js'
import type { ObjectJsonSchema } from '../json-schema/json-schema-node.js'
import { translateParameterSpec } from './translate-spec.js'
import type { ParameterSchemaSpec } from './value-schema-spec.js'

// Specs are immutable declarations (`as const` in generated code), so one compilation per spec object suffices.
const compiled = new WeakMap<object, ObjectJsonSchema>()

/**
 * Compiles a `ParameterSchemaSpec` into the model-facing root `{ type: 'object',
 * properties, required? }` (`required` only when non-empty, in declaration order; no
 * `additionalProperties` key, so the root stays open), frozen and cached per spec
 * object. Throws one `JsonSchemaError` listing every DSL issue.
 */
export function parameterSchemaSpecToJsonSchema(spec: ParameterSchemaSpec): ObjectJsonSchema {
  const isObject = typeof spec === 'object' && spec !== null
  const cached = isObject ? compiled.get(spec) : undefined
  if (cached !== undefined) return cached
  const translation = translateParameterSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'parameter schema spec')
  // The DSL is a strict subset of the raw subset; this holds unless the translation has a bug.
  assertSupportedJsonSchema(translation.schema)
  if (isObject) compiled.set(spec, translation.schema)
  return translation.schema
}
