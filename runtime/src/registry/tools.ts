import type { ContentBlock } from '../content.js'
import { collectSchemaIssues, ToolRegistryError } from '../errors.js'
import { assignOwn } from '../json/hostile-prototypes.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { assertObjectJsonSchema, assertSupportedJsonSchema } from '../schema/json-schema/check-json-schema.js'
import { type CompiledJsonSchema, compileJsonSchema } from '../schema/json-schema/compile-json-schema.js'
import { checkDeclaredValues } from '../schema/json-schema/declared-values.js'
import type { JsonSchemaNode, ObjectJsonSchema, SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { checkCallbacks } from '../tool/check-callbacks.js'
import type { ToolDefinition, ToolDescription, ToolOutputDefinition, ToolRunContext, ToolSchema } from '../tool/tool-definition.js'
import { checkToolMetadata, resolveToolAnnotations, type ToolMetadata } from '../tool/tool-metadata.js'
import { thrownMessage } from './results.js'
import type { ToolExecution, ToolExecutionResult } from './runtime-types.js'

// A registered tool: a definition checked and captured once, and what `schemas()` and `describe()` project of it.

/** The name reserved for Code Mode's transport tool; only a marked transport (`defineCodeModeTransport`) takes it. */
export const RESERVED_TOOL_NAME = 'run_code'

/**
 * A definition as the registry holds it: fields read once, schemas frozen, so later mutation changes nothing; callbacks
 * get the object they were read from as `this`.
 */
export interface RegisteredTool {
  /** The borrowed definition, returned by `get()` and passed as `this` to its callbacks. */
  readonly definition: ToolDefinition
  readonly name: string
  readonly description: string
  readonly parameters: ObjectJsonSchema
  /** The borrowed `output` object (`this` of `render`/`presentationMeta`). */
  readonly output: ToolOutputDefinition
  readonly outputSchema: JsonSchemaNode
  readonly outputValidator: CompiledJsonSchema
  readonly render: (this: unknown, args: unknown, value: JsonValue) => ContentBlock[]
  readonly presentationMeta: ((this: unknown, args: unknown, value: JsonValue) => JsonValue) | undefined
  readonly execute: (this: unknown, args: unknown, exec: ToolRunContext) => Promise<unknown>
  readonly finalizeContent:
    | ((this: unknown, exec: Readonly<ToolExecution>, result: Readonly<ToolExecutionResult>) => ContentBlock[] | undefined)
    | undefined
  readonly timeoutMs: number | undefined
  readonly isConcurrencySafe: ((this: unknown, args: unknown) => boolean) | undefined
  /** The declared metadata (annotations, approval, concurrencySafe, kind), checked and frozen as read. */
  readonly metadata: ToolMetadata
  /** Whether this is the Code Mode transport (`run_code`), visible only under `mode: 'code'`. */
  readonly transport: boolean
}

/** Checks and captures a definition; throws one `ToolRegistryError` listing every issue. */
export function captureDefinition(definition: unknown): RegisteredTool {
  const issues: SchemaIssue[] = []
  const fields = readFields(definition, DEFINITION_FIELDS, '', 'a tool definition', issues)
  if (fields === undefined) throw new ToolRegistryError('Invalid tool definition', issues)

  const name = fields.name
  const transport = isCodeModeTransport(definition)
  if (transport && name !== RESERVED_TOOL_NAME) {
    issues.push({ path: '/name', message: `a Code Mode transport must be named "${RESERVED_TOOL_NAME}", found ${describeValue(name)}` })
  } else if (typeof name !== 'string' || name.length === 0) {
    issues.push({ path: '/name', message: `must be a non-empty string, found ${describeValue(name)}` })
  } else if (name === RESERVED_TOOL_NAME && !transport) {
    issues.push({ path: '/name', message: `"${RESERVED_TOOL_NAME}" is reserved for the Code Mode transport` })
  }
  if (typeof fields.description !== 'string') {
    issues.push({ path: '/description', message: `must be a string, found ${describeValue(fields.description)}` })
  }
  const parameters = snapshotSchema(fields.parameters, '/parameters', true, issues)
  const output = readFields(fields.output, OUTPUT_FIELDS, '/output', 'output', issues)
  const outputSchema = output === undefined ? undefined : snapshotSchema(output.schema, '/output/schema', false, issues)
  checkCallbacks(fields, output, issues)
  const metadata = checkToolMetadata(fields, issues)
  const timeoutMs = fields.timeoutMs
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs - timeoutMs === 0)) {
    issues.push({ path: '/timeoutMs', message: `must be a positive finite number of milliseconds, found ${describeValue(timeoutMs)}` })
  }
  if (issues.length > 0 || output === undefined || parameters === undefined || outputSchema === undefined) {
    throw new ToolRegistryError(`Invalid tool definition${typeof name === 'string' ? ` ${JSON.stringify(name)}` : ''}`, firstPerPath(issues))
  }
  return Object.freeze({
    definition: definition as ToolDefinition,
    name: name as string,
    description: fields.description as string,
    parameters: parameters as ObjectJsonSchema,
    output: fields.output as ToolOutputDefinition,
    outputSchema,
    outputValidator: compileJsonSchema(outputSchema),
    render: output.render as RegisteredTool['render'],
    presentationMeta: output.presentationMeta as RegisteredTool['presentationMeta'],
    execute: fields.execute as RegisteredTool['execute'],
    finalizeContent: fields.finalizeContent as RegisteredTool['finalizeContent'],
    timeoutMs: timeoutMs as number | undefined,
    isConcurrencySafe: fields.isConcurrencySafe as RegisteredTool['isConcurrencySafe'],
    metadata,
    transport,
  })
}

