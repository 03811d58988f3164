import type { SchemaIssue } from '../errors.js'
import { hostShowsNoNamedKeys, onlyIndexKeys } from './array-named-keys.js'
import { appendOwn, assignOwn, enumerableKeyCount } from './hostile-prototypes.js'
import { describeValue } from './describe-value.js'
import { escapeJsonPointerToken, MAX_ISSUES, MAX_JSON_DEPTH } from './json-value.js'
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
const hasOwn = Object.hasOwn
const objectValues = Object.values
// eslint-disable-next-line @typescript-eslint/unbound-method
const propertyIsEnumerable = Object.prototype.propertyIsEnumerable
// The intrinsic: finds an own accessor's getter without building a descriptor (and never calls it).
// eslint-disable-next-line @typescript-eslint/unbound-method
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(key: PropertyKey): unknown }).__lookupGetter__
const freeze = Object.freeze
const create = Object.create
const setPrototypeOf = Object.setPrototypeOf
const isArray = Array.isArray

// Returned in place of a snapshot where the input is not lossless JSON.
const BAD: unique symbol = Symbol('not lossless JSON')
// Marks a container whose walk is in progress (a second visit is a cycle).
const IN_PROGRESS: unique symbol = Symbol('in progress')
// Past this many containers the walk memoizes containers, so a DAG that shares sub-objects is copied once per
// shared object instead of once per path (which can be exponential). A leaf (a container holding no container)
// of at most LEAF_MEMO_ENTRIES entries is not memoized: copying it again wherever it is reached costs no more than
// the reference to it, and most containers are such leaves (10^5 records in an array put 10^5 entries in the map).
const MEMO_THRESHOLD = 4096
const LEAF_MEMO_ENTRIES = 64
// An object of more than DICTIONARY_KEYS keys is read by descriptors and copied into a null-prototype object, given
// Object.prototype once complete: V8 creates such an object in dictionary mode, where a copy built key by key ends up
// past about 20 keys anyway (so the copy skips the migration), and its stores reach no prototype.
/** Past this many keys an object is read by descriptors and copied in dictionary mode (not exported by the package). */
export const DICTIONARY_KEYS = 32

type Snap = JsonValue | typeof BAD

/** Mutable state of one walk; reused between calls when no walk is running. */
interface Walk {
  issues: SchemaIssue[]
  /** Reference tokens of the containers being walked (the root has none). */
  readonly path: (string | number)[]
  /** The original containers being walked, for cycle detection before memoization starts. */
  readonly stack: object[]
  /** Per entry of `stack`, whether it is marked in progress in `seen` (it has a container child). */
  readonly marked: boolean[]
  seen: Map<object, Snap | typeof IN_PROGRESS> | null
  containers: number
  /** Container height of the last snapshot returned (0 for a scalar). */
  height: number
  /** Entries of the container walked last. */
  size: number
  /**
   * Whether the walk takes its shortcuts for large containers: asks the host for a large array's named keys, and
   * copies a large object by descriptors into a dictionary-mode copy (false only in the exact oracle for tests).
   */
  readonly shortcuts: boolean
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
  // Most values crossing the boundary per call (arguments, an output, content blocks) are a container of scalars
  // and small containers of scalars: copied without the walk's bookkeeping. Anything else, or any doubt, walks.
  const small = snapSmall(value, 1)
  if (small !== undefined) {
    listed = null
    return { ok: true, value: small }
  }
  const walk = idleWalk ?? newWalk(true)
  idleWalk = null // a Proxy trap may call materializeJson again: it gets a fresh walk
  const result = finishWalk(value, walk, true)
  listed = null
  return result
}

// The last object the small path listed and gave up on for its size, with its names: the walk takes the list over
// instead of listing again (on a 200k-key object a listing costs about half a JSON round trip). One slot, cleared
// when materializeJson returns, so it holds no input past the call.
let listed: { readonly value: object; readonly names: string[] } | null = null

