// Barrel of this area: export each public name here; the package root re-exports this file.
export { checkJsonSchema, MAX_SCHEMA_NODES } from './check-json-schema.js'
export { assertSupportedJsonSchema } from './check-json-schema.js'
export { assertObjectJsonSchema } from './assert-object-json-schema.js'
export { validateJsonSchemaValue } from './validate-json-schema-value.js'
export { compileJsonSchema } from './compile-json-schema.js'
export type { CompiledJsonSchema } from './compile-json-schema.js'
export { STRING_FORMATS } from './string-formats.js'
export { CONSTRAINT_KEYWORDS, MAX_PATTERN_INPUT } from './value-constraints.js'
