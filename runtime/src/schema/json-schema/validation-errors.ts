import { MAX_ISSUES } from '../../json/json-limits.js'
import type { SchemaIssue, ValidationResult } from './json-schema-node.js'
import { READ_THREW_MESSAGE } from './validation-messages.js'

/** Thrown by {@link addError} once the error list is full; caught by {@link finishValidation}. */
export const ERROR_CAP_REACHED: unique symbol = Symbol('error cap reached')

/** The shared answer for a valid value (no allocation per call). */
export const VALID_RESULT: ValidationResult = Object.freeze({ valid: true, errors: Object.freeze([]) })

/** Appends one error; stops the walk (by throwing {@link ERROR_CAP_REACHED}) once MAX_ISSUES are listed. */
export function addError(errors: SchemaIssue[], path: string, message: string): void {
  errors.push({ path, message })
  if (errors.length >= MAX_ISSUES) throw ERROR_CAP_REACHED
}

/**
 * Turns a finished or interrupted walk into the result. A throw other than the cap came from the
 * value itself (a getter or a Proxy trap): it becomes one more error at the root.
 */
export function finishValidation(errors: SchemaIssue[], thrown: unknown, didThrow: boolean): ValidationResult {
  if (didThrow && thrown !== ERROR_CAP_REACHED && errors.length < MAX_ISSUES) errors.push({ path: '', message: READ_THREW_MESSAGE })
  return errors.length === 0 ? VALID_RESULT : { valid: false, errors }
}
