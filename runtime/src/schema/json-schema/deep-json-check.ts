import { escapeJsonPointerToken, MAX_JSON_DEPTH } from '../../json/json-value.js'
import { snapshotHeight } from '../../json/materialized-snapshots.js'
import type { JsonSchemaType, SchemaIssue } from './json-schema-node.js'
import { addError, cycleMessage, notJsonMessage, TOO_DEEP_MESSAGE } from './validation-messages.js'

// The JSON kind tests, and the deep lossless-JSON check validators run where the schema leaves a value unconstrained,
// reading values as they do (for…in, own keys only under polluted prototypes); a materializeJson snapshot passes at
// once. State is module variables, saved and restored per call: nothing allocated for trees, and safe if a Proxy trap
// re-enters.

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
const getPrototypeOf = Object.getPrototypeOf
const hasOwn = Object.hasOwn
const isArray = Array.isArray

const IN_PROGRESS = 1
const DONE = 2
// The memo's mark for a container being walked (an ancestor); otherwise it holds a depth (≥ 0).
const WALKING = -1
// Past this many containers in one check all are memoized, so a shared sub-object is walked once, not once per path.
const MEMO_THRESHOLD = 4096

const ancestors: object[] = []
const tokens: (string | number)[] = []
let base = 0
let containers = 0
let memo: Map<object, number> | null = null

/** Whether a non-container value is a JSON scalar (string, boolean, null, finite number). */
export function isJsonScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && value - value === 0)
}

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

/** Whether `value`, found at container depth `depth`, is lossless JSON all the way down. */
export function isJsonDeep(value: unknown, depth: number, polluted: boolean): boolean {
  if (typeof value !== 'object' || value === null) return isJsonScalar(value)
  const savedBase = base
  const savedContainers = containers
  const savedMemo = memo
  base = ancestors.length
  containers = 0
  memo = null
  try {
    return walkIs(value, depth, polluted)
  } finally {
    ancestors.length = base
    base = savedBase
    containers = savedContainers
    memo = savedMemo
  }
}

function enter(value: object, depth: number): number {
  // 0: walk it; IN_PROGRESS: a cycle; DONE: walked at this depth or deeper (the memo holds that depth, or WALKING).
  if (memo !== null) {
    const state = memo.get(value)
    if (state === WALKING) return IN_PROGRESS
    if (state !== undefined && depth <= state) return DONE
    // Not seen yet, or seen only nearer the root: walk it, since the depth limit may bite here.
  } else {
    for (let i = base; i < ancestors.length; i++) if (ancestors[i] === value) return IN_PROGRESS
    if (++containers > MEMO_THRESHOLD) {
      memo = new Map()
      for (let i = base; i < ancestors.length; i++) memo.set(ancestors[i] as object, WALKING)
    }
  }
  if (memo !== null) memo.set(value, WALKING)
  ancestors.push(value)
  return 0
}

function leave(value: object, depth: number): void {
  ancestors.pop()
  if (memo !== null) memo.set(value, depth)
}

function walkIs(value: object, depth: number, polluted: boolean): boolean {
  const height = snapshotHeight(value)
  if (height !== undefined && depth + height <= MAX_JSON_DEPTH) return true
  if (depth >= MAX_JSON_DEPTH) return false
  const state = enter(value, depth)
  if (state !== 0) return state === DONE
  let ok = true
  const childDepth = depth + 1
  if (isArray(value)) {
    if (getPrototypeOf(value) !== arrayPrototype) ok = false
    else {
      const length = value.length
      for (let i = 0; i < length; i++) {
        const item: unknown = polluted && !hasOwn(value, i) ? undefined : value[i]
        if (typeof item === 'object' && item !== null ? !walkIs(item, childDepth, polluted) : !isJsonScalar(item)) {
          ok = false
          break
        }
      }
    }
  } else {
    const proto: unknown = getPrototypeOf(value)
    if (proto !== objectPrototype && proto !== null) ok = false
    else {
      for (const key in value) {
        if (polluted && !hasOwn(value, key)) continue
        const item: unknown = (value as Record<string, unknown>)[key]
        if (typeof item === 'object' && item !== null ? !walkIs(item, childDepth, polluted) : !isJsonScalar(item)) {
          ok = false
          break
        }
      }
    }
  }
  leave(value, depth)
  return ok
}

/** Adds an error at every place under `value` (at `path`, container depth `depth`) that is not lossless JSON. */
export function collectJsonDeep(value: unknown, path: string, depth: number, polluted: boolean, errors: SchemaIssue[]): void {
  if (typeof value !== 'object' || value === null) {
    if (!isJsonScalar(value)) addError(errors, path, notJsonMessage(value))
    return
  }
  const savedBase = base
  const savedContainers = containers
  const savedMemo = memo
  const savedTokens = tokens.length
  base = ancestors.length
  containers = 0
  memo = null
  try {
    walkCollect(value, path, depth, polluted, errors, savedTokens)
  } finally {
    ancestors.length = base
    tokens.length = savedTokens
    base = savedBase
    containers = savedContainers
    memo = savedMemo
  }
}

function pointer(path: string, firstToken: number, count: number): string {
  let result = path
  for (let i = firstToken; i < firstToken + count; i++) result += '/' + escapeJsonPointerToken(tokens[i] as string | number)
  return result
}

function walkCollect(value: object, path: string, depth: number, polluted: boolean, errors: SchemaIssue[], firstToken: number): void {
  const here = tokens.length - firstToken
  const height = snapshotHeight(value)
  if (height !== undefined && depth + height <= MAX_JSON_DEPTH) return
  if (depth >= MAX_JSON_DEPTH) {
    addError(errors, pointer(path, firstToken, here), TOO_DEEP_MESSAGE)
    return
  }
  const state = enter(value, depth)
  if (state === IN_PROGRESS) {
    const ancestor = ancestors.indexOf(value, base) - base
    addError(errors, pointer(path, firstToken, here), cycleMessage(pointer(path, firstToken, ancestor)))
    return
  }
  if (state === DONE) return // reported where it was first reached
  const childDepth = depth + 1
  if (isArray(value)) {
    if (getPrototypeOf(value) !== arrayPrototype) addError(errors, pointer(path, firstToken, here), notJsonMessage(value))
    else {
      const length = value.length
      for (let i = 0; i < length; i++) {
        const item: unknown = polluted && !hasOwn(value, i) ? undefined : value[i]
        tokens.push(i)
        if (typeof item === 'object' && item !== null) walkCollect(item, path, childDepth, polluted, errors, firstToken)
        else if (!isJsonScalar(item)) addError(errors, pointer(path, firstToken, here + 1), notJsonMessage(item))
        tokens.pop()
      }
    }
  } else {
    const proto: unknown = getPrototypeOf(value)
    if (proto !== objectPrototype && proto !== null) addError(errors, pointer(path, firstToken, here), notJsonMessage(value))
    else {
      for (const key in value) {
        if (polluted && !hasOwn(value, key)) continue
        const item: unknown = (value as Record<string, unknown>)[key]
        tokens.push(key)
        if (typeof item === 'object' && item !== null) walkCollect(item, path, childDepth, polluted, errors, firstToken)
        else if (!isJsonScalar(item)) addError(errors, pointer(path, firstToken, here + 1), notJsonMessage(item))
        tokens.pop()
      }
    }
  }
  leave(value, depth)
}
