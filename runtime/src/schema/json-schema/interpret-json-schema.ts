import { escapeJsonPointerToken } from '../../json/json-pointer.js'
import { prototypesPolluted } from '../../json/prototypes-polluted.js'
import { collectJsonDeep, isJsonDeep, isJsonScalar } from './deep-json-check.js'
import type { JsonSchemaType, SchemaIssue, ValidationResult } from './json-schema-node.js'
import type { PreparedNode } from './prepared-schema.js'
import { addError, finishValidation } from './validation-errors.js'
import {
  constMismatchMessage,
  enumMismatchMessage,
  MISSING_REQUIRED_MESSAGE,
  notJsonMessage,
  oneOfManyMessage,
  oneOfNoneMessage,
  typeMismatchMessage,
  UNEXPECTED_PROPERTY_MESSAGE,
} from './validation-messages.js'

// The interpreter: the oracle for the compiled validators and their fallback where code generation
// is unavailable. The compiled `validate()` performs the same reads in the same order and reports
// the same errors; keep the two in step (the differential test checks it).
//
// Per node, in order: `type` (or, without `type`, "is this JSON at all") — a mismatch is the node's
// only error; then `const`; `enum`; for a plain object its object keywords (keys in for…in order:
// declared keys against their schema, undeclared ones rejected when closed or checked deeply when
// open; then each missing `required` name), or a deep check when it has none; for a plain array
// each item against `items`, or a deep check without `items`; last `oneOf`, counting matching
// branches up to two. A node with `oneOf`, `const` or `enum` leaves containers to those keywords.

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
const getPrototypeOf = Object.getPrototypeOf
const hasOwn = Object.hasOwn
const isArray = Array.isArray
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable

/** Whether `value` has JSON type `type` (plain objects and plain arrays only for containers). */
export function hasJsonType(type: JsonSchemaType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && value - value === 0
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'object':
      return isPlainObject(value)
    case 'array':
      return isArray(value) && getPrototypeOf(value) === arrayPrototype
  }
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || isArray(value)) return false
  const proto: unknown = getPrototypeOf(value)
  return proto === objectPrototype || proto === null
}

/** Whether `value` is a JSON scalar, a plain object or a plain array (its contents unchecked). */
export function isJsonKind(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return isJsonScalar(value)
  if (isArray(value)) return getPrototypeOf(value) === arrayPrototype
  const proto: unknown = getPrototypeOf(value)
  return proto === objectPrototype || proto === null
}

/** The boolean interpreter; never throws. */
export function interpretIs(node: PreparedNode, value: unknown): boolean {
  try {
    return matches(node, value, 0, prototypesPolluted())
  } catch {
    return false
  }
}

/** The error-collecting interpreter; never throws. */
export function interpretValidate(node: PreparedNode, value: unknown): ValidationResult {
  const errors: SchemaIssue[] = []
  try {
    collect(node, value, '', 0, prototypesPolluted(), errors)
  } catch (thrown) {
    return finishValidation(errors, thrown, true)
  }
  return finishValidation(errors, undefined, false)
}

function matches(node: PreparedNode, value: unknown, depth: number, polluted: boolean): boolean {
  if (node.type !== undefined) {
    if (!hasJsonType(node.type, value)) return false
  } else if (!isJsonKind(value)) return false
  if (node.hasConst && value !== node.constValue) return false
  if (node.enumSet !== undefined && !node.enumSet.has(value as never)) return false
  if (typeof value === 'object' && value !== null) {
    if (isArray(value)) {
      const items = node.items
      if (items !== undefined) {
        const length = value.length
        for (let i = 0; i < length; i++) {
          const item: unknown = polluted && !hasOwn(value, i) ? undefined : value[i]
          if (!matches(items, item, depth + 1, polluted)) return false
        }
      } else if (node.unconstrainedContainers && !isJsonDeep(value, depth, polluted)) return false
    } else if (node.hasObjectKeywords) {
      if (!matchesObject(node, value as Record<string, unknown>, depth, polluted)) return false
    } else if (node.unconstrainedContainers && !isJsonDeep(value, depth, polluted)) return false
  }
  if (node.oneOf !== undefined && countMatches(node.oneOf, value, depth, polluted) !== 1) return false
  return true
}

