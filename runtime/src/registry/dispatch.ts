import { formatIssues } from '../errors.js'
import { abortReason, BodyAttempt, DispatchExecution, follows, fuseSignals, isAborted, markFollower, offAbort, onAbort, RunContext, type ToolCall } from './call.js'
import { type RegistryListeners, runWaterfall, type WaterfallSpec } from './events.js'
import { abortedAfterStart, abortedBeforeDispatch, failureResult, invalidResult, optional, registryFailure, thrownFailure } from './results.js'
import { acceptOutput, acceptWrapperResult } from './review.js'
import type { ToolDispatchExecution, ToolExecutionResult } from './runtime-types.js'

// Dispatch: the `tools/execute` wrappers, the built-in timeout policy, and the one path that invokes a body.

type ExecuteListener = RegistryListeners['execute']['entries'][number]['fn']

interface DispatchRun {
  readonly call: ToolCall
  readonly view: ToolDispatchExecution
  readonly after: AfterDispatch<unknown>
}

/** What runs on a dispatch's normalized result, in the reaction that produced it. */
export type AfterDispatch<R> = (call: ToolCall, result: ToolExecutionResult) => R

/**
 * Runs a call through the applicable wrappers to the body, then `after` on the settled result; failures are results,
 * never rejections. Called in the turn of the gates' last abort check, so an unwrapped body needs no other.
 */
export function dispatch<R>(call: ToolCall, after: AfterDispatch<R>): Promise<Awaited<R>> {
  const wrappers = call.state.listeners.execute.forChain(call.chain, call.tool.timeoutMs !== undefined)
  if (wrappers.length === 0) return invokeBody(call, call.exec.signal, after, true)
  const run: DispatchRun = { call, view: new DispatchExecution(call.exec), after }
  return runWaterfall(wrappers, EXECUTE, run, afterWrappers) as Promise<Awaited<R>>
}

const afterWrappers = (run: DispatchRun, result: ToolExecutionResult): unknown => run.after(run.call, result)

const EXECUTE: WaterfallSpec<DispatchRun, ToolExecutionResult, ExecuteListener> = {
  invoke: (entry, run, next) =>
    entry.timeoutPolicy === true ? runTimeoutPolicy(run.call, run.view, next) : entry.fn.call(entry.view, run.view, next),
  normalize: (run, answer) => acceptWrapperResult(run.call, answer),
  fail: (_run, error) => thrownFailure(error),
  terminal: (run, settled) => bodyBehindWrappers(run.call, run.view.signal, settled),
  // The spec: calling next() again retries.
  repeatable: true,
}

/** One body attempt per innermost `next()`, its signal re-fused with the caller's so no wrapper can detach it. */
function bodyBehindWrappers(call: ToolCall, signal: AbortSignal, settled: () => void): Promise<ToolExecutionResult> {
  const caller = call.exec.signal
  // A signal the runtime made to follow the caller's (the timeout policy's) needs no second listener on it.
  const fused = follows(signal, caller) ? undefined : fuseSignals(caller, signal)
  return invokeBody(
    call,
    fused?.signal ?? signal,
    (_call, result) => {
      call.dispatched = result
      fused?.dispose()
      settled()
      return result
    },
    false,
  )
}

/** The one body invocation path: skips an aborted `signal` (unread if `checked`); `after` runs in the same reaction. */
function invokeBody<R>(call: ToolCall, signal: AbortSignal, after: AfterDispatch<R>, checked: boolean): Promise<Awaited<R>> {
  if (!checked && isAborted(signal)) return promiseResolve(after(call, call.bodyStarted ? abortedAfterStart() : abortedBeforeDispatch()))
  const attempt = new BodyAttempt(call)
  let outcome: unknown
  try {
    outcome = startBody(call, attempt, signal)
  } catch (error) {
    return promiseResolve(after(call, settledResult(attempt, false, error)))
  }
  return promiseThen.call(
    // As `await` takes it: a native promise as it is, anything else (a value, a thenable) through Promise.resolve.
    promiseResolve(outcome),
    (value: unknown) => after(call, settledResult(attempt, true, value)),
    (error: unknown) => after(call, settledResult(attempt, false, error)),
  ) as Promise<Awaited<R>>
}

/** {@link attemptResult}; a throw past the body's own outcome is the registry's defect, not the tool's. */
function settledResult(attempt: BodyAttempt, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  try {
    return attemptResult(attempt, fulfilled, outcome)
  } catch (error) {
    return registryFailure(error)
  }
}

const promiseThen = Promise.prototype.then
const promiseResolve = <T>(value: T): Promise<Awaited<T>> => Promise.resolve(value)

function startBody(call: ToolCall, attempt: BodyAttempt, signal: AbortSignal): unknown {
  call.bodyStarted = true
  const tool = call.tool
  return tool.execute.call(tool.definition, call.exec.arguments, new RunContext(call.exec, attempt, signal))
}

/** A settled attempt's result: a bad deferred context is `INVALID_RESULT`, a throw a failure, a value is reviewed. */
function attemptResult(attempt: BodyAttempt, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  attempt.settled = true
  const call = attempt.call
  const contexts = attempt.contexts === undefined ? undefined : Object.freeze(attempt.contexts)
  if (attempt.contextIssues !== undefined) {
    // The well-formed contexts stay, as on every failed call; the malformed ones are named in the message.
    return invalidResult(formatIssues('The tool deferred a context that is not a lossless user message', attempt.contextIssues), contexts)
  }
  if (!fulfilled) {
    // Rejecting with the caller's own abort reason reports the cancellation; any other error stays the tool's.
    const caller = call.exec.signal
    if (isAborted(caller) && outcome === abortReason(caller)) return abortedAfterStart(contexts)
    return thrownFailure(outcome, contexts, call.tool.transport)
  }
  return acceptOutput(call, outcome, contexts, attempt.concludes)
}

/** Longest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days); a longer budget sets no timer. */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * The built-in timeout policy: during `next()`, `exec.signal` also aborts at the deadline. It waits for the body rather
 * than abandoning it, then answers `TIMEOUT` if the deadline came first; a caller abort stops the clock.
 */
export async function runTimeoutPolicy(
  call: ToolCall,
  exec: ToolDispatchExecution,
  next: () => Promise<ToolExecutionResult>,
): Promise<ToolExecutionResult> {
  const budget = call.tool.timeoutMs
  if (budget === undefined || budget > MAX_TIMER_MS) return next()
  const previous = exec.signal
  const controller = new AbortController()
  let timedOut = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // The caller's cancellation came first: the deadline no longer counts, however long the body takes to stop.
  const forward = (): void => {
    clearTimeout(timer)
    controller.abort(abortReason(previous))
  }
  if (isAborted(previous)) forward()
  else {
    onAbort(previous, forward)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`The tool did not finish within ${budget} ms`, 'TimeoutError'))
    }, budget)
  }
  markFollower(controller.signal, previous)
  exec.signal = controller.signal
  try {
    const result = await next()
    if (!timedOut) return result
    return failureResult('TIMEOUT', `The tool did not finish within its ${budget} ms timeout.`, { contexts: optional(result, 'additionalContexts') })
  } finally {
    clearTimeout(timer)
    offAbort(previous, forward)
    exec.signal = previous
  }
}
