import type { JsonValue } from '../../json/json-value.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from './value-schema-spec.js'

/**
 * Container levels (arrays, objects) inference follows exactly; deeper containers infer `JsonValue`. The outermost
 * is level 1, a `oneOf` branch sits at its node's level, and parameter properties infer like value-spec roots.
 */
export const INFER_DEPTH_LIMIT = 16

// A tuple whose length counts the containers entered: cheap, bounded type arithmetic, unlike numeric literals.
type Depth = readonly 0[]

/**
 * The TypeScript value an author-facing value schema accepts, exact to {@link INFER_DEPTH_LIMIT} container levels.
 * Shapes match json-schema-to-typescript: mutable `T[]` and `{ req: T; opt?: T }`, open objects add
 * `[key: string]: unknown`, typed maps `[key: string]: T`. Value constraints do not change the type.
 */
export type InferValue<S> = InferValueAt<S, []>

/** The TypeScript argument object of a parameter schema (an implicit open root). */
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

// `Extra` is `additionalProperties`: `false` adds nothing, a value spec a typed index signature (joined with the
// declared properties' types, since it covers every key), anything else `[key: string]: unknown`.
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
