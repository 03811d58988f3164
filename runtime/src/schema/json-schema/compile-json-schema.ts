import { escapeJsonPointerToken } from '../../json/json-value.js'
import { collectJsonDeep, isJsonDeep } from './deep-json-check.js'
import { emitValidatorSource } from './emit-validator-source.js'
import { interpretIs, interpretValidate, isJsonKind } from './interpret-json-schema.js'
import type { JsonSchemaNode, ValidationResult } from './json-schema-node.js'
import { type PreparedNode, prepareJsonSchema } from './prepared-schema.js'
import { FORMAT_CHECKS } from './string-formats.js'
import { addError, finishValidation, notJsonMessage, typeMismatchMessage } from './validation-messages.js'
import { codePointLength, hasDuplicateItems, isMultipleOf } from './value-constraints.js'

/** A validator compiled once for one schema. */
export interface CompiledJsonSchema {
  /** Whether `value` is valid; the fast path (no allocation for a valid value). Never throws. */
  is(value: unknown): boolean
  /** The same answer with every error, exactly as {@link validateJsonSchemaValue} reports them. Never throws. */
  validate(value: unknown): ValidationResult
}

const compiled = new WeakMap<object, CompiledJsonSchema>()

/**
 * Compiles a raw subset schema into straight-line JavaScript (via `new Function`) and caches the
 * result per schema object: the same object returns the same validator. Asserts the schema first
 * (an unsupported schema throws one JsonSchemaError). `is` and `validate` give the interpreter's
 * answers — `validate` its exact errors in the same order. Where code generation is unavailable
 * (`new Function` throws, e.g. under a Content Security Policy or
 * `--disallow-code-generation-from-strings`), the interpreter is used transparently.
 */
export function compileJsonSchema(schema: JsonSchemaNode): CompiledJsonSchema {
  const cached = compiled.get(schema)
  if (cached !== undefined) return cached
  const node = prepareJsonSchema(schema)
  const validator = generate(node) ?? interpreted(node)
  compiled.set(schema, validator)
  return validator
}

function interpreted(node: PreparedNode): CompiledJsonSchema {
  return Object.freeze({
    is: (value: unknown) => interpretIs(node, value),
    validate: (value: unknown) => interpretValidate(node, value),
  })
}

function generate(node: PreparedNode): CompiledJsonSchema | undefined {
  const env = {
    isArray: Array.isArray,
    getProto: Object.getPrototypeOf,
    PROBE: Symbol('toolsmith validator probe'),
    OP: Object.prototype,
    AP: Array.prototype,
    pie: Object.prototype.propertyIsEnumerable,
    isInteger: Number.isInteger,
    isJsonKind,
    isJsonDeep,
    collectJsonDeep,
    addError,
    finish: finishValidation,
    typeMsg: typeMismatchMessage,
    notJsonMsg: notJsonMessage,
    slowIs: (value: unknown) => interpretIs(node, value),
    slowValidate: (value: unknown) => interpretValidate(node, value),
    esc: escapeJsonPointerToken,
    cpLen: codePointLength,
    isMult: isMultipleOf,
    hasDup: hasDuplicateItems,
    formats: FORMAT_CHECKS,
    keys: Object.keys,
  }
  let factory: (environment: typeof env) => CompiledJsonSchema
  try {
    const source = emitValidatorSource(node)
    factory = new Function('env', source) as typeof factory
  } catch {
    // No code generation here (CSP, a locked-down realm) or a schema too deep for the parser.
    return undefined
  }
  const { is, validate } = factory(env)
  return Object.freeze({ is, validate })
}

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
