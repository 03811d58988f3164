import { ListenerList, type RegistryListeners } from './events.js'
import type { Agent, ApprovalChannel, ApprovalService, CallId, ToolGuard, ToolRuntimeOptions } from './runtime-types.js'
import { ScopeLayer, type ScopeState } from './scopes.js'

// Everything one runtime holds; scopes and events read only their slice of it, so no import runs back up.

/** What an in-flight token stands for: the call's root call id, and the agent it runs for. */
export interface InFlightCall {
  readonly rootCallId: CallId
  readonly agent: Agent | undefined
}

/** Everything one runtime holds; every view of it shares this object. */
export interface RegistryState extends ScopeState {
  scopedEntries: number
  readonly listeners: RegistryListeners
  readonly guards: ListenerList<ToolGuard>
  /** The approval channels, each scoped to the agent whose view added it. */
  readonly channels: ListenerList<ApprovalChannel>
  /** Tokens of executions in flight: a `parent` must be one of them, made by a call of the same agent. */
  readonly inFlight: Map<symbol, InFlightCall>
  readonly approval: ApprovalService | undefined
}

/** Creates the empty state of a runtime from its (already checked) options. */
export function createRegistryState(options: ToolRuntimeOptions): RegistryState {
  return {
    global: new ScopeLayer(),
    scopes: new WeakMap(),
    scopedEntries: 0,
    listeners: {
      change: new ListenerList(),
      preExecute: new ListenerList(),
      execute: new ListenerList(),
      postExecute: new ListenerList(),
      result: new ListenerList(),
      codeDispatchLog: new ListenerList(),
      codeDispatch: new ListenerList(),
    },
    guards: new ListenerList(),
    channels: new ListenerList(),
    inFlight: new Map(),
    defaultMode: options.mode ?? 'native',
    approval: options.approval,
  }
}
