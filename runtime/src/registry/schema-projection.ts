import { assignOwn } from '../json/hostile-prototypes.js'
import type { JsonValue } from '../json/json-value.js'
import type { JsonSchemaNode, ObjectJsonSchema } from '../schema/json-schema/json-schema-node.js'
import type { ToolDescription, ToolSchema } from '../tool/tool-definition.js'
import { resolveToolAnnotations } from '../tool/tool-metadata.js'
import type { RegisteredTool } from './registered-tool.js'

/**
 * The model-facing projection of one tool: an explicit allowlist of `name`, `description` and a
 * fresh deep copy of `parameters`. Nothing else of the definition (output, execute, timeoutMs,
 * isConcurrencySafe, finalizeContent, presenters, defineTool's `spec`) can reach a model request,
 * and mutating the copy cannot reach the registry.
 */
export function projectSchema(tool: RegisteredTool): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: cloneJson(tool.parameters as unknown as JsonValue) as unknown as ObjectJsonSchema }
}

/**
 * What `describe()` lists for one tool: the model-facing projection plus a fresh copy of the output
 * schema, the annotations with MCP's defaults applied, the approval (default `never`) and the
 * declared `timeoutMs`, `concurrencySafe` and `kind` — all as captured at registration.
 */
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
