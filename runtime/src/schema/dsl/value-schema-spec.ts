import type { JsonValue } from '../../json/json-value.js'
import type { StringFormat } from '../json-schema/string-formats.js'

// The author-facing schema DSL, exactly as the spec's "통합 JSON 값 스키마 DSL" section.
// Every member accepts readonly arrays and tuples: generated code writes specs `as const`.

/** Annotations any DSL node may carry; `default`/`examples` must be lossless JSON. */
export interface ValueSchemaAnnotations {
  /** Shown to the model next to the value. */
  readonly description?: string
  /** Short human label; never changes validation. */
  readonly title?: string
  /** Documented default; not applied by validation. */
  readonly default?: JsonValue
  /** Example values (any lossless JSON). */
  readonly examples?: JsonValue
}

/** Bounds of a number or integer node (enforced by validation, not reflected in the inferred type). */
export interface NumberBounds {
  /** The value is at least this. */
  readonly minimum?: number
  /** The value is at most this. */
  readonly maximum?: number
  /** The value is greater than this. */
  readonly exclusiveMinimum?: number
  /** The value is less than this. */
  readonly exclusiveMaximum?: number
  /** The value is a multiple of this (greater than 0). */
  readonly multipleOf?: number
}

/** Bounds of a string node: length in code points, an ECMAScript `u`-flag `pattern`, an enforced `format`. */
export interface StringBounds {
  /** At least this many code points. */
  readonly minLength?: number
  /** At most this many code points. */
  readonly maxLength?: number
  /** Matched, unanchored, by this regular expression (`u` flag). */
  readonly pattern?: string
  /** One of the enforced formats. */
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
  /** At least this many items. */
  readonly minItems?: number
  /** At most this many items. */
  readonly maxItems?: number
  /** `true`: no two items are equal. */
  readonly uniqueItems?: boolean
}

/** The property map of an object node (and of the parameter root): own enumerable string keys only. */
export interface PropertiesSchemaSpec {
  readonly [key: string]: ParameterPropertySpec
  readonly [key: symbol]: never
}

/**
 * An object; `additionalProperties` is mandatory so openness is always explicit: `false` (closed),
 * `true` (open) or a value spec every undeclared key's value must match (a typed map).
 */
export interface ObjectValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'object'
  readonly properties?: PropertiesSchemaSpec
  readonly additionalProperties: boolean | ValueSchemaSpec
  /** At least this many properties. */
  readonly minProperties?: number
  /** At most this many properties. */
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

/**
 * Tool parameter schema. The map itself is an implicit open object root;
 * requiredness remains a per-property `required: true` annotation.
 */
export type ParameterSchemaSpec = {
  readonly [key: string]: ParameterPropertySpec
  readonly [key: symbol]: never
}
