import type { ContentBlock } from '../content.js'
import type { ToolExecution, ToolExecutionResult, ToolResult, ToolCallKind, ToolCallView, ToolResultView } from './tool-call.js'
import type { JsonValue } from '../json/json-value.js'
import type { InferArgs, InferValue } from '../schema/dsl/infer-value.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from '../schema/dsl/value-schema-spec.js'
import type { ToolAnnotations, ToolApproval, ToolDefinition, ToolRunContext } from './tool-definition.js'

/** The type-level key under which a defined tool carries its argument and output types; no value ever has it. */
export declare const toolTypes: unique symbol

// Callbacks are function-typed properties, not methods, so `args` is checked strictly (never narrower than the schema).

/** The typed output declaration `defineTool` takes: a DSL spec plus projectors typed from it. */
export interface DefineToolOutput<P extends ParameterSchemaSpec, O extends ValueSchemaSpec> {
  /** The canonical output value's DSL spec (any root); compiled to `output.schema`. */
  readonly schema: O
  /** Pure projection from validated arguments and the validated value to model content. */
  readonly render: (args: InferArgs<P>, value: InferValue<O>) => ContentBlock[]
  /** Pure replayable presentation projection, computed only for top-level calls. */
  readonly presentationMeta?: (args: InferArgs<P>, value: InferValue<O>) => JsonValue
}

/** What `defineTool` takes: the DSL specs and callbacks typed by `InferArgs`/`InferValue`. */
export interface DefineToolInput<P extends ParameterSchemaSpec, O extends ValueSchemaSpec, N extends string = string> {
  /** The tool name; its literal type is kept (`DefinedTool['name']`) so adapters can key typed tool sets by it. */
  readonly name: N
  readonly description: string
  /** The implicit open object root's property map; compiled to the model-facing `parameters`. */
  readonly parameters: P
  readonly output: DefineToolOutput<P, O>
  /** The body: receives validated arguments and returns the canonical value. */
  readonly execute: (args: InferArgs<P>, exec: ToolRunContext) => Promise<InferValue<O>>
  /** Cooperative timeout budget in milliseconds (positive, finite); never sent to the model. */
  readonly timeoutMs?: number
  /** Declared behaviour hints (MCP's meanings and defaults), carried to the definition as data. */
  readonly annotations?: ToolAnnotations
  /** `always`: the host must ask before every call (see `declaredApprovals()`). Default `never`. */
  readonly approval?: ToolApproval
  /** `true`: every valid call may run in parallel (without `isConcurrencySafe`, installs one answering `true`). */
  readonly concurrencySafe?: boolean
  /** Declared presentation kind, carried to the definition as data. */
  readonly kind?: ToolCallKind
  /** Pure classifier over validated arguments; only an exact `true` opts into parallel runs. */
  readonly isConcurrencySafe?: (args: InferArgs<P>) => boolean
  /** Pending-state presentation over validated arguments; `undefined` keeps the generic card. */
  readonly presentCall?: (args: InferArgs<P>) => ToolCallView | undefined
  /** Completed-state presentation over validated arguments; `undefined` keeps the default. */
  readonly presentResult?: (args: InferArgs<P>, result: ToolResult) => ToolResultView | undefined
  /** Last-mile content transform; sees every outcome, so it takes the execution, not typed args. */
  readonly finalizeContent?: (
    exec: Readonly<ToolExecution>,
    result: Readonly<ToolExecutionResult>,
  ) => ContentBlock[] | undefined
}

/** A `ToolDefinition` made by `defineTool`; `spec` (never model-facing) lets `ToolArgsOf`/`ToolOutputOf` name types. */
export interface DefinedTool<P extends ParameterSchemaSpec, O extends ValueSchemaSpec, N extends string = string> extends ToolDefinition {
  /** The declared name, as a literal type when the declaration's was one. */
  readonly name: N
  /** The DSL specs the tool was defined from (the same objects, not copies). */
  readonly spec: { readonly parameters: P; readonly output: O }
  /** Type-level only: the inferred types, so a `DefinedTool` fits where a `TypedTool` of the same types is expected. */
  readonly [toolTypes]?: { readonly args: InferArgs<P>; readonly output: InferValue<O> }
}

/**
 * Any tool `defineTool` or `defineTypedTool` made. Structural: `[toolTypes]` makes a `DefinedTool` of particular specs
 * unassignable to `DefinedTool<ParameterSchemaSpec, ValueSchemaSpec>`.
 */
export type AnyDefinedTool = ToolDefinition & { readonly spec: { readonly parameters: ParameterSchemaSpec; readonly output: ValueSchemaSpec } }


/** A tool `defineTypedTool` made: its types are the named `A` and `V`, never inferred from the specs. */
export interface TypedTool<A, V, N extends string = string> extends ToolDefinition {
  /** The declared name; the generated index narrows it to the literal. */
  readonly name: N
  readonly spec: { readonly parameters: ParameterSchemaSpec; readonly output: ValueSchemaSpec }
  /** Type-level only (no value has it): the named argument and output types. */
  readonly [toolTypes]?: { readonly args: A; readonly output: V }
}

/** What `defineTypedTool` takes: `defineTool`'s input with the callbacks typed by `A` and `V`. */
export interface DefineTypedToolInput<A, V>
  extends Omit<DefineToolInput<ParameterSchemaSpec, ValueSchemaSpec>, 'output' | 'execute' | 'isConcurrencySafe' | 'presentCall' | 'presentResult'> {
  readonly output: {
    readonly schema: ValueSchemaSpec
    readonly render: (args: A, value: V) => ContentBlock[]
    readonly presentationMeta?: (args: A, value: V) => JsonValue
  }
  readonly execute: (args: A, exec: ToolRunContext) => Promise<V>
  readonly isConcurrencySafe?: (args: A) => boolean
  readonly presentCall?: (args: A) => ToolCallView | undefined
  readonly presentResult?: (args: A, result: ToolResult) => ToolResultView | undefined
}

/** The argument type of a defined tool: `ToolArgsOf<typeof readFile>` (the named type of a `TypedTool`). */
export type ToolArgsOf<T extends { readonly spec: { readonly parameters: ParameterSchemaSpec } }> = typeof toolTypes extends keyof T
  ? NonNullable<T[typeof toolTypes]> extends { readonly args: infer A }
    ? A
    : never
  : InferArgs<T['spec']['parameters']>

/** The output value type of a defined tool: `ToolOutputOf<typeof readFile>` (the named type of a `TypedTool`). */
export type ToolOutputOf<T extends { readonly spec: { readonly output: ValueSchemaSpec } }> = typeof toolTypes extends keyof T
  ? NonNullable<T[typeof toolTypes]> extends { readonly output: infer V }
    ? V
    : never
  : InferValue<T['spec']['output']>
