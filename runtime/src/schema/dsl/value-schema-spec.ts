import type { JsonValue } from '../../json/json-value.js'
import type { StringFormat } from '../json-schema/string-formats.js'

// The author-facing schema DSL. Members take readonly arrays and tuples: generated specs are written `as const`.

/** Annotations any DSL node may carry; `default`/`examples` must be lossless JSON. */
export interface ValueSchemaAnnotations {
  /** Shown to the model next to the value. */
  readonly description?: string
  readonly title?: string
  /** Documented only; validation never applies it. */
  readonly default?: JsonValue
  readonly examples?: JsonValue
}

/** Bounds of a number or integer node (enforced by validation, not reflected in the inferred type). */
export interface NumberBounds {
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  /** Greater than 0. */
  readonly multipleOf?: number
}

/** Bounds of a string node: length in code points, an ECMAScript `u`-flag `pattern`, an enforced `format`. */
export interface StringBounds {
  readonly minLength?: number
  readonly maxLength?: number
  /** Unanchored. */
  readonly pattern?: string
  readonly format?: StringFormat
}

/** A string value, optionally narrowed by `enum` (non-empty) or `const`, and bounded. */
export interface StringValueSchemaSpec extends ValueSchemaAnnotations, StringBounds {
  readonly type: 'string'
  readonly enum?: readonly string[]
  readonly const?: string
}

/** A finite number value, optionally narrowed by `enum` (non-empty) or `const`, and bounded. */
export interface NumberValueSchemaSpec extends ValueSchemaAnnotations, NumberBounds {
  readonly type: 'number'
  readonly enum?: readonly number[]
  readonly const?: number
}

/** An integer value; `enum`/`const` members must be integers (checked at runtime). */
export interface IntegerValueSchemaSpec extends ValueSchemaAnnotations, NumberBounds {
  readonly type: 'integer'
  readonly enum?: readonly number[]
  readonly const?: number
}

/** A boolean value, optionally narrowed by `enum` (non-empty) or `const`. */
export interface BooleanValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'boolean'
  readonly enum?: readonly boolean[]
  readonly const?: boolean
}

/** The `null` value; `enum`/`const` may only hold `null`. */
export interface NullValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'null'
  readonly enum?: readonly null[]
  readonly const?: null
}

/** An array whose every item matches `items` (mandatory in the DSL). */
export interface ArrayValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'array'
  readonly items: ValueSchemaSpec
  readonly minItems?: number
  readonly maxItems?: number
  /** `true`: no two items are equal (JSON equality). */
  readonly uniqueItems?: boolean
}

/** The property map of an object node (and of the parameter root): own enumerable string keys only. */
export interface PropertiesSchemaSpec {
  readonly [key: string]: ParameterPropertySpec
  readonly [key: symbol]: never
}

/** An object; `additionalProperties` is mandatory: `false` (closed), `true` (open) or a value spec (a typed map). */
export interface ObjectValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'object'
  readonly properties?: PropertiesSchemaSpec
  readonly additionalProperties: boolean | ValueSchemaSpec
  readonly minProperties?: number
  readonly maxProperties?: number
}

/** Any lossless JSON value (author-only; compiles to an annotation-only raw node). */
export interface JsonValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'json'
}

/** Exactly one of at least two branches must match; the node has no `type` key. */
export interface OneOfValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type?: never
  readonly oneOf: readonly [ValueSchemaSpec, ValueSchemaSpec, ...ValueSchemaSpec[]]
}

/** One author-facing schema for any lossless JSON value root. */
export type ValueSchemaSpec =
  | StringValueSchemaSpec
  | NumberValueSchemaSpec
  | IntegerValueSchemaSpec
  | BooleanValueSchemaSpec
  | NullValueSchemaSpec
  | ArrayValueSchemaSpec
  | ObjectValueSchemaSpec
  | JsonValueSchemaSpec
  | OneOfValueSchemaSpec

/** One implicit parameter-root (or object) property, optionally required. */
export type ParameterPropertySpec = ValueSchemaSpec & { readonly required?: true }

/** Tool parameters: the map is an implicit open object root; each property is required by its own `required: true`. */
export type ParameterSchemaSpec = {
  readonly [key: string]: ParameterPropertySpec
  readonly [key: symbol]: never
}
