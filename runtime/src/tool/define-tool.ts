import { collectSchemaIssues, JsonSchemaError } from '../errors.js'
import type { ToolResult } from './tool-call.js'
import type { JsonValue } from '../json/json-value.js'
import type { InferArgs, InferValue } from '../schema/dsl/infer-value.js'
import { checkArgs, parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../schema/dsl/translate-spec.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from '../schema/dsl/value-schema-spec.js'
import { compileJsonSchema } from '../schema/json-schema/compile-json-schema.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { checkCallbacks } from './check-callbacks.js'
import type { DefinedTool, DefineToolInput, DefineTypedToolInput, TypedTool } from './defined-tool.js'
import type { ToolRunContext } from './tool-definition.js'
import { checkToolMetadata, metadataFields } from './tool-metadata.js'

/**
 * Compiles a typed declaration into a frozen `ToolDefinition`; throws one JsonSchemaError listing every problem.
 * Invalid arguments: the body rejects with `ToolArgsError`, `isConcurrencySafe` is false, presenters answer undefined.
 */
export function defineTool<const P extends ParameterSchemaSpec, const O extends ValueSchemaSpec, const N extends string = string>(
  input: DefineToolInput<P, O, N>,
): DefinedTool<P, O, N> {
  const issues: SchemaIssue[] = []
  const parameters = collectSchemaIssues(() => parameterSchemaSpecToJsonSchema(input.parameters), '/parameters', issues)
  const outputObject: unknown = (input as { output?: unknown }).output
  const outputFields = (typeof outputObject === 'object' && outputObject !== null ? outputObject : {}) as Readonly<Record<string, unknown>>
  const outputSchema = collectSchemaIssues(() => valueSchemaSpecToJsonSchema(outputFields['schema'] as ValueSchemaSpec), '/output/schema', issues)
  checkCallbacks(input as unknown as Readonly<Record<string, unknown>>, outputFields, issues)
  const metadata = checkToolMetadata(input as unknown as Readonly<Record<string, unknown>>, issues)
  if (issues.length > 0 || parameters === undefined || outputSchema === undefined) throw new JsonSchemaError(issues, 'tool definition')
  const argsValidator = compileJsonSchema(parameters)
  const valid = (args: unknown): args is InferArgs<P> => argsValidator.is(args)
  const { render, presentationMeta } = input.output
  const { presentCall, presentResult, finalizeContent, timeoutMs } = input
  // `concurrencySafe: true` without a classifier: always true for valid arguments.
  const isConcurrencySafe = input.isConcurrencySafe ?? (metadata.concurrencySafe === true ? () => true : undefined)
  const body = input.execute
  const name = input.name

  const definition: DefinedTool<P, O, N> = {
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
    ...metadataFields(metadata),
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

/**
 * `defineTool` with the argument and output types named (`defineTypedTool<GrepArgs, GrepOutput>(…)`), not inferred, so
 * the checker runs no inference; the generated stubs use it. Hand-written tools should prefer `defineTool` (no drift).
 */
export function defineTypedTool<A, V>(input: DefineTypedToolInput<A, V>): TypedTool<A, V> {
  return defineTool(input as unknown as DefineToolInput<ParameterSchemaSpec, ValueSchemaSpec>) as unknown as TypedTool<A, V>
}
