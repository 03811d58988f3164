import type { SchemaIssue } from '../../errors.js'
import type { JsonValue } from '../../json/json-value.js'
import type { StringFormat } from './string-formats.js'

export type { StringFormat } from './string-formats.js'

/** Scalar JSON values supported by `enum` and `const`. */
export type JsonSchemaScalar = string | number | boolean | null

/** Single-type keywords accepted by the enforced subset. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'

/**
 * One raw JSON Schema node in the enforced subset. `assertSupportedJsonSchema`
 * rejects invalid combinations before a caller treats the node as trusted.
 */
export interface JsonSchemaNode {
  /** Omit with no constraints for any JSON value, or use `oneOf`. */
  readonly type?: JsonSchemaType
  /** Exactly one branch must validate; at least two branches are required. */
  readonly oneOf?: readonly JsonSchemaNode[]
  /** Nested property schemas (`type: 'object'` only). */
  readonly properties?: { readonly [key: string]: JsonSchemaNode }
  /** Required property names; each must appear in `properties`. */
  readonly required?: readonly string[]
  /**
   * `false` rejects undeclared keys; absent/`true` follows JSON Schema's open default; a schema
   * checks the value of every undeclared key (a typed map).
   */
  readonly additionalProperties?: boolean | JsonSchemaNode
  /** Item schema (`type: 'array'` only); absent accepts any JSON item. */
  readonly items?: JsonSchemaNode
  /** Allowed values for a scalar node. */
  readonly enum?: readonly JsonSchemaScalar[]
  /** The single allowed value for a scalar node. */
  readonly const?: JsonSchemaScalar
  /** Numbers (and integers) at least this (`type` number/integer, or any number without `type`). */
  readonly minimum?: number
  /** Numbers at most this. */
  readonly maximum?: number
  /** Numbers greater than this. */
  readonly exclusiveMinimum?: number
  /** Numbers less than this. */
  readonly exclusiveMaximum?: number
  /** Numbers that are a multiple of this (greater than 0). */
  readonly multipleOf?: number
  /** Strings at least this many code points long. */
  readonly minLength?: number
  /** Strings at most this many code points long. */
  readonly maxLength?: number
  /** Strings matched (unanchored) by this ECMAScript regular expression with the `u` flag. */
  readonly pattern?: string
  /** Strings valid for this format (enforced, not only annotated). */
  readonly format?: StringFormat
  /** Arrays with at least this many items. */
  readonly minItems?: number
  /** Arrays with at most this many items. */
  readonly maxItems?: number
  /** `true`: arrays whose items are pairwise unequal (JSON equality). */
  readonly uniqueItems?: boolean
  /** Objects with at least this many properties. */
  readonly minProperties?: number
  /** Objects with at most this many properties. */
  readonly maxProperties?: number
  /** Annotation, ignored for validation. */
  readonly description?: string
  /** Annotation, ignored for validation. */
  readonly title?: string
  /** Annotation, ignored for validation but required to be lossless JSON. */
  readonly default?: JsonValue
  /** Annotation, ignored for validation but required to be lossless JSON. */
  readonly examples?: JsonValue
}

/** A consumer-constrained object-rooted schema. */
export type ObjectJsonSchema = JsonSchemaNode & { readonly type: 'object' }

// SchemaIssue is defined with the errors that carry it (errors.ts is below json/ and schema/); re-exported for schema/.
export type { SchemaIssue }

/** The answer of a validator. */
export interface ValidationResult {
  readonly valid: boolean
  readonly errors: readonly SchemaIssue[]
}
