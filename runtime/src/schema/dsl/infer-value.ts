import type { JsonValue } from '../../json/json-value.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from './value-schema-spec.js'

/**
 * How many container levels (arrays and objects) inference follows exactly. The
 * outermost container of a value spec is level 1; a container at level 17 or deeper
 * infers `JsonValue`. Scalars, `json` and `oneOf` nodes are not containers (a `oneOf`
 * branch sits at its node's level). The parameter root is not a level: its properties
 * are inferred like value-spec roots.
 */
export const INFER_DEPTH_LIMIT = 16

// The depth is a tuple whose length counts the containers entered so far. A tuple (not
// a numeric literal) keeps the arithmetic in the type system cheap and bounded.
type Depth = readonly 0[]

/**
 * Infer the TypeScript value accepted by an author-facing value schema. Exact
 * inference is bounded to 16 container levels, then falls back to `JsonValue`.
 * Shapes (pinned so json-schema-to-typescript output can equal them): scalars to
 * their primitive, `enum` to its literal union, `const` to its literal; arrays to
 * mutable `T[]`; closed objects to mutable `{ req: T; opt?: T }`; open objects add
 * `[key: string]: unknown`; typed maps (`additionalProperties` a spec) add `[key: string]: T`;
 * `json` to `JsonValue`; `oneOf` to the union of branches. Value constraints (`minimum`,
 * `pattern`, `minItems`, …) are left to validation and do not change the type.
 */
export type InferValue<S> = InferValueAt<S, []>

/** Infer the TypeScript argument object for an implicit (open) parameter schema. */
export type InferArgs<S> = [ParameterSchemaSpec] extends [S] ? { [key: string]: unknown } : InferProperties<S, [], true>

// A spec typed as the whole `ValueSchemaSpec` union (not a literal) says nothing more than "JSON".
type InferValueAt<S, D extends Depth> = [ValueSchemaSpec] extends [S] ? JsonValue : InferNode<S, D>

// Distributive over `S`, so a union of specs (the branches of `oneOf`) infers a union.
type InferNode<S, D extends Depth> = S extends { readonly oneOf: readonly (infer B)[] }
  ? InferValueAt<B, D>
  : S extends { readonly type: infer T }
    ? string extends T
      ? JsonValue // a spec written without `as const`: its type is only `string`, which says no more than "JSON"
      : T extends 'string'
        ? InferScalar<S, string>
        : T extends 'number' | 'integer'
          ? InferScalar<S, number>
          : T extends 'boolean'
            ? InferScalar<S, boolean>
            : T extends 'null'
              ? InferScalar<S, null>
              : T extends 'json'
                ? JsonValue
                : D['length'] extends typeof INFER_DEPTH_LIMIT
                  ? JsonValue
                  : T extends 'array'
                    ? S extends { readonly items: infer I }
                      ? InferValueAt<I, [...D, 0]>[]
                      : JsonValue[]
                    : T extends 'object'
                      ? InferProperties<
                          S extends { readonly properties: infer P } ? P : {},
                          [...D, 0],
                          S extends { readonly additionalProperties: infer A } ? A : true
                        >
                      : never
    : never

// `const` wins over `enum`: a value must satisfy both, and a `const` outside the `enum` is rejected at runtime.
type InferScalar<S, Base> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : Base

// Property names: string (and numeric-literal) keys only; a symbol key is never a JSON property.
type PropertyKeys<P> = Exclude<keyof P, symbol>

type RequiredKeys<P> = { [K in PropertyKeys<P>]: P[K] extends { readonly required: true } ? K : never }[PropertyKeys<P>]

type OptionalKeys<P> = Exclude<PropertyKeys<P>, RequiredKeys<P>>

// `Extra` is the node's `additionalProperties`: `false` adds nothing, a value spec adds a typed index
// signature (a map: `{ [key: string]: T }`; with declared properties their types join T, since a
// TypeScript index signature covers every key), anything else the open `[key: string]: unknown`.
type InferProperties<P, D extends Depth, Extra> = Flatten<
  { -readonly [K in RequiredKeys<P>]: InferValueAt<P[K], D> } & {
    -readonly [K in OptionalKeys<P>]?: InferValueAt<P[K], D>
  } & (Extra extends false
    ? unknown
    : Extra extends object
      ? { [key: string]: InferValueAt<Extra, D> | { [K in PropertyKeys<P>]: InferValueAt<P[K], D> }[PropertyKeys<P>] }
      : { [key: string]: unknown })
>

// One object type instead of an intersection, so editors and type tests see the final shape.
type Flatten<T> = { [K in keyof T]: T[K] } & {}
