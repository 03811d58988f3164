import type { ToolDispatchExecution, ToolExecution } from '../execution/execution-types.js'

/**
 * The around-dispatch view `tools/execute` wrappers share for one call: a frozen copy of the
 * execution whose identity fields cannot change and whose `signal` is an accessor that accepts only
 * another AbortSignal — a wrapper may replace the signal, never remove it.
 */
export function createDispatchExecution(exec: ToolExecution): ToolDispatchExecution {
  let signal = exec.signal
  return Object.freeze({
    ...exec,
    get signal(): AbortSignal {
      return signal
    },
    set signal(replacement: AbortSignal) {
      if (!(replacement instanceof AbortSignal)) {
        throw new TypeError('tools/execute: exec.signal can only be replaced by another AbortSignal')
      }
      signal = replacement
    },
  })
}
