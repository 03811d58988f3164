import { describe, expect, test } from 'vitest'
import { isMaterializedJson, MAX_ISSUES, MAX_JSON_DEPTH, materializeJson } from '../../../runtime/src/index.js'

/** Builds `levels` nested arrays around `inner`, iteratively (no recursion in the test either). */
function nestArrays(levels: number, inner: unknown = 0): unknown {
  let value = inner
  for (let i = 0; i < levels; i++) value = [value]
  return value
}

function withAccessor(): object {
  const o: Record<string, unknown> = { a: 1 }
  Object.defineProperty(o, 'b', { get: () => 2, enumerable: true })
  return o
}

function sparse(): unknown[] {
  const a: unknown[] = [1]
  a[2] = 3
  return a
}

class Point {
  x = 1
}

const throwingProxy = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('trap')
    },
  },
)

type Want = readonly [path: string, message: RegExp][]

// Each rejected class of value, with where the issue must point and what it must say.
const rejected: [string, { given: () => unknown; want: Want }][] = [
  ['NaN at the root', { given: () => NaN, want: [['', /NaN/]] }],
  ['Infinity in an object', { given: () => ({ a: Infinity }), want: [['/a', /Infinity/]] }],
  ['-Infinity in an array', { given: () => [1, -Infinity], want: [['/1', /-Infinity/]] }],
  ['undefined property', { given: () => ({ a: undefined }), want: [['/a', /undefined/]] }],
  ['function', { given: () => ({ f: () => 1 }), want: [['/f', /function/]] }],
  ['symbol value', { given: () => [Symbol('s')], want: [['/0', /symbol/]] }],
  ['bigint', { given: () => ({ n: 1n }), want: [['/n', /bigint/]] }],
  ['Date', { given: () => ({ d: new Date(0) }), want: [['/d', /non-plain object/]] }],
  ['Map', { given: () => ({ m: new Map() }), want: [['/m', /non-plain object/]] }],
  ['class instance', { given: () => [new Point()], want: [['/0', /non-plain object/]] }],
  // eslint-disable-next-line no-new-wrappers
  ['boxed string', { given: () => ({ s: new String('x') }), want: [['/s', /non-plain object/]] }],
  ['typed array', { given: () => ({ t: new Uint8Array(2) }), want: [['/t', /non-plain object/]] }],
  ['array subclass', { given: () => ({ a: new (class extends Array {})() }), want: [['/a', /array subclass/]] }],
  ['sparse array hole', { given: () => ({ a: sparse() }), want: [['/a/1', /hole/]] }],
  ['accessor property', { given: () => ({ o: withAccessor() }), want: [['/o/b', /accessor/]] }],
  [
    'own symbol key',
    { given: () => ({ o: { [Symbol('k')]: 1 } }), want: [['/o', /symbol key/]] },
  ],
  [
    'non-enumerable own key',
    {
      given: () => ({ o: Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }) }),
      want: [['/o/hidden', /non-enumerable/]],
    },
  ],
  ['named property on an array', { given: () => ({ a: Object.assign([1], { extra: 2 }) }), want: [['/a/extra', /named property/]] }],
  // The array walk reads elements without descriptors; each way an element is not plain data still shows.
  [
    'getter on an array index (never run)',
    {
      given: () => ({
        a: Object.defineProperty([1, 2], 1, {
          get: () => {
            throw new Error('the getter ran')
          },
          enumerable: true,
        }),
      }),
      want: [['/a/1', /accessor/]],
    },
  ],
  [
    'setter-only accessor on an array index',
    { given: () => ({ a: Object.defineProperty([1, 2], 0, { set: () => undefined, enumerable: true }) }), want: [['/a/0', /accessor/]] },
  ],
  ['undefined element', { given: () => ({ a: [1, undefined] }), want: [['/a/1', /undefined/]] }],
  [
    'a non-enumerable index does not hide a named key',
    {
      given: () => ({ a: Object.assign(Object.defineProperty([1, 2], 0, { value: 1, enumerable: false }), { extra: 3 }) }),
      want: [['/a/0', /non-enumerable/], ['/a/extra', /named property/]],
    },
  ],
  [
    'named key after many indices',
    { given: () => ({ a: Object.assign(Array.from({ length: 5000 }, (_, i) => i), { extra: 1 }) }), want: [['/a/extra', /named property/]] },
  ],
  ['symbol key on an array', { given: () => ({ a: Object.assign([1], { [Symbol('k')]: 2 }) }), want: [['/a', /symbol key/]] }],
  ['throwing Proxy', { given: () => ({ p: throwingProxy }), want: [['/p', /Proxy trap threw/]] }],
  [
    'self cycle',
    {
      given: () => {
        const o: Record<string, unknown> = {}
        o['self'] = o
        return o
      },
      want: [['/self', /cycle: refers back to the root/]],
    },
  ],
  [
    'deep cycle names its target',
    {
      given: () => {
        const inner: Record<string, unknown> = {}
        const o = { a: { b: inner } }
        inner['back'] = o.a
        return o
      },
      want: [['/a/b/back', /cycle: refers back to \/a/]],
    },
  ],
  [
    'keys are escaped as JSON Pointer tokens',
    { given: () => ({ 'a/b': { 'm~n': NaN } }), want: [['/a~1b/m~0n', /NaN/]] },
  ],
  [
    'every issue is collected, not just the first',
    { given: () => ({ a: NaN, b: [undefined], c: { d: () => 0 } }), want: [['/a', /NaN/], ['/b/0', /undefined/], ['/c/d', /function/]] },
  ],
]

