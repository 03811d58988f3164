import { isIdentifierName } from './is-identifier-name.js'
import { tsStringLiteral } from './ts-string-literal.js'

/**
 * A property key for an object literal that always defines an OWN property named `key`. `__proto__` written
 * plainly or quoted would set the prototype instead, so it becomes a computed key.
 */
export function tsPropertyKey(key: string): string {
  if (key === '__proto__') return `[${tsStringLiteral(key)}]`
  return isIdentifierName(key) ? key : tsStringLiteral(key)
}
