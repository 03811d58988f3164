import { describe, expect, test, vi } from 'vitest'
import { JsonSchemaError } from '../../../../runtime/src/errors.js'
import { compileJsonSchema, validateJsonSchemaValue } from '../../../../runtime/src/index.js'
import type { JsonSchemaNode } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'
import { expectErrors, validationCases } from './validation-cases.js'


describe('compileJsonSchema gives the interpreter table the same answers', () => {
  test.each(validationCases)('%s', (_name, { schema, given, want }) => {
    const validator = compileJsonSchema(schema)
    expect(validator.is(given())).toBe(want.length === 0)
    const result = validator.validate(given())
    expect(result.valid).toBe(want.length === 0)
    expectErrors(result.errors, want)
    expect(result).toEqual(validateJsonSchemaValue(schema, given()))
  })
})

describe('compileJsonSchema', () => {
  test('caches per schema object', () => {
    const schema: JsonSchemaNode = { type: 'string' }
    expect(compileJsonSchema(schema)).toBe(compileJsonSchema(schema))
    expect(compileJsonSchema({ type: 'string' })).not.toBe(compileJsonSchema(schema))
  })

  test('an unsupported schema throws JsonSchemaError', () => {
    expect(() => compileJsonSchema({ type: 'string', minimum: 1 } as JsonSchemaNode)).toThrow(JsonSchemaError)
  })

  test('hostile property names stay data in the generated code', () => {
    const names = ['__proto__', 'constructor', 'toString', '"); throw 1; ("', '*/', '${x}', '\u2028', '`', '\\']
    const schema: JsonSchemaNode = {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      required: names,
    }
    // fromEntries defines `__proto__` as an own key, as a JSON.parse'd schema would have it.
    expect(Object.hasOwn(schema.properties ?? {}, '__proto__')).toBe(true)
    const validator = compileJsonSchema(schema)
    const good = JSON.parse(JSON.stringify(Object.fromEntries(names.map((name) => [name, 'v'])))) as unknown
    expect(validator.is(good)).toBe(true)
    expect(validator.is({})).toBe(false)
    expect(validator.validate({}).errors).toHaveLength(names.length)
    expect(Object.prototype).not.toHaveProperty('v')
  })

  test('inherited properties never satisfy required', () => {
    const validator = compileJsonSchema({ type: 'object', properties: { toString: {} }, required: ['toString'] })
    expect(validator.is({})).toBe(false)
    expect(validator.is(JSON.parse('{"toString": 1}'))).toBe(true)
  })

  test('a class instance is rejected without running a getter its prototype defines for a declared key', () => {
    let reads = 0
    class Inherited {
      get path(): string {
        reads++
        return 'src'
      }
    }
    const schemas: JsonSchemaNode[] = [
      { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      { type: 'object', additionalProperties: false, properties: { path: { type: 'string' } } },
      { oneOf: [{ type: 'object', properties: { path: { type: 'string' } } }, { type: 'string' }] },
    ]
    for (const schema of schemas) {
      const validator = compileJsonSchema(schema)
      // Warm the generated code on plain objects first: the optimized form must keep the order too.
      for (let i = 0; i < 20_000; i++) validator.is({ path: 'src' })
      expect(validator.is(new Inherited())).toBe(false)
      expect(validator.validate(new Inherited()).valid).toBe(false)
      expect(validateJsonSchemaValue(schema, new Inherited()).valid).toBe(false)
    }
    expect(reads).toBe(0)
  })

  // "is and validate give the interpreter's answers", which reads only own enumerable keys: a declared
  // key that is non-enumerable, or inherited, is not there, whatever reading it by name would give.
  describe.each([3, 9, 40])('with %i declared keys', (count) => {
    const names = Array.from({ length: count }, (_, i) => `k${i}`)
    const [first = '', second = ''] = names
    const open: JsonSchemaNode = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])) }
    const agree = (schema: JsonSchemaNode, value: unknown, want: boolean): void => {
      const validator = compileJsonSchema(schema)
      expect(validateJsonSchemaValue(schema, value).valid).toBe(want)
      expect(validator.is(value)).toBe(want)
      expect(validator.validate(value).valid).toBe(want)
    }

    test('an own undefined beside a non-enumerable declared key is still invalid', () => {
      const value = { [first]: undefined }
      Object.defineProperty(value, second, { value: 'x', enumerable: false })
      agree(open, value, false)
      agree({ oneOf: [open, { type: 'string' }] }, value, false)
    })

    test('a non-enumerable getter for a declared key is never run', () => {
      const getter = vi.fn(() => {
        throw new Error('read')
      })
      const value = { other: 1 }
      Object.defineProperty(value, first, { get: getter, enumerable: false })
      agree(open, value, true)
      expect(getter).not.toHaveBeenCalled()
    })

    test('a non-enumerable getter on Object.prototype named like a declared key is never run', () => {
      const getter = vi.fn(() => 1)
      Object.defineProperty(Object.prototype, first, { get: getter, enumerable: false, configurable: true })
      try {
        for (let i = 0; i < 3; i++) agree(open, { [second]: 'x' }, true)
      } finally {
        delete (Object.prototype as Record<string, unknown>)[first]
      }
      expect(getter).not.toHaveBeenCalled()
    })
  })

  test('no value throws: throwing proxies, getters, cycles, deep nesting', () => {
    const trap = new Proxy({}, { get: () => { throw new Error('boom') }, ownKeys: () => { throw new Error('boom') } })
    const getter = Object.defineProperty({}, 'a', { get: () => { throw new Error('boom') }, enumerable: true })
    const cycle: Record<string, unknown> = {}
    cycle['self'] = cycle
    let deep: unknown = 0
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const schemas: JsonSchemaNode[] = [{}, { type: 'object', properties: { a: { type: 'string' } } }, { type: 'array' }]
    for (const schema of schemas) {
      const validator = compileJsonSchema(schema)
      for (const value of [trap, getter, cycle, deep]) {
        expect(() => validator.is(value)).not.toThrow()
        expect(() => validator.validate(value)).not.toThrow()
        expect(validator.validate(value).valid).toBe(validator.is(value))
      }
    }
  })

  test('errors are own elements of the list, never handed to an index setter on Object.prototype', () => {
    const schema: JsonSchemaNode = { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } }, required: ['n', 's'] }
    // A string, not a list: appending to a list would reach the setter itself.
    let received = ''
    // Compiled (and the schema checked) before the prototype is polluted: only validation runs under it.
    const validator = compileJsonSchema(schema)
    validateJsonSchemaValue(schema, {})
    let compiled, interpreted
    try {
      for (const index of ['0', '1']) {
        Object.defineProperty(Object.prototype, index, { __proto__: null, set: (v: unknown) => void (received += JSON.stringify(v)), get: () => undefined, configurable: true } as PropertyDescriptor)
      }
      compiled = validator.validate({ n: 'x', s: 1 })
      interpreted = validateJsonSchemaValue(schema, { n: 'x', s: 1 })
    } finally {
      delete (Object.prototype as Record<string, unknown>)['0']
      delete (Object.prototype as Record<string, unknown>)['1']
    }
    expect(received).toBe('')
    for (const result of [compiled, interpreted]) {
      expect(Object.keys(result.errors)).toEqual(['0', '1'])
      expect(result.errors.map((error) => error.path)).toEqual(['/n', '/s'])
    }
  })

  test('falls back to the interpreter when code generation is unavailable', () => {
    const original = globalThis.Function
    const spy = vi.spyOn(globalThis, 'Function').mockImplementation(() => {
      throw new EvalError('Code generation from strings disallowed')
    })
    try {
      const validator = compileJsonSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] })
      expect(spy).toHaveBeenCalled()
      expect(validator.is({ n: 1 })).toBe(true)
      expect(validator.validate({ n: 'x' }).errors.map((error) => error.path)).toEqual(['/n'])
    } finally {
      spy.mockRestore()
    }
    expect(globalThis.Function).toBe(original)
  })
})

