import { describeValue } from '../../json/describe-value.js'
import { appendOwn } from '../../json/hostile-prototypes.js'
import { MAX_ISSUES } from '../../json/json-value.js'
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

export { cycleMessage, notJsonMessage, TOO_DEEP_MESSAGE } from '../../json/describe-value.js'

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


/** Reading the value threw (a getter or a Proxy trap); reported once, at the root. */
export const READ_THREW_MESSAGE = 'could not be read: a getter or a Proxy trap threw, so the value is not lossless JSON'

// Value constraints: each message names the keyword and its bound, and counts a unit where the bound has one.
type Wording = readonly [phrase: string, one?: string, many?: string, after?: string]
const BOUND_WORDING = {
  minimum: ['must be at least'],
  maximum: ['must be at most'],
  exclusiveMinimum: ['must be greater than'],
  exclusiveMaximum: ['must be less than'],
  multipleOf: ['must be a multiple of'],
  minLength: ['must be at least', 'character', 'characters', ' long'],
  maxLength: ['must be at most', 'character', 'characters', ' long'],
  minItems: ['must have at least', 'item', 'items'],
  maxItems: ['must have at most', 'item', 'items'],
  minProperties: ['must have at least', 'property', 'properties'],
  maxProperties: ['must have at most', 'property', 'properties'],
} satisfies Record<string, Wording>

/** A value breaks the numeric bound of `keyword` (a count bound says its unit). */
export function boundMessage(keyword: keyof typeof BOUND_WORDING, bound: number): string {
  const [phrase, one, many, after = '']: Wording = BOUND_WORDING[keyword]
  return `${phrase} ${bound}${one === undefined ? '' : ` ${bound === 1 ? one : many}`}${after} (${keyword})`
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

export const DUPLICATE_ITEMS_MESSAGE = 'must not contain duplicate items (uniqueItems)'

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

