import { jsonText } from '../../print/ts-literals.js'
import { isRecord, ownValue } from '../../print/own-entries.js'

/**
 * A short, readable type for the catalog's parameter table, from a DSL node: scalar names (`integer` kept),
 * literal unions for `enum`/`const` (as JSON), `T[]` for arrays, `object` (`{ [key: string]: T }` for a typed map), `json`, and `A | B` for `oneOf`.
 * Plain text: the caller escapes it for Markdown.
 */
export function typeSummary(spec: unknown): string {
  if (!isRecord(spec)) return 'json'
  const branches = ownValue(spec, 'oneOf')
  if (Array.isArray(branches)) return branches.map((branch: unknown) => typeSummary(branch)).join(' | ')
  const type = ownValue(spec, 'type')
  if (Object.hasOwn(spec, 'const')) return jsonText(ownValue(spec, 'const'))
  const members = ownValue(spec, 'enum')
  if (Array.isArray(members)) return members.map((member: unknown) => jsonText(member)).join(' | ')
  if (type === 'array') {
    const item = typeSummary(ownValue(spec, 'items'))
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`
  }
  const extra = ownValue(spec, 'additionalProperties')
  if (type === 'object' && isRecord(extra)) return `{ [key: string]: ${typeSummary(extra)} }`
  return typeof type === 'string' ? type : 'json'
}
