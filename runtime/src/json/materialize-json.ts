import type { SchemaIssue } from '../errors.js'
import { hostShowsNoNamedKeys, onlyIndexKeys } from './array-named-keys.js'
import { appendOwn, assignOwn, enumerableKeyCount } from './hostile-prototypes.js'
import { cycleMessage, notJsonMessage, TOO_DEEP_MESSAGE } from './describe-value.js'
import { appendPointer, formatJsonPointer, MAX_ISSUES, MAX_JSON_DEPTH } from './json-value.js'
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
// Finds an own accessor's getter without building a descriptor, and never calls it.
// eslint-disable-next-line @typescript-eslint/unbound-method
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(key: PropertyKey): unknown }).__lookupGetter__
const freeze = Object.freeze
const create = Object.create
const setPrototypeOf = Object.setPrototypeOf
const isArray = Array.isArray

const BAD: unique symbol = Symbol('not lossless JSON')
// Marks a container whose walk is in progress (a second visit is a cycle).
const IN_PROGRESS: unique symbol = Symbol('in progress')
// Past MEMO_THRESHOLD containers the walk memoizes, so a shared sub-object is copied once, not once per path. A leaf
// (no container inside) of at most LEAF_MEMO_ENTRIES entries is not: recopying it costs no more than a map entry.
const MEMO_THRESHOLD = 4096
const LEAF_MEMO_ENTRIES = 64
// V8 keeps an object that large in dictionary mode anyway, and the null-prototype copy's stores reach no prototype.
/** Past this many keys an object is read by descriptors into a null-prototype copy (not exported by the package). */
export const DICTIONARY_KEYS = 32

type Snap = JsonValue | typeof BAD

/** Mutable state of one walk; reused between calls when no walk is running. */
interface Walk {
  issues: SchemaIssue[]
  /** Reference tokens of the containers being walked (the root has none). */
  readonly path: (string | number)[]
  /** The containers being walked, for cycle detection before memoization starts. */
  readonly stack: object[]
  /** Per entry of `stack`, whether it is marked in progress in `seen` (it has a container child). */
  readonly marked: boolean[]
  seen: Map<object, Snap | typeof IN_PROGRESS> | null
  containers: number
  /** Container height of the last snapshot returned (0 for a scalar). */
  height: number
  /** Entries of the container walked last. */
  size: number
  /** Whether large containers take the host key probe and the dictionary copy (false only in the test oracle). */
  readonly shortcuts: boolean
}

let idleWalk: Walk | null = null

/**
 * The one lossless-JSON boundary: a deep, deeply frozen snapshot of `value`, or every reason it is not lossless JSON
 * (at most {@link MAX_ISSUES}, at JSON Pointers). Never throws; never runs a getter. Rejects non-finite numbers,
 * undefined, functions, symbols, bigints, cycles, holes, non-plain arrays and objects, accessors, symbol and
 * non-enumerable keys, nesting past {@link MAX_JSON_DEPTH}, throwing Proxies. `-0` becomes `0`; an own `__proto__`
 * stays own data; shared sub-objects may stay shared; an earlier snapshot is returned as-is.
 */
