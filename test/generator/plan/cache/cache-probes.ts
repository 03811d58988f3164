import type { PlanCache, PlanResult } from '../../../../generator/src/model/plan.js'

/** A cache that counts what the planner asked of `inner`. */
export interface CountingCache extends PlanCache {
  readonly hits: number
  readonly misses: number
  readonly sets: number
  /** The texts asked for with `text` whose text was then made. */
  readonly decoded: number
}

/** Wraps `inner`, counting hits, misses and stores. */
export function countingCache(inner: PlanCache): CountingCache {
  const counts = { hits: 0, misses: 0, sets: 0, decoded: 0 }
  return {
    fingerprint: inner.fingerprint,
    ...(inner.declarationKey === undefined ? {} : { declarationKey: inner.declarationKey.bind(inner) }),
    get(key) {
      const value = inner.get(key)
      if (value === undefined) counts.misses++
      else counts.hits++
      return value
    },
    set(key, value) {
      counts.sets++
      inner.set(key, value)
    },
    text(key) {
      const text = inner.text(key)
      if (text === undefined) {
        counts.misses++
        return undefined
      }
      counts.hits++
      return () => {
        counts.decoded++
        return text()
      }
    },
    get hits() {
      return counts.hits
    },
    get misses() {
      return counts.misses
    },
    get sets() {
      return counts.sets
    },
    get decoded() {
      return counts.decoded
    },
  }
}

/** The text every poisoned entry holds instead of what was planned. */
export const POISON = '// poisoned cache entry'

/** Answers what `inner` holds with the planned texts replaced by `POISON` (same shapes), under `fingerprint`. */
export function poisonedCache(inner: PlanCache, fingerprint = inner.fingerprint): PlanCache {
  const poisonValue = (value: unknown): unknown => {
    if (typeof value === 'string') return POISON
    if (typeof value === 'object' && value !== null && 'content' in value) return { ...value, content: POISON }
    // A tool's part of the Code Mode SDK.
    if (typeof value === 'object' && value !== null && 'types' in value) return { ...value, types: POISON }
    return value
  }
  // A declaration's entry holds its planned parts as `{ key, value }`: each value is poisoned, its key kept.
  const poison = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || !('planned' in value)) return poisonValue(value)
    const planned = Object.entries(value.planned as object).map(([part, slot]: [string, { key: string; value: unknown }]) => [part, { key: slot.key, value: poisonValue(slot.value) }])
    return { ...value, planned: Object.fromEntries(planned) }
  }
  return {
    fingerprint,
    ...(inner.declarationKey === undefined ? {} : { declarationKey: inner.declarationKey.bind(inner) }),
    get: (key) => poison(inner.get(key)),
    set: () => undefined,
    text: (key) => (inner.text(key) === undefined ? undefined : () => POISON),
  }
}

/** Answers every key with a value of no known shape. */
export function brokenCache(fingerprint: string): PlanCache {
  return { fingerprint, get: () => ({ content: 42, outputType: 'x', diagnostics: [{ severity: 'fatal' }] }), set: () => undefined, text: () => undefined }
}

/** Everything a plan says, comparable. */
export function planView(result: PlanResult): object {
  return { files: result.files.map((file) => [file.path, file.owner, file.content]), deletions: result.deletions, orphans: result.orphans, diagnostics: result.diagnostics }
}
