import type { ContentBlock } from '../content/content-block.js'
import type { Agent, CodeDispatchEvent, CodeDispatchLog, PostToolDecision, PreToolDecision, ToolDispatchExecution, ToolExecution, ToolExecutionResult, ToolGuard } from '../execution/execution-types.js'
import type { InFlightCall } from './call.js'
import { ListenerList } from './events.js'
import { ScopeLayer } from './scopes.js'
import type { ApprovalService, ToolRuntime, ToolRuntimeOptions } from './tool-runtime.js'

type Fn<A extends unknown[], R> = (this: ToolRuntime, ...args: A) => R

/** The listener lists of one runtime, typed loosely for the runners (the public `on` is typed per event). */
export interface RegistryListeners {
  readonly change: ListenerList<Fn<[], unknown>>
  readonly preExecute: ListenerList<Fn<[ToolExecution, () => Promise<PreToolDecision>], unknown>>
  readonly execute: ListenerList<Fn<[ToolDispatchExecution, () => Promise<ToolExecutionResult>], unknown>>
  readonly postExecute: ListenerList<Fn<[ToolExecution, ToolExecutionResult, () => Promise<PostToolDecision>], unknown>>
  readonly result: ListenerList<Fn<[ToolExecution, ToolExecutionResult], unknown>>
  readonly codeDispatchLog: ListenerList<Fn<[CodeDispatchLog, () => Promise<readonly ContentBlock[]>], unknown>>
  readonly codeDispatch: ListenerList<Fn<[CodeDispatchEvent], unknown>>
}

/** Everything one runtime holds; every view of it shares this object. */
export interface RegistryState {
  readonly global: ScopeLayer
  /** Scope layers keyed by the Agent object: scope identity is object identity, and a dropped agent frees its layer. */
  readonly scopes: WeakMap<Agent, ScopeLayer>
  /** Live scoped registrations, restrictions and declarations; 0 lets resolution skip the chain walk. */
  scopedEntries: number
  readonly listeners: RegistryListeners
  readonly guards: ListenerList<ToolGuard>
  /** Tokens of executions in flight: a `parent` must be one of them, made by a call of the same agent. */
  readonly inFlight: Map<symbol, InFlightCall>
  readonly defaultMode: 'native' | 'code'
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
    inFlight: new Map(),
    defaultMode: options.mode ?? 'native',
    approval: options.approval,
  }
}
