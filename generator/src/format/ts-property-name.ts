import { isIdentifierName } from './is-identifier-name.js'
import { tsStringLiteral } from './ts-string-literal.js'

/** A property name in a type (interface member, type literal): in types `__proto__` is an ordinary name. */
export function tsPropertyName(key: string): string {
  return isIdentifierName(key) ? key : tsStringLiteral(key)
}
