import { checkParameterSchemaSpec, checkValueSchemaSpec } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { convertParameters, convertValue, dslAccepts } from '../../../generator/src/import/schema-to-spec.js'

const value = (schema: unknown) => convertValue(schema, { pointer: '/s', yamlPath: '/output' })
const parameters = (schema: unknown) => convertParameters(schema, { pointer: '/p', yamlPath: '/parameters' })

// Exact translations: the spec the YAML gets, with no loss and no refusal.
const EXACT: [string, { given: unknown; want: unknown }][] = [
  ['a string with annotations', { given: { type: 'string', description: 'd', title: 't', default: 'x', examples: ['a'] }, want: { type: 'string', title: 't', description: 'd', default: 'x', examples: ['a'] } }],
  ['true is any JSON', { given: true, want: { type: 'json' } }],
  ['{} is any JSON', { given: {}, want: { type: 'json' } }],
  ['an open object by default', { given: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, want: { type: 'object', additionalProperties: true, properties: { a: { type: 'integer', required: true } } } }],
  ['a closed object', { given: { type: 'object', additionalProperties: false }, want: { type: 'object', additionalProperties: false } }],
  ['additionalProperties {} is true', { given: { type: 'object', additionalProperties: {} }, want: { type: 'object', additionalProperties: true } }],
  ['an array without items holds any JSON', { given: { type: 'array' }, want: { type: 'array', items: { type: 'json' } } }],
  ['nullable through a type list', { given: { type: ['string', 'null'] }, want: { oneOf: [{ type: 'string' }, { type: 'null' }] } }],
  ['integer inside number folds', { given: { type: ['integer', 'number'] }, want: { type: 'number' } }],
  ['anyOf with disjoint types is oneOf', { given: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'd' }, want: { description: 'd', oneOf: [{ type: 'string' }, { type: 'null' }] } }],
  ['oneOf stays oneOf', { given: { oneOf: [{ type: 'string' }, { type: 'string', enum: ['a'] }] }, want: { oneOf: [{ type: 'string' }, { type: 'string', enum: ['a'] }] } }],
  ['a one-branch allOf is its branch', { given: { allOf: [{ type: 'boolean' }], description: 'outer' }, want: { type: 'boolean', description: 'outer' } }],
  ['enum members of another type can never match and go', { given: { type: 'string', enum: ['a', 1, 'a', null] }, want: { type: 'string', enum: ['a'] } }],
  ['an enum without type gets the members\' types', { given: { enum: ['a', 'b'] }, want: { type: 'string', enum: ['a', 'b'] } }],
  ['a mixed enum without type is a oneOf per type', { given: { enum: ['a', 1, null] }, want: { oneOf: [{ type: 'string', enum: ['a'] }, { type: 'number', enum: [1] }, { type: 'null' }] } }],
  ['a type list keeps only the types an enum member has', { given: { type: ['string', 'integer'], enum: ['x'] }, want: { type: 'string', enum: ['x'] } }],
  ['a const without type', { given: { const: 3 }, want: { type: 'number', const: 3 } }],
  ['a local $ref is inlined, its siblings\' annotations win', { given: { type: 'object', properties: { a: { $ref: '#/$defs/A', description: 'mine' } }, $defs: { A: { type: 'string', description: 'theirs' } } }, want: { type: 'object', additionalProperties: true, properties: { a: { type: 'string', description: 'mine' } } } }],
  ['a required name without a schema is any JSON, required', { given: { type: 'object', required: ['x'] }, want: { type: 'object', additionalProperties: true, properties: { x: { type: 'json', required: true } } } }],
  ['keys like __proto__ stay own keys', { given: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'), want: JSON.parse('{"type":"object","additionalProperties":true,"properties":{"__proto__":{"type":"string"}}}') }],
]

// Refusals: the pointer into the input and a word of the reason.
const REFUSED: [string, { given: unknown; pointer: string; why: RegExp }][] = [
  ['false', { given: false, pointer: '/s', why: /accepts no value/ }],
  ['not', { given: { type: 'string', not: { const: 'a' } }, pointer: '/s/not', why: /no "not"/ }],
  ['if/then', { given: { if: { type: 'string' }, then: { minLength: 1 } }, pointer: '/s/if', why: /conditional/ }],
  ['tuple items', { given: { type: 'array', items: [{ type: 'string' }] }, pointer: '/s/items', why: /tuple/ }],
  ['prefixItems', { given: { type: 'array', prefixItems: [{ type: 'string' }] }, pointer: '/s/prefixItems', why: /tuples/ }],
  ['overlapping anyOf', { given: { anyOf: [{ type: 'string' }, { type: 'string', enum: ['a'] }] }, pointer: '/s/anyOf/1', why: /both match/ }],
  ['integer and number anyOf overlap', { given: { anyOf: [{ type: 'integer' }, { type: 'number' }] }, pointer: '/s/anyOf/1', why: /numbers/ }],
  ['allOf of two', { given: { allOf: [{ type: 'string' }, { maxLength: 3 }] }, pointer: '/s/allOf', why: /intersection/ }],
  ['oneOf beside type', { given: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] }, pointer: '/s/oneOf', why: /stands alone/ }],
  ['recursive $ref', { given: { type: 'object', properties: { next: { $ref: '#' } } }, pointer: '/s/properties/next/$ref', why: /recursive/ }],
  ['remote $ref', { given: { $ref: 'https://example.com/s.json' }, pointer: '/s/$ref', why: /same schema/ }],
  ['dangling $ref', { given: { $ref: '#/$defs/missing' }, pointer: '/s/$ref', why: /names nothing/ }],
  ['unknown type', { given: { type: 'dict' }, pointer: '/s/type', why: /must be one of/ }],
  ['enum of no matching type', { given: { type: 'boolean', enum: ['True', 'False'] }, pointer: '/s/enum', why: /no value of type "boolean"/ }],
  ['empty enum', { given: { type: 'string', enum: [] }, pointer: '/s/enum', why: /empty/ }],
  ['enum on an array', { given: { type: 'array', items: { type: 'string' }, enum: ['a'] }, pointer: '/s/enum', why: /on "items"/ }],
  ['properties without type', { given: { properties: { a: { type: 'string' } } }, pointer: '/s/properties', why: /without "type"/ }],
  ['required missing from a closed object', { given: { type: 'object', additionalProperties: false, required: ['a'] }, pointer: '/s/required', why: /closed/ }],
  ['patternProperties', { given: { type: 'object', patternProperties: { '^a': { type: 'string' } } }, pointer: '/s/patternProperties', why: /patternProperties/ }],
]

