import { describe, expect, test } from 'vitest'
import { materializeJson, parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema, validateJsonSchemaValue } from '../../../runtime/src/index.js'
import { DICTIONARY_KEYS } from '../../../runtime/src/json/materialize-json.js'

// Rule: "own `__proto__` keys stay data and never touch a prototype"; "validators never read inherited
// properties". A polluted Object.prototype — accessors, read-only or non-enumerable properties a caller
// (or an attacker) defined there — must neither see the data being copied nor change what is copied.

/**
 * Runs `run` while Object.prototype carries `pollution` (descriptors with a null prototype, applied in
 * order), and removes it before returning: assertions run on a clean prototype, since test tooling
 * itself breaks under, say, an inherited `writable`.
 */
function whilePolluted<T>(pollution: Record<string, PropertyDescriptor>, run: () => T): T {
  const keys = Object.keys(pollution)
  try {
    for (const key of keys) Object.defineProperty(Object.prototype, key, Object.assign(Object.create(null) as PropertyDescriptor, { configurable: true }, pollution[key]))
    return run()
  } finally {
    for (const key of keys) delete (Object.prototype as Record<string, unknown>)[key]
  }
}

/** `object` with `count` more keys (`pad0`…), so it takes the small path, the walk or the walk's dictionary copy. */
function padded(object: Record<string, unknown>, count: number): Record<string, unknown> {
  const result = { ...object }
  for (let i = 0; i < count; i++) result[`pad${i}`] = i
  return result
}

// Padding that puts an object on each path: small (≤ 16 entries), the walk, the walk's dictionary copy.
const paddings = [0, 20, DICTIONARY_KEYS + 8]

describe('materializeJson under a polluted Object.prototype', () => {
  test.each(paddings)('an inherited setter never receives the data and the key stays in the snapshot (padded by %i)', (padding) => {
    const leaked: unknown[] = []
    const result = whilePolluted({ secret: { set: (value: unknown) => leaked.push(value) } }, () => materializeJson(padded({ secret: 'hunter2', other: 1 }, padding)))
    expect(leaked).toEqual([])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(Object.hasOwn(result.value as object, 'secret')).toBe(true)
    expect(result.value).toEqual(padded({ secret: 'hunter2', other: 1 }, padding))
  })

  test.each(paddings)('an inherited read-only property does not make the copy fail (padded by %i)', (padding) => {
    const result = whilePolluted({ title: { value: 'inherited', writable: false } }, () => materializeJson(padded({ title: 'hello' }, padding)))
    expect(result).toMatchObject({ ok: true })
    if (result.ok) expect(Object.getOwnPropertyDescriptor(result.value, 'title')?.value).toBe('hello')
  })

  test.each(paddings)('inherited "writable" and "value" do not turn a getter into data (padded by %i)', (padding) => {
    const source = padded({}, padding)
    Object.defineProperty(source, 'k', { get: () => 'from the getter', enumerable: true })
    const result = whilePolluted({ writable: { value: true }, value: { value: 'INJECTED' } }, () => materializeJson(source))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues).toEqual([{ path: '/k', message: expect.stringContaining('accessor') }])
  })

  test('a schema annotation under a read-only inherited key still validates', () => {
    const result = whilePolluted({ title: { value: 'x', writable: false } }, () => validateJsonSchemaValue({ type: 'string', title: 'A title' }, 'x'))
    expect(result).toEqual({ valid: true, errors: [] })
  })
})

describe('the DSL under a polluted Object.prototype', () => {
  test('inherited setters named like keywords drop nothing from the JSON Schema', () => {
    const leaked: unknown[] = []
    const setter = { set: (value: unknown) => leaked.push(value) }
    const schema = whilePolluted({ type: setter, description: setter, properties: setter, items: setter }, () =>
      valueSchemaSpecToJsonSchema({ type: 'array', description: 'Names.', items: { type: 'string' } }),
    )
    expect(leaked).toEqual([])
    expect(JSON.parse(JSON.stringify(schema))).toEqual({ type: 'array', description: 'Names.', items: { type: 'string' } })
  })

  test('an inherited "value" does not let a getter through as a spec', () => {
    const parameters = {}
    Object.defineProperty(parameters, 'path', { get: () => ({ type: 'string' }), enumerable: true })
    const outcome = whilePolluted({ value: { value: { type: 'string' } } }, () => {
      try {
        return parameterSchemaSpecToJsonSchema(parameters as never)
      } catch (error) {
        return error
      }
    })
    expect(String(outcome)).toMatch(/accessor/)
  })
})

