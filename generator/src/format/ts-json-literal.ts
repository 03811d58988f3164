import { isRecord, ownEntries } from './own-entries.js'
import { tsPropertyKey } from './ts-property-key.js'
import { tsStringLiteral } from './ts-string-literal.js'

/**
 * A TypeScript expression for a JSON value: strings as escaped literals, keys through `tsPropertyKey` (so
 * `__proto__` stays an own property), arrays and objects recursively. Written compactly; prettier lays it out.
 */
export function tsJsonLiteral(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return tsStringLiteral(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${String(value)}`)
    return Object.is(value, -0) ? '-0' : String(value)
  }
  if (Array.isArray(value)) return `[${value.map((item: unknown) => tsJsonLiteral(item)).join(', ')}]`
  if (isRecord(value)) {
    const members = ownEntries(value).map(([key, item]) => `${tsPropertyKey(key)}: ${tsJsonLiteral(item)}`)
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`
  }
  throw new TypeError(`not a JSON value: ${typeof value}`)
}
