import type { SchemaIssue } from '../../errors.js'
import type { JsonValue } from '../../json/json-value.js'
import type { StringFormat } from './string-formats.js'

export type { StringFormat } from './string-formats.js'

/** Scalar JSON values supported by `enum` and `const`. */
export type JsonSchemaScalar = string | number | boolean | null

/** Single-type keywords accepted by the enforced subset. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'

/**
 * One raw JSON Schema node of the enforced subset (`assertSupportedJsonSchema` rejects anything else). A value
 * constraint bounds only values of its kind (number, string, array, object), whether or not `type` is set.
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
  /** `false` rejects undeclared keys; absent or `true` allows any; a schema checks each undeclared key's value. */
  readonly additionalProperties?: boolean | JsonSchemaNode
  /** Item schema (`type: 'array'` only); absent accepts any JSON item. */
  readonly items?: JsonSchemaNode
  /** Allowed values for a scalar node. */
  readonly enum?: readonly JsonSchemaScalar[]
  /** The single allowed value for a scalar node. */
  readonly const?: JsonSchemaScalar
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  /** Greater than 0. */
  readonly multipleOf?: number
  /** In code points. */
  readonly minLength?: number
  /** In code points. */
  readonly maxLength?: number
  /** An ECMAScript regular expression with the `u` flag, unanchored. */
  readonly pattern?: string
  /** Enforced, not only annotated. */
  readonly format?: StringFormat
  readonly minItems?: number
  readonly maxItems?: number
  /** `true`: items pairwise unequal (JSON equality). */
  readonly uniqueItems?: boolean
  readonly minProperties?: number
  readonly maxProperties?: number
  readonly description?: string
  readonly title?: string
  /** Annotation, ignored by validation; must be lossless JSON. */
  readonly default?: JsonValue
  /** Annotation, ignored by validation; must be lossless JSON. */
  readonly examples?: JsonValue
}

/** A consumer-constrained object-rooted schema. */
export type ObjectJsonSchema = JsonSchemaNode & { readonly type: 'object' }

// SchemaIssue lives in errors.ts with the errors that carry it; re-exported for schema/.
export type { SchemaIssue }

/** The answer of a validator. */
export interface ValidationResult {
  readonly valid: boolean
  readonly errors: readonly SchemaIssue[]
}
