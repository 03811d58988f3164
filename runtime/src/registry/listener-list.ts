import type { Agent } from '../execution/execution-types.js'
import type { ToolRuntime } from './tool-runtime.js'

/** One subscription: the function, the view it was registered through (its `this`) and that view's scope. */
export interface ListenerEntry<F> {
  readonly fn: F
  readonly view: ToolRuntime
  /** `undefined` for a global subscription. */
  readonly scope: Agent | undefined
  /** Marks the built-in timeout policy, which is skipped for tools without `timeoutMs`. */
  readonly timeoutPolicy?: true
}

const EMPTY: readonly never[] = Object.freeze([])

/**
 * The ordered subscriptions of one event (or the guards). Copy-on-write: a run takes the current
 * array and is unaffected by later subscriptions or disposals, and the hot path reads it without
 * copying. Most deployments have no scoped entries, so `forChain` returns a stored array then.
 */
export class ListenerList<F> {
  entries: readonly ListenerEntry<F>[] = EMPTY
  /** How many entries are scoped; 0 means every entry applies to every call. */
  scoped = 0
  /** `entries` without the timeout policy, derived on change (tools without `timeoutMs` skip it). */
  private untimed: readonly ListenerEntry<F>[] = EMPTY

  /** Adds `entry` (first when `prepend`); returns its exact, idempotent disposer. */
  add(entry: ListenerEntry<F>, prepend: boolean): () => void {
    this.replace(prepend ? [entry, ...this.entries] : [...this.entries, entry])
    if (entry.scope !== undefined) this.scoped++
    let active = true
    return () => {
      if (!active) return
      active = false
      this.replace(this.entries.filter((candidate) => candidate !== entry))
      if (entry.scope !== undefined) this.scoped--
    }
  }

  /**
   * The entries that apply to a call whose scope chain is `chain` (the agent first, then its
   * parents; `undefined` for a call without an agent): global entries, and the entries scoped to the
   * call's own agent — "one registered through agent.ctx applies only to that agent", so not to its
   * sub-agents, whose calls their own views subscribe to. `withTimeoutPolicy: false` leaves the
   * built-in timeout policy out.
   */
  forChain(chain: readonly Agent[] | undefined, withTimeoutPolicy = true): readonly ListenerEntry<F>[] {
    const entries = withTimeoutPolicy ? this.entries : this.untimed
    if (this.scoped === 0) return entries
    const agent = chain?.[0]
    const applicable: ListenerEntry<F>[] = []
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as ListenerEntry<F>
      if (entry.scope === undefined || (agent !== undefined && entry.scope === agent)) applicable.push(entry)
    }
    return applicable
  }

  private replace(entries: readonly ListenerEntry<F>[]): void {
    this.entries = entries
    this.untimed = entries.some((entry) => entry.timeoutPolicy === true) ? entries.filter((entry) => entry.timeoutPolicy !== true) : entries
  }
}
