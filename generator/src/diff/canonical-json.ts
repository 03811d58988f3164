// Canonical JSON texts are asked for again and again while a schema is walked (each node, then its parts), so the
// text of each object holding other objects is kept; a flat object's text is cheaper to make again than to keep
// (a WeakMap entry per leaf costs more, in the collector, than it saves). Schemas are plain, immutable JSON for the
// whole diff.
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
  let text: string
  let nested = false
  if (Array.isArray(value)) {
    text = '['
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (i > 0) text += ','
      if (typeof item === 'object' && item !== null) nested = true
      text += item === undefined ? 'null' : canonicalJson(item)
    }
    text += ']'
  } else {
    const keys = Object.keys(value)
    if (keys.length > 1) keys.sort()
    text = '{'
    let first = true
    for (const key of keys) {
      const member = (value as Record<string, unknown>)[key]
      if (member === undefined) continue
      if (typeof member === 'object' && member !== null) nested = true
      text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`
      first = false
    }
    text += '}'
  }
  if (nested) texts.set(value, text)
  return text
}
