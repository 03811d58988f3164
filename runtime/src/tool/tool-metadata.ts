import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { ToolCallKind } from './tool-call.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ResolvedToolAnnotations, ToolAnnotations, ToolApproval } from './tool-definition.js'

// A tool's declared metadata, checked alike by defineTool and register and frozen as read, so `describe()` and the
// declared-approval policy never call back into the author's object.

/** The presentation kinds a tool may declare (`ToolCallKind`). */
export const TOOL_CALL_KINDS: readonly ToolCallKind[] = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'fetch', 'other']

const ANNOTATION_BOOLEANS = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/** The checked metadata of one tool; absent fields stay absent. */
export interface ToolMetadata {
  readonly annotations: ToolAnnotations | undefined
  readonly approval: ToolApproval | undefined
  readonly concurrencySafe: boolean | undefined
  readonly kind: ToolCallKind | undefined
}

/** Checks the metadata fields into a frozen copy; annotations count own keys only (inherited ones declare nothing). */
export function checkToolMetadata(fields: Readonly<Record<string, unknown>>, issues: SchemaIssue[]): ToolMetadata {
  const annotations = checkAnnotations(fields['annotations'], issues)
  const approval = fields['approval']
  if (approval !== undefined && approval !== 'never' && approval !== 'always') {
    issues.push({ path: '/approval', message: `must be "never" or "always", found ${describeFound(approval)}` })
  }
  const concurrencySafe = fields['concurrencySafe']
  if (concurrencySafe !== undefined && typeof concurrencySafe !== 'boolean') {
    issues.push({ path: '/concurrencySafe', message: `must be true or false, found ${describeValue(concurrencySafe)}` })
  }
  const kind = fields['kind']
  if (kind !== undefined && !(TOOL_CALL_KINDS as readonly unknown[]).includes(kind)) {
    issues.push({ path: '/kind', message: `must be one of ${TOOL_CALL_KINDS.map((k) => `"${k}"`).join(', ')}, found ${describeFound(kind)}` })
  }
  return Object.freeze({
    annotations,
    approval: approval === 'never' || approval === 'always' ? approval : undefined,
    concurrencySafe: typeof concurrencySafe === 'boolean' ? concurrencySafe : undefined,
    kind: (TOOL_CALL_KINDS as readonly unknown[]).includes(kind) ? (kind as ToolCallKind) : undefined,
  })
}

/** The annotations with MCP's defaults applied (a fresh object). */
export function resolveToolAnnotations(annotations: ToolAnnotations | undefined): ResolvedToolAnnotations {
  // Own values only: a key absent from the (checked) copy takes the default, never Object.prototype's.
  const own = <K extends keyof ToolAnnotations>(key: K): ToolAnnotations[K] | undefined =>
    annotations !== undefined && Object.hasOwn(annotations, key) ? annotations[key] : undefined
  const resolved = {
    readOnly: own('readOnly') ?? false,
    destructive: own('destructive') ?? true,
    idempotent: own('idempotent') ?? false,
    openWorld: own('openWorld') ?? true,
  }
  const title = own('title')
  return title === undefined ? resolved : { title, ...resolved }
}

/** The metadata fields to spread into a definition: only the declared ones. */
export function metadataFields(metadata: ToolMetadata): { [K in keyof ToolMetadata]?: NonNullable<ToolMetadata[K]> } {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined))
}

function checkAnnotations(value: unknown, issues: SchemaIssue[]): ToolAnnotations | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path: '/annotations', message: `must be an object, found ${describeValue(value)}` })
    return undefined
  }
  const before = issues.length
  const copy: { title?: string; readOnly?: boolean; destructive?: boolean; idempotent?: boolean; openWorld?: boolean } = {}
  let keys: string[]
  try {
    keys = Object.keys(value)
  } catch {
    issues.push({ path: '/annotations', message: 'could not be read' })
    return undefined
  }
  for (const key of keys) {
    let item: unknown
    try {
      item = (value as Record<string, unknown>)[key]
    } catch {
      issues.push({ path: `/annotations/${escapeJsonPointerToken(key)}`, message: 'could not be read' })
      continue
    }
    if (key === 'title') {
      if (typeof item === 'string') copy.title = item
      else issues.push({ path: '/annotations/title', message: `must be a string, found ${describeValue(item)}` })
    } else if ((ANNOTATION_BOOLEANS as readonly string[]).includes(key)) {
      if (typeof item === 'boolean') copy[key as (typeof ANNOTATION_BOOLEANS)[number]] = item
      else issues.push({ path: `/annotations/${key}`, message: `must be true or false, found ${describeValue(item)}` })
    } else {
      issues.push({
        path: `/annotations/${escapeJsonPointerToken(key)}`,
        message: `is not an annotation (expected title, readOnly, destructive, idempotent, openWorld)`,
      })
    }
  }
  return issues.length > before ? undefined : Object.freeze(copy)
}

function describeFound(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeValue(value)
}
