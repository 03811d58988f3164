import { ToolArgsError } from '../../errors/tool-args-error.js'
import { compileJsonSchema } from '../json-schema/compile-json-schema.js'
import type { InferArgs } from './infer-value.js'
import { parameterSchemaSpecToJsonSchema } from './parameter-schema-spec-to-json-schema.js'
import type { ParameterSchemaSpec } from './value-schema-spec.js'

/**
 * Checks `args` against a parameter spec with the compiled validator (compiled once per spec)
 * and returns them typed; throws one `ToolArgsError` (`INVALID_ARGS`) listing every mismatch,
 * with JSON Pointer paths into the arguments.
 */
export function validateArgs<const P extends ParameterSchemaSpec>(parameters: P, args: unknown, toolName?: string): InferArgs<P> {
  const validator = compileJsonSchema(parameterSchemaSpecToJsonSchema(parameters))
  if (validator.is(args)) return args as InferArgs<P>
  throw new ToolArgsError(validator.validate(args).errors, toolName)
}
