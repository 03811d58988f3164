import { escapeJsonPointerToken } from '../../json/json-value.js'
import { prototypesPolluted } from '../../json/hostile-prototypes.js'
import { collectJsonDeep, hasJsonType, isJsonDeep, isJsonKind } from './deep-json-check.js'
import type { SchemaIssue, ValidationResult } from './json-schema-node.js'
import type { PreparedNode } from './prepared-schema.js'
import {
  addError,
  constMismatchMessage,
  DUPLICATE_ITEMS_MESSAGE,
  enumMismatchMessage,
  finishValidation,
  MISSING_REQUIRED_MESSAGE,
  notJsonMessage,
  oneOfManyMessage,
  oneOfNoneMessage,
  typeMismatchMessage,
  UNEXPECTED_PROPERTY_MESSAGE,
} from './validation-messages.js'
import { checkBoundsBefore, hasDuplicateItems } from './value-constraints.js'

// The interpreter: oracle for the compiled validators and their fallback without code generation. Keep the two in step
// (same reads, errors and order; a differential test checks it). Per node: `type` (or "is it JSON"), whose mismatch is
// the only error; `const`; `enum`; value constraints; object keys in for…in order then missing `required` names, or
// items, else a deep check unless `oneOf`, `const` or `enum` pin the value; `uniqueItems`; last `oneOf`.

const hasOwn = Object.hasOwn
const isArray = Array.isArray
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable

// A walk visits a shared sub-object (a DAG built in code) once per path, exponentially. Past MEMO_THRESHOLD containers
// verdicts are memoized per (node, container): the deepest depth known to match, the shallowest known not to. Module
// state, saved and restored per call, since a Proxy trap may re-enter.
const MEMO_THRESHOLD = 4096
let visits = 0
let matched: Map<PreparedNode, Map<object, number>> | null = null
let mismatched: Map<PreparedNode, Map<object, number>> | null = null

/** Counts one container visit; true once verdicts are memoized. */
function memoizing(): boolean {
  if (matched !== null) return true
  if (++visits <= MEMO_THRESHOLD) return false
  matched = new Map()
  mismatched = new Map()
  return true
}

function recalled(node: PreparedNode, value: object, depth: number): boolean | undefined {
  const good = matched?.get(node)?.get(value)
  if (good !== undefined && depth <= good) return true
  const bad = mismatched?.get(node)?.get(value)
  if (bad !== undefined && depth >= bad) return false
  return undefined
}

function remember(node: PreparedNode, value: object, depth: number, verdict: boolean): void {
  const memo = verdict ? matched : mismatched
  if (memo === null) return
  let byValue = memo.get(node)
  if (byValue === undefined) memo.set(node, (byValue = new Map()))
  const known = byValue.get(value)
  if (known === undefined || (verdict ? depth > known : depth < known)) byValue.set(value, depth)
}

function withFreshMemo<T>(walk: () => T): T {
  const saved = [visits, matched, mismatched] as const
  visits = 0
  matched = null
  mismatched = null
  try {
    return walk()
  } finally {
    ;[visits, matched, mismatched] = saved
  }
}

/** The boolean interpreter; never throws. */
export function interpretIs(node: PreparedNode, value: unknown): boolean {
  return withFreshMemo(() => {
    try {
      return matches(node, value, 0, prototypesPolluted())
    } catch {
      return false
    }
  })
}

/** The error-collecting interpreter; never throws. */
export function interpretValidate(node: PreparedNode, value: unknown): ValidationResult {
  return withFreshMemo(() => {
    const errors: SchemaIssue[] = []
    try {
      collect(node, value, '', 0, prototypesPolluted(), errors)
    } catch (thrown) {
      return finishValidation(errors, thrown, true)
    }
    return finishValidation(errors, undefined, false)
  })
}

function matches(node: PreparedNode, value: unknown, depth: number, polluted: boolean): boolean {
  if (typeof value !== 'object' || value === null || !memoizing()) return matchesHere(node, value, depth, polluted)
  const known = recalled(node, value, depth)
  if (known !== undefined) return known
  const verdict = matchesHere(node, value, depth, polluted)
  remember(node, value, depth, verdict)
  return verdict
}

function matchesHere(node: PreparedNode, value: unknown, depth: number, polluted: boolean): boolean {
  if (node.type !== undefined) {
    if (!hasJsonType(node.type, value)) return false
  } else if (!isJsonKind(value)) return false
  if (node.hasConst && value !== node.constValue) return false
  if (node.enumSet !== undefined && !node.enumSet.has(value as never)) return false
  const constraints = node.constraints
  if (constraints !== undefined && !checkBoundsBefore(constraints, value, stopAtFirst)) return false
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
      if (constraints?.uniqueItems === true && isJsonDeep(value, depth, polluted) && hasDuplicateItems(value)) return false
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
    const child = node.propertyMap.get(key) ?? node.additional
    if (child !== undefined) {
      if (!matches(child, value[key], depth + 1, polluted)) return false
    } else if (node.closed || !isJsonDeep(value[key], depth + 1, polluted)) return false
  }
  const required = node.required
  for (let i = 0; i < required.length; i++) if (!propertyIsEnumerable.call(value, required[i] as string)) return false
  return true
}

const stopAtFirst = (): boolean => true

function countMatches(branches: readonly PreparedNode[], value: unknown, depth: number, polluted: boolean): number {
  let count = 0
  for (let i = 0; i < branches.length; i++) {
    if (matches(branches[i] as PreparedNode, value, depth, polluted) && ++count > 1) break
  }
  return count
}

function collect(node: PreparedNode, value: unknown, path: string, depth: number, polluted: boolean, errors: SchemaIssue[]): void {
  if (typeof value !== 'object' || value === null || !memoizing()) {
    collectHere(node, value, path, depth, polluted, errors)
    return
  }
  if (recalled(node, value, depth) === true) return
  const before = errors.length
  collectHere(node, value, path, depth, polluted, errors)
  if (errors.length === before) remember(node, value, depth, true)
}

function collectHere(node: PreparedNode, value: unknown, path: string, depth: number, polluted: boolean, errors: SchemaIssue[]): void {
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
  const constraints = node.constraints
  if (constraints !== undefined) checkBoundsBefore(constraints, value, (message) => (addError(errors, path, message), false))
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
      if (constraints?.uniqueItems === true && isJsonDeep(value, depth, polluted) && hasDuplicateItems(value)) {
        addError(errors, path, DUPLICATE_ITEMS_MESSAGE)
      }
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
    const child = node.propertyMap.get(key) ?? node.additional
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
