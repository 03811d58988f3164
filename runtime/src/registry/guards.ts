import type { ToolExecutionFailure, ToolGuard } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { containRejection, denied, thrownMessage } from './results.js'
import type { ListenerEntry } from './listener-list.js'
import type { ToolCall } from './call.js'

/**
 * Runs the monotonic guards that apply to the call (global ones and those set on its own agent's view),
 * in registration order, after `tools/pre-execute`. The first denial wins and later guards are not
 * asked: there is no allow answer, so nothing they could say would change the outcome. A guard
 * denies by returning anything but `undefined` (a non-string — say a promise from an async guard —
 * denies too, failing closed) or by throwing.
 */
export function runGuards(call: ToolCall): ToolExecutionFailure | undefined {
  const guards = call.state.guards
  if (guards.entries.length === 0) return undefined
  const entries: readonly ListenerEntry<ToolGuard>[] = guards.forChain(call.chain)
  for (let i = 0; i < entries.length; i++) {
    const guard = (entries[i] as ListenerEntry<ToolGuard>).fn
    let verdict: unknown
    try {
      verdict = guard(call.exec)
    } catch (error) {
      return denied(`The call was denied: a guard failed (${thrownMessage(error)}).`)
    }
    if (verdict === undefined) continue
    containRejection(verdict)
    if (typeof verdict === 'string') return denied(verdict === '' ? 'The call was denied by a guard.' : `The call was denied by a guard: ${verdict}`)
    return denied(`The call was denied: a guard answered ${describeValue(verdict)} instead of a reason or undefined.`)
  }
  return undefined
}
