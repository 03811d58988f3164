import { describe, expect, test } from 'vitest'
import {
  assertSupportedJsonSchema,
  checkJsonSchema,
  checkParameterSchemaSpec,
  checkValueSchemaSpec,
  JsonSchemaError,
  parameterSchemaSpecToJsonSchema,
  valueSchemaSpecToJsonSchema,
  type JsonSchemaNode,
  type ParameterSchemaSpec,
  type ValueSchemaSpec,
} from '@toolsmith/runtime'
import { invalidParameterSpecs, invalidValueSpecs } from './invalid-specs.js'

// Expected schemas are written by hand from the task's compilation rules. The raw check takes the translation's own
// nodes as they are (it built them supported), so it is asked about a plain copy (structuredClone), which it walks.
const valueCases: [string, { given: ValueSchemaSpec; want: JsonSchemaNode }][] = [
  ['string', { given: { type: 'string' }, want: { type: 'string' } }],
  ['integer with enum', { given: { type: 'integer', enum: [1, 2] }, want: { type: 'integer', enum: [1, 2] } }],
  ['number const', { given: { type: 'number', const: 1.5 }, want: { type: 'number', const: 1.5 } }],
  ['boolean enum', { given: { type: 'boolean', enum: [true, false] }, want: { type: 'boolean', enum: [true, false] } }],
  ['null const', { given: { type: 'null', const: null }, want: { type: 'null', const: null } }],
  [
    'annotations are kept',
    {
      given: { type: 'string', description: 'd', title: 't', default: 'x', examples: ['a', 'b'] },
      want: { type: 'string', title: 't', description: 'd', default: 'x', examples: ['a', 'b'] },
    },
  ],
  ['json is annotation-only', { given: { type: 'json', description: 'any' }, want: { description: 'any' } }],
  ['bare json is the empty node', { given: { type: 'json' }, want: {} }],
  [
    'array',
    { given: { type: 'array', items: { type: 'string' } }, want: { type: 'array', items: { type: 'string' } } },
  ],
  [
    'closed object: required in declaration order, additionalProperties kept',
    {
      given: {
        type: 'object',
        additionalProperties: false,
        properties: {
          b: { type: 'string', required: true },
          c: { type: 'integer' },
          a: { type: 'boolean', required: true },
        },
      },
      want: {
        type: 'object',
        properties: { b: { type: 'string' }, c: { type: 'integer' }, a: { type: 'boolean' } },
        required: ['b', 'a'],
        additionalProperties: false,
      },
    },
  ],
  [
    'open object without properties',
    {
      given: { type: 'object', additionalProperties: true },
      want: { type: 'object', properties: {}, additionalProperties: true },
    },
  ],
  [
    'object with no required property has no required key',
    {
      given: { type: 'object', additionalProperties: false, properties: { x: { type: 'null' } } },
      want: { type: 'object', properties: { x: { type: 'null' } }, additionalProperties: false },
    },
  ],
  [
    'oneOf',
    {
      given: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'json' } }], description: 'either' },
      want: { description: 'either', oneOf: [{ type: 'string' }, { type: 'array', items: {} }] },
    },
  ],
  [
    'required on a oneOf property goes to the parent',
    {
      given: {
        type: 'object',
        additionalProperties: false,
        properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }], required: true } },
      },
      want: {
        type: 'object',
        properties: { v: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
        required: ['v'],
        additionalProperties: false,
      },
    },
  ],
  ['-0 in enum becomes 0', { given: { type: 'number', enum: [-0, 1] }, want: { type: 'number', enum: [0, 1] } }],
  [
    'integer bounds',
    {
      given: { type: 'integer', maximum: 100, minimum: 1, multipleOf: 5, exclusiveMaximum: 101, exclusiveMinimum: 0, default: 10 },
      want: { type: 'integer', minimum: 1, maximum: 100, exclusiveMinimum: 0, exclusiveMaximum: 101, multipleOf: 5, default: 10 },
    },
  ],
  [
    'string bounds',
    {
      given: { type: 'string', format: 'date', pattern: '^\\d{4}-', maxLength: 10, minLength: 10, examples: ['2024-01-31'] },
      want: { type: 'string', minLength: 10, maxLength: 10, pattern: '^\\d{4}-', format: 'date', examples: ['2024-01-31'] },
    },
  ],
  [
    'array bounds',
    {
      given: { type: 'array', items: { type: 'number' }, uniqueItems: true, maxItems: 2, minItems: 2 },
      want: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2, uniqueItems: true },
    },
  ],
  [
    'a typed map with property bounds',
    {
      given: { type: 'object', additionalProperties: { type: 'number', minimum: 0 }, maxProperties: 20, minProperties: 1 },
      want: { type: 'object', properties: {}, additionalProperties: { type: 'number', minimum: 0 }, minProperties: 1, maxProperties: 20 },
    },
  ],
  [
    'enum and const within the bounds',
    {
      given: { type: 'number', enum: [1, 2], const: 2, maximum: 2, default: 2 },
      want: { type: 'number', enum: [1, 2], const: 2, maximum: 2, default: 2 },
    },
  ],
]

