// Memoized per object: a schema walk asks for each node again and again, and schemas are immutable during a diff.
const texts = new WeakMap<object, string>()

/** JSON text with every object's keys sorted, so equal texts mean equal values; `undefined` gives `''`. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  const known = texts.get(value)
  if (known !== undefined) return known
  // The replacer sorts keys; integer-like keys always come first in an object, so those objects are written by hand.
  unrepresentable = false
  let text = JSON.stringify(value, sortedKeys)
  if (unrepresentable) text = written(value)
  texts.set(value, text)
  return text
}

let unrepresentable = false

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

const INTEGER_LIKE = /^(?:0|[1-9]\d*)$/

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
