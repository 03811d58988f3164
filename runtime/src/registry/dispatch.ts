import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolDispatchExecution, ToolExecutionResult } from '../execution/execution-types.js'
import { DispatchExecution } from './dispatch-execution.js'
import { acceptWrapperResult } from './foreign-result.js'
import type { ListenerEntry } from './listener-list.js'
import { acceptValue } from './project-output.js'
import type { RegistryListeners } from './registry-state.js'
import { RunContext } from './run-context.js'
import { fuseSignals } from './signals.js'
import { thrownFailure } from './thrown-failure.js'
import { runTimeoutPolicy } from './timeout-policy.js'
import type { ToolCall } from './tool-call.js'
import { failureResult } from './tool-results.js'
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
}

/**
 * Starts the body: marks it started and calls `execute` with the frozen arguments and a
 * `ToolRunContext` carrying `signal`. Returns what the body returned (or throws what it threw);
 * the caller awaits it and hands the outcome to {@link bodyResult}.
 */
export function startBody(call: ToolCall, signal: AbortSignal): unknown {
  call.bodyStarted = true
  const tool = call.tool
  return tool.execute.call(tool.definition, call.exec.arguments, new RunContext(call, signal))
}

/**
 * The body behind the wrappers: its signal is the caller's re-fused with the replacement the
 * wrappers left on the dispatch view, so no wrapper can detach caller cancellation. An aborted
 * signal means the body never starts (`ABORTED_BEFORE_DISPATCH`). Resolves once the body settled.
 */
async function invokeBody(call: ToolCall, signal: AbortSignal, settled: () => void): Promise<ToolExecutionResult> {
  const caller = call.exec.signal
  const fused = signal === caller ? undefined : fuseSignals(caller, signal)
  try {
    if ((fused?.signal ?? caller).aborted) return (call.dispatched = abortedBeforeDispatch())
    let value: unknown
    try {
      value = await startBody(call, fused?.signal ?? caller)
    } catch (error) {
      return (call.dispatched = bodyResult(call, false, error))
    }
    return (call.dispatched = bodyResult(call, true, value))
  } finally {
    fused?.dispose()
    settled()
  }
}

/**
 * The normalized outcome of a settled body: a deferred context that was not a lossless user
 * message makes it `INVALID_RESULT`; a throw becomes a structured failure; a value goes through
 * the output contract. From here on the body can no longer defer contexts or conclude the turn.
 */
export function bodyResult(call: ToolCall, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  call.bodySettled = true
  if (call.contextIssues !== undefined) {
    return failureResult('INVALID_RESULT', formatIssues('The tool deferred a context that is not a lossless user message', call.contextIssues))
  }
  const contexts = call.contexts === undefined ? undefined : Object.freeze(call.contexts)
  if (!fulfilled) return thrownFailure(outcome, contexts)
  return acceptValue(call, outcome, { contexts, concludesTurn: call.concludes })
}

/** The failure of a call whose body never started because it was cancelled. */
export function abortedBeforeDispatch(): ToolExecutionResult {
  return failureResult('ABORTED_BEFORE_DISPATCH', 'The call was cancelled before the tool started.')
}