describe('descriptors the runtime builds have a null prototype', () => {
  // Keys named like Object.prototype members are defined, not assigned; a descriptor literal would
  // inherit a polluted `get` or `set` and defineProperty would throw ("a Proxy trap threw").
  const pollutions: [string, Record<string, PropertyDescriptor>][] = [
    ['get', { get: { value: () => 'INJECTED', writable: true } }],
    ['set', { set: { value: () => undefined, writable: true } }],
  ]
  test.each(pollutions)('Object.prototype.%s: keys named constructor, toString, get and set still copy', (_name, pollution) => {
    const given = { constructor: 1, toString: 'text', get: [true], set: { valueOf: null }, __proto__x: 2 }
    const result = whilePolluted(pollution, () => materializeJson(given))
    expect(result).toEqual({ ok: true, value: { constructor: 1, toString: 'text', get: [true], set: { valueOf: null }, __proto__x: 2 } })
  })
})

// Rule: "never run inherited accessors, never throw an internal error". An index accessor on Array.prototype or
// Object.prototype is reached by every plain assignment or push into a fresh array at that index: the snapshot's own
// copy, and the walk's own path, stack and issue lists. None of them may reach it.
describe('materializeJson under an index accessor on Array.prototype or Object.prototype', () => {
  const prototypes: [string, object][] = [
    ['Array.prototype', Array.prototype],
    ['Object.prototype', Object.prototype],
  ]

  /**
   * Runs `run` while `proto` has accessors at indices 0..3 that record every use (in a string: pushing to an array
   * would reach them too); removes them before returning.
   */
  function withIndexAccessors<T>(proto: object, run: () => T): { outcome: T | Error; uses: string } {
    let uses = ''
    for (let i = 0; i < 4; i++) {
      Object.defineProperty(proto, i, {
        __proto__: null,
        configurable: true,
        get: () => {
          uses += `get ${i};`
          return 'from the prototype'
        },
        set: () => {
          uses += `set ${i};`
        },
      } as PropertyDescriptor)
    }
    let outcome: T | Error
    try {
      outcome = run()
    } catch (error) {
      outcome = error as Error
    } finally {
      for (let i = 0; i < 4; i++) delete (proto as Record<number, unknown>)[i]
    }
    return { outcome, uses }
  }

  describe.each(prototypes)('on %s', (_name, proto) => {
    const accepted: [string, { given: () => unknown; want: unknown }][] = [
      ['a root array', { given: () => [1, 'two', true], want: [1, 'two', true] }],
      ['nested arrays and objects', { given: () => ({ a: [1, [2, { b: [3] }]], c: {} }), want: { a: [1, [2, { b: [3] }]], c: {} } }],
      ['an object with index keys', { given: () => ({ 0: 'zero', 1: ['x'] }), want: { 0: 'zero', 1: ['x'] } }],
      ['-0 in an array', { given: () => [-0, 5], want: [0, 5] }],
      ['a large array', { given: () => Array.from({ length: 5000 }, (_, i) => i), want: Array.from({ length: 5000 }, (_, i) => i) }],
    ]
    test.each(accepted)('%s is copied whole, no inherited accessor runs', (_case, { given, want }) => {
      const input = given()
      const { outcome, uses } = withIndexAccessors(proto, () => {
        const result = materializeJson(input)
        // Read the copy while the accessors are there: a missing own element would be read through them.
        return result.ok ? { ok: true, json: JSON.stringify(result.value), frozen: Object.isFrozen(result.value) } : result
      })
      expect(uses).toBe('')
      expect(outcome).toEqual({ ok: true, json: JSON.stringify(want), frozen: true })
    })

    const rejectedCases: [string, { given: () => unknown; want: [string, RegExp][] }][] = [
      ['NaN in a root array', { given: () => [NaN], want: [['/0', /NaN/]] }],
      ['undefined deep inside arrays', { given: () => ({ a: [[1, undefined]] }), want: [['/a/0/1', /undefined/]] }],
      ['several issues', { given: () => [NaN, [undefined], { x: Infinity }], want: [['/0', /NaN/], ['/1/0', /undefined/], ['/2/x', /Infinity/]] }],
      ['a cycle through arrays', { given: () => { const a: unknown[] = [1]; a.push([a]); return a }, want: [['/1/0', /cycle: refers back to the root/]] }],
      ['a hole', { given: () => { const a = [1]; a.length = 2; return { a } }, want: [['/a/1', /hole/]] }],
    ]
    test.each(rejectedCases)('%s is reported exactly, no inherited accessor runs', (_case, { given, want }) => {
      const input = given()
      const { outcome, uses } = withIndexAccessors(proto, () => {
        const result = materializeJson(input)
        return result.ok ? result : { ok: false, issues: result.issues.map((issue) => [issue.path, issue.message]), count: result.issues.length }
      })
      expect(uses).toBe('')
      expect(outcome).toEqual({ ok: false, issues: want.map(([path, message]) => [path, expect.stringMatching(message)]), count: want.length })
    })
  })
})
