// Barrel of this area: export each public name here; the package root re-exports this file.
export type {
  ArrayValueSchemaSpec,
  BooleanValueSchemaSpec,
  IntegerValueSchemaSpec,
  JsonValueSchemaSpec,
  NullValueSchemaSpec,
  NumberBounds,
  NumberValueSchemaSpec,
  ObjectValueSchemaSpec,
  OneOfValueSchemaSpec,
  ParameterPropertySpec,
  ParameterSchemaSpec,
  PropertiesSchemaSpec,
  StringBounds,
  StringValueSchemaSpec,
  ValueSchemaAnnotations,
  ValueSchemaSpec,
} from './value-schema-spec.js'
export { INFER_DEPTH_LIMIT } from './infer-value.js'
export type { InferArgs, InferValue } from './infer-value.js'
export { checkParameterSchemaSpec, checkValueSchemaSpec } from './translate-spec.js'
export { valueSchemaSpecToJsonSchema } from './value-schema-spec-to-json-schema.js'
export { parameterSchemaSpecToJsonSchema, validateArgs } from './parameter-schema-spec-to-json-schema.js'