/**
 * {@link materializeJson} by the full walk alone: no small-container path, no host probe of large arrays' keys, no
 * dictionary copy of large objects. The oracle the tests compare the fast paths with; not exported from the package.
 */
export function materializeJsonExact(value: unknown): MaterializeResult {
  if (typeof value !== 'object' || value === null || snapshotHeight(value) !== undefined) return materializeJson(value)
  return finishWalk(value, newWalk(false), false)
}

function finishWalk(value: object, walk: Walk, reuse: boolean): MaterializeResult {
  const snapshot = snapContainer(value, 0, undefined, walk)
  const issues = walk.issues
  const failed = snapshot === BAD || issues.length > 0
  if (failed) walk.issues = []
  resetWalk(walk)
  if (reuse) idleWalk = walk
  if (failed) return { ok: false, issues }
  return { ok: true, value: snapshot as JsonValue }
}

function newWalk(shortcuts: boolean): Walk {
  return { issues: [], path: [], stack: [], marked: [], seen: null, containers: 0, height: 0, size: 0, shortcuts }
}

function resetWalk(walk: Walk): void {
  // The path and stack are empty after a balanced walk, and a length write is a runtime call even
  // when nothing changes. The issues array is replaced by the caller when it hands it out.
  if (walk.path.length > 0) walk.path.length = 0
  if (walk.stack.length > 0) walk.stack.length = 0
  if (walk.marked.length > 0) walk.marked.length = 0
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
  appendOwn(walk.issues, { path: pointer, message })
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
  const marked = walk.marked
  let seen = walk.seen
  if (seen !== null) {
    // A cycle reaches an ancestor through a container child, so a container is marked in progress only when its
    // first container child is walked: leaves never enter the map.
    const parent = stack.length - 1
    if (parent >= 0 && !(marked[parent] as boolean)) {
      marked[parent] = true
      seen.set(stack[parent] as object, IN_PROGRESS)
    }
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
      for (let i = 0; i < stack.length; i++) {
        seen.set(stack[i] as object, IN_PROGRESS)
        marked[i] = true
      }
      walk.seen = seen
    }
  }
  // The walk's own lists grow through appendOwn: a push could reach an index accessor on Array.prototype.
  appendOwn(stack, value)
  appendOwn(marked, false)
  walk.size = 0
  if (key !== undefined) appendOwn(walk.path, key)
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
  const hadContainers = marked.pop() as boolean
  // Read walk.seen again: memoization may have started inside this container's walk (which marks it).
  if (walk.seen !== null && (hadContainers || walk.size > LEAF_MEMO_ENTRIES)) walk.seen.set(value, snapshot)
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
  const copy = denseValues(value, length, walk.shortcuts)
  if (copy === undefined) return reportArray(value, length, depth, walk)
  let failed = false
  let height = 0
  const childDepth = depth + 1
  for (let i = 0; i < length; i++) {
    // The copy's elements are own data of an array of ours: reading one runs nothing, and writing one back (a
    // snapshot of a container, 0 for -0) reaches no prototype.
    const raw = copy[i]
    let item: Snap
    if (typeof raw === 'object' && raw !== null) {
      item = snapContainer(raw, childDepth, i, walk)
      if (item !== BAD) {
        if (walk.height > height) height = walk.height
        if (item !== raw) copy[i] = item
      }
    } else if (raw === undefined) {
      // An own `undefined`, or a setter-only accessor (no getter, so it reads as undefined without running anything).
      const descriptor = getOwnPropertyDescriptor(value, i)
      report(walk, i, descriptor !== undefined && isAccessor(descriptor) ? 'is an accessor property (getters are never run)' : notJsonMessage(raw))
      item = BAD
    } else {
      item = snapScalar(raw)
      if (item === BAD) report(walk, i, notJsonMessage(raw))
      else if (raw === 0) copy[i] = 0 // -0 === 0: write every zero rather than tell them apart
    }
    if (item === BAD) {
      failed = true
      if (walk.issues.length >= MAX_ISSUES) break
    }
  }
  walk.size = length // after the children, whose walks set it too
  if (failed || walk.issues.length > 0) return BAD
  walk.height = height + 1
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy as JsonValue[]
}

