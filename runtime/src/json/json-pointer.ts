/** Escapes one JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapeJsonPointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token)
  // Fast path: most keys contain neither character, and indexOf avoids a regex per key.
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** Formats reference tokens as a JSON Pointer (`''` is the whole document). */
export function formatJsonPointer(tokens: readonly (string | number)[]): string {
  let pointer = ''
  for (let i = 0; i < tokens.length; i++) pointer += '/' + escapeJsonPointerToken(tokens[i] as string | number)
  return pointer
}
