// ASCII identifiers only: a wider Unicode check would be correct too, but quoting every other key is always safe.
const IDENTIFIER_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether `text` can be written unquoted as a property name (reserved words are fine as property names). */
export function isIdentifierName(text: string): boolean {
  return IDENTIFIER_NAME.test(text)
}
