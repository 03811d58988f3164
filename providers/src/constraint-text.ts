// How a schema node's value constraints read as human text, in one place: the generator's JSDoc, the
// catalog and the Code Mode SDK text all say a bound the same way. Pure, no dependencies; reads only the
// node's own data properties, so an inherited or polluted key never becomes a bound.

/** The keywords whose bounds `constraintPhrases` describes, in the order it describes them. */
export const CONSTRAINT_TEXT_KEYWORDS = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const

function own(node: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(node, key)
  return descriptor !== undefined && Object.hasOwn(descriptor, 'value') ? descriptor.value : undefined
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** A pair of count bounds: "exactly n units", "n–m units", "at least n units" or "at most m units". */
function range(low: number | undefined, high: number | undefined, one: string, many: string): string | undefined {
  if (low !== undefined && high !== undefined) {
    return low === high ? `exactly ${plural(low, one, many)}` : `${low}–${high} ${many}`
  }
  if (low !== undefined) return `at least ${plural(low, one, many)}`
  if (high !== undefined) return `at most ${plural(high, one, many)}`
  return undefined
}

/**
 * The node's bounds as short phrases, one per bound, in a fixed order: `["at least 1", "at most 100"]`,
 * `["exactly 10 characters", "matches ^\\d{4}-", "format date"]`, `["2–3 items", "unique items"]`.
 * Empty when the node (any object; a non-object is no node) has none.
 */
export function constraintPhrases(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return []
  const phrases: string[] = []
  const minimum = count(own(node, 'minimum'))
  const exclusiveMinimum = count(own(node, 'exclusiveMinimum'))
  const maximum = count(own(node, 'maximum'))
  const exclusiveMaximum = count(own(node, 'exclusiveMaximum'))
  const multipleOf = count(own(node, 'multipleOf'))
  if (minimum !== undefined) phrases.push(`at least ${minimum}`)
  if (exclusiveMinimum !== undefined) phrases.push(`greater than ${exclusiveMinimum}`)
  if (maximum !== undefined) phrases.push(`at most ${maximum}`)
  if (exclusiveMaximum !== undefined) phrases.push(`less than ${exclusiveMaximum}`)
  if (multipleOf !== undefined) phrases.push(`a multiple of ${multipleOf}`)
  const length = range(count(own(node, 'minLength')), count(own(node, 'maxLength')), 'character', 'characters')
  if (length !== undefined) phrases.push(length)
  const pattern = own(node, 'pattern')
  if (typeof pattern === 'string') phrases.push(`matches ${pattern}`)
  const format = own(node, 'format')
  if (typeof format === 'string') phrases.push(`format ${format}`)
  const items = range(count(own(node, 'minItems')), count(own(node, 'maxItems')), 'item', 'items')
  if (items !== undefined) phrases.push(items)
  if (own(node, 'uniqueItems') === true) phrases.push('unique items')
  const properties = range(count(own(node, 'minProperties')), count(own(node, 'maxProperties')), 'property', 'properties')
  if (properties !== undefined) phrases.push(properties)
  return phrases
}

/** The node's bounds as one line ("at least 1, at most 100"), or `''` when it has none. */
export function constraintText(node: unknown): string {
  return constraintPhrases(node).join(', ')
}
