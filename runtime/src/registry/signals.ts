

/** A signal that aborts when either of two signals does, with a disposer for its listeners. */
export interface FusedSignal {
  readonly signal: AbortSignal
  /** Removes the listeners from both sources; call once the fused signal is no longer observed. */
  dispose(): void
}

const noop = (): void => {}

// The platform's own accessors and methods. The getter throws for anything that is not a real
// AbortSignal, which `instanceof` cannot tell (an `Object.create(AbortSignal.prototype)` passes it).
// Once a signal passed that check, the runtime reads and listens to it only through these intrinsics:
// a signal is caller input, and own properties shadowing them (an `aborted` getter or an
// `addEventListener` that throws) must neither throw inside the pipeline nor hide a real abort.
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get as (this: AbortSignal) => boolean
const reasonGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'reason')?.get as (this: AbortSignal) => unknown
const addListener = EventTarget.prototype.addEventListener
const removeListener = EventTarget.prototype.removeEventListener

/** Whether a genuine AbortSignal has aborted, as the platform says. */
export function isAborted(signal: AbortSignal): boolean {
  return abortedGetter.call(signal)
}

/** The abort reason of a genuine AbortSignal, as the platform holds it. */
export function abortReason(signal: AbortSignal): unknown {
  return reasonGetter.call(signal)
}

// One platform listener per signal, fanned out to the runtime's listeners on it: N concurrent calls
// sharing one turn signal add one listener to it, not N (which tripped Node's MaxListenersExceededWarning
// at 11). The entry is dropped, and the platform listener removed, when the last listener goes or the
// signal aborts.
interface FanOut {
  readonly listeners: Set<() => void>
  readonly dispatch: () => void
}
const fanOuts = new WeakMap<AbortSignal, FanOut>()

/** Calls `listener` once when a genuine AbortSignal aborts (one platform listener per signal however many are added). */
export function onAbort(signal: AbortSignal, listener: () => void): void {
  let fanOut = fanOuts.get(signal)
  if (fanOut === undefined) {
    const listeners = new Set<() => void>()
    const dispatch = (): void => {
      fanOuts.delete(signal)
      for (const each of listeners) {
        try {
          each()
        } catch (error) {
          // As the platform does for a throwing listener: reported, and the others still run.
          queueMicrotask(() => {
            throw error
          })
        }
      }
      listeners.clear()
    }
    fanOut = { listeners, dispatch }
    fanOuts.set(signal, fanOut)
    addListener.call(signal, 'abort', dispatch, { once: true })
  }
  fanOut.listeners.add(listener)
}

/** Removes a listener {@link onAbort} added. */
export function offAbort(signal: AbortSignal, listener: () => void): void {
  const fanOut = fanOuts.get(signal)
  if (fanOut === undefined || !fanOut.listeners.delete(listener) || fanOut.listeners.size > 0) return
  fanOuts.delete(signal)
  removeListener.call(signal, 'abort', fanOut.dispatch)
}

/** Whether `value` is a genuine AbortSignal (its `aborted` can be read), not merely one by prototype. */
export function isAbortSignal(value: unknown): value is AbortSignal {
  if (!(value instanceof AbortSignal)) return false
  try {
    abortedGetter.call(value)
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
  if (replacement === caller || isAborted(caller)) return { signal: caller, dispose: noop }
  if (isAborted(replacement)) return { signal: replacement, dispose: noop }
  const controller = new AbortController()
  const dispose = (): void => {
    offAbort(caller, fromCaller)
    offAbort(replacement, fromReplacement)
  }
  const fromCaller = (): void => {
    dispose()
    controller.abort(abortReason(caller))
  }
  const fromReplacement = (): void => {
    dispose()
    controller.abort(abortReason(replacement))
  }
  onAbort(caller, fromCaller)
  onAbort(replacement, fromReplacement)
  return { signal: controller.signal, dispose }
}

// Signals the runtime made to abort whenever another one does (the timeout policy's), with that source.
const sources = new WeakMap<AbortSignal, AbortSignal>()

/** Records that `follower` aborts whenever `source` does (the runtime forwards it). */
export function markFollower(follower: AbortSignal, source: AbortSignal): void {
  sources.set(follower, source)
}

/** Whether `signal` is `source`, or a signal the runtime made to follow it (directly or through others). */
export function follows(signal: AbortSignal, source: AbortSignal): boolean {
  for (let current: AbortSignal | undefined = signal, steps = 0; current !== undefined && steps < 1_000; current = sources.get(current), steps++) {
    if (current === source) return true
  }
  return false
}
