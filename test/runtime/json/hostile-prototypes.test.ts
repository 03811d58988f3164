import { describe, expect, test } from 'vitest'
import { materializeJson } from '../../../runtime/src/json/index.js'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../../runtime/src/schema/dsl/index.js'
import { validateJsonSchemaValue } from '../../../runtime/src/schema/json-schema/index.js'

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

describe('materializeJson under a polluted Object.prototype', () => {
  test('an inherited setter never receives the data and the key stays in the snapshot', () => {
    const leaked: unknown[] = []
    const result = whilePolluted({ secret: { set: (value: unknown) => leaked.push(value) } }, () => materializeJson({ secret: 'hunter2', other: 1 }))
    expect(leaked).toEqual([])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(Object.hasOwn(result.value as object, 'secret')).toBe(true)
    expect(result.value).toEqual({ secret: 'hunter2', other: 1 })
  })

  test('an inherited read-only property does not make the copy fail', () => {
    const result = whilePolluted({ title: { value: 'inherited', writable: false } }, () => materializeJson({ title: 'hello' }))
    expect(result).toMatchObject({ ok: true })
    if (result.ok) expect(Object.getOwnPropertyDescriptor(result.value, 'title')?.value).toBe('hello')
  })

  test('inherited "writable" and "value" do not turn a getter into data', () => {
    const source = {}
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
