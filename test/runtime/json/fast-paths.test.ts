import fc from 'fast-check'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { HOST_PROBE_MIN_LENGTH } from '../../../runtime/src/json/array-named-keys.js'
import {
  DICTIONARY_KEYS,
  materializeJson,
  materializeJsonExact,
  rememberedSmallShapes,
  resetSmallCopies,
  smallShapeState,
} from '../../../runtime/src/json/materialize-json.js'
import { isMaterializedJson, snapshotHeight } from '../../../runtime/src/json/materialized-snapshots.js'

// materializeJson takes three shortcuts the full walk does not: small containers (arguments, outputs, content blocks)
// are copied without the walk's bookkeeping, a large array's named keys are asked of the host (Node's util.inspect,
// indices skipped) instead of listed with Object.keys, and a large object is read by one descriptor per key into a
// copy built in dictionary mode. materializeJsonExact is the full walk alone. Both must give the same answer — the
// same snapshot or the same issues — for every input, including each way a value is not plain data, at the sizes
// where each shortcut applies.

type Flaw = (target: object, at: number) => void

const getterThatThrows = (): PropertyDescriptor => ({
  get: () => {
    throw new Error('a getter ran')
  },
  enumerable: true,
  configurable: true,
})

// Each way a container can stop being plain data, applied at a position `at` of an array or object.
const arrayFlaws: [string, Flaw][] = [
  ['a named key', (a) => Object.assign(a, { extra: 1 })],
  ['a non-enumerable named key', (a) => Object.defineProperty(a, 'hidden', { value: 1, enumerable: false })],
  ['a named getter', (a) => Object.defineProperty(a, 'named', getterThatThrows())],
  ['an index getter', (a, at) => Object.defineProperty(a, at, getterThatThrows())],
  ['an index getter that returns a value', (a, at) => Object.defineProperty(a, at, { get: () => 1, enumerable: true, configurable: true })],
  ['a setter-only index', (a, at) => Object.defineProperty(a, at, { set: () => undefined, enumerable: true })],
  ['a non-enumerable index', (a, at) => Object.defineProperty(a, at, { value: 1, enumerable: false })],
  ['a hole', (a, at) => delete (a as unknown[])[at]],
  ['a symbol key', (a) => Object.assign(a, { [Symbol('s')]: 1 })],
  ['NaN', (a, at) => ((a as unknown[])[at] = NaN)],
  ['undefined', (a, at) => ((a as unknown[])[at] = undefined)],
  ['-0', (a, at) => ((a as unknown[])[at] = -0)],
  ['a Date', (a, at) => ((a as unknown[])[at] = new Date(0))],
  ['a cycle', (a, at) => ((a as unknown[])[at] = a)],
  ['a nested cycle', (a, at) => ((a as unknown[])[at] = { back: [a] })],
  ['a subclass element', (a, at) => ((a as unknown[])[at] = new (class extends Array {})())],
  ['a Proxy element', (a, at) => ((a as unknown[])[at] = new Proxy({ x: [1] }, {}))],
  ['a Proxy with a throwing trap', (a, at) => ((a as unknown[])[at] = new Proxy({}, { ownKeys: () => { throw new Error('trap') } }))],
  ['a null-prototype object', (a, at) => ((a as unknown[])[at] = Object.assign(Object.create(null) as object, { k: 'v' }))],
  ['a deep nest', (a, at) => ((a as unknown[])[at] = nest(1001))],
  ['a nest at the limit', (a, at) => ((a as unknown[])[at] = nest(998))],
]
const objectFlaws: [string, Flaw][] = [
  ['a getter', (o) => Object.defineProperty(o, 'g', getterThatThrows())],
  // A getter that answers would put its value in the snapshot if it ran: the fast paths must find it, not catch it.
  ['a getter that returns a value', (o) => Object.defineProperty(o, 'g', { get: () => 1, enumerable: true, configurable: true })],
  ['a setter-only key', (o) => Object.defineProperty(o, 's', { set: () => undefined, enumerable: true })],
  ['a non-enumerable key', (o) => Object.defineProperty(o, 'hidden', { value: 1, enumerable: false })],
  ['a symbol key', (o) => Object.assign(o, { [Symbol('s')]: 1 })],
  ['a __proto__ key', (o) => Object.defineProperty(o, '__proto__', { value: { p: 1 }, enumerable: true, writable: true, configurable: true })],
  ['NaN', (o) => Object.assign(o, { n: NaN })],
  ['-0', (o) => Object.assign(o, { z: -0 })],
  ['a function', (o) => Object.assign(o, { f: () => 1 })],
  ['a self cycle', (o) => Object.assign(o, { self: o })],
  ['a class prototype', (o) => Object.setPrototypeOf(o, class {}.prototype)],
  ['a null prototype', (o) => Object.setPrototypeOf(o, null)],
  ['an own undefined', (o) => Object.assign(o, { u: undefined })],
  ['a non-enumerable getter', (o) => Object.defineProperty(o, 'hiddenGetter', { get: () => 1, enumerable: false })],
  ['keys named like Object.prototype members', (o) => Object.assign(o, { constructor: 1, toString: 'x', hasOwnProperty: [2], valueOf: null })],
  ['an index key', (o) => Object.assign(o, { 7: 'seven', 0: 'zero' })],
  ['a Date value', (o) => Object.assign(o, { when: new Date(0) })],
  ['a Proxy value', (o) => Object.assign(o, { proxy: new Proxy({ x: [1] }, {}) })],
  ['a shared child', (o) => { const shared = { s: [1] }; Object.assign(o, { left: shared, right: shared }) }],
]

