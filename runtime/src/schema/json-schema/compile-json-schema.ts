import { emitValidatorSource, validatorEnv } from './emit-validator-source.js'
import { interpretIs, interpretValidate } from './interpret-json-schema.js'
import type { JsonSchemaNode, ValidationResult } from './json-schema-node.js'
import { type PreparedNode, prepareJsonSchema } from './prepared-schema.js'

/** A validator compiled once for one schema. */
export interface CompiledJsonSchema {
  /** Whether `value` is valid; the fast path (no allocation for a valid value). Never throws. */
  is(value: unknown): boolean
  /** The same answer with every error, exactly as {@link validateJsonSchemaValue} reports them. Never throws. */
  validate(value: unknown): ValidationResult
}

const compiled = new WeakMap<object, CompiledJsonSchema>()

/**
 * Compiles a raw subset schema to straight-line JavaScript, one validator per schema object; throws one JsonSchemaError
 * if unsupported. Answers exactly as the interpreter, which it falls back to where `new Function` is unavailable (CSP).
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
  const env = validatorEnv(node)
  let factory: (environment: typeof env) => CompiledJsonSchema
  try {
    const source = emitValidatorSource(node, Object.keys(env))
    factory = new Function('env', source) as typeof factory
  } catch {
    // No code generation here (CSP, a locked-down realm) or a schema too deep for the parser.
    return undefined
  }
  const { is, validate } = factory(env)
  return Object.freeze({ is, validate })
}

/**
 * Validates `value` by interpretation: `{ valid, errors }`, at most MAX_ISSUES at JSON Pointers. Throws one
 * JsonSchemaError for an unsupported schema (asserted once per object, then treated as immutable); for any value it
 * never throws, hangs or writes to a prototype. Anything but plain JSON (NaN, Dates, holes, cycles, nesting past
 * MAX_JSON_DEPTH, a throwing getter) is an error even where unconstrained; symbol and non-enumerable keys are ignored.
 */
export function validateJsonSchemaValue(schema: JsonSchemaNode, value: unknown): ValidationResult {
  return interpretValidate(prepareJsonSchema(schema), value)
}