/**
 * A fresh array of `value`'s elements when every index below `length` is an own enumerable data property and there
 * is no enumerable named key and no symbol key; otherwise undefined. The copy's elements are own data, never written
 * through a prototype's setter. No getter runs: each index is looked up for one first (__lookupGetter__ finds a getter
 * without building a descriptor, and never calls it), and after that reading an element runs nothing (a setter-only
 * accessor reads as undefined, which the caller then reports).
 */
function denseValues(value: unknown[], length: number, hostProbe: boolean): unknown[] | undefined {
  if (getOwnPropertySymbols(value).length !== 0) return undefined
  if (hostProbe && hostShowsNoNamedKeys(value, length)) {
    // No named key to read: Object.values reads only the enumerable indices, and it numbers `length` exactly when
    // every index is own and enumerable.
    for (let i = 0; i < length; i++) if (lookupGetter.call(value, i) !== undefined) return undefined
    const values = objectValues(value)
    return values.length === length ? values : undefined
  }
  if (!onlyIndexKeys(value, length)) return undefined
  const copy: unknown[] = []
  for (let i = 0; i < length; i++) {
    if (lookupGetter.call(value, i) !== undefined) return undefined
    appendOwn(copy, value[i])
  }
  return copy
}

/**
 * Every issue of an array that is not dense plain data (a hole, an accessor, a non-enumerable index, a named or symbol
 * key), found element by element through descriptors where a plain read could run a getter; always BAD.
 */