describe('valueSchemaSpecToJsonSchema', () => {
  test.each(valueCases)('%s', (_name, { given, want }) => {
    const schema = valueSchemaSpecToJsonSchema(given)
    expect(schema).toStrictEqual(want)
    expect(Object.is((schema.enum ?? [])[0], -0)).toBe(false)
    expect(() => assertSupportedJsonSchema(structuredClone(schema))).not.toThrow()
  })

  test('the output is deeply frozen', () => {
    const schema = valueSchemaSpecToJsonSchema({
      type: 'object',
      additionalProperties: false,
      examples: [{ list: ['x'] }],
      properties: { list: { type: 'array', items: { type: 'string', enum: ['x'] }, required: true } },
    })
    const frozen: unknown[] = []
    const visit = (value: unknown): void => {
      if (typeof value !== 'object' || value === null) return
      frozen.push(Object.isFrozen(value))
      for (const child of Object.values(value)) visit(child)
    }
    visit(schema)
    expect(frozen.length).toBeGreaterThan(6)
    expect(frozen.every(Boolean)).toBe(true)
  })

  test('annotations are snapshots, not the author objects', () => {
    const example = { a: [1, 2] }
    const schema = valueSchemaSpecToJsonSchema({ type: 'json', examples: example })
    example.a.push(3)
    expect(schema.examples).toStrictEqual({ a: [1, 2] })
  })

  test('is cached per spec object', () => {
    const spec: ValueSchemaSpec = { type: 'array', items: { type: 'integer' } }
    expect(valueSchemaSpecToJsonSchema(spec)).toBe(valueSchemaSpecToJsonSchema(spec))
    expect(valueSchemaSpecToJsonSchema({ ...spec })).not.toBe(valueSchemaSpecToJsonSchema(spec))
  })

  test('a shared sub-spec compiles once per role and stays correct in both places', () => {
    const shared: ValueSchemaSpec = { type: 'string', enum: ['a'] }
    const schema = valueSchemaSpecToJsonSchema({
      type: 'object',
      additionalProperties: false,
      properties: { x: shared, y: { type: 'array', items: shared } },
    })
    expect(schema.properties?.['x']).toStrictEqual({ type: 'string', enum: ['a'] })
    expect(schema.properties?.['y']?.items).toStrictEqual({ type: 'string', enum: ['a'] })
  })

  test('the deepest accepted spec (256 nested object levels) still compiles to a supported schema', () => {
    const nest = (levels: number): unknown => {
      let spec: unknown = { type: 'string' }
      for (let level = 0; level < levels; level++) {
        spec = { type: 'object', additionalProperties: false, properties: { n: spec } }
      }
      return spec
    }
    const schema = valueSchemaSpecToJsonSchema(nest(256) as ValueSchemaSpec)
    expect(() => assertSupportedJsonSchema(structuredClone(schema))).not.toThrow()
    expect(() => valueSchemaSpecToJsonSchema(nest(257) as ValueSchemaSpec)).toThrow(/nested more than 256/)
  })

  test('the node bound matches the raw layer: 20000 schema nodes compile, 20001 do not', () => {
    const parameters = (count: number): ParameterSchemaSpec => {
      const shared: ValueSchemaSpec = { type: 'string' }
      return Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, shared]))
    }
    // The root object is one node, each parameter one more.
    const schema = parameterSchemaSpecToJsonSchema(parameters(19_999))
    expect(checkJsonSchema(structuredClone(schema))).toStrictEqual([])
    expect(checkParameterSchemaSpec(parameters(20_000))).toHaveLength(1)
    expect(checkJsonSchema({ ...schema, properties: { ...schema.properties, extra: {} } })).not.toStrictEqual([])
  })

  test('a failing spec throws every issue and is not cached as valid', () => {
    const spec = { type: 'array' } as unknown as ValueSchemaSpec
    expect(() => valueSchemaSpecToJsonSchema(spec)).toThrow(JsonSchemaError)
    expect(() => valueSchemaSpecToJsonSchema(spec)).toThrow(/value schema spec/)
  })
})