describe('convertValue', () => {
  test.each(EXACT)('%s', (_name, { given, want }) => {
    const converted = value(given)
    expect(converted.refusals).toEqual([])
    expect(converted.losses.filter((loss) => loss.note !== true)).toEqual([])
    expect(converted.spec).toEqual(want)
    expect(JSON.stringify(converted.spec)).toBe(JSON.stringify(want)) // key order too: the YAML is printed in it
    expect(checkValueSchemaSpec(converted.spec)).toEqual([])
  })

  test.each(REFUSED)('refuses %s', (_name, { given, pointer, why }) => {
    const converted = value(given)
    expect(converted.spec).toBeUndefined()
    expect(converted.refusals).toContainEqual({ pointer, message: expect.stringMatching(why) })
  })

  test('a keyword the YAML cannot say is dropped with a loss at its pointer and node', () => {
    const converted = value({ type: 'object', properties: { a: { type: 'string', 'x-internal': true, deprecated: true } } })
    expect(converted.spec).toEqual({ type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } })
    expect(converted.losses).toEqual([
      { pointer: '/s/properties/a/x-internal', yamlPath: '/output/properties/a', message: expect.stringMatching(/^x-internal: true dropped \(an extension keyword/) },
      { pointer: '/s/properties/a/deprecated', yamlPath: '/output/properties/a', message: expect.stringMatching(/^deprecated: true dropped/) },
    ])
  })

  test('value constraints are kept exactly; one the YAML refuses is dropped with a loss', () => {
    const given = { type: 'string', pattern: '^a', maxLength: 3, minLength: 1, format: 'date' }
    const converted = value(given)
    expect(converted.spec).toEqual(given)
    expect(converted.losses).toEqual([])
    expect(value({ type: 'array', items: { type: 'number', minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 }, minItems: 1, maxItems: 2, uniqueItems: true }).spec).toEqual({ type: 'array', minItems: 1, maxItems: 2, uniqueItems: true, items: { type: 'number', minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 } })
    // A format outside the YAML's list is a loss, not a refusal: it only narrows.
    const unknown = value({ type: 'string', format: 'x-color' })
    expect(unknown.spec).toEqual({ type: 'string' })
    expect(unknown.losses).toEqual([{ pointer: '/s/format', yamlPath: '/output', message: expect.stringContaining('format: "x-color" dropped') }])
    expect(dslAccepts('string', 'format', 'x-color')).toBe(false)
    // A constraint of another type does nothing in JSON Schema, so nothing is lost.
    expect(value({ type: 'string', minimum: 3 }).losses).toEqual([])
  })

  test('an additionalProperties schema is a typed map in the YAML', () => {
    expect(value({ type: 'object', additionalProperties: { type: 'string' }, minProperties: 1 }).spec).toEqual({ type: 'object', minProperties: 1, additionalProperties: { type: 'string' } })
  })
})

