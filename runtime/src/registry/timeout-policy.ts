import type { ToolDispatchExecution, ToolExecutionResult } from '../execution/execution-types.js'
import type { ToolCall } from './call.js'
import { failureResult, optional } from './results.js'
import { abortReason, isAborted, markFollower, offAbort, onAbort } from './signals.js'

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
