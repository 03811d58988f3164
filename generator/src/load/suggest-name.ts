/** Every keyword a schema spec node may hold, for "did you mean" only: the runtime's DSL checker decides validity. */
export const SPEC_KEYWORDS: readonly string[] = [
  'type', 'enum', 'const', 'items', 'properties', 'additionalProperties', 'oneOf', 'required',
  'description', 'title', 'default', 'examples',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'format', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
]

/** The one known name close to `unknown` (a typo or a case change); `undefined` when none is or two tie. */
export function suggestName(unknown: string, known: readonly string[]): string | undefined {
  if (unknown.length > 64) return undefined
  const lower = unknown.toLowerCase()
  const limit = Math.max(1, Math.floor(unknown.length / 3))
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  let tie = false
  for (const name of known) {
    if (name === unknown) continue
    const distance = name.toLowerCase() === lower ? 0.5 : editDistance(lower, name.toLowerCase(), limit)
    if (distance > limit) continue
    if (distance < bestDistance) {
      best = name
      bestDistance = distance
      tie = false
    } else if (distance === bestDistance) tie = true
  }
  return tie ? undefined : best
}

/** `"; did you mean "x"?"` for a close known name, else `''`. */
export function didYouMean(unknown: string, known: readonly string[]): string {
  const suggestion = suggestName(unknown, known)
  return suggestion === undefined ? '' : `; did you mean ${JSON.stringify(suggestion)}?`
}

/** Optimal string alignment distance (an adjacent swap counts once), or `limit + 1` once it must exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous2: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previous2[j - 2] ?? 0) + 1)
      current[j] = value
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return limit + 1
    previous2 = previous
    previous = current
  }
  return previous[b.length] ?? limit + 1
}
