/**
 * Whether `value` comes back from `JSON.stringify` then `JSON.parse` as the same value (`exactJson` alike): only
 * null, booleans, strings, finite numbers other than `-0` (which JSON writes as `0`), arrays and objects of own data
 * properties. A value that would not is not cached.
 */
export function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every((item: unknown) => survivesJson(item))
  if (typeof value !== 'object' || Object.getOwnPropertySymbols(value).length > 0) return false
  const descriptors = Object.getOwnPropertyDescriptors(value)
  return Object.values(descriptors).every((descriptor) => descriptor.enumerable === true && 'value' in descriptor && survivesJson(descriptor.value))
}