function nest(levels: number): unknown {
  let value: unknown = 0
  for (let i = 0; i < levels; i++) value = [value]
  return value
}

/** The outcome as comparable data: the snapshot's JSON and frozen-ness, or the issues. */
function outcome(result: ReturnType<typeof materializeJson>): unknown {
  if (!result.ok) return { issues: result.issues }
  return { json: JSON.stringify(result.value), frozen: isDeepFrozen(result.value) }
}

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

const jsonLeaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, jsonLeaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 5 }),
})).value

describe('materializeJson gives the exact walk’s answer', () => {
  test('on random small JSON values, each copied fresh', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const copy = () => JSON.parse(JSON.stringify(value)) as unknown
        expect(outcome(materializeJson(copy()))).toEqual(outcome(materializeJsonExact(copy())))
      }),
      { numRuns: 300 },
    )
  })

  // Sizes either side of each shortcut: small containers (≤ 16 entries), and arrays below and from the host probe on.
  const sizes = [1, 2, 16, 17, HOST_PROBE_MIN_LENGTH - 1, HOST_PROBE_MIN_LENGTH, HOST_PROBE_MIN_LENGTH + 1]

  test.each(arrayFlaws)('on arrays of every size with %s, at the root and nested', (_name, flaw) => {
    for (const size of sizes) {
      for (const at of [0, size - 1]) {
        const make = (nested: boolean): unknown => {
          const array: unknown[] = Array.from({ length: size }, (_, i) => (i % 3 === 0 ? { i } : i))
          flaw(array, at)
          return nested ? { list: array } : array
        }
        for (const nested of [false, true]) {
          const fast = outcome(materializeJson(make(nested)))
          expect([size, at, nested, fast]).toEqual([size, at, nested, outcome(materializeJsonExact(make(nested)))])
        }
      }
    }
  })

  test.each(objectFlaws)('on objects with %s, small and large, at the root and nested', (_name, flaw) => {
    for (const size of [1, 15, 16, DICTIONARY_KEYS - 1, DICTIONARY_KEYS, DICTIONARY_KEYS + 1, 200]) {
      const make = (nested: boolean): unknown => {
        const object: Record<string, unknown> = {}
        for (let i = 0; i < size; i++) object[`k${i}`] = i % 2 === 0 ? i : [i]
        flaw(object, 0)
        return nested ? [object] : object
      }
      for (const nested of [false, true]) expect([size, nested, outcome(materializeJson(make(nested)))]).toEqual([size, nested, outcome(materializeJsonExact(make(nested)))])
    }
  })

  test('on random large objects, each copied fresh', () => {
    // Objects either side of DICTIONARY_KEYS, whose values are any JSON, at the root and nested.
    const largeObject = fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { minKeys: DICTIONARY_KEYS - 4, maxKeys: DICTIONARY_KEYS + 12 })
    fc.assert(
      fc.property(largeObject, fc.boolean(), (object, nested) => {
        const copy = () => JSON.parse(JSON.stringify(nested ? [object] : object)) as unknown
        expect(outcome(materializeJson(copy()))).toEqual(outcome(materializeJsonExact(copy())))
      }),
      { numRuns: 100 },
    )
  })

  test('a large object is read by one getOwnPropertyDescriptor per key: no get, no second lookup', () => {
    // Before the shortcut each key cost two descriptor lookups (propertyIsEnumerable, __lookupGetter__) and a get.
    const target: Record<string, number> = {}
    for (let i = 0; i < DICTIONARY_KEYS + 8; i++) target[`k${i}`] = i
    const traps: string[] = []
    const proxy = new Proxy(target, {
      getOwnPropertyDescriptor: (t, key) => (traps.push('getOwnPropertyDescriptor'), Reflect.getOwnPropertyDescriptor(t, key)),
      get: (t, key, receiver) => (traps.push('get'), Reflect.get(t, key, receiver) as unknown),
    })
    const result = materializeJson({ proxy })
    expect(result.ok && JSON.stringify(result.value)).toBe(JSON.stringify({ proxy: target }))
    expect(traps.filter((trap) => trap === 'get')).toEqual([])
    expect(traps).toHaveLength(DICTIONARY_KEYS + 8)
  })

  test('a large snapshot is plain: Object.prototype, frozen, own data keys in the order given', () => {
    const source: Record<string, unknown> = {}
    for (let i = 0; i < DICTIONARY_KEYS * 2; i++) source[`k${i}`] = i
    Object.defineProperty(source, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true })
    Object.assign(source, { constructor: 'c', 3: 'three' })
    const result = materializeJson(Object.setPrototypeOf(source, null))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const snapshot = result.value as Record<string, unknown>
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype)
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(Object.keys(snapshot)).toEqual(Object.keys(source))
    expect(Object.getOwnPropertyDescriptor(snapshot, '__proto__')).toEqual({ value: { polluted: true }, enumerable: true, writable: false, configurable: false })
    expect((snapshot as { polluted?: unknown }).polluted).toBeUndefined()
    expect(snapshot['constructor']).toBe('c')
  })

  test('a clean large array takes the probe and still equals the exact walk, -0 and nested containers included', () => {
    const make = () => Array.from({ length: HOST_PROBE_MIN_LENGTH * 2 }, (_, i) => (i === 7 ? -0 : i % 5 === 0 ? { i, list: [i] } : i / 3))
    const fast = materializeJson(make())
    expect(outcome(fast)).toEqual(outcome(materializeJsonExact(make())))
    expect(fast.ok).toBe(true)
    if (fast.ok) expect(Object.is((fast.value as number[])[7], 0)).toBe(true)
  })

  test('a Proxy over a large array is read through its traps, not around them', () => {
    // util.inspect would look at the target: a named key the traps add must still be found.
    const target = Array.from({ length: HOST_PROBE_MIN_LENGTH }, (_, i) => i)
    const proxy = new Proxy(target, {
      ownKeys: (t) => [...Reflect.ownKeys(t), 'added'],
      getOwnPropertyDescriptor: (t, key) => (key === 'added' ? { value: 1, enumerable: true, configurable: true, writable: true } : Reflect.getOwnPropertyDescriptor(t, key)),
    })
    const result = materializeJson(proxy)
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(['/added'])
  })

  test('with Array.prototype changed after the runtime loaded, the probe is not asked and named keys are still found', () => {
    const includes = Array.prototype.includes
    let ran = false
    Array.prototype.includes = function (this: unknown[], ...args: Parameters<typeof includes>) {
      ran = true
      return includes.apply(this, args)
    }
    let result: ReturnType<typeof materializeJson>
    try {
      result = materializeJson(Object.assign(Array.from({ length: HOST_PROBE_MIN_LENGTH }, (_, i) => i), { extra: 1 }))
    } finally {
      Array.prototype.includes = includes
    }
    expect(ran).toBe(false)
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(['/extra'])
  })
})

