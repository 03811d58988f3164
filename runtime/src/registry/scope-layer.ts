import type { ToolPresentationMode } from '../execution/execution-types.js'
import type { RegisteredTool } from './registered-tool.js'

/** A compiled restriction: private name sets, so later changes to the caller's arrays do nothing. */
export interface CompiledRestriction {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

/** One layer of the registry: the global layer, or one agent scope's registrations and policy. */
export class ScopeLayer {
  /** Own registrations by name (a `Map`, so names like `__proto__` are ordinary keys). */
  readonly tools = new Map<string, RegisteredTool>()
  /** Live restrictions over what this scope inherits; they intersect. */
  restrictions: readonly CompiledRestriction[] = []
  /** This scope's `presentAs` declaration, if any. */
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