function reportArray(value: unknown[], length: number, depth: number, walk: Walk): typeof BAD {
  let failed = false
  const childDepth = depth + 1
  for (let i = 0; i < length; i++) {
    // An own index whose lookup finds no getter is a data property or a setter-only accessor; only the latter, a hole
    // or an own `undefined` reads as `undefined`, and those take the descriptor path for the message. Neither check
    // runs a getter (a Proxy's traps do run, as with descriptors).
    let item: unknown
    if (hasOwn(value, i) && lookupGetter.call(value, i) === undefined && (item = value[i]) !== undefined) {
      item = snapChild(item, childDepth, i, walk)
    } else {
      const descriptor = getOwnPropertyDescriptor(value, i)
      if (descriptor === undefined) {
        report(walk, i, 'is a hole in a sparse array')
        item = BAD
      } else if (isAccessor(descriptor)) {
        report(walk, i, 'is an accessor property (getters are never run)')
        item = BAD
      } else {
        item = snapChild(descriptor.value, childDepth, i, walk)
      }
    }
    if (item === BAD) {
      failed = true
      // A huge sparse array (`a.length = 2 ** 32 - 1`) stops at the cap instead of visiting every hole.
      if (walk.issues.length >= MAX_ISSUES) break
    }
  }
  // Named or symbol-keyed properties on an array (`arr.foo = 1`) would be lost by a snapshot: reject them too.
  if (!failed) {
    const keys = ownKeys(value)
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string | symbol
      if (typeof key === 'symbol') report(walk, undefined, `has a symbol key (${String(key)})`)
      else if (key !== 'length' && !isArrayIndex(key, length)) report(walk, key, 'is a named property on an array')
      else if (key !== 'length' && !propertyIsEnumerable.call(value, key)) report(walk, key, 'is a non-enumerable property')
    }
  }
  walk.size = length
  return BAD
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
  let names: string[]
  if (listed !== null && listed.value === value) {
    names = listed.names
    listed = null
  } else names = getOwnPropertyNames(value)
  const dictionary = walk.shortcuts && names.length > DICTIONARY_KEYS
  const copy = (dictionary ? create(null) : {}) as Record<string, JsonValue>
  let failed = symbols.length > 0
  let height = 0
  const childDepth = depth + 1
  let i = 0
  if (dictionary && !failed) {
    // The large object's common case in one tight loop: an own enumerable data property (its value read from its
    // descriptor: no getter runs) holding a scalar is copied as snapScalar would, and one holding a container is walked
    // as snapChild would; anything else ends the loop, and the general loop below takes over at that key, with its
    // messages. A container child found bad is the general loop's from the next key on (its issues are reported).
    for (; i < names.length; i++) {
      const name = names[i] as string
      const descriptor = getOwnPropertyDescriptor(value, name)
      if (descriptor === undefined || descriptor.enumerable !== true || !hasOwn(descriptor, 'value')) break
      const raw: unknown = descriptor.value
      if (typeof raw === 'string' || typeof raw === 'boolean' || raw === null) copy[name] = raw
      else if (typeof raw === 'number' && raw - raw === 0) copy[name] = raw === 0 ? 0 : raw
      else if (typeof raw === 'object') {
        const item = snapContainer(raw as object, childDepth, name, walk)
        if (item === BAD) {
          failed = true
          i = walk.issues.length >= MAX_ISSUES ? names.length : i + 1
          break
        }
        if (walk.height > height) height = walk.height
        copy[name] = item
      } else break
    }
  }
  for (; i < names.length; i++) {
    const name = names[i] as string
    // An own enumerable data property is read without running anything (no getter is ever called): on a large object
    // (dictionary mode, where the lookups miss the cache) through one descriptor, which V8 builds in generated code;
    // on a small one through two lookups and a read (propertyIsEnumerable, __lookupGetter__, which finds a getter
    // without calling it), cheaper there than building a descriptor. Anything else, and a setter-only accessor (which
    // reads as `undefined`), takes the descriptor path for its message.
    let descriptor: PropertyDescriptor | undefined
    let raw: unknown
    if (dictionary) {
      descriptor = getOwnPropertyDescriptor(value, name)
      if (descriptor === undefined) continue // a Proxy listed a key it then says it does not have
      if (descriptor.enumerable === true && !isAccessor(descriptor)) raw = descriptor.value
    } else if (propertyIsEnumerable.call(value, name) && lookupGetter.call(value, name) === undefined) raw = (value as Record<string, unknown>)[name]
    let item: Snap
    if (raw !== undefined) item = snapChild(raw, childDepth, name, walk)
    else {
      descriptor ??= getOwnPropertyDescriptor(value, name)
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
      item = snapChild(descriptor.value, childDepth, name, walk)
    }
    if (item === BAD) {
      failed = true
      if (walk.issues.length >= MAX_ISSUES) break
      continue
    }
    if (failed) continue
    if (typeof item === 'object' && item !== null && walk.height > height) height = walk.height
    // A null-prototype copy has no prototype for a store to reach: no key needs assignOwn's check.
    if (dictionary) copy[name] = item
    else assignOwn(copy, name, item)
  }
  walk.size = names.length // after the children, whose walks set it too
  if (failed || walk.issues.length > 0) return BAD
  if (dictionary) setPrototypeOf(copy, objectPrototype)
  walk.height = height + 1
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy
}

// The small-container path: a container of at most SMALL_ENTRIES entries, each a scalar, a snapshot or (one level
// down) such a container of scalars and snapshots. It needs no stack, path or memo: a cycle needs a container that
// holds a container, and the only one here is the root, whose children hold none. It gives up (undefined) at
// anything that is not plain data, and the full walk then finds and words every issue.
const SMALL_ENTRIES = 16

/** The snapshot of `value` at container level `level` (the root is 1), or undefined: not small or not plain data. */
function snapSmall(value: object, level: number): JsonValue | undefined {
  try {
    return isArray(value) ? snapSmallArray(value as unknown[], level) : snapSmallObject(value, level)
  } catch {
    return undefined // a Proxy trap threw: the walk reports it
  }
}

/** A child of a small container: a scalar, a snapshot that fits under MAX_JSON_DEPTH, or (below the root) small. */
function snapSmallChild(item: unknown, level: number): Snap | undefined {
  if (typeof item !== 'object' || item === null) {
    const scalar = snapScalar(item)
    return scalar === BAD ? undefined : scalar
  }
  const known = snapshotHeight(item)
  if (known !== undefined) return level + known <= MAX_JSON_DEPTH ? (item as JsonValue) : undefined
  return level === 1 ? snapSmall(item, 2) : undefined
}

