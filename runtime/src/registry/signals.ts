/** A signal that aborts when either of two signals does, with a disposer for its listeners. */
export interface FusedSignal {
  readonly signal: AbortSignal
  /** Removes the listeners from both sources; call once the fused signal is no longer observed. */
  dispose(): void
}

const noop = (): void => {}

// The platform's own getter: it throws for anything that is not a real AbortSignal, which
// `instanceof` cannot tell (an `Object.create(AbortSignal.prototype)` passes it).
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get

/** Whether `value` is a genuine AbortSignal (its `aborted` can be read), not merely one by prototype. */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (!(value instanceof AbortSignal)) return false
  try {
    abortedGetter?.call(value)
    return true
  } catch {
    return false
  }
}

/**
 * Fuses the caller's signal with a replacement a `tools/execute` wrapper installed, so the body
 * sees both: a wrapper can add cancellation (a deadline) but never detach the caller's. The abort
 * reason is the first source's. Listeners are removed on dispose (or on the first abort), so a
 * long-lived caller signal does not accumulate one listener per call.
 */
export function fuseSignals(caller: AbortSignal, replacement: AbortSignal): FusedSignal {
  if (replacement === caller || caller.aborted) return { signal: caller, dispose: noop }
  if (replacement.aborted) return { signal: replacement, dispose: noop }
  const controller = new AbortController()
  const dispose = (): void => {
    caller.removeEventListener('abort', fromCaller)
    replacement.removeEventListener('abort', fromReplacement)
  }
  const fromCaller = (): void => {
    dispose()
    controller.abort(caller.reason)
  }
  const fromReplacement = (): void => {
    dispose()
    controller.abort(replacement.reason)
  }
  caller.addEventListener('abort', fromCaller)
  replacement.addEventListener('abort', fromReplacement)
  return { signal: controller.signal, dispose }
}