describe('compiled is() agrees with the interpreter on exotic objects', () => {
  const wide: Record<string, JsonSchemaNode> = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, { type: 'integer' as const }]))
  const schemas: [string, JsonSchemaNode][] = [
    ['open, few keys', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] }],
    ['closed, few keys', { type: 'object', additionalProperties: false, properties: { a: { type: 'string' }, b: {} }, required: ['a'] }],
    ['open, many keys (indexed dispatch)', { type: 'object', properties: wide, required: ['k0', 'k11'] }],
    ['closed, many keys (indexed dispatch)', { type: 'object', additionalProperties: false, properties: wide, required: ['k3'] }],
  ]
  const hidden = (base: object, key: string, value: unknown) =>
    Object.defineProperty({ ...base }, key, { value, enumerable: false, writable: true, configurable: true })
  const values: [string, () => unknown][] = [
    ['plain valid', () => ({ a: 'x', b: 1, k0: 0, k3: 3, k11: 11 })],
    ['own undefined on a declared key', () => ({ a: 'x', b: undefined, k0: 0, k3: undefined, k11: 11 })],
    ['required key non-enumerable', () => hidden({ b: 1, k0: 0, k11: 11 }, 'a', 'x')],
    ['optional key non-enumerable with a bad value', () => hidden({ a: 'x', k0: 0, k3: 3, k11: 11 }, 'b', 'bad')],
    ['undeclared key holding a function', () => ({ a: 'x', k0: 0, k3: 3, k11: 11, extra: () => 1 })],
    ['undeclared non-enumerable key', () => hidden({ a: 'x', k0: 0, k3: 3, k11: 11 }, 'extra', 1)],
    ['keys in reverse order', () => Object.fromEntries(Object.entries({ a: 'x', b: 1, k0: 0, k3: 3, k11: 11 }).reverse())],
    ['null prototype', () => Object.assign(Object.create(null) as object, { a: 'x', k0: 0, k3: 3, k11: 11 })],
    ['own __proto__ key', () => JSON.parse('{"a":"x","k0":0,"k3":3,"k11":11,"__proto__":1}') as unknown],
  ]
  for (const [schemaName, schema] of schemas) {
    test.each(values)(`${schemaName}: %s`, (_name, given) => {
      expect(compileJsonSchema(schema).is(given())).toBe(validateJsonSchemaValue(schema, given()).valid)
    })
  }

  test.each(schemas)('%s: a polluted prototype is ignored, as by the interpreter', (_name, schema) => {
    const value = { a: 'x', b: 1, k0: 0, k3: 3, k11: 11 }
    const proto = Object.prototype as Record<string, unknown>
    for (const enumerable of [true, false]) {
      for (const key of ['b', 'k3', 'zzz']) {
        Object.defineProperty(proto, key, { value: 'polluted', enumerable, configurable: true, writable: true })
        try {
          const missing = { ...value } as Record<string, unknown>
          delete missing[key]
          expect(compileJsonSchema(schema).is(missing)).toBe(validateJsonSchemaValue(schema, missing).valid)
          expect(compileJsonSchema(schema).is(value)).toBe(validateJsonSchemaValue(schema, value).valid)
        } finally {
          delete proto[key]
        }
      }
    }
  })
})