function snapSmallObject(value: object, level: number): JsonValue | undefined {
  const proto: unknown = getPrototypeOf(value)
  if (proto !== objectPrototype && proto !== null) return undefined
  const names = getOwnPropertyNames(value)
  if (names.length > SMALL_ENTRIES) {
    listed = { value, names }
    return undefined
  }
  // As many enumerable keys as own string keys: every one is enumerable. No descriptor is built: a key whose lookup
  // finds no getter is data (or a setter-only accessor, which reads as undefined and gives up), so reading it runs nothing.
  if (enumerableKeyCount(value) !== names.length || getOwnPropertySymbols(value).length !== 0) return undefined
  const compiled = smallCopyOf(names)
  if (compiled !== undefined) {
    const copy = compiled(value, level)
    if (copy === undefined) return undefined
    // The copy's height, which the compiled function wrote last (a nested copy it made wrote before it did).
    registerSnapshot(copy, compiledHeight.value)
    return freeze(copy)
  }
  const copy: Record<string, JsonValue> = {}
  let height = 0
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string
    if (lookupGetter.call(value, name) !== undefined) return undefined
    const item = snapSmallChild((value as Record<string, unknown>)[name], level)
    if (item === undefined || item === BAD) return undefined
    if (typeof item === 'object' && item !== null) {
      const childHeight = snapshotHeight(item) as number
      if (childHeight > height) height = childHeight
    }
    assignOwn(copy, name, item)
  }
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy
}

// Compiled copies of small objects. The loop above reads and writes each key by a computed name, which V8 handles
// through its shared (megamorphic) caches, and builds the copy one key at a time; in a busy process (an MCP server
// validating messages with zod) that costs more than every check the copy needs. Arguments and outputs come in few
// shapes, so a key list seen a second time gets a function of its own: the same checks in the same order, each key
// read by its literal name, the copy built as one object literal (which defines its keys, so no prototype setter is
// reached; `__proto__` is written as a computed key, which defines it too). A list seen once is only remembered (a
// one-off shape is not worth compiling). Where code cannot be generated (a Content Security Policy), the loop above
// does the work.
//
// The key lists are client input (the keys of a tool call's arguments), so what is remembered is bounded: a list
// with a key longer than SMALL_SHAPE_KEY_CHARS or more than SMALL_SHAPE_CHARS in all is never remembered, and the
// lists are kept in two generations of at most SMALL_SHAPES_PER_GENERATION each. A list is looked up in the young
// generation, then in the old one (and moved to the young one); when the young one is full it becomes the old one and
// the previous old one is dropped, so a shape in use stays and a flood of new ones evicts only shapes not seen since.
// At most SMALL_COPIES_PER_GENERATION lists are compiled per generation: a client cycling through new shapes costs a
// compilation per so many of them, not one per call. A generation is a trie keyed by the whole list, one key per
// level: the lookup is one Map.get per key of property-name strings, whose hashes V8 keeps, where a key built by
// joining the names would be a new string to hash on every call.
const SMALL_SHAPE_KEY_CHARS = 64
const SMALL_SHAPE_CHARS = 512
const SMALL_SHAPES_PER_GENERATION = 512
const SMALL_COPIES_PER_GENERATION = 128

/** A compiled copy: the copy as a fresh literal, not yet registered nor frozen (the caller does both), or undefined. */
type SmallCopy = (value: object, level: number) => Record<string, JsonValue> | undefined
interface SmallShape {
  readonly names: readonly string[]
  /** Compiled at the second sighting. */
  copy: SmallCopy | undefined
  /** The number of the generation it was last put in. */
  generation: number
}

/** One level of a generation's trie: the lists that continue with each next key, and the list that ends here. */
interface ShapeNode {
  next: Map<string, ShapeNode> | undefined
  shape: SmallShape | undefined
}

