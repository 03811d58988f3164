import type { PreToolDecision, ToolExecution } from '../execution/execution-types.js'
import type { RegistryState } from './registry-state.js'
import { readScopeChain } from './scope-chain.js'
import type { ToolRuntime } from './tool-runtime.js'
import type { ToolRuntimeEvents } from './tool-runtime-events.js'
import { resolveTool } from './visibility.js'

// The views of every runtime, so the declared-approval policy reads the metadata the registry
// captured at registration (checked and frozen) instead of reading the author's definition again.
const VIEW_STATES = new WeakMap<ToolRuntime, RegistryState>()

/** Records which registry a view belongs to (called once per view, by the view factory). */
export function bindViewState(view: ToolRuntime, state: RegistryState): void {
  VIEW_STATES.set(view, state)
}

/**
 * The opt-in policy for declared approvals: a `tools/pre-execute` listener that answers
 * `{ kind: 'ask' }` for every call of a tool declared `approval: 'always'` and delegates (`next()`)
 * for every other call. Install it once, on the global view or an agent's view:
 * `runtime.on('tools/pre-execute', declaredApprovals())`. An `ask` reaches the runtime's approval
 * service; without a service, or for a call without an `agent`, the call is `DENIED`.
 */
export function declaredApprovals(): ToolRuntimeEvents['tools/pre-execute'] {
  return function declaredApproval(this: ToolRuntime, exec: ToolExecution, next: () => Promise<PreToolDecision>) {
    const state = VIEW_STATES.get(this)
    // Not called by a runtime (no view): fail closed, as any malformed pre-execute answer would.
    if (state === undefined) return { kind: 'deny', reason: 'declaredApprovals() must be installed with runtime.on("tools/pre-execute", …)' }
    const chain = exec.agent === undefined ? undefined : readScopeChain(exec.agent)
    const tool = resolveTool(state, exec.name, chain)
    if (tool?.metadata.approval === 'always') return { kind: 'ask', reason: `${exec.name} is declared approval: always` }
    return next()
  }
}
