/** A plain-JSON object record, as declarations hold them. */
export type JsonRecord = { readonly [key: string]: unknown }

/**
 * The own enumerable string-keyed data entries of `record`, in insertion order. Reads descriptors, so an own
 * `__proto__` key is data and nothing inherited or computed by a getter is ever seen.
 */
export function ownEntries(record: object): [string, unknown][] {
  const entries: [string, unknown][] = []
  for (const key of Object.keys(record)) {
    const descriptor = Object.getOwnPropertyDescriptor(record, key)
    if (descriptor !== undefined && 'value' in descriptor) entries.push([key, descriptor.value])
  }
  return entries
}

/** The own data property `key` of `record`, or `undefined` (never an inherited one). */
export function ownValue(record: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, key)
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined
}

/** Whether `value` is a non-array object (a JSON object in a declaration). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
