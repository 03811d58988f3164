import type { SchemaIssue } from '../errors/json-schema-error.js'
import { assignOwn } from './assign-own.js'
import { describeValue } from './describe-value.js'
import { MAX_ISSUES, MAX_JSON_DEPTH } from './json-limits.js'
import { escapeJsonPointerToken } from './json-pointer.js'
import type { JsonValue } from './json-value.js'
import { registerSnapshot, snapshotHeight } from './materialized-snapshots.js'

/** The outcome of {@link materializeJson}: a frozen lossless snapshot, or every problem found. */
export type MaterializeResult =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly issues: readonly SchemaIssue[] }

const objectPrototype = Object.prototype
const arrayPrototype = Array.prototype
const getPrototypeOf = Object.getPrototypeOf
const getOwnPropertyNames = Object.getOwnPropertyNames
const ownKeys = Reflect.ownKeys
const getOwnPropertySymbols = Object.getOwnPropertySymbols
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor
// The intrinsic, so replacing Array.prototype.push never sees the data being copied.
const arrayPush = Array.prototype.push
const hasOwn = Object.hasOwn
const objectKeys = Object.keys
// eslint-disable-next-line @typescript-eslint/unbound-method
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable
// The intrinsic: finds an own accessor's getter without building a descriptor (and never calls it).
// eslint-disable-next-line @typescript-eslint/unbound-method
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(key: PropertyKey): unknown }).__lookupGetter__
const freeze = Object.freeze
const isArray = Array.isArray

// Returned in place of a snapshot where the input is not lossless JSON.
const BAD: unique symbol = Symbol('not lossless JSON')
// Marks a container whose walk is in progress (a second visit is a cycle).
const IN_PROGRESS: unique symbol = Symbol('in progress')
// Past this many containers the walk memoizes every container, so a DAG that shares sub-objects is
// copied once per shared object instead of once per path (which can be exponential).
const MEMO_THRESHOLD = 4096

type Snap = JsonValue | typeof BAD

/** Mutable state of one walk; reused between calls when no walk is running. */
interface Walk {
  issues: SchemaIssue[]
  /** Reference tokens of the containers being walked (the root has none). */
  readonly path: (string | number)[]
  /** The original containers being walked, for cycle detection before memoization starts. */
  readonly stack: object[]
  seen: Map<object, Snap | typeof IN_PROGRESS> | null
  containers: number
  /** Container height of the last snapshot returned (0 for a scalar). */
  height: number
}

let idleWalk: Walk | null = null

/**
 * The one lossless-JSON boundary: returns a deep, deeply frozen snapshot of `value`, or every
 * reason it is not lossless JSON (at most {@link MAX_ISSUES}, each with a JSON Pointer into the value).
 *
 * Rejects NaN/±Infinity, `undefined`, functions, symbols, bigints, cycles, sparse arrays, array
 * subclasses and typed arrays, objects whose prototype is neither Object.prototype nor null, accessor
 * properties (read through descriptors: a getter never runs), own symbol keys, non-enumerable own
 * keys, nesting deeper than {@link MAX_JSON_DEPTH} containers, and Proxies whose traps throw. Never
 * throws. An own `__proto__` key stays an own data property of the snapshot. `-0` becomes `0`.
 * A shared sub-object (a DAG) is fine and may stay shared in the snapshot. A snapshot this function
 * produced earlier is returned as-is.
 */
export function materializeJson(value: unknown): MaterializeResult {
  if (typeof value !== 'object' || value === null) {
    const scalar = snapScalar(value)
    if (scalar !== BAD) return { ok: true, value: scalar }
    return { ok: false, issues: [{ path: '', message: notJsonMessage(value) }] }
  }
  if (snapshotHeight(value) !== undefined) return { ok: true, value: value as JsonValue }
  const walk = idleWalk ?? newWalk()
  idleWalk = null // a Proxy trap may call materializeJson again: it gets a fresh walk
  const snapshot = snapContainer(value, 0, undefined, walk)
  const issues = walk.issues
  const failed = snapshot === BAD || issues.length > 0
  if (failed) walk.issues = []
  resetWalk(walk)
  idleWalk = walk
  if (failed) return { ok: false, issues }
  return { ok: true, value: snapshot as JsonValue }
}

function newWalk(): Walk {
  return { issues: [], path: [], stack: [], seen: null, containers: 0, height: 0 }
}

function resetWalk(walk: Walk): void {
  // The path and stack are empty after a balanced walk, and a length write is a runtime call even
  // when nothing changes. The issues array is replaced by the caller when it hands it out.
  if (walk.path.length > 0) walk.path.length = 0
  if (walk.stack.length > 0) walk.stack.length = 0
  walk.seen = null
  walk.containers = 0
  walk.height = 0
}