export function materializeJson(value: unknown): MaterializeResult {
  if (typeof value !== 'object' || value === null) {
    const scalar = snapScalar(value)
    if (scalar !== BAD) return { ok: true, value: scalar }
    return { ok: false, issues: [{ path: '', message: notJsonMessage(value) }] }
  }
  if (snapshotHeight(value) !== undefined) return { ok: true, value: value as JsonValue }
  // Most values per call are small containers of scalars: copied without the walk's bookkeeping. Any doubt walks.
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

// The object the small path listed and found too large, with its names for the walk to reuse; cleared on return.
let listed: { readonly value: object; readonly names: string[] } | null = null

/** {@link materializeJson} by the full walk alone, no shortcuts: the tests' oracle (not exported by the package). */
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
  // A length write is a runtime call even when nothing changes; finishWalk replaces an issues array it hands out.
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

/** Records an issue at the current container, or at its child `key` when one is given. */
function report(walk: Walk, key: string | number | undefined, message: string): void {
  if (walk.issues.length >= MAX_ISSUES) return
  const pointer = formatJsonPointer(walk.path)
  appendOwn(walk.issues, { path: key === undefined ? pointer : appendPointer(pointer, key), message })
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
    if (depth + known > MAX_JSON_DEPTH) return tooDeep(walk, key)
    walk.height = known
    return value as JsonValue
  }
  if (depth >= MAX_JSON_DEPTH) return tooDeep(walk, key)
  if (walk.issues.length >= MAX_ISSUES) return BAD
  const stack = walk.stack
  const marked = walk.marked
  let seen = walk.seen
  if (seen !== null) {
    // Only a container with a container child can close a cycle: it is marked then, and leaves stay out of the map.
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
      if (depth + height > MAX_JSON_DEPTH) return tooDeep(walk, key)
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

function tooDeep(walk: Walk, key: string | number | undefined): typeof BAD {
  report(walk, key, TOO_DEEP_MESSAGE)
  return BAD
}

function cycle(walk: Walk, key: string | number | undefined, value: object): typeof BAD {
  const target = formatJsonPointer(walk.path.slice(0, walk.stack.indexOf(value)))
  report(walk, key, cycleMessage(target))
  return BAD
}

function isAccessor(descriptor: PropertyDescriptor): boolean {
  // Only data descriptors own `value`; reading `writable` could find it inherited from a polluted prototype.
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
    // The copy is our array of own data: reading runs nothing, writing back reaches no prototype.
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
 * A fresh array of `value`'s elements if every index below `length` is own enumerable data and there is no named or
 * symbol key; otherwise undefined. No getter runs: each index is checked for one before it is read.
 */
function denseValues(value: unknown[], length: number, hostProbe: boolean): unknown[] | undefined {
  if (getOwnPropertySymbols(value).length !== 0) return undefined
  if (hostProbe && hostShowsNoNamedKeys(value, length)) {
    // No named key: Object.values reads only enumerable indices, `length` of them iff all are own and enumerable.
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

/** Reports every issue of an array that is not dense plain data, by descriptor where a read could run a getter. */
function reportArray(value: unknown[], length: number, depth: number, walk: Walk): typeof BAD {
  let failed = false
  const childDepth = depth + 1
  for (let i = 0; i < length; i++) {
    // An own index without a getter is read directly; anything else, or an `undefined` read, takes the descriptor path.
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
    report(walk, undefined, notJsonMessage(value))
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
    // The common case in one tight loop: own enumerable data holding a scalar or a container. Anything else hands over
    // to the general loop below at that key (after a bad container child, at the next one), which words the issues.
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
    // Own enumerable data is read without running a getter: on a large object by one descriptor, on a small one by
    // propertyIsEnumerable and __lookupGetter__. Anything else, or a read of `undefined`, takes the descriptor path.
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

// The small path: at most SMALL_ENTRIES entries, each a scalar, a snapshot or (one level down) a small container of
// those. No cycle is possible, so no stack or memo; it gives up (undefined) at anything else, and the walk words it.
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
  // Every own string key enumerable; a key without a getter reads safely (setter-only reads undefined: gives up).
  if (enumerableKeyCount(value) !== names.length || getOwnPropertySymbols(value).length !== 0) return undefined
  const compiled = smallCopyOf(names)
  if (compiled !== undefined) {
    const copy = compiled(value, level)
    if (copy === undefined) return undefined
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

// Compiled copies: a key list seen twice gets a function doing the loop's checks in order, reading each key by literal
// name (not through megamorphic keyed access) and building one object literal, which defines its keys (`__proto__` as
// a computed key) and reaches no setter. Without code generation (CSP) the loop does the work.
// Key lists are client input, so memory is bounded: long lists are never remembered, lists live in two generations
// (a full young one becomes the old one, dropping the previous), and at most SMALL_COPIES_PER_GENERATION compile per
// generation. A generation is a trie of names, whose hashes V8 keeps (a joined key would be hashed on every call).
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
  readonly number: number
}

let generations = 0
const newGeneration = (): ShapeGeneration => ({ root: { next: undefined, shape: undefined }, size: 0, number: ++generations })
let youngShapes = newGeneration()
let oldShapes = newGeneration()
let copiesThisGeneration = 0
let compileSmallCopies = true

function rememberable(names: readonly string[]): boolean {
  let total = 0
  for (let i = 0; i < names.length; i++) {
    const length = (names[i] as string).length
    if (length > SMALL_SHAPE_KEY_CHARS || (total += length) > SMALL_SHAPE_CHARS) return false
  }
  return true
}

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
  // Calls alternate a few lists (arguments, then output): the two compiled ones found last are compared first.
  if (recentShape !== undefined && sameNames(recentShape.names, names)) return recentCopy(recentShape)
  if (previousShape !== undefined && sameNames(previousShape.names, names)) return recentCopy(previousShape)
  let shape = findShape(youngShapes, names)
  if (shape === undefined) {
    if (!rememberable(names)) return undefined
    shape = findShape(oldShapes, names)
    // `names` is our own fresh list, never changed after: safe to keep.
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

/** A use of one of the two last compiled lists, which keeps it in the young generation. */
function recentCopy(shape: SmallShape): SmallCopy | undefined {
  if (shape.generation !== youngShapes.number) rememberShape(shape)
  return shape.copy
}

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

// The Function constructor as it was at load: a later replacement of globalThis.Function never sees generated source.
// Generated code only reads, checks and builds the literal; the caller brands and freezes it (the brand stays ours).
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