describe('parameterSchemaSpecToJsonSchema', () => {
  const parameterCases: [string, { given: ParameterSchemaSpec; want: JsonSchemaNode }][] = [
    ['empty map', { given: {}, want: { type: 'object', properties: {} } }],
    [
      'required only when non-empty, in declaration order; no additionalProperties on the open root',
      {
        given: {
          path: { type: 'string', required: true, description: 'p' },
          offset: { type: 'integer' },
          mode: { type: 'string', enum: ['r', 'w'], required: true },
        },
        want: {
          type: 'object',
          properties: {
            path: { type: 'string', description: 'p' },
            offset: { type: 'integer' },
            mode: { type: 'string', enum: ['r', 'w'] },
          },
          required: ['path', 'mode'],
        },
      },
    ],
    [
      'optional only',
      { given: { n: { type: 'number' } }, want: { type: 'object', properties: { n: { type: 'number' } } } },
    ],
    [
      'explicit object nodes keep their boolean',
      {
        given: { o: { type: 'object', additionalProperties: true, required: true } },
        want: {
          type: 'object',
          properties: { o: { type: 'object', properties: {}, additionalProperties: true } },
          required: ['o'],
        },
      },
    ],
  ]
  test.each(parameterCases)('%s', (_name, { given, want }) => {
    const schema = parameterSchemaSpecToJsonSchema(given)
    expect(schema).toStrictEqual(want)
    expect(Object.hasOwn(schema, 'additionalProperties')).toBe(false)
    expect(Object.isFrozen(schema)).toBe(true)
    expect(() => assertSupportedJsonSchema(structuredClone(schema))).not.toThrow()
  })

  test('is cached per spec object', () => {
    const spec: ParameterSchemaSpec = { a: { type: 'string' } }
    expect(parameterSchemaSpecToJsonSchema(spec)).toBe(parameterSchemaSpecToJsonSchema(spec))
  })
})

describe('awkward property names stay own data properties', () => {
  const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'a/b~c', '']

  test.each(names)('parameter %j', (name) => {
    const spec: Record<string, unknown> = {}
    Object.defineProperty(spec, name, {
      value: { type: 'string', required: true },
      enumerable: true,
      writable: true,
      configurable: true,
    })
    const schema = parameterSchemaSpecToJsonSchema(spec as ParameterSchemaSpec)
    const properties = schema.properties as object
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
    expect(Object.hasOwn(properties, name)).toBe(true)
    expect(Object.getOwnPropertyDescriptor(properties, name)?.value).toStrictEqual({ type: 'string' })
    expect(Object.keys(properties)).toStrictEqual([name])
    expect(schema.required).toStrictEqual([name])
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('type')
  })

  test('a __proto__ property of a nested object node, from JSON text', () => {
    const spec = JSON.parse(
      '{"type":"object","additionalProperties":false,"properties":{"__proto__":{"type":"integer","required":true}}}',
    ) as ValueSchemaSpec
    const schema = valueSchemaSpecToJsonSchema(spec)
    const properties = schema.properties as object
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype)
    expect(Object.hasOwn(properties, '__proto__')).toBe(true)
    expect(schema.required).toStrictEqual(['__proto__'])
    expect(JSON.stringify(schema)).toBe(
      '{"type":"object","properties":{"__proto__":{"type":"integer"}},"required":["__proto__"],"additionalProperties":false}',
    )
  })

  test('inherited properties of the spec are never read, even with a polluted Object.prototype', () => {
    const polluted = Object.prototype as Record<string, unknown>
    polluted['type'] = 'string'
    polluted['required'] = true
    polluted['additionalProperties'] = false
    try {
      expect(() => valueSchemaSpecToJsonSchema({} as ValueSchemaSpec)).toThrow(/needs "type"/)
      const schema = parameterSchemaSpecToJsonSchema({ a: { type: 'object' } } as unknown as ParameterSchemaSpec)
      throw new Error(`accepted ${JSON.stringify(schema)}`)
    } catch (error) {
      expect(error).toBeInstanceOf(JsonSchemaError)
      expect((error as JsonSchemaError).issues.map((issue) => issue.path)).toStrictEqual(['/a'])
    } finally {
      delete polluted['type']
      delete polluted['required']
      delete polluted['additionalProperties']
    }
  })
})

describe('invalid specs throw one JsonSchemaError carrying exactly the checker issues', () => {
  test.each(invalidValueSpecs)(
    'valueSchemaSpecToJsonSchema throws one JsonSchemaError with the same issues: %s',
    (_name, { given }) => {
      let thrown: unknown
      try {
        valueSchemaSpecToJsonSchema(given as ValueSchemaSpec)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(JsonSchemaError)
      expect((thrown as JsonSchemaError).issues).toStrictEqual(checkValueSchemaSpec(given))
    },
  )

  test.each(invalidParameterSpecs)('parameterSchemaSpecToJsonSchema throws the same issues: %s', (_name, { given }) => {
    expect(() => parameterSchemaSpecToJsonSchema(given as ParameterSchemaSpec)).toThrow(JsonSchemaError)
    try {
      parameterSchemaSpecToJsonSchema(given as ParameterSchemaSpec)
    } catch (error) {
      expect((error as JsonSchemaError).issues).toStrictEqual(checkParameterSchemaSpec(given))
    }
  })
})