describe('annotations that are not valid values', () => {
  test('a default or an example that does not fit its node is dropped with a loss at its pointer', () => {
    const converted = value({ type: 'object', properties: { a: { type: 'integer', default: null, examples: [1, 'x', 2, 'y'] } } })
    expect(converted.spec).toEqual({ type: 'object', additionalProperties: true, properties: { a: { type: 'integer', examples: [1, 2] } } })
    expect(converted.losses.map((loss) => [loss.pointer, loss.yamlPath])).toEqual([
      ['/s/properties/a/examples/3', '/output/properties/a'],
      ['/s/properties/a/examples/1', '/output/properties/a'],
      ['/s/properties/a/default', '/output/properties/a'],
    ])
    expect(converted.losses[2]?.message).toMatch(/^default null dropped \(it does not fit its node/)
  })

  test('a parameter named "default" is a parameter, not the annotation', () => {
    const converted = parameters({ type: 'object', properties: { default: { type: 'string', default: 1 }, examples: { type: 'string', default: 'ok' } } })
    expect(converted.spec).toEqual({ default: { type: 'string' }, examples: { type: 'string', default: 'ok' } })
    expect(converted.losses).toEqual([{ pointer: '/p/properties/default/default', yamlPath: '/parameters/default', message: expect.stringContaining('default 1 dropped') }])
  })

  test('a default inside an object default that does not fit is dropped at the node that declares it', () => {
    const converted = parameters({ type: 'object', properties: { p: { type: 'object', properties: { n: { type: 'integer' } }, default: { n: 'x' } } } })
    expect(converted.spec).toEqual({ p: { type: 'object', additionalProperties: true, properties: { n: { type: 'integer' } } } })
    expect(converted.losses).toEqual([{ pointer: '/p/properties/p/default', yamlPath: '/parameters/p', message: expect.stringContaining('default {"n":"x"} dropped') }])
  })
})

describe('convertParameters', () => {
  test('the root object becomes the parameter map with required marks', () => {
    const converted = parameters({ type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'] })
    expect(converted.spec).toEqual({ q: { type: 'string', required: true }, n: { type: 'integer' } })
    expect(checkParameterSchemaSpec(converted.spec)).toEqual([])
  })

  test('a root without type but with properties is the arguments object', () => {
    expect(parameters({ properties: { a: { type: 'string' } } }).spec).toEqual({ a: { type: 'string' } })
  })

  test('a closed root is a loss (the YAML root is open), at the root', () => {
    const converted = parameters({ type: 'object', properties: {}, additionalProperties: false })
    expect(converted.spec).toEqual({})
    expect(converted.losses).toEqual([{ pointer: '/p/additionalProperties', yamlPath: '/parameters', message: expect.stringContaining('always an open object') }])
  })

  test.each([
    ['a non-object root', { type: 'string' }, '/p/type', /must have type "object"/],
    ['a oneOf root', { type: 'object', oneOf: [{}, {}] }, '/p/oneOf', /plain map/],
    ['a true root', true, '/p', /object of named parameters/],
  ])('refuses %s', (_name, given, pointer, why) => {
    const converted = parameters(given)
    expect(converted.spec).toBeUndefined()
    expect(converted.refusals).toContainEqual({ pointer, message: expect.stringMatching(why) })
  })

  test('$defs at the root resolve, and a refusal deep inside points into $defs', () => {
    const converted = parameters({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'object', properties: { b: { not: {} } } } } })
    expect(converted.refusals).toEqual([{ pointer: '/p/$defs/A/properties/b/not', message: expect.any(String) }])
  })
})
