import { ToolRegistryError } from '../errors.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { Agent, ToolPresentationMode } from './runtime-types.js'
import { type RegisteredTool, RESERVED_TOOL_NAME } from './tools.js'

// Scopes: chains, layers, and the one resolver behind get, schemas, executionMode and execute, so what a model is
// shown, what a presenter renders and what runs can never disagree.

/** Longest agent chain accepted; deeper (or cyclic) chains are refused rather than truncated. */
export const MAX_SCOPE_DEPTH = 256

const hasOwn = Object.hasOwn

/**
 * `agent`, then each own `parent`, nearest first; `undefined` (callers fail closed) when it cannot be trusted, as a
 * truncated chain would silently drop an ancestor's restrictions.
 */
export function readScopeChain(agent: unknown): Agent[] | undefined {
  try {
    if (!isAgent(agent)) return undefined
    const chain: Agent[] = [agent]
    let current: unknown = hasOwn(agent, 'parent') ? agent.parent : undefined
    while (current !== undefined) {
      if (!isAgent(current) || chain.length >= MAX_SCOPE_DEPTH || chain.includes(current)) return undefined
      chain.push(current)
      current = hasOwn(current, 'parent') ? current.parent : undefined
    }
    return chain
  } catch {
    return undefined
  }
}

/** Whether `value` is an object with an own string `id` (its getter, if any, may throw: the caller catches). */
function isAgent(value: unknown): value is Agent {
  return typeof value === 'object' && value !== null && hasOwn(value, 'id') && typeof (value as Agent).id === 'string'
}

/** The part of the registry's state scope resolution reads (the registry's `RegistryState` is one). */
export interface ScopeState {
  readonly global: ScopeLayer
  /** Scope layers keyed by the Agent object: scope identity is object identity, and a dropped agent frees its layer. */
  readonly scopes: WeakMap<Agent, ScopeLayer>
  /** Live scoped registrations, restrictions and declarations; 0 lets resolution skip the chain walk. */
  readonly scopedEntries: number
  readonly defaultMode: ToolPresentationMode
}

/** A compiled restriction: private name sets, so later changes to the caller's arrays do nothing. */
export interface CompiledRestriction {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

/** One layer of the registry: the global layer, or one agent scope's registrations and policy. */
export class ScopeLayer {
  /** Own registrations by name (a `Map`, so names like `__proto__` are ordinary keys). */
  readonly tools = new Map<string, RegisteredTool>()
  restrictions: readonly CompiledRestriction[] = []
  presentation: { readonly mode: ToolPresentationMode } | undefined = undefined

  /** Whether one of this scope's restrictions removes the inherited tool `name`. */
  masks(name: string): boolean {
    const restrictions = this.restrictions
    for (let i = 0; i < restrictions.length; i++) {
      const restriction = restrictions[i] as CompiledRestriction
      if (restriction.allow !== undefined && !restriction.allow.has(name)) return true
      if (restriction.deny !== undefined && restriction.deny.has(name)) return true
    }
    return false
  }
}

/**
 * The tool `name` resolves to on `chain`: the nearest registration wins, hidden (not fallen through) when a nearer
 * scope's restriction masks it; restrictions never cover a scope's own registrations.
 */
export function resolveTool(state: ScopeState, name: string, chain: readonly Agent[] | undefined): RegisteredTool | undefined {
  const tool = resolveRegistered(state, name, chain)
  // The Code Mode transport exists only for scopes that present their tools as code.
  if (tool !== undefined && tool.transport && presentationMode(state, chain) !== 'code') return undefined
  return tool
}

function resolveRegistered(state: ScopeState, name: string, chain: readonly Agent[] | undefined): RegisteredTool | undefined {
  if (chain === undefined || state.scopedEntries === 0) return state.global.tools.get(name)
  let masked = false
  for (let i = 0; i < chain.length; i++) {
    const layer = state.scopes.get(chain[i] as Agent)
    if (layer === undefined) continue
    const own = layer.tools.get(name)
    if (own !== undefined) return masked ? undefined : own
    // Restrictions never apply to the reserved transport (the spec's ToolRestriction).
    if (!masked && name !== RESERVED_TOOL_NAME && layer.masks(name)) masked = true
  }
  return masked ? undefined : state.global.tools.get(name)
}

/** Every tool the chain sees, sorted by name (UTF-16 code unit order, independent of registration order). */
export function visibleTools(state: ScopeState, chain: readonly Agent[] | undefined): RegisteredTool[] {
  const tools: RegisteredTool[] = []
  for (const name of [...registeredNames(state, chain, 0)].sort(compareNames)) {
    const tool = resolveTool(state, name, chain)
    if (tool !== undefined) tools.push(tool)
  }
  return tools
}

/** The presentation mode of a chain: the nearest `presentAs` declaration, else the deployment default. */
export function presentationMode(state: ScopeState, chain: readonly Agent[] | undefined): ToolPresentationMode {
  // Walked in place (no list of layers): execute asks this of every call.
  if (chain === undefined || state.scopedEntries === 0) return state.defaultMode
  for (let i = 0; i < chain.length; i++) {
    const presentation = state.scopes.get(chain[i] as Agent)?.presentation
    if (presentation !== undefined) return presentation.mode
  }
  return state.defaultMode
}

/** The global names and those of the layers on `chain` from index `from` (1: what the scope `chain[0]` inherits). */
export function registeredNames(state: ScopeState, chain: readonly Agent[] | undefined, from: number): Set<string> {
  const names = new Set<string>(state.global.tools.keys())
  if (chain === undefined || state.scopedEntries === 0) return names
  for (let i = from; i < chain.length; i++) {
    const layer = state.scopes.get(chain[i] as Agent)
    if (layer !== undefined) for (const name of layer.tools.keys()) names.add(name)
  }
  return names
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** What a scope could restrict at the moment it calls `restrict`. */
export interface RestrictionContext {
  /** Names registered in the restricting scope itself (restrictions never apply to them). */
  readonly own: ReadonlyMap<string, unknown>
  /** Names registered in the global layer or an ancestor scope. */
  readonly inherited: ReadonlySet<string>
}

/**
 * Compiles a `ToolRestriction` into private name sets, or throws every issue. An empty list is refused: it would hide
 * everything or nothing, both mistakes.
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
