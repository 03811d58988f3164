import { JsonSchemaError } from '../../errors/json-schema-error.js'
import { ToolArgsError } from '../../errors/tool-errors.js'
import { type CompiledJsonSchema, compileJsonSchema } from '../json-schema/compile-json-schema.js'
import type { ObjectJsonSchema } from '../json-schema/json-schema-node.js'
import type { InferArgs } from './infer-value.js'
import { translateParameterSpec } from './translate-spec.js'
import type { ParameterSchemaSpec } from './value-schema-spec.js'

/**
 * Compiles a `ParameterSchemaSpec` into the model-facing root `{ type: 'object',
 * properties, required? }` (`required` only when non-empty, in declaration order; no
 * `additionalProperties` key, so the root stays open), frozen and cached per spec
 * object. Throws one `JsonSchemaError` listing every DSL issue.
 */
export function parameterSchemaSpecToJsonSchema(spec: ParameterSchemaSpec): ObjectJsonSchema {
  const translation = translateParameterSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'parameter schema spec')
  return translation.schema
}

/**
 * Checks `args` against a parameter spec with the compiled validator (compiled once per spec)
 * and returns them typed; throws one `ToolArgsError` (`INVALID_ARGS`) listing every mismatch,
 * with JSON Pointer paths into the arguments.
 */
export function validateArgs<const P extends ParameterSchemaSpec>(parameters: P, args: unknown, toolName?: string): InferArgs<P> {
  return checkArgs<InferArgs<P>>(compileJsonSchema(parameterSchemaSpecToJsonSchema(parameters)), args, toolName)
}

/** The check behind {@link validateArgs}, for callers that already hold the compiled validator (`defineTool`). */
export function checkArgs<A>(validator: CompiledJsonSchema, args: unknown, toolName?: string): A {
  if (validator.is(args)) return args as A
  throw new ToolArgsError(validator.validate(args).errors, toolName)
}