function matchesObject(node: PreparedNode, value: Record<string, unknown>, depth: number, polluted: boolean): boolean {
  for (const key in value) {
    if (polluted && !hasOwn(value, key)) continue
    const child = node.propertyMap.get(key)
    if (child !== undefined) {
      if (!matches(child, value[key], depth + 1, polluted)) return false
    } else if (node.closed || !isJsonDeep(value[key], depth + 1, polluted)) return false
  }
  const required = node.required
  for (let i = 0; i < required.length; i++) if (!propertyIsEnumerable.call(value, required[i] as string)) return false
  return true
}

function countMatches(branches: readonly PreparedNode[], value: unknown, depth: number, polluted: boolean): number {
  let count = 0
  for (let i = 0; i < branches.length; i++) {
    if (matches(branches[i] as PreparedNode, value, depth, polluted) && ++count > 1) break
  }
  return count
}

function collect(node: PreparedNode, value: unknown, path: string, depth: number, polluted: boolean, errors: SchemaIssue[]): void {
  if (node.type !== undefined) {
    if (!hasJsonType(node.type, value)) {
      addError(errors, path, typeMismatchMessage(node.type, value))
      return
    }
  } else if (!isJsonKind(value)) {
    addError(errors, path, notJsonMessage(value))
    return
  }
  if (node.hasConst && value !== node.constValue) addError(errors, path, constMismatchMessage(node.constValue))
  if (node.enumSet !== undefined && !node.enumSet.has(value as never)) {
    addError(errors, path, enumMismatchMessage(node.enumValues ?? []))
  }
  if (typeof value === 'object' && value !== null) {
    if (isArray(value)) {
      const items = node.items
      if (items !== undefined) {
        const length = value.length
        for (let i = 0; i < length; i++) {
          const item: unknown = polluted && !hasOwn(value, i) ? undefined : value[i]
          collect(items, item, `${path}/${i}`, depth + 1, polluted, errors)
        }
      } else if (node.unconstrainedContainers) collectJsonDeep(value, path, depth, polluted, errors)
    } else if (node.hasObjectKeywords) {
      collectObject(node, value as Record<string, unknown>, path, depth, polluted, errors)
    } else if (node.unconstrainedContainers) collectJsonDeep(value, path, depth, polluted, errors)
  }
  if (node.oneOf !== undefined) {
    const count = countMatches(node.oneOf, value, depth, polluted)
    if (count === 0) addError(errors, path, oneOfNoneMessage(node.oneOf.length))
    else if (count > 1) addError(errors, path, oneOfManyMessage(node.oneOf.length))
  }
}

function collectObject(
  node: PreparedNode,
  value: Record<string, unknown>,
  path: string,
  depth: number,
  polluted: boolean,
  errors: SchemaIssue[],
): void {
  for (const key in value) {
    if (polluted && !hasOwn(value, key)) continue
    const child = node.propertyMap.get(key)
    const childPath = `${path}/${escapeJsonPointerToken(key)}`
    if (child !== undefined) collect(child, value[key], childPath, depth + 1, polluted, errors)
    else if (node.closed) addError(errors, childPath, UNEXPECTED_PROPERTY_MESSAGE)
    else collectJsonDeep(value[key], childPath, depth + 1, polluted, errors)
  }
  const required = node.required
  for (let i = 0; i < required.length; i++) {
    const name = required[i] as string
    if (!propertyIsEnumerable.call(value, name)) addError(errors, `${path}/${escapeJsonPointerToken(name)}`, MISSING_REQUIRED_MESSAGE)
  }
}
