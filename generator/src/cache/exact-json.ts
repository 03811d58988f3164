/**
 * A text that tells apart every two JSON values the emitters could render differently, for cache keys: own data
 * properties in insertion order (an own `__proto__` key is a key), `-0` apart from `0`, and anything that is not
 * JSON (`undefined`, `NaN`, a function) spelled so it cannot pass for a JSON value.
 */
export function exactJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? JSON.stringify(value) : `#${String(value)}`
  if (Array.isArray(value)) return `[${value.map((item: unknown) => exactJson(item)).join(',')}]`
  if (typeof value === 'object') {
    const members: string[] = []
    for (const key of Object.keys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)
      members.push(`${JSON.stringify(key)}:${descriptor !== undefined && 'value' in descriptor ? exactJson(descriptor.value) : '#accessor'}`)
    }
    return `{${members.join(',')}}`
  }
  return `#${typeof value}`
}
