/** Names what a YAML value turned out to be, in the words of the format ("a list", "a mapping"). */
export function describeFound(value: unknown): string {
  if (value === null) return 'null (an empty value)'
  if (Array.isArray(value)) return 'a list'
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
    case 'number':
      return `the number ${String(value)}`
    case 'boolean':
      return String(value)
    case 'object':
      return 'a mapping'
    default:
      return typeof value
  }
}
