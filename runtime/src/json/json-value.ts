// Lossless JSON values, the limits every walker keeps, and JSON Pointers (the runtime's issue paths).

/** A JSON scalar. */
export type JsonScalar = string | number | boolean | null

/** A JSON array. */
export type JsonArray = readonly JsonValue[]

/** A JSON object: own enumerable string keys only. */
export type JsonObject = { readonly [key: string]: JsonValue }

/** Any lossless JSON value (no NaN/Infinity, no undefined, plain objects and dense arrays only). */
export type JsonValue = JsonScalar | JsonArray | JsonObject

/** Deepest container nesting any lossless-JSON walker accepts (root container is level 1). */
export const MAX_JSON_DEPTH = 1000

/** Most issues one materialization or validation reports; the walk stops once it has this many. */
export const MAX_ISSUES = 100

/** Escapes one JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapeJsonPointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token)
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** Appends one reference token to a JSON Pointer. */
export function appendPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapeJsonPointerToken(token)}`
}

/** Formats reference tokens as a JSON Pointer (`''` is the whole document). */
export function formatJsonPointer(tokens: readonly (string | number)[]): string {
  let pointer = ''
  for (let i = 0; i < tokens.length; i++) pointer += '/' + escapeJsonPointerToken(tokens[i] as string | number)
  return pointer
}