/** A generation of remembered key lists. */
interface ShapeGeneration {
  readonly root: ShapeNode
  size: number
  /** Counts the generations, from 1. */
  readonly number: number
}

let generations = 0
const newGeneration = (): ShapeGeneration => ({ root: { next: undefined, shape: undefined }, size: 0, number: ++generations })
let youngShapes = newGeneration()
let oldShapes = newGeneration()
let copiesThisGeneration = 0
let compileSmallCopies = true

/** Whether a key list may be remembered: no key over SMALL_SHAPE_KEY_CHARS, at most SMALL_SHAPE_CHARS in all. */
function rememberable(names: readonly string[]): boolean {
  let total = 0
  for (let i = 0; i < names.length; i++) {
    const length = (names[i] as string).length
    if (length > SMALL_SHAPE_KEY_CHARS || (total += length) > SMALL_SHAPE_CHARS) return false
  }
  return true
}

/** The shape a generation remembers for exactly this key list. */
function findShape(generation: ShapeGeneration, names: readonly string[]): SmallShape | undefined {
  let node: ShapeNode | undefined = generation.root
  for (let i = 0; i < names.length; i++) {
    const next: Map<string, ShapeNode> | undefined = node.next
    if (next === undefined) return undefined
    node = next.get(names[i] as string)
    if (node === undefined) return undefined
  }
  return node.shape
}

/** Puts a shape in the young generation, which becomes the old one first if it is full. */
function rememberShape(shape: SmallShape): void {
  if (youngShapes.size >= SMALL_SHAPES_PER_GENERATION) {
    oldShapes = youngShapes
    youngShapes = newGeneration()
    copiesThisGeneration = 0
  }
  const names = shape.names
  let node = youngShapes.root
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string
    const next: Map<string, ShapeNode> = (node.next ??= new Map())
    let child = next.get(name)
    if (child === undefined) next.set(name, (child = { next: undefined, shape: undefined }))
    node = child
  }
  node.shape = shape
  shape.generation = youngShapes.number
  youngShapes.size++
}

/** The compiled copy for exactly this key list (the same keys in the same order), compiled now if it is seen again. */
function smallCopyOf(names: readonly string[]): SmallCopy | undefined {
  // Most calls copy the same few lists in turn (a tool's arguments, then its output): the two compiled ones found
  // last are compared first, key by key, which costs less than a walk down the trie.
  if (recentShape !== undefined && sameNames(recentShape.names, names)) return recentCopy(recentShape)
  if (previousShape !== undefined && sameNames(previousShape.names, names)) return recentCopy(previousShape)
  let shape = findShape(youngShapes, names)
  if (shape === undefined) {
    if (!rememberable(names)) return undefined
    shape = findShape(oldShapes, names)
    // The list Object.getOwnPropertyNames made for this call: ours, and never changed after.
    rememberShape(shape ?? { names, copy: undefined, generation: 0 })
    if (shape === undefined) return undefined
  }
  if (shape.copy === undefined && compileSmallCopies && copiesThisGeneration < SMALL_COPIES_PER_GENERATION) {
    shape.copy = compileSmallCopy(shape.names)
    if (shape.copy === undefined) compileSmallCopies = false
    else copiesThisGeneration++
  }
  if (shape.copy !== undefined) {
    previousShape = recentShape
    recentShape = shape
  }
  return shape.copy
}

/** The two compiled lists found last (kept past their generation: two lists of bounded length). */
let recentShape: SmallShape | undefined
let previousShape: SmallShape | undefined

/** The copy of a compiled list found among the two last: a use like any other, which keeps it in the young generation. */
function recentCopy(shape: SmallShape): SmallCopy | undefined {
  if (shape.generation !== youngShapes.number) rememberShape(shape)
  return shape.copy
}

/** Whether two key lists are the same keys in the same order. */
function sameNames(known: readonly string[], names: readonly string[]): boolean {
  if (known.length !== names.length) return false
  for (let i = 0; i < known.length; i++) if (known[i] !== names[i]) return false
  return true
}

