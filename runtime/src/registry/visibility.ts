import type { Agent, ToolPresentationMode } from '../execution/execution-types.js'
import { type RegisteredTool, RESERVED_TOOL_NAME } from './registered-tool.js'
import type { RegistryState } from './registry-state.js'
import type { ScopeLayer } from './scope-layer.js'

// The one resolver behind get, schemas, executionMode and execute, so what a model is shown, what
// a presenter renders and what runs can never disagree.

/** The existing layers along `chain`, nearest first (the global layer is not included). */
function layersOf(state: RegistryState, chain: readonly Agent[] | undefined): ScopeLayer[] {
  const layers: ScopeLayer[] = []
  if (chain === undefined || state.scopedEntries === 0) return layers
  for (let i = 0; i < chain.length; i++) {
    const layer = state.scopes.get(chain[i] as Agent)
    if (layer !== undefined) layers.push(layer)
  }
  return layers
}

/**
 * The tool `name` resolves to for a scope chain (`undefined`: the global view). The nearest layer
 * that registers `name` wins (scoped shadows global); it is hidden when a nearer scope's restriction
 * masks it — a scope's restrictions cover only what it inherits, never its own registrations. A
 * masked tool reads as absent: resolution does not fall through to a farther registration, which
 * the same restriction would mask anyway.
 */
export function resolveTool(state: RegistryState, name: string, chain: readonly Agent[] | undefined): RegisteredTool | undefined {
  const tool = resolveRegistered(state, name, chain)
  // The Code Mode transport exists only for scopes that present their tools as code.
  if (tool !== undefined && tool.transport && presentationMode(state, chain) !== 'code') return undefined
  return tool
}

function resolveRegistered(state: RegistryState, name: string, chain: readonly Agent[] | undefined): RegisteredTool | undefined {
  if (chain === undefined || state.scopedEntries === 0) return state.global.tools.get(name)
  const layers = layersOf(state, chain)
  let masked = false
  for (let i = 0; i < layers.length; i++) {
    const layer = layers[i] as ScopeLayer
    const own = layer.tools.get(name)
    if (own !== undefined) return masked ? undefined : own
    // Restrictions never apply to the reserved transport (the spec's ToolRestriction).
    if (!masked && name !== RESERVED_TOOL_NAME && layer.masks(name)) masked = true
  }
  return masked ? undefined : state.global.tools.get(name)
}

/** Every tool the chain sees, sorted by name (UTF-16 code unit order, independent of registration order). */
export function visibleTools(state: RegistryState, chain: readonly Agent[] | undefined): RegisteredTool[] {
  const names = new Set<string>(state.global.tools.keys())
  for (const layer of layersOf(state, chain)) for (const name of layer.tools.keys()) names.add(name)
  const tools: RegisteredTool[] = []
  for (const name of [...names].sort(compareNames)) {
    const tool = resolveTool(state, name, chain)
    if (tool !== undefined) tools.push(tool)
  }
  return tools
}

/** The presentation mode of a chain: the nearest `presentAs` declaration, else the deployment default. */
export function presentationMode(state: RegistryState, chain: readonly Agent[] | undefined): ToolPresentationMode {
  for (const layer of layersOf(state, chain)) if (layer.presentation !== undefined) return layer.presentation.mode
  return state.defaultMode
}

/** The names every layer after the first on `chain` registers, plus the global ones: what a scope inherits. */
export function inheritedNames(state: RegistryState, chain: readonly Agent[]): Set<string> {
  const names = new Set<string>(state.global.tools.keys())
  for (let i = 1; i < chain.length; i++) {
    const layer = state.scopes.get(chain[i] as Agent)
    if (layer !== undefined) for (const name of layer.tools.keys()) names.add(name)
  }
  return names
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
