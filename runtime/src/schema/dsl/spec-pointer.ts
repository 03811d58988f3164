import { escapeJsonPointerToken } from '../../json/json-pointer.js'

/** Appends one reference token to a JSON Pointer into a spec (RFC 6901 escapes). */
export function appendPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapeJsonPointerToken(token)}`
}