/** Forgets every key list seen and compiled (for tests: each starts from an empty cache). */
export function resetSmallCopies(): void {
  youngShapes = newGeneration()
  oldShapes = newGeneration()
  recentShape = undefined
  previousShape = undefined
  copiesThisGeneration = 0
  compileSmallCopies = true
}

/** How many key lists are remembered, in both generations (for tests). */
export function rememberedSmallShapes(): number {
  return youngShapes.size + oldShapes.size
}

/** What is remembered of a key list (for tests): `compiled`, `seen` once or more but not compiled, or undefined. */
export function smallShapeState(names: readonly string[]): 'compiled' | 'seen' | undefined {
  const shape = findShape(youngShapes, names) ?? findShape(oldShapes, names)
  return shape === undefined ? undefined : shape.copy === undefined ? 'seen' : 'compiled'
}

// The Function constructor as it is when this module loads: code that replaces globalThis.Function later is never
// handed the generated source, nor anything the generated function is given. The generated function only reads,
// checks and builds the literal; the caller registers it as a snapshot and freezes it, so the snapshot brand is never
// handed to generated code.
const generateFunction = Function
// Where a compiled copy leaves the height of the literal it returns (the generated code writes it last).
const compiledHeight = { value: 0 }

/** The straight-line copy of one key list, or undefined where code cannot be generated. */
function compileSmallCopy(names: readonly string[]): SmallCopy | undefined {
  // Built as strings only: an array's push or join could reach an index accessor on a polluted Array.prototype.
  let body = ''
  let fields = ''
  for (let i = 0; i < names.length; i++) {
    const key = JSON.stringify(names[i])
    // Strings, booleans, null and finite numbers (-0 as 0) are copied here; anything else takes the child copy.
    body +=
      `if (lookupGetter.call(value, ${key}) !== undefined) return undefined\n` +
      `let v${i} = value[${key}]\n` +
      `if (typeof v${i} === 'number') { if (v${i} - v${i} !== 0) return undefined; if (v${i} === 0) v${i} = 0 }\n` +
      `else if (typeof v${i} !== 'string' && typeof v${i} !== 'boolean' && v${i} !== null) {\n` +
      `v${i} = child(v${i}, level)\n` +
      `if (v${i} === undefined) return undefined\n` +
      `if (typeof v${i} === 'object' && v${i} !== null) { const h = heightOf(v${i}); if (h > height) height = h }\n}\n`
    fields += `${i === 0 ? '' : ', '}${names[i] === '__proto__' ? `[${key}]` : key}: v${i}`
  }
  const source = `return function copy(value, level) {\nlet height = 0\n${body}out.value = height + 1\nreturn { ${fields} }\n}`
  try {
    const make = new generateFunction('lookupGetter', 'child', 'heightOf', 'out', source) as (...env: unknown[]) => SmallCopy
    return make(lookupGetter, smallCopyChild, snapshotHeight, compiledHeight)
  } catch {
    return undefined
  }
}

/** {@link snapSmallChild} for a compiled copy: the snapshot of a child, or undefined. */
function smallCopyChild(item: unknown, level: number): JsonValue | undefined {
  const child = snapSmallChild(item, level)
  return child === BAD ? undefined : child
}

function snapSmallArray(value: unknown[], level: number): JsonValue | undefined {
  if (getPrototypeOf(value) !== arrayPrototype) return undefined
  const length = value.length
  if (length > SMALL_ENTRIES) return undefined
  const copy = denseValues(value, length, false)
  if (copy === undefined) return undefined
  let height = 0
  for (let i = 0; i < length; i++) {
    const raw = copy[i]
    const item = snapSmallChild(raw, level)
    if (item === undefined || item === BAD) return undefined
    if (typeof item === 'object' && item !== null) {
      const childHeight = snapshotHeight(item) as number
      if (childHeight > height) height = childHeight
    }
    if (item !== raw || raw === 0) copy[i] = item // -0 === 0: every zero is written
  }
  registerSnapshot(copy, height + 1)
  freeze(copy)
  return copy as JsonValue[]
}
