import type { ToolResult } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import type { InferArgs, InferValue } from '../schema/dsl/infer-value.js'
import { parameterSchemaSpecToJsonSchema } from '../schema/dsl/parameter-schema-spec-to-json-schema.js'
import { checkArgs } from '../schema/dsl/validate-args.js'
import { valueSchemaSpecToJsonSchema } from '../schema/dsl/value-schema-spec-to-json-schema.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from '../schema/dsl/value-schema-spec.js'
import { compileJsonSchema } from '../schema/json-schema/compile-json-schema.js'
import type { DefinedTool, DefineToolInput } from './defined-tool.js'
import type { ToolRunContext } from './tool-definition.js'

/**
 * Turns a typed declaration into a `ToolDefinition`: `parameters` and `output.schema` become the
 * compiled raw schemas (invalid specs throw one JsonSchemaError with every issue). Arguments are
 * validated before the body and before `isConcurrencySafe` (invalid → `ToolArgsError`, and the
 * classifier answers `false`); presenters answer `undefined` (the generic fallback) for invalid
 * arguments; `render`/`presentationMeta` receive the validated arguments.
 */
export function defineTool<const P extends ParameterSchemaSpec, const O extends ValueSchemaSpec>(
  input: DefineToolInput<P, O>,
): DefinedTool<P, O> {
  const parameters = parameterSchemaSpecToJsonSchema(input.parameters)
  const outputSchema = valueSchemaSpecToJsonSchema(input.output.schema)
  const argsValidator = compileJsonSchema(parameters)
  const valid = (args: unknown): args is InferArgs<P> => argsValidator.is(args)
  const { render, presentationMeta } = input.output
  const { isConcurrencySafe, presentCall, presentResult, finalizeContent, timeoutMs } = input
  const body = input.execute
  const name = input.name

  const definition: DefinedTool<P, O> = {
    name,
    description: input.description,
    parameters,
    spec: { parameters: input.parameters, output: input.output.schema },
    output: {
      schema: outputSchema,
      render: (args, value) => render(args as InferArgs<P>, value as InferValue<O>),
      ...(presentationMeta === undefined
        ? {}
        : { presentationMeta: (args: unknown, value: JsonValue) => presentationMeta(args as InferArgs<P>, value as InferValue<O>) }),
    },
    execute: (args: unknown, exec: ToolRunContext) => {
      try {
        return body(checkArgs<InferArgs<P>>(argsValidator, args, name), exec)
      } catch (error) {
        return Promise.reject(error)
      }
    },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(finalizeContent === undefined ? {} : { finalizeContent }),
    ...(isConcurrencySafe === undefined
      ? {}
      : { isConcurrencySafe: (args: unknown) => valid(args) && isConcurrencySafe(args) === true }),
    ...(presentCall === undefined ? {} : { presentCall: (args: unknown) => (valid(args) ? presentCall(args) : undefined) }),
    ...(presentResult === undefined
      ? {}
      : { presentResult: (args: unknown, result: ToolResult) => (valid(args) ? presentResult(args, result) : undefined) }),
  }
  return Object.freeze(definition)
}
