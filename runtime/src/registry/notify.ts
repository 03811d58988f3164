import type { Agent, ToolExecution, ToolExecutionResult } from '../execution/execution-types.js'
import type { RegistryState } from './registry-state.js'
import { containRejection } from './results.js'

/**
 * Emits `tools/result` to the observers that apply to the call's scope chain. Observers receive the
 * frozen execution and the frozen result `execute()` resolves; a throw, or a rejection of a promise
 * an async observer returns, is contained and never reaches the caller or the next observer.
 */
export function notifyResult(
  state: RegistryState,
  chain: readonly Agent[] | undefined,
  exec: ToolExecution,
  result: ToolExecutionResult,
): void {
  const list = state.listeners.result
  if (list.entries.length === 0) return
  const entries = list.forChain(chain)
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]
    if (entry === undefined) continue
    try {
      containRejection(entry.fn.call(entry.view, exec, result))
    } catch {
      // An observer failure is contained by contract.
    }
  }
}

/** Emits the unfiltered `tools/change` notification to every subscriber, containing failures. */
export function notifyChange(state: RegistryState): void {
  const entries = state.listeners.change.entries
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]
    if (entry === undefined) continue
    try {
      containRejection(entry.fn.call(entry.view))
    } catch {
      // An observer failure is contained by contract.
    }
  }
}
