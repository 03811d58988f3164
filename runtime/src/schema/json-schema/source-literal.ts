/**
 * A JSON scalar as a JavaScript literal for generated source. JSON.stringify escapes quotes,
 * backslashes and control characters; U+2028/U+2029 are escaped too so the literal is safe in any
 * engine. Nothing else from a schema ever enters generated code: names are counters, and keys,
 * paths and constants appear only through this function.
 */
export function sourceLiteral(value: string | number | boolean | null): string {
  return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}