describe('materializeJson rejects every non-lossless class with a pointer to it', () => {
  test.each(rejected)('%s', (_name, { given, want }) => {
    const result = materializeJson(given())
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    result.issues.forEach((issue, i) => expect(issue.message).toMatch((want[i] as Want[number])[1]))
  })
})

const accepted: [string, { given: unknown; want: unknown }][] = [
  ['string', { given: 'x', want: 'x' }],
  ['null', { given: null, want: null }],
  ['boolean', { given: false, want: false }],
  ['-0 becomes 0', { given: -0, want: 0 }],
  ['nested -0 becomes 0', { given: { a: [-0] }, want: { a: [0] } }],
  ['null-prototype object', { given: Object.assign(Object.create(null), { a: 1 }), want: { a: 1 } }],
  ['empty containers', { given: { a: [], o: {} }, want: { a: [], o: {} } }],
  ['unicode keys and values', { given: { 'ключ\u2028': '\u0000' }, want: { 'ключ\u2028': '\u0000' } }],
]

describe('materializeJson accepts lossless JSON and snapshots it', () => {
  test.each(accepted)('%s', (_name, { given, want }) => {
    const result = materializeJson(given)
    expect(result).toEqual({ ok: true, value: want })
    if (result.ok) expect(Object.is(result.value, -0)).toBe(false)
  })

  test('the snapshot is a deep copy, deeply frozen', () => {
    const input = { a: { b: [1, { c: 'x' }] } }
    const result = materializeJson(input)
    if (!result.ok) throw new Error('expected ok')
    const snap = result.value as { a: { b: [number, { c: string }] } }
    expect(snap).not.toBe(input)
    expect(snap.a).not.toBe(input.a)
    expect(snap.a.b).not.toBe(input.a.b)
    for (const part of [snap, snap.a, snap.a.b, snap.a.b[1]]) expect(Object.isFrozen(part)).toBe(true)
    input.a.b.push(2)
    expect(snap.a.b).toHaveLength(2)
  })

  test('snapshot objects keep Object.prototype so ordinary object code works on them', () => {
    const result = materializeJson({ a: 1 })
    if (!result.ok) throw new Error('expected ok')
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype)
  })

  test('an own __proto__ key stays data and Object.prototype is untouched', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as object
    const result = materializeJson(input)
    if (!result.ok) throw new Error('expected ok')
    const snap = result.value as Record<string, unknown>
    expect(Object.getPrototypeOf(snap)).toBe(Object.prototype)
    expect(Object.hasOwn(snap, '__proto__')).toBe(true)
    expect(Object.getOwnPropertyDescriptor(snap, '__proto__')?.value).toEqual({ polluted: true })
    expect(Object.keys(snap)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  test('a shared sub-object (a DAG) is fine', () => {
    const shared = { x: 1 }
    const result = materializeJson({ a: shared, b: shared, c: [shared, shared] })
    expect(result).toEqual({ ok: true, value: { a: { x: 1 }, b: { x: 1 }, c: [{ x: 1 }, { x: 1 }] } })
  })

  test('an exponential DAG is walked once per shared object, not once per path', () => {
    let node: unknown = { leaf: true }
    for (let i = 0; i < 200; i++) node = { left: node, right: node } // 2^200 paths
    const started = performance.now()
    const result = materializeJson(node)
    expect(result.ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  test('a snapshot it produced is returned as-is (no copy)', () => {
    const first = materializeJson({ a: [1, 2] })
    if (!first.ok) throw new Error('expected ok')
    const again = materializeJson(first.value)
    expect(again.ok && again.value).toBe(first.value)
    expect(isMaterializedJson(first.value)).toBe(true)
    expect(isMaterializedJson({ a: [1, 2] })).toBe(false)
    // A snapshot nested in a fresh value is reused too.
    const wrapped = materializeJson({ inner: first.value })
    expect(wrapped.ok && (wrapped.value as { inner: unknown }).inner).toBe(first.value)
  })

  test('a look-alike frozen object is not mistaken for a snapshot', () => {
    const frozen = Object.freeze({ a: NaN })
    expect(materializeJson(frozen).ok).toBe(false)
  })
})

describe('materializeJson stays bounded', () => {
  test(`${MAX_JSON_DEPTH} nested containers are accepted`, () => {
    expect(materializeJson(nestArrays(MAX_JSON_DEPTH)).ok).toBe(true)
  })

  test(`${MAX_JSON_DEPTH + 1} nested containers give one depth issue`, () => {
    const result = materializeJson(nestArrays(MAX_JSON_DEPTH + 1))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toHaveLength(1)
    expect(result.issues[0]?.path).toBe('/0'.repeat(MAX_JSON_DEPTH))
    expect(result.issues[0]?.message).toMatch(/deeper than 1000/)
  })

  test('100,000 levels of nesting give an issue, not a stack overflow', () => {
    const result = materializeJson(nestArrays(100_000))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues[0]?.message).toMatch(/deeper/)
  })

  test('a reused snapshot still counts toward the depth bound', () => {
    const deep = materializeJson(nestArrays(MAX_JSON_DEPTH))
    if (!deep.ok) throw new Error('expected ok')
    expect(materializeJson([deep.value]).ok).toBe(false)
  })

  test(`issues are capped at ${MAX_ISSUES}`, () => {
    const result = materializeJson(Array.from({ length: 1000 }, () => NaN))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues).toHaveLength(MAX_ISSUES)
  })

  test('a getter is never run', () => {
    let ran = false
    const o = {}
    Object.defineProperty(o, 'g', {
      enumerable: true,
      get() {
        ran = true
        return 1
      },
    })
    expect(materializeJson(o).ok).toBe(false)
    expect(ran).toBe(false)
  })

  test('Proxies with throwing traps never make it throw', () => {
    const traps = ['getPrototypeOf', 'ownKeys', 'getOwnPropertyDescriptor', 'get', 'has'] as const
    for (const trap of traps) {
      const proxy = new Proxy({ a: 1 }, { [trap]: () => { throw new Error(trap) } })
      const arrayProxy = new Proxy([1], { [trap]: () => { throw new Error(trap) } })
      expect(() => materializeJson({ proxy, arrayProxy })).not.toThrow()
    }
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(materializeJson([proxy]).ok).toBe(false)
  })

  test('a clean Proxy over plain data is snapshotted as data', () => {
    const result = materializeJson(new Proxy({ a: [1] }, {}))
    expect(result).toEqual({ ok: true, value: { a: [1] } })
  })

  test('prototype pollution does not make an accessor look like data', () => {
    const o = {}
    Object.defineProperty(o, 'g', { enumerable: true, get: () => 1 })
    const proto = Object.prototype as Record<string, unknown>
    // Pollution like this breaks the assertion library's own defineProperty calls: measure first,
    // restore, then assert.
    proto['writable'] = true
    proto['value'] = 1
    let accessorResult: unknown
    let plainKeys: unknown
    try {
      accessorResult = materializeJson(o).ok
      const result = materializeJson({ a: 1 })
      // A polluted key is not an own key of the input, so it is not copied either.
      plainKeys = result.ok && Object.keys(result.value as object)
    } finally {
      delete proto['writable']
      delete proto['value']
    }
    expect(accessorResult).toBe(false)
    expect(plainKeys).toEqual(['a'])
  })
})

test('a hole stays a hole when Array.prototype has that index (the element is never read through the prototype)', () => {
  const sparseArray: unknown[] = [1]
  sparseArray.length = 2
  Object.defineProperty(Array.prototype, 1, { value: 5, configurable: true, writable: true })
  try {
    const result = materializeJson({ a: sparseArray })
    expect(result.ok ? [] : result.issues.map((issue) => [issue.path, issue.message])).toEqual([['/a/1', expect.stringMatching(/hole/)]])
  } finally {
    delete (Array.prototype as unknown as Record<number, unknown>)[1]
  }
})

// The array walk takes a first look at Object.keys and, when it lists exactly the indices, skips the per-element
// hole check and the key listing afterwards; the object walk reads data properties without descriptors; leaves are
// not memoized. Each way a value is not plain data must still show on those paths.
describe('materializeJson fast paths stay exact', () => {
  const getterThatThrows = {
    get: () => {
      throw new Error('the getter ran')
    },
    enumerable: true,
  }

  const rejectedFast: [string, { given: () => unknown; want: Want }][] = [
    ['an enumerable getter on the last index of a dense array', { given: () => Object.defineProperty([1, 2, 3], 2, getterThatThrows), want: [['/2', /accessor/]] }],
    ['a setter-only property on an object', { given: () => Object.defineProperty({ a: 1 }, 'b', { set: () => undefined, enumerable: true }), want: [['/b', /accessor/]] }],
    ['a toJSON method is data, not a conversion (never called)', { given: () => ({ toJSON: () => 1 }), want: [['/toJSON', /function/]] }],
    ['NaN and undefined inside a dense array are found at their index', { given: () => [1, NaN, 3, undefined], want: [['/1', /NaN/], ['/3', /undefined/]] }],
    ['a named key on an otherwise dense array', { given: () => Object.assign([1, 2, 3], { extra: true }), want: [['/extra', /named property/]] }],
    ['a hole after dense indices', { given: () => { const a = [1, 2]; a.length = 3; return a }, want: [['/2', /hole/]] }],
  ]
  test.each(rejectedFast)('%s', (_name, { given, want }) => {
    const result = materializeJson(given())
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    if (!result.ok) result.issues.forEach((issue, i) => expect(issue.message).toMatch((want[i] as Want[number])[1]))
  })

  test('a sparse array of length 2^32 - 1 stops at the issue cap instead of visiting every hole', () => {
    const sparseArray: unknown[] = [1]
    sparseArray.length = 2 ** 32 - 1
    const result = materializeJson({ a: sparseArray })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues).toHaveLength(MAX_ISSUES)
  })

  test('-0 becomes 0 in dense arrays and objects alike', () => {
    const result = materializeJson({ a: [-0, 1, -0], o: { z: -0 } })
    expect(result).toEqual({ ok: true, value: { a: [0, 1, 0], o: { z: 0 } } })
    if (result.ok) {
      const value = result.value as { a: number[]; o: { z: number } }
      expect([...value.a, value.o.z].some((n) => Object.is(n, -0))).toBe(false)
    }
  })

  test('a clean Proxy over an array is snapshotted as data, and a dense copy is a plain frozen array', () => {
    const result = materializeJson(new Proxy([1, { a: 2 }, 'x'], {}))
    expect(result).toEqual({ ok: true, value: [1, { a: 2 }, 'x'] })
    if (result.ok) {
      expect(Array.isArray(result.value)).toBe(true)
      expect(Object.getPrototypeOf(result.value)).toBe(Array.prototype)
      expect(Object.isFrozen(result.value)).toBe(true)
      expect(Object.keys(result.value as unknown[])).toEqual(['0', '1', '2'])
    }
  })

  test('an inherited getter with an own data key of the same name is never run', () => {
    Object.defineProperty(Object.prototype, 'shadowed', { configurable: true, ...getterThatThrows })
    let result: unknown
    try {
      result = materializeJson({ shadowed: 1, list: [{ shadowed: 2 }] })
    } finally {
      delete (Object.prototype as Record<string, unknown>)['shadowed']
    }
    expect(result).toEqual({ ok: true, value: { shadowed: 1, list: [{ shadowed: 2 }] } })
  })

  /** Past the memo threshold: 5,000 empty objects first, then `tail`. */
  const pastThreshold = (tail: unknown): unknown[] => [...Array.from({ length: 5000 }, () => ({})), tail]

  test('a cycle past the memo threshold is still found, through objects and arrays', () => {
    const o: Record<string, unknown> = { a: { b: null } }
    ;(o['a'] as Record<string, unknown>)['b'] = [o]
    const self: Record<string, unknown> = {}
    self['self'] = self
    const result = materializeJson([pastThreshold(o), pastThreshold(self)])
    expect(result.ok ? [] : result.issues.map((issue) => [issue.path, issue.message])).toEqual([
      ['/0/5000/a/b/0', expect.stringMatching(/cycle: refers back to \/0\/5000$/)],
      ['/1/5000/self', expect.stringMatching(/cycle: refers back to \/1\/5000$/)],
    ])
  })

  test('small shared leaves are copied where they are reached; a large shared leaf is copied once', () => {
    const small = { x: 1 }
    const large: Record<string, number> = {}
    for (let i = 0; i < 10_000; i++) large[`k${i}`] = i
    const started = performance.now()
    const result = materializeJson(pastThreshold([...Array.from({ length: 10_000 }, () => large), small, small]))
    // Without the memo for large leaves this copies 10^8 keys.
    expect(performance.now() - started).toBeLessThan(5000)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const tail = (result.value as unknown[])[5000] as unknown[]
    expect(tail[0]).toBe(tail[9999])
    expect(tail[10_000]).toEqual({ x: 1 })
    expect(tail[10_001]).toEqual({ x: 1 })
  })
})
