// Canonical JSON texts are asked for again and again while a schema is walked (each node, then its parts), so each
// object's text is kept for the objects that were seen; schemas are plain, immutable JSON for the whole diff.
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
  if (Array.isArray(value)) {
    text = `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`
  } else {
    const keys = Object.keys(value).sort()
    const parts: string[] = []
    for (const key of keys) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(member)}`)
    }
    text = `{${parts.join(',')}}`
  }
  texts.set(value, text)
  return text
}
