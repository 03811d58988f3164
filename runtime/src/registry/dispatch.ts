import { formatIssues } from '../errors.js'
import { abortReason, BodyAttempt, DispatchExecution, follows, fuseSignals, isAborted, markFollower, offAbort, onAbort, RunContext, type ToolCall } from './call.js'
import { type RegistryListeners, runWaterfall, type WaterfallSpec } from './events.js'
import { abortedAfterStart, abortedBeforeDispatch, failureResult, invalidResult, optional, registryFailure, thrownFailure } from './results.js'
import { acceptOutput, acceptWrapperResult } from './review.js'
import type { ToolDispatchExecution, ToolExecutionResult } from './runtime-types.js'

// Dispatch: the `tools/execute` wrappers around the body, the built-in timeout policy (the first
// wrapper), and the one path that invokes a body and normalizes its outcome through the output contract.

type ExecuteListener = RegistryListeners['execute']['entries'][number]['fn']

interface DispatchRun {
  readonly call: ToolCall
  readonly view: ToolDispatchExecution
  readonly after: AfterDispatch<unknown>
}

/** What runs on the normalized result of a dispatch, in the same promise reaction as the body's end (or the outermost wrapper's answer). */
export type AfterDispatch<R> = (call: ToolCall, result: ToolExecutionResult) => R

/**
 * Dispatches a call that passed the gates: through the `tools/execute` wrappers that apply (the
 * built-in timeout policy only for a tool that declares `timeoutMs`) around the body, or straight to
 * the body when none does; then hands the normalized result, once the body (every attempt) settled, to
 * `after` and resolves what it returns. A tool's or a wrapper's failure is a result, never a rejection.
 * Called in the same synchronous turn as the gates' last cancellation check, so a body with no wrapper
 * around it starts without another one.
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
  // "Around-dispatch waterfall for timeout, retry, or metrics": calling next() again retries.
  repeatable: true,
}

/**
 * The body behind the wrappers, one attempt per call of the innermost `next()`: its signal is the
 * caller's re-fused with the replacement the wrappers left on the dispatch view, so no wrapper can
 * detach caller cancellation. Resolves once the body settled, and reports that to the waterfall.
 */
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

/**
 * The one invocation path of a tool body: one {@link BodyAttempt}, started with `signal` unless it has
 * aborted (`ABORTED_BEFORE_DISPATCH`, or `ABORTED` for a retry whose earlier attempt ran), its outcome
 * normalized by {@link attemptResult}, then `after` in the same reaction (no promise hop of its own).
 * `checked`: the caller checked `signal` in this same synchronous turn (straight from the gates), so
 * it is not read again. One reaction on the body's promise rather than an async function: this runs
 * once per call, and an async function's frame and await cost several times the reaction's garbage.
 */
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

/** {@link attemptResult}, where a defect past the body's own outcome (the attempt settled) is the registry's, not the tool's. */
function settledResult(attempt: BodyAttempt, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  try {
    return attemptResult(attempt, fulfilled, outcome)
  } catch (error) {
    return registryFailure(error)
  }
}

const promiseThen = Promise.prototype.then
const promiseResolve = <T>(value: T): Promise<Awaited<T>> => Promise.resolve(value)

/**
 * Starts one body attempt: marks the body started and calls `execute` with the frozen arguments and
 * a `ToolRunContext` carrying `signal` and bound to `attempt`. Returns what the body returned (or
 * throws what it threw); the caller awaits it and hands the outcome to `attempt.result`.
 */
function startBody(call: ToolCall, attempt: BodyAttempt, signal: AbortSignal): unknown {
  call.bodyStarted = true
  const tool = call.tool
  return tool.execute.call(tool.definition, call.exec.arguments, new RunContext(call.exec, attempt, signal))
}

/**
 * The normalized outcome of a settled body attempt: a deferred context that was not a lossless user
 * message makes it `INVALID_RESULT`; a throw becomes a structured failure; a value goes through
 * the output contract. From here on the attempt can no longer defer contexts or conclude the turn.
 */
function attemptResult(attempt: BodyAttempt, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  attempt.settled = true
  const call = attempt.call
  const contexts = attempt.contexts === undefined ? undefined : Object.freeze(attempt.contexts)
  if (attempt.contextIssues !== undefined) {
    // The well-formed contexts stay, as on every failed call; the malformed ones are named in the message.
    return invalidResult(formatIssues('The tool deferred a context that is not a lossless user message', attempt.contextIssues), contexts)
  }
  if (!fulfilled) {
    // A body honouring cancellation by rejecting with the caller's own abort reason reports the
    // cancellation itself, not an error of its own; any other error after an abort stays the tool's.
    const caller = call.exec.signal
    if (isAborted(caller) && outcome === abortReason(caller)) return abortedAfterStart(contexts)
    return thrownFailure(outcome, contexts, call.tool.transport)
  }
  return acceptOutput(call, outcome, contexts, attempt.concludes)
}

/** Longest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days); a longer budget sets no timer. */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * The built-in timeout policy, a `tools/execute` wrapper the runtime installs first (unless
 * `timeouts: false`). For a tool with `timeoutMs` it replaces `exec.signal`, for the delegated
 * lifetime of `next()`, with one that also aborts at the deadline (a `TimeoutError` reason). It
 * does not abandon the body: it waits for `next()` to settle — a cooperative body stops promptly
 * on the abort — then answers `TIMEOUT` if the deadline passed first, whatever the body returned; a
 * caller's cancellation before the deadline stops the clock (the pipeline then answers `ABORTED`).
 * The timer and the listener on the previous signal are always cleared, and the signal restored.
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
