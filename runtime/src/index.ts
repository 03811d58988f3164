// @toolsmith/runtime: the public surface, grouped by the area that defines it.

// Errors thrown at the boundaries.
export { JsonSchemaError, ToolArgsError, ToolNotFoundError, ToolOutputError, ToolRegistryError } from './errors.js'

// Lossless JSON: the value types, snapshots, JSON Pointers.
export type { JsonArray, JsonObject, JsonScalar, JsonValue } from './json/json-value.js'
export { escapeJsonPointerToken, formatJsonPointer, MAX_ISSUES, MAX_JSON_DEPTH } from './json/json-value.js'
export { materializeJson, type MaterializeResult } from './json/materialize-json.js'
export { isMaterializedJson } from './json/materialized-snapshots.js'

// The enforced raw JSON Schema subset: checks, the interpreter and the compiled validator.
export type * from './schema/json-schema/json-schema-node.js'
export { assertObjectJsonSchema, assertSupportedJsonSchema, checkJsonSchema, MAX_SCHEMA_NODES } from './schema/json-schema/check-json-schema.js'
export { compileJsonSchema, type CompiledJsonSchema, validateJsonSchemaValue } from './schema/json-schema/compile-json-schema.js'
export { STRING_FORMATS } from './schema/json-schema/string-formats.js'
export { CONSTRAINT_KEYWORDS, MAX_PATTERN_INPUT } from './schema/json-schema/value-constraints.js'

// The schema DSL: its types, the static inference, and its translation to JSON Schema.
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
} from './schema/dsl/value-schema-spec.js'
export { INFER_DEPTH_LIMIT, type InferArgs, type InferValue } from './schema/dsl/infer-value.js'
export {
  checkParameterSchemaSpec,
  checkValueSchemaSpec,
  parameterSchemaSpecToJsonSchema,
  validateArgs,
  valueSchemaSpecToJsonSchema,
} from './schema/dsl/translate-spec.js'

// Model-facing content.
export type { ContentBlock, UserMessage } from './content.js'

// Tools: the definition contract and defineTool.
export type * from './tool/tool-definition.js'
export type {
  AnyDefinedTool,
  DefinedTool,
  DefineToolInput,
  DefineToolOutput,
  DefineTypedToolInput,
  ToolArgsOf,
  ToolOutputOf,
  TypedTool,
} from './tool/defined-tool.js'
export { defineTool, defineTypedTool } from './tool/define-tool.js'
export { resolveToolAnnotations } from './tool/tool-metadata.js'

// The registry: the runtime factory, its types and the typed tools/* events.
export type * from './registry/runtime-types.js'
export { createToolRuntime } from './registry/runtime.js'
export { declaredApprovals } from './registry/gates.js'
export { defineCodeModeTransport } from './registry/tools.js'