function snapScalar(value: unknown): Snap {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      // x - x is 0 only for finite numbers; -0 becomes 0 so snapshots compare and print canonically.
      if (value - value === 0) return value === 0 ? 0 : value
      return BAD
    case 'object':
      return value === null ? null : BAD
    default:
      return BAD
  }
}

function notJsonMessage(value: unknown): string {
  return `${describeValue(value)} is not lossless JSON`
}

/** Records an issue at the current container, or at its child `key` when one is given. */
function report(walk: Walk, key: string | number | undefined, message: string): void {
  if (walk.issues.length >= MAX_ISSUES) return
  let pointer = ''
  const path = walk.path
  for (let i = 0; i < path.length; i++) pointer += '/' + escapeJsonPointerToken(path[i] as string | number)
  if (key !== undefined) pointer += '/' + escapeJsonPointerToken(key)
  walk.issues.push({ path: pointer, message })
}

function snapChild(value: unknown, depth: number, key: string | number, walk: Walk): Snap {
  if (typeof value === 'object' && value !== null) return snapContainer(value, depth, key, walk)
  walk.height = 0
  const scalar = snapScalar(value)
  if (scalar === BAD) report(walk, key, notJsonMessage(value))
  return scalar
}

function snapContainer(value: object, depth: number, key: string | number | undefined, walk: Walk): Snap {
  const known = snapshotHeight(value)
  if (known !== undefined) {
    if (depth + known > MAX_JSON_DEPTH) {
      report(walk, key, `nests deeper than ${MAX_JSON_DEPTH} levels`)
      return BAD
    }
    walk.height = known
    return value as JsonValue
  }
  if (depth >= MAX_JSON_DEPTH) {
    report(walk, key, `nests deeper than ${MAX_JSON_DEPTH} levels`)
    return BAD
  }
  if (walk.issues.length >= MAX_ISSUES) return BAD
  const stack = walk.stack
  let seen = walk.seen
  if (seen !== null) {
    const earlier = seen.get(value)
    if (earlier === IN_PROGRESS) return cycle(walk, key, value)
    if (earlier === BAD) return BAD // already reported where it was first reached
    if (earlier !== undefined) {
      // Copied where it was first reached; here, deeper perhaps, the depth limit applies again.
      const height = snapshotHeight(earlier as object) ?? 0
      if (depth + height > MAX_JSON_DEPTH) {
        report(walk, key, `nests deeper than ${MAX_JSON_DEPTH} levels`)
        return BAD
      }
      walk.height = height
      return earlier
    }
  } else {
    for (let i = 0; i < stack.length; i++) if (stack[i] === value) return cycle(walk, key, value)
    if (++walk.containers > MEMO_THRESHOLD) {
      seen = new Map()
      for (let i = 0; i < stack.length; i++) seen.set(stack[i] as object, IN_PROGRESS)
      walk.seen = seen
    }
  }
  if (seen !== null) seen.set(value, IN_PROGRESS)
  stack.push(value)
  if (key !== undefined) walk.path.push(key)
  let snapshot: Snap
  try {
    snapshot = isArray(value) ? snapArray(value as unknown[], depth, walk) : snapObject(value, depth, walk)
  } catch {
    // Only a Proxy trap can throw here: descriptors never run getters.
    report(walk, undefined, 'could not be read: a Proxy trap threw')
    snapshot = BAD
  }
  if (key !== undefined) walk.path.pop()
  stack.pop()
  // Read walk.seen again: memoization may have started inside this container's walk.
  if (walk.seen !== null) walk.seen.set(value, snapshot)
  return snapshot
}

function cycle(walk: Walk, key: string | number | undefined, value: object): typeof BAD {
  // Name the ancestor the reference points back to, so the cycle is easy to find.
  const index = walk.stack.indexOf(value)
  let target = ''
  for (let i = 0; i < index; i++) target += '/' + escapeJsonPointerToken(walk.path[i] as string | number)
  report(walk, key, `is a cycle: refers back to ${target === '' ? 'the root' : target}`)
  return BAD
}

/** Whether a descriptor describes an accessor. */
function isAccessor(descriptor: PropertyDescriptor): boolean {
  // Descriptors from getOwnPropertyDescriptor are fresh ordinary objects, and only data ones own
  // `value`; reading `writable` or `value` instead could find them inherited from a polluted prototype.
  return !hasOwn(descriptor, 'value')
}

