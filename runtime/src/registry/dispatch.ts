import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolDispatchExecution, ToolExecutionResult } from '../execution/execution-types.js'
import { BodyAttempt, DispatchExecution, RunContext, type ToolCall } from './call.js'
import { acceptWrapperResult } from './foreign-result.js'
import type { ListenerEntry } from './listener-list.js'
import { acceptValue } from './project-output.js'
import type { RegistryListeners } from './registry-state.js'
import { abortedAfterStart, abortedBeforeDispatch, failureResult, thrownFailure } from './results.js'
import { abortReason, follows, fuseSignals, isAborted } from './signals.js'
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
      return (call.dispatched = attemptResult(attempt, false, error))
    }
    return (call.dispatched = attemptResult(attempt, true, value))
  } finally {
    fused?.dispose()
    settled()
  }
}

/**
 * The normalized outcome of a settled body attempt: a deferred context that was not a lossless user
 * message makes it `INVALID_RESULT`; a throw becomes a structured failure; a value goes through
 * the output contract. From here on the attempt can no longer defer contexts or conclude the turn.
 */
export function attemptResult(attempt: BodyAttempt, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  attempt.settled = true
  const call = attempt.call
  const contexts = attempt.contexts === undefined ? undefined : Object.freeze(attempt.contexts)
  if (attempt.contextIssues !== undefined) {
    // The well-formed contexts stay, as on every failed call; the malformed ones are named in the message.
    return failureResult('INVALID_RESULT', formatIssues('The tool deferred a context that is not a lossless user message', attempt.contextIssues), { contexts })
  }
  if (!fulfilled) {
    // A body honouring cancellation by rejecting with the caller's own abort reason reports the
    // cancellation itself, not an error of its own; any other error after an abort stays the tool's.
    const caller = call.exec.signal
    if (isAborted(caller) && outcome === abortReason(caller)) return abortedAfterStart(contexts)
    return thrownFailure(outcome, contexts, call.tool.transport)
  }
  return acceptValue(call, outcome, { contexts, concludesTurn: attempt.concludes })
}
