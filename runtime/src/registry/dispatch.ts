import type { UserMessage } from '../content/content-block.js'
import type { ToolDispatchExecution, ToolExecutionFailure, ToolExecutionResult } from '../execution/execution-types.js'
import { BodyAttempt } from './body-attempt.js'
import { DispatchExecution, RunContext, type ToolCall } from './call.js'
import { acceptWrapperResult } from './foreign-result.js'
import type { ListenerEntry } from './listener-list.js'
import type { RegistryListeners } from './registry-state.js'
import { follows, fuseSignals, isAborted } from './signals.js'
import { thrownFailure, failureResult } from './results.js'
import { runTimeoutPolicy } from './timeout-policy.js'
import { runWaterfall, type WaterfallSpec } from './waterfall.js'

type ExecuteListener = RegistryListeners['execute']['entries'][number]['fn']

interface DispatchRun {
  readonly call: ToolCall
  readonly view: ToolDispatchExecution
}

/** The `tools/execute` wrappers that apply to the call (the timeout policy only if the tool declares `timeoutMs`). */
export function dispatchWrappers(call: ToolCall): readonly ListenerEntry<ExecuteListener>[] {
  return call.state.listeners.execute.forChain(call.chain, call.tool.timeoutMs !== undefined)
}

/** Runs the `tools/execute` waterfall around the body. Never rejects. */
export function dispatchThrough(call: ToolCall, wrappers: readonly ListenerEntry<ExecuteListener>[]): Promise<ToolExecutionResult> {
  return runWaterfall(wrappers, EXECUTE, { call, view: new DispatchExecution(call.exec) })
}

const EXECUTE: WaterfallSpec<DispatchRun, ToolExecutionResult, ExecuteListener> = {
  invoke: (entry, run, next) =>
    entry.timeoutPolicy === true ? runTimeoutPolicy(run.call, run.view, next) : entry.fn.call(entry.view, run.view, next),
  normalize: (run, answer) => acceptWrapperResult(run.call, answer),
  fail: (_run, error) => thrownFailure(error),
  terminal: (run, settled) => invokeBody(run.call, run.view.signal, settled),
  // "Around-dispatch waterfall for timeout, retry, or metrics": calling next() again retries.
  repeatable: true,
}

/**
 * Starts one body attempt: marks the body started and calls `execute` with the frozen arguments and
 * a `ToolRunContext` carrying `signal` and bound to `attempt`. Returns what the body returned (or
 * throws what it threw); the caller awaits it and hands the outcome to `attempt.result`.
 */
export function startBody(call: ToolCall, attempt: BodyAttempt, signal: AbortSignal): unknown {
  call.bodyStarted = true
  const tool = call.tool
  return tool.execute.call(tool.definition, call.exec.arguments, new RunContext(call.exec, attempt, signal))
}

/**
 * The body behind the wrappers, one attempt per call of the innermost `next()`: its signal is the
 * caller's re-fused with the replacement the wrappers left on the dispatch view, so no wrapper can
 * detach caller cancellation. An aborted signal means the body does not start
 * (`ABORTED_BEFORE_DISPATCH`). Resolves once the body settled.
 */
async function invokeBody(call: ToolCall, signal: AbortSignal, settled: () => void): Promise<ToolExecutionResult> {
  const caller = call.exec.signal
  // A signal the runtime made to follow the caller's (the timeout policy's) needs no second listener on it.
  const fused = follows(signal, caller) ? undefined : fuseSignals(caller, signal)
  const effective = fused?.signal ?? signal
  try {
    // A retry's later attempt meeting the abort: the body did run, in an earlier attempt.
    if (isAborted(effective)) return (call.dispatched = call.bodyStarted ? abortedAfterStart() : abortedBeforeDispatch())
    const attempt = new BodyAttempt(call)
    let value: unknown
    try {
      value = await startBody(call, attempt, effective)
    } catch (error) {
      return (call.dispatched = attempt.result(false, error))
    }
    return (call.dispatched = attempt.result(true, value))
  } finally {
    fused?.dispose()
    settled()
  }
}

/** The failure of a cancelled call whose body did start (its outcome, if a success, is discarded). */
export function abortedAfterStart(contexts?: readonly UserMessage[]): ToolExecutionFailure {
  return failureResult('ABORTED', 'The call was cancelled; the tool finished, but its result was discarded.', { contexts })
}

/** The failure of a call whose body never started because it was cancelled. */
export function abortedBeforeDispatch(): ToolExecutionFailure {
  return failureResult('ABORTED_BEFORE_DISPATCH', 'The call was cancelled before the tool started.')
}