const DEFINITION_FIELDS = [
  'name',
  'description',
  'parameters',
  'output',
  'execute',
  'finalizeContent',
  'timeoutMs',
  'isConcurrencySafe',
  'presentCall',
  'presentResult',
  'annotations',
  'approval',
  'concurrencySafe',
  'kind',
] as const
const OUTPUT_FIELDS = ['schema', 'render', 'presentationMeta'] as const

/** Reads each named field once (a getter runs with the object as `this`); a throw is an issue at the field's path. */
function readFields<K extends string>(
  value: unknown,
  keys: readonly K[],
  path: string,
  what: string,
  issues: SchemaIssue[],
): Partial<Record<K, unknown>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, message: `${what} must be an object, found ${describeValue(value)}` })
    return undefined
  }
  const fields: Partial<Record<K, unknown>> = Object.create(null)
  for (const key of keys) {
    try {
      fields[key] = readField(value, key)
    } catch (error) {
      issues.push({ path: `${path}/${escapeJsonPointerToken(key)}`, message: `could not be read: ${thrownMessage(error)}` })
    }
  }
  return fields
}

/** One field through the prototype chain, stopping before Object.prototype, so pollution cannot supply `execute`. */
function readField(value: object, key: string): unknown {
  for (let target: object | null = value; target !== null && target !== Object.prototype; target = Object.getPrototypeOf(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key)
    if (descriptor === undefined) continue
    if (Object.hasOwn(descriptor, 'value')) return descriptor.value
    return descriptor.get === undefined ? undefined : Reflect.apply(descriptor.get, value, [])
  }
  return undefined
}

/** Checks a raw schema and returns its frozen lossless snapshot, or reports its issues under `path`. */
function snapshotSchema(schema: unknown, path: string, objectRoot: boolean, issues: SchemaIssue[]): JsonSchemaNode | undefined {
  if (schema === undefined) {
    issues.push({ path, message: 'is required' })
    return undefined
  }
  const before = issues.length
  collectSchemaIssues(() => (objectRoot ? assertObjectJsonSchema(schema) : assertSupportedJsonSchema(schema)), path, issues)
  if (issues.length > before) return undefined
  const snapshot = materializeJson(schema)
  if (!snapshot.ok) {
    for (const issue of snapshot.issues) issues.push({ path: `${path}${issue.path}`, message: issue.message })
    return undefined
  }
  // A default, example, const or enum member the schema itself rejects is an author error here too.
  const mismatches = checkDeclaredValues(snapshot.value as JsonSchemaNode)
  for (const issue of mismatches) issues.push({ path: `${path}${issue.path}`, message: issue.message })
  if (mismatches.length > 0) return undefined
  return snapshot.value as JsonSchemaNode
}

/** One issue per path: a field that could not be read is not also reported as missing. */
function firstPerPath(issues: readonly SchemaIssue[]): SchemaIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => !seen.has(issue.path) && seen.add(issue.path) !== undefined)
}

// Definitions marked by `defineCodeModeTransport`: only they may take the reserved name.
const transports = new WeakSet<object>()

/**
 * Marks `definition` (returned as is) as the Code Mode transport `register` admits as `run_code`: visible only under
 * `mode: 'code'`, where it is the one tool the model calls directly; its body may fail with the `CODE_*` codes.
 */
export function defineCodeModeTransport<T extends ToolDefinition>(definition: T): T {
  if (typeof definition === 'object' && definition !== null) transports.add(definition)
  return definition
}

/** Whether `definition` was marked by {@link defineCodeModeTransport}. */
export function isCodeModeTransport(definition: unknown): boolean {
  return typeof definition === 'object' && definition !== null && transports.has(definition)
}

/** The model-facing projection, an explicit allowlist: nothing else of a definition can reach a model request. */
export function projectSchema(tool: RegisteredTool): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: cloneJson(tool.parameters as unknown as JsonValue) as unknown as ObjectJsonSchema }
}

/** What `describe()` lists for one tool, as captured at registration. */
export function projectDescription(tool: RegisteredTool): ToolDescription {
  const { metadata } = tool
  return {
    ...projectSchema(tool),
    output: cloneJson(tool.outputSchema as unknown as JsonValue) as unknown as JsonSchemaNode,
    annotations: resolveToolAnnotations(metadata.annotations),
    approval: metadata.approval ?? 'never',
    ...(tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
    ...(metadata.concurrencySafe === undefined ? {} : { concurrencySafe: metadata.concurrencySafe }),
    ...(metadata.kind === undefined ? {} : { kind: metadata.kind }),
  }
}

/** A mutable deep copy of a (frozen, acyclic) lossless JSON snapshot; `__proto__` keys stay own data. */
function cloneJson(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneJson)
  const copy: { [key: string]: JsonValue } = {}
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as { readonly [key: string]: JsonValue })[key] as JsonValue)
    assignOwn(copy, key, item)
  }
  return copy
}
