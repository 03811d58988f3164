// Canonical JSON texts are asked for again and again while a schema is walked (each node, then its parts), so the
// text of each object asked for is kept. Schemas are plain, immutable JSON for the whole diff.
const texts = new WeakMap<object, string>()

/**
 * The JSON text of a plain JSON value with every object's keys sorted: equal texts mean equal values, whatever the
 * key order. `undefined` (an absent member) is `''`. Own enumerable keys only, as `JSON.stringify` reads them.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const known = texts.get(value)
  if (known !== undefined) return known
  // The engine's own serializer does the work; the replacer only hands it each object with its keys in order. An
  // object no copy can hold in that order (integer-like keys come first in any object) is written out by hand.
  unrepresentable = false
  let text = JSON.stringify(value, sortedKeys)
  if (unrepresentable) text = written(value)
  texts.set(value, text)
  return text
}

let unrepresentable = false

/** An object as `JSON.stringify` should see it: itself when its keys are already sorted, else a sorted copy. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const keys = Object.keys(value)
  let sorted = true
  for (let i = 1; i < keys.length; i++) {
    if ((keys[i - 1] as string) > (keys[i] as string)) {
      sorted = false
      break
    }
  }
  if (sorted) return value
  keys.sort()
  // No prototype: an own `__proto__` key stays an ordinary key of the copy.
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const key of keys) {
    if (INTEGER_LIKE.test(key)) unrepresentable = true
    copy[key] = (value as Record<string, unknown>)[key]
  }
  return copy
}

// Keys an object lists first, in numeric order, whatever order they were added in (array indices).
const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/

/** The canonical text written member by member (objects with integer-like keys). */
function written(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (Array.isArray(value)) {
    let text = '['
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (i > 0) text += ','
      text += item === undefined ? 'null' : written(item)
    }
    return `${text}]`
  }
  const keys = Object.keys(value).sort()
  let text = '{'
  let first = true
  for (const key of keys) {
    const member = (value as Record<string, unknown>)[key]
    if (member === undefined) continue
    text += `${first ? '' : ','}${JSON.stringify(key)}:${written(member)}`
    first = false
  }
  return `${text}}`
}
