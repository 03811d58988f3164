import type { JsonValue } from '../../json/json-value.js'

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

/** A string value, optionally narrowed by `enum` (non-empty) or `const`. */
export interface StringValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'string'
  readonly enum?: readonly string[]
  readonly const?: string
}

/** A finite number value, optionally narrowed by `enum` (non-empty) or `const`. */
export interface NumberValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'number'
  readonly enum?: readonly number[]
  readonly const?: number
}

/** An integer value; `enum`/`const` members must be integers (checked at runtime). */
export interface IntegerValueSchemaSpec extends ValueSchemaAnnotations {
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
}

/** The property map of an object node (and of the parameter root): own enumerable string keys only. */
export interface PropertiesSchemaSpec {
  readonly [key: string]: ParameterPropertySpec
  readonly [key: symbol]: never
}

/** An object; `additionalProperties` is mandatory so openness is always explicit. */
export interface ObjectValueSchemaSpec extends ValueSchemaAnnotations {
  readonly type: 'object'
  readonly properties?: PropertiesSchemaSpec
  readonly additionalProperties: boolean
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
