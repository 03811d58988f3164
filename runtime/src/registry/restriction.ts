import { ToolRegistryError } from '../errors/tool-errors.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { RESERVED_TOOL_NAME } from './registered-tool.js'
import type { CompiledRestriction } from './scope-layer.js'

/** What a scope could restrict at the moment it calls `restrict`. */
export interface RestrictionContext {
  /** Names registered in the restricting scope itself (restrictions never apply to them). */
  readonly own: ReadonlyMap<string, unknown>
  /** Names registered in the global layer or an ancestor scope. */
  readonly inherited: ReadonlySet<string>
}

/**
 * Checks a `ToolRestriction` and compiles it into private name sets. Refuses, with every issue:
 * a filter that is not a plain JSON object or has keys other than `allow`/`deny`; a filter with
 * neither key; a present key that is not a non-empty array of strings (an empty list would either
 * hide every inherited tool or do nothing — both read as mistakes, so the spec's "empty filter" is
 * refused in either key); the reserved transport name; names the scope registers itself; names no
 * inherited layer registers.
 */
export function compileRestriction(filter: unknown, context: RestrictionContext): CompiledRestriction {
  const issues: SchemaIssue[] = []
  const snapshot = materializeJson(filter)
  if (!snapshot.ok) {
    throw new ToolRegistryError('Invalid tool restriction', snapshot.issues)
  }
  const value = snapshot.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolRegistryError('Invalid tool restriction', [
      { path: '', message: `a restriction must be an object with allow and/or deny, found ${describeValue(value)}` },
    ])
  }
  const record = value as { readonly [key: string]: JsonValue }
  for (const key of Object.keys(record)) {
    if (key !== 'allow' && key !== 'deny') {
      issues.push({ path: `/${escapeJsonPointerToken(key)}`, message: 'is not a restriction key (allow, deny)' })
    }
  }
  const allow = Object.hasOwn(record, 'allow') ? compileNames(record.allow, '/allow', context, issues) : undefined
  const deny = Object.hasOwn(record, 'deny') ? compileNames(record.deny, '/deny', context, issues) : undefined
  if (!Object.hasOwn(record, 'allow') && !Object.hasOwn(record, 'deny')) {
    issues.push({ path: '', message: 'an empty restriction: give allow and/or deny' })
  }
  if (issues.length > 0) throw new ToolRegistryError('Invalid tool restriction', issues)
  return Object.freeze({ allow, deny })
}

function compileNames(list: JsonValue | undefined, path: string, context: RestrictionContext, issues: SchemaIssue[]): Set<string> | undefined {
  if (!Array.isArray(list)) {
    issues.push({ path, message: `must be an array of tool names, found ${describeValue(list)}` })
    return undefined
  }
  if (list.length === 0) {
    issues.push({ path, message: 'is empty: list at least one inherited tool name' })
    return undefined
  }
  const names = new Set<string>()
  list.forEach((name, index) => {
    const at = `${path}/${index}`
    if (typeof name !== 'string') issues.push({ path: at, message: `must be a tool name, found ${describeValue(name)}` })
    else if (name === RESERVED_TOOL_NAME) issues.push({ path: at, message: `"${name}" is the reserved Code Mode transport; restrictions never apply to it` })
    else if (context.own.has(name)) issues.push({ path: at, message: `"${name}" is registered in this scope; restrictions apply only to inherited tools` })
    else if (!context.inherited.has(name)) issues.push({ path: at, message: `"${name}" is not a tool this scope inherits` })
    else names.add(name)
  })
  return names
}
