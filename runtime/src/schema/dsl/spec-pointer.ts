/** Appends one reference token to a JSON Pointer (RFC 6901: `~` as `~0`, `/` as `~1`). */
export function appendPointer(pointer: string, token: string | number): string {
  const text = typeof token === 'number' ? String(token) : token
  return `${pointer}/${text.includes('~') || text.includes('/') ? text.replaceAll('~', '~0').replaceAll('/', '~1') : text}`
}
