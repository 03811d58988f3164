import type { Agent } from '../execution/execution-types.js'

/** Longest agent chain accepted; deeper (or cyclic) chains are refused rather than truncated. */
export const MAX_SCOPE_DEPTH = 256

const hasOwn = Object.hasOwn

/**
 * The scope chain of `agent`: the agent itself, then each own `parent`, nearest first (the global
 * layer is implied after it). Returns `undefined` when the chain cannot be trusted — a non-object,
 * an `id` that is not an own string, a throwing `parent` getter, a cycle, or more than
 * {@link MAX_SCOPE_DEPTH} agents — because a truncated chain would silently drop an ancestor's
 * restrictions and guards; callers fail closed on `undefined`.
 */
export function readScopeChain(agent: unknown): Agent[] | undefined {
  const chain: Agent[] = []
  let current: unknown = agent
  try {
    while (current !== undefined) {
      if (typeof current !== 'object' || current === null) return undefined
      if (!hasOwn(current, 'id') || typeof (current as Agent).id !== 'string') return undefined
      if (chain.length >= MAX_SCOPE_DEPTH || chain.includes(current as Agent)) return undefined
      chain.push(current as Agent)
      current = hasOwn(current, 'parent') ? (current as Agent).parent : undefined
    }
  } catch {
    return undefined
  }
  return chain
}
