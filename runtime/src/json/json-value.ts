/** A JSON scalar. */
export type JsonScalar = string | number | boolean | null

/** A JSON array. */
export type JsonArray = readonly JsonValue[]

/** A JSON object: own enumerable string keys only. */
export type JsonObject = { readonly [key: string]: JsonValue }

/** Any lossless JSON value (no NaN/Infinity, no undefined, plain objects and dense arrays only). */
export type JsonValue = JsonScalar | JsonArray | JsonObject
