import { describeValue } from '../../json/describe-value.js'
import { MAX_JSON_DEPTH } from '../../json/json-limits.js'
import type { JsonSchemaScalar, JsonSchemaType } from './json-schema-node.js'

// One source for every validation message, so the interpreter and the compiled validators agree
// on the exact text.

const TYPE_NAMES: Record<JsonSchemaType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
}

/** The value does not have the node's `type`. */
export function typeMismatchMessage(type: JsonSchemaType, value: unknown): string {
  return `expected ${TYPE_NAMES[type]}, found ${describeValue(value)}`
}

/** The value (at a node without `type`) is not JSON at all. */
export function notJsonMessage(value: unknown): string {
  return `${describeValue(value)} is not lossless JSON`
}

/** The value differs from `const`. */
export function constMismatchMessage(constant: JsonSchemaScalar): string {
  return `must equal ${JSON.stringify(constant)}`
}

/** The value is none of the `enum` members. */
export function enumMismatchMessage(members: readonly JsonSchemaScalar[]): string {
  return `must be one of ${JSON.stringify(members)}`
}

/** An undeclared key in a closed object. */
export const UNEXPECTED_PROPERTY_MESSAGE = 'is not allowed: additionalProperties is false'

/** A `required` key is absent. */
export const MISSING_REQUIRED_MESSAGE = 'is required but missing'

/** No `oneOf` branch matches. */
export function oneOfNoneMessage(branches: number): string {
  return `must match exactly one of the ${branches} oneOf branches, but matches none`
}

/** Several `oneOf` branches match. */
export function oneOfManyMessage(branches: number): string {
  return `must match exactly one of the ${branches} oneOf branches, but matches more than one`
}

/** Container nesting beyond the bound. */
export const TOO_DEEP_MESSAGE = `nests deeper than ${MAX_JSON_DEPTH} levels`

/** A container that contains one of its ancestors. */
export function cycleMessage(target: string): string {
  return `is a cycle: refers back to ${target === '' ? 'the root' : target}`
}

/** Reading the value threw (a getter or a Proxy trap); reported once, at the root. */
export const READ_THREW_MESSAGE = 'could not be read: a getter or a Proxy trap threw, so the value is not lossless JSON'
