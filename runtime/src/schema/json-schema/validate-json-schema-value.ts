import type { JsonSchemaNode, ValidationResult } from './json-schema-node.js'
import { interpretValidate } from './interpret-json-schema.js'
import { prepareJsonSchema } from './prepared-schema.js'

/**
 * Validates `value` against a raw subset schema by interpretation: `{ valid, errors }` with every
 * error (at most MAX_ISSUES, in traversal order) as a JSON Pointer into the value.
 *
 * The schema is asserted first (an unsupported schema throws one JsonSchemaError) and cached per
 * schema object, which is treated as immutable from then on. For any value it never throws, never
 * hangs and never writes to a prototype. Values are read the way JSON sees them: plain objects by
 * their own enumerable string keys (inherited keys never count: `{}` has no `constructor`, and an
 * own `__proto__` is an ordinary key), dense plain arrays by index. Anything else — NaN, ±Infinity,
 * undefined, functions, symbols, bigints, Dates and other non-plain objects, array subclasses, holes,
 * cycles, nesting deeper than MAX_JSON_DEPTH — is invalid with an error, also where the schema leaves
 * the value unconstrained (`{}`, no `items`, an open object's extra keys). A getter is read like a
 * data property; if it or a Proxy trap throws, the value is invalid with one error at the root.
 * Symbol-keyed and non-enumerable properties are not part of the JSON view and are ignored here
 * (materializeJson rejects them). `oneOf` applies together with its sibling keywords.
 */
export function validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown): ValidationResult {
  return interpretValidate(prepareJsonSchema(schema), value)
}