describe('a small object whose key list is seen again takes its compiled copy, with the exact walk’s answer', () => {
  // The first sighting of a key list takes the loop and remembers it; the second compiles the list's own copy.
  beforeEach(() => resetSmallCopies())
  const sightings = (make: () => unknown): void => {
    const exact = withHeights(materializeJsonExact(make()))
    for (let sighting = 1; sighting <= 3; sighting++) expect([sighting, withHeights(materializeJson(make()))]).toEqual([sighting, exact])
  }
  /** The outcome, and per container of a snapshot the height it is registered with. */
  const withHeights = (result: ReturnType<typeof materializeJson>): unknown => {
    const heights = (value: unknown): unknown =>
      typeof value !== 'object' || value === null ? null : [snapshotHeight(value), Object.values(value).map(heights)]
    return [outcome(result), result.ok ? heights(result.value) : null]
  }

  test('on random small objects, each copied fresh', () => {
    const smallObject = fc.dictionary(fc.string({ maxLength: 3 }), jsonValue, { maxKeys: 16 })
    fc.assert(
      fc.property(smallObject, (value) => sightings(() => JSON.parse(JSON.stringify(value)) as unknown)),
      { numRuns: 200 },
    )
  })

  test.each(objectFlaws)('on objects with %s, at the root and nested', (_name, flaw) => {
    for (const size of [1, 3, 16]) {
      for (const nested of [false, true]) {
        sightings(() => {
          const object: Record<string, unknown> = {}
          for (let i = 0; i < size; i++) object[`k${i}`] = i % 2 === 0 ? -0 : [i]
          flaw(object, 0)
          return nested ? [object] : object
        })
      }
    }
  })

  test('keys that are indices, __proto__, quotes and line separators are read and defined as own data', () => {
    sightings(() => JSON.parse('{"1": 1, "0": [0], "__proto__": {"p": 1}, "a\\"b": "q", "\u2028": true}') as unknown)
  })

  test('with an enumerable key on Object.prototype, a non-enumerable own key is still found', () => {
    // The count of enumerable keys must not take the inherited one for the hidden own one.
    Object.defineProperty(Object.prototype, 'inherited', { value: 1, enumerable: true, configurable: true, writable: true })
    try {
      sightings(() => Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }))
    } finally {
      delete (Object.prototype as { inherited?: unknown }).inherited
    }
  })

  test('where code cannot be generated when the module loads, the loop does the work', async () => {
    const generate = globalThis.Function
    globalThis.Function = function () {
      throw new EvalError('code generation from strings disallowed')
    } as unknown as FunctionConstructor
    let fresh: typeof import('../../../runtime/src/json/materialize-json.js')
    try {
      vi.resetModules()
      fresh = await import('../../../runtime/src/json/materialize-json.js')
    } finally {
      globalThis.Function = generate
    }
    const make = () => ({ a: 1, b: [2], c: -0 })
    const exact = outcome(fresh.materializeJsonExact(make()))
    for (let sighting = 1; sighting <= 3; sighting++) expect([sighting, outcome(fresh.materializeJson(make()))]).toEqual([sighting, exact])
    expect(fresh.smallShapeState(['a', 'b', 'c'])).toBe('seen')
  })

  test('a globalThis.Function replaced after the module loaded is never handed a copy to compile', () => {
    // Whoever replaced it could keep what the generated function is given, or return a function of its own.
    const generate = globalThis.Function
    let called = 0
    globalThis.Function = function (...args: string[]) {
      called++
      return new generate(...args)
    } as unknown as FunctionConstructor
    let second: ReturnType<typeof materializeJson>
    try {
      materializeJson({ forge: 1 })
      second = materializeJson({ forge: 2 })
    } finally {
      globalThis.Function = generate
    }
    expect(called).toBe(0)
    expect(smallShapeState(['forge'])).toBe('compiled')
    expect(second.ok && isMaterializedJson(second.value) && Object.isFrozen(second.value) && second.value).toEqual({ forge: 2 })
  })
})

