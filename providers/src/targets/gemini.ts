import type { LowerProfile } from '../lower-schema.js'

// Gemini function declarations (https://ai.google.dev/api/caching#FunctionDeclaration, the @google/genai
// FunctionDeclaration type). Rules, from Google's documentation:
// - name: "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores,
//   dots and dashes, with a maximum length of 64."
// - parameters: the OpenAPI 3.0 Schema subset (https://ai.google.dev/api/caching#Schema): type (an
//   upper-case Type, one type, not an array of types), format (NUMBER: float, double; INTEGER: int32,
//   int64; STRING: enum, date-time), title, description, nullable, enum ("for Type.STRING"), items,
//   minItems, maxItems, properties, required, minProperties, maxProperties, minLength, maxLength,
//   pattern, example, anyOf, default, minimum, maximum. No additionalProperties, const, oneOf,
//   exclusive bounds, multipleOf or uniqueItems: const becomes a one-value enum (strings), a null
//   branch becomes nullable, oneOf becomes anyOf, the rest moves into the description.
//   Parameter names "must start with a letter or an underscore and must only contain chars a-z, A-Z,
//   0-9, or underscores with a maximum length of 64".
// - parametersJsonSchema: JSON Schema, "mutually exclusive with parameters"; Gemini's JSON Schema
//   support (https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support) covers type,
//   properties, required, additionalProperties, items, enum, anyOf (oneOf "is interpreted as anyOf"),
//   format, minimum, maximum, minItems, maxItems, title, description; other keywords are ignored, so
//   they move into the description.

/** Gemini's function-name rule. */
export const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/
/** Gemini's parameter-name rule (the `parameters` form). */
export const GEMINI_PARAMETER_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/

/** Gemini's `parameters` (OpenAPI subset). */
export const GEMINI_PARAMETERS: LowerProfile = {
  label: "Gemini's parameters (OpenAPI subset)",
  keep: new Set([
    'type', 'properties', 'required', 'items', 'enum', 'anyOf', 'description', 'title', 'default', 'format', 'minimum', 'maximum',
    'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minProperties', 'maxProperties',
  ]),
  formats: new Set(['float', 'double', 'int32', 'int64', 'enum', 'date-time']),
  closeObjects: false,
  optionalAsNull: false,
  oneOf: 'anyOf',
  constAsEnum: true,
  openApi: true,
  blockAnyJson: false,
}

/** Gemini's `parametersJsonSchema`. */
export const GEMINI_JSON_SCHEMA: LowerProfile = {
  label: "Gemini's parametersJsonSchema",
  keep: new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'anyOf', 'description', 'title', 'format', 'minimum', 'maximum', 'minItems', 'maxItems']),
  closeObjects: false,
  optionalAsNull: false,
  oneOf: 'anyOf',
  constAsEnum: true,
  openApi: false,
  blockAnyJson: false,
}