function snapArray(value: unknown[], depth: number, walk: Walk): Snap {
  if (getPrototypeOf(value) !== arrayPrototype) {
    report(walk, undefined, 'is an array subclass or an array from another realm, not a plain array')
    return BAD
  }
  const length = value.length
  const copy: JsonValue[] = []
  let failed = false
  let height = 0
  const childDepth = depth + 1
  for (let i = 0; i < length; i++) {
    // One descriptor object per element was most of the cost on large arrays. An own index whose
    // lookup finds no getter is a data property or a setter-only accessor; only the latter, a hole
    // or an own `undefined` reads as `undefined`, and those take the descriptor path for the message.
    // Neither check runs a getter (a Proxy's traps do run, as with descriptors).
    let item: unknown
    if (hasOwn(value, i) && lookupGetter.call(value, i) === undefined && (item = value[i]) !== undefined) {
      item = snapChild(item, childDepth, i, walk)
    } else {
      const descriptor = getOwnPropertyDescriptor(value, i)
      if (descriptor === undefined) {
        report(walk, i, 'is a hole in a sparse array')
        failed = true
        continue
      }
      if (isAccessor(descriptor)) {
        report(walk, i, 'is an accessor property (getters are never run)')
        failed = true
        continue
      }
      item = snapChild(descriptor.value, childDepth, i, walk)
    }
    if (item === BAD) {
      failed = true
      if (walk.issues.length >= MAX_ISSUES) break
      continue
    }
    if (walk.height > height) height = walk.height
    arrayPush.call(copy, item)
  }
  // Named or symbol-keyed properties on an array (`arr.foo = 1`) would be lost by a snapshot: reject
  // them too. Every index is own by now, and Object.keys lists enumerable indices in ascending order
  // before any named key, so `length` keys ending with the last index means indices only; that is
  // about a third of the cost of counting Reflect.ownKeys (which turns `length` into a string too).
  // Only a mismatch pays for the details. A non-enumerable named key, which JSON.stringify,
  // Object.keys, spreading and structuredClone all skip, is not looked for.
  if (!failed && (getOwnPropertySymbols(value).length > 0 || !onlyIndexKeys(value, length))) {
    const keys = ownKeys(value)
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string | symbol
      if (typeof key === 'symbol') report(walk, undefined, `has a symbol key (${String(key)})`)
      else if (key !== 'length' && !isArrayIndex(key, length)) report(walk, key, 'is a named property on an array')
      else if (key !== 'length' && !propertyIsEnumerable.call(value, key)) report(walk, key, 'is a non-enumerable property')
    }
    failed = true
  }
  if (failed || walk.issues.length > 0) return BAD
  walk.height = height + 1
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy
}

/** Whether the enumerable string keys of `value`, whose indices below `length` are all own, are exactly those indices. */
function onlyIndexKeys(value: unknown[], length: number): boolean {
  const keys = objectKeys(value)
  return keys.length === length && (length === 0 || keys[length - 1] === String(length - 1))
}

function isArrayIndex(name: string, length: number): boolean {
  const index = Number(name)
  return Number.isInteger(index) && index >= 0 && index < length && String(index) === name
}

function snapObject(value: object, depth: number, walk: Walk): Snap {
  const proto: unknown = getPrototypeOf(value)
  if (proto !== objectPrototype && proto !== null) {
    report(walk, undefined, `${describeValue(value)} is not lossless JSON`)
    return BAD
  }
  const symbols = getOwnPropertySymbols(value)
  for (let i = 0; i < symbols.length; i++) report(walk, undefined, `has a symbol key (${String(symbols[i])})`)
  const names = getOwnPropertyNames(value)
  const copy: Record<string, JsonValue> = {}
  let failed = symbols.length > 0
  let height = 0
  const childDepth = depth + 1
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string
    const descriptor = getOwnPropertyDescriptor(value, name)
    if (descriptor === undefined) continue // a Proxy listed a key it then says it does not have
    if (descriptor.enumerable !== true) {
      report(walk, name, 'is a non-enumerable property')
      failed = true
      continue
    }
    if (isAccessor(descriptor)) {
      report(walk, name, 'is an accessor property (getters are never run)')
      failed = true
      continue
    }
    const item = snapChild(descriptor.value, childDepth, name, walk)
    if (item === BAD) {
      failed = true
      if (walk.issues.length >= MAX_ISSUES) break
      continue
    }
    if (failed) continue
    if (walk.height > height) height = walk.height
    assignOwn(copy, name, item)
  }
  if (failed || walk.issues.length > 0) return BAD
  walk.height = height + 1
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy
}