describe('the remembered key lists are bounded: client keys are not kept forever', () => {
  beforeEach(() => resetSmallCopies())
  const twice = (value: object): void => {
    materializeJson(JSON.parse(JSON.stringify(value)) as unknown)
    materializeJson(JSON.parse(JSON.stringify(value)) as unknown)
  }

  test('a list with a key over 64 characters, or over 512 characters in all, is never remembered (and still copied)', () => {
    const long = 'k'.repeat(65)
    twice({ [long]: 1 })
    expect(smallShapeState([long])).toBeUndefined()
    const many = Array.from({ length: 9 }, (_, i) => `${i}`.padEnd(64, 'k')) // 9 × 64 = 576 characters
    twice(Object.fromEntries(many.map((key) => [key, 1])))
    expect(smallShapeState(many)).toBeUndefined()
    expect(rememberedSmallShapes()).toBe(0)
    const result = materializeJson({ [long]: [1] })
    expect(result.ok && JSON.stringify(result.value)).toBe(`{"${long}":[1]}`)
    // At the limits, a list is remembered and compiled.
    const fits = many.slice(0, 8)
    twice(Object.fromEntries(fits.map((key) => [key, 1])))
    expect(smallShapeState(fits)).toBe('compiled')
  })

  test('lists that only differ in where one key ends and the next begins are different lists', () => {
    twice({ ab: 1, c: 2 })
    expect(smallShapeState(['ab', 'c'])).toBe('compiled')
    expect(smallShapeState(['a', 'bc'])).toBeUndefined()
    expect(smallShapeState(['abc'])).toBeUndefined()
  })

  test('a flood of new lists keeps at most two generations, evicts the lists not seen since, and keeps the hot one', () => {
    twice({ type: 'text', text: 'hot' })
    twice({ type: 'row', stale: 1 })
    for (let i = 0; i < 5000; i++) {
      materializeJson({ type: 'row', [`id_${i}`]: i })
      if (i % 100 === 0) materializeJson({ type: 'text', text: `hot ${i}` })
    }
    expect(rememberedSmallShapes()).toBeLessThanOrEqual(1024)
    expect(smallShapeState(['type', 'text'])).toBe('compiled')
    expect(smallShapeState(['type', 'stale'])).toBeUndefined()
    expect(smallShapeState(['type', 'id_0'])).toBeUndefined()
    expect(smallShapeState(['type', 'id_4999'])).toBe('seen')
  })
})
