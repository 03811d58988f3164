import { describeValue } from '../../json/describe-value.js'
import { appendOwn } from '../../json/hostile-prototypes.js'
import { MAX_ISSUES, MAX_JSON_DEPTH } from '../../json/json-value.js'
import type { JsonSchemaScalar, JsonSchemaType, SchemaIssue, ValidationResult } from './json-schema-node.js'

// Every validation message, so the interpreter and compiled validators agree on the text, and how both collect them.

const TYPE_NAMES: Record<JsonSchemaType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
}

export function typeMismatchMessage(type: JsonSchemaType, value: unknown): string {
  return `expected ${TYPE_NAMES[type]}, found ${describeValue(value)}`
}

/** The value (at a node without `type`) is not JSON at all. */
export function notJsonMessage(value: unknown): string {
  return `${describeValue(value)} is not lossless JSON`
}

export function constMismatchMessage(constant: JsonSchemaScalar): string {
  return `must equal ${JSON.stringify(constant)}`
}

export function enumMismatchMessage(members: readonly JsonSchemaScalar[]): string {
  return `must be one of ${JSON.stringify(members)}`
}

/** An undeclared key in a closed object. */
export const UNEXPECTED_PROPERTY_MESSAGE = 'is not allowed: additionalProperties is false'

export const MISSING_REQUIRED_MESSAGE = 'is required but missing'

export function oneOfNoneMessage(branches: number): string {
  return `must match exactly one of the ${branches} oneOf branches, but matches none`
}

export function oneOfManyMessage(branches: number): string {
  return `must match exactly one of the ${branches} oneOf branches, but matches more than one`
}

export const TOO_DEEP_MESSAGE = `nests deeper than ${MAX_JSON_DEPTH} levels`

export function cycleMessage(target: string): string {
  return `is a cycle: refers back to ${target === '' ? 'the root' : target}`
}

/** Reading the value threw (a getter or a Proxy trap); reported once, at the root. */
export const READ_THREW_MESSAGE = 'could not be read: a getter or a Proxy trap threw, so the value is not lossless JSON'

// Value constraints: each message names the keyword and its bound.

export function minimumMessage(bound: number): string {
  return `must be at least ${bound} (minimum)`
}

export function maximumMessage(bound: number): string {
  return `must be at most ${bound} (maximum)`
}

export function exclusiveMinimumMessage(bound: number): string {
  return `must be greater than ${bound} (exclusiveMinimum)`
}

export function exclusiveMaximumMessage(bound: number): string {
  return `must be less than ${bound} (exclusiveMaximum)`
}

export function multipleOfMessage(divisor: number): string {
  return `must be a multiple of ${divisor} (multipleOf)`
}

export function minLengthMessage(bound: number): string {
  return `must be at least ${bound} ${bound === 1 ? 'character' : 'characters'} long (minLength)`
}

export function maxLengthMessage(bound: number): string {
  return `must be at most ${bound} ${bound === 1 ? 'character' : 'characters'} long (maxLength)`
}

/** Also says the bound when the string is longer than a pattern runs on. */
export function patternMessage(pattern: string, tooLong: boolean, limit: number): string {
  return tooLong
    ? `must match the pattern ${JSON.stringify(pattern)}, which is tested on at most ${limit} characters (pattern)`
    : `must match the pattern ${JSON.stringify(pattern)} (pattern)`
}

export function formatMessage(format: string): string {
  return `must be a valid ${format} (format)`
}

export function minItemsMessage(bound: number): string {
  return `must have at least ${bound} ${bound === 1 ? 'item' : 'items'} (minItems)`
}

export function maxItemsMessage(bound: number): string {
  return `must have at most ${bound} ${bound === 1 ? 'item' : 'items'} (maxItems)`
}

export const DUPLICATE_ITEMS_MESSAGE = 'must not contain duplicate items (uniqueItems)'

export function minPropertiesMessage(bound: number): string {
  return `must have at least ${bound} ${bound === 1 ? 'property' : 'properties'} (minProperties)`
}

export function maxPropertiesMessage(bound: number): string {
  return `must have at most ${bound} ${bound === 1 ? 'property' : 'properties'} (maxProperties)`
}

/** Thrown by {@link addError} once the error list is full; caught by {@link finishValidation}. */
export const ERROR_CAP_REACHED: unique symbol = Symbol('error cap reached')

/** The shared answer for a valid value (no allocation per call). */
export const VALID_RESULT: ValidationResult = Object.freeze({ valid: true, errors: Object.freeze([]) })

/** Appends one error; stops the walk (by throwing {@link ERROR_CAP_REACHED}) once MAX_ISSUES are listed. */
export function addError(errors: SchemaIssue[], path: string, message: string): void {
  // Appended as an own element: a push could reach an index accessor on a polluted Array.prototype.
  appendOwn(errors, { path, message })
  if (errors.length >= MAX_ISSUES) throw ERROR_CAP_REACHED
}

/** The result of a finished or interrupted walk; a throw other than the cap (getter, Proxy trap) is a root error. */
export function finishValidation(errors: SchemaIssue[], thrown: unknown, didThrow: boolean): ValidationResult {
  if (didThrow && thrown !== ERROR_CAP_REACHED && errors.length < MAX_ISSUES) appendOwn(errors, { path: '', message: READ_THREW_MESSAGE })
  return errors.length === 0 ? VALID_RESULT : { valid: false, errors }
}

