import { describe, expect, test } from 'vitest'
import { JsonSchemaError } from '../../../../runtime/src/errors.js'
import { assertObjectJsonSchema, assertSupportedJsonSchema, checkJsonSchema, MAX_SCHEMA_NODES, validateJsonSchemaValue, valueSchemaSpecToJsonSchema } from '../../../../runtime/src/index.js'
import type { JsonSchemaNode } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'

type Want = readonly (readonly [path: string, message: RegExp])[]

function getterNode(): object {
  const node: Record<string, unknown> = { type: 'object', properties: {} }
  Object.defineProperty(node['properties'], 'a', { enumerable: true, get: () => ({ type: 'string' }) })
  return node
}

function cyclicNode(): object {
  const node: Record<string, unknown> = { type: 'array' }
  node['items'] = node
  return node
}

// Every rule of the subset, with the exact pointer(s) it must report.
const invalid: [string, { given: unknown; want: Want }][] = [
  ['unsupported keyword', { given: { type: 'string', patternProperties: {} }, want: [['/patternProperties', /unsupported keyword "patternProperties"/]] }],
  ['$ref is unsupported', { given: { $ref: '#/x' }, want: [['/$ref', /unsupported keyword/]] }],
  // value constraints
  ['a string bound on a number node', { given: { type: 'number', maxLength: 1 }, want: [['/maxLength', /maxLength applies only to type string, but this node's type is number/]] }],
  ['a number bound on an array node', { given: { type: 'array', minimum: 1 }, want: [['/minimum', /applies only to type number and integer/]] }],
  ['an object bound on a string node', { given: { type: 'string', minProperties: 1 }, want: [['/minProperties', /applies only to type object/]] }],
  ['minimum above maximum', { given: { minimum: 2, maximum: 1 }, want: [['/minimum', /minimum 2 is above maximum 1, so no number could match/]] }],
  ['minimum at an exclusive maximum', { given: { minimum: 2, exclusiveMaximum: 2 }, want: [['/minimum', /not below exclusiveMaximum 2/]] }],
  ['minProperties above maxProperties', { given: { minProperties: 3, maxProperties: 1 }, want: [['/minProperties', /above maxProperties 1, so no object/]] }],
  ['an infinite bound', { given: { maximum: Infinity }, want: [['/maximum', /finite number, found Infinity/]] }],
  ['a negative multipleOf', { given: { multipleOf: -2 }, want: [['/multipleOf', /greater than 0/]] }],
  ['a count that is not an integer', { given: { minItems: 0.5 }, want: [['/minItems', /non-negative integer/]] }],
  ['an invalid pattern', { given: { pattern: '(' }, want: [['/pattern', /u flag/]] }],
  ['a nested quantifier', { given: { pattern: '^(\\d+)*$' }, want: [['/pattern', /a repeated group that repeats/]] }],
  ['an unknown format', { given: { format: 'color' }, want: [['/format', /format must be one of/]] }],
  ['a typed map is checked as a schema', { given: { additionalProperties: { type: 'strin' } }, want: [['/additionalProperties/type', /type must be one of/]] }],
  ['unknown type name', { given: { type: 'date' }, want: [['/type', /type must be one of/]] }],
  ['type array', { given: { type: ['string', 'null'] }, want: [['/type', /type arrays are not supported/]] }],
  ['boolean schema at the root', { given: true, want: [['', /boolean schemas are not supported/]] }],
  ['boolean schema nested', { given: { properties: { a: false } }, want: [['/properties/a', /boolean schemas/]] }],
  ['non-object schema', { given: 'string', want: [['', /must be an object/]] }],
  ['oneOf with one branch', { given: { oneOf: [{ type: 'null' }] }, want: [['/oneOf', /oneOf needs at least 2 branches/]] }],
  ['oneOf not an array', { given: { oneOf: { type: 'null' } }, want: [['/oneOf', /must be an array/]] }],
  ['oneOf branch invalid', { given: { oneOf: [{ type: 'string' }, { type: 'nope' }] }, want: [['/oneOf/1/type', /type must be one of/]] }],
  ['properties not an object', { given: { properties: [] }, want: [['/properties', /must be an object/]] }],
  ['required not an array', { given: { properties: { a: {} }, required: 'a' }, want: [['/required', /must be an array/]] }],
  ['required name not a string', { given: { properties: { a: {} }, required: [1] }, want: [['/required/0', /must be strings/]] }],
  ['required duplicate', { given: { properties: { a: {} }, required: ['a', 'a'] }, want: [['/required/1', /duplicate/]] }],
  [
    'required name absent from properties',
    { given: { properties: { a: {} }, required: ['a', 'b'] }, want: [['/required/1', /"b" is not declared in properties/]] },
  ],
  ['required without properties', { given: { required: ['a'] }, want: [['/required/0', /not declared in properties/]] }],
  [
    'required does not see inherited names',
    { given: { properties: {}, required: ['toString'] }, want: [['/required/0', /"toString" is not declared/]] },
  ],
  ['additionalProperties neither a boolean nor a schema', { given: { additionalProperties: 'x' }, want: [['/additionalProperties', /true, false or a schema/]] }],
  ['tuple items', { given: { items: [{ type: 'string' }] }, want: [['/items', /tuple items/]] }],
  ['items not a schema', { given: { items: 3 }, want: [['/items', /must be an object/]] }],
  ['empty enum', { given: { enum: [] }, want: [['/enum', /enum must not be empty/]] }],
  ['enum not an array', { given: { enum: 'a' }, want: [['/enum', /must be an array/]] }],
  ['enum with a non-scalar', { given: { enum: [{ a: 1 }] }, want: [['/enum/0', /JSON scalars/]] }],
  ['enum with NaN', { given: { enum: [1, NaN] }, want: [['/enum/1', /JSON scalars/]] }],
  ['enum duplicate', { given: { enum: ['a', 'b', 'a'] }, want: [['/enum/2', /duplicate enum value "a"/]] }],
  ['enum 0 and -0 are the same JSON number', { given: { enum: [0, -0] }, want: [['/enum/1', /duplicate/]] }],
  ['enum not matching type', { given: { type: 'string', enum: ['a', 1] }, want: [['/enum/1', /does not match type string/]] }],
  ['enum integer type needs integers', { given: { type: 'integer', enum: [1, 1.5] }, want: [['/enum/1', /does not match type integer/]] }],
  ['enum on an object type', { given: { type: 'object', enum: ['a'] }, want: [['/enum/0', /does not match type object/]] }],
  ['const not matching type', { given: { type: 'boolean', const: 'true' }, want: [['/const', /does not match type boolean/]] }],
  ['const integer type', { given: { type: 'integer', const: 2.5 }, want: [['/const', /does not match type integer/]] }],
  ['const non-scalar', { given: { const: [1] }, want: [['/const', /JSON scalars/]] }],
  ['description not a string', { given: { description: 1 }, want: [['/description', /description must be a string/]] }],
  ['title not a string', { given: { title: null }, want: [['/title', /title must be a string/]] }],
  ['default not lossless', { given: { default: { a: NaN } }, want: [['/default/a', /NaN/]] }],
  ['examples not lossless', { given: { examples: [1, undefined] }, want: [['/examples/1', /undefined/]] }],
  ['properties on a string node', { given: { type: 'string', properties: {} }, want: [['/properties', /applies only to type object/]] }],
  ['required on an array node', { given: { type: 'array', required: [] }, want: [['/required', /applies only to type object/]] }],
  [
    'additionalProperties on a number node',
    { given: { type: 'number', additionalProperties: false }, want: [['/additionalProperties', /applies only to type object/]] },
  ],
  ['items on an object node', { given: { type: 'object', items: {} }, want: [['/items', /applies only to type array/]] }],
  [
    'pointer tokens are escaped',
    { given: { properties: { 'a/b~c': { type: 'x' } } }, want: [['/properties/a~1b~0c/type', /type must be one of/]] },
  ],
  ['a getter in the schema', { given: getterNode(), want: [['/properties/a', /accessor/]] }],
  ['a cycle in the schema', { given: cyclicNode(), want: [['/items', /cycle/]] }],
  [
    'a throwing Proxy in the schema',
    {
      given: { items: new Proxy({}, { ownKeys: () => { throw new Error('trap') } }) },
      want: [['/items', /Proxy trap threw/]],
    },
  ],
  ['a Date as a schema', { given: { items: new Date(0) }, want: [['/items', /plain object/]] }],
  [
    'three problems give three issues',
    {
      given: { type: 'object', properties: { a: { type: 'strin' } }, required: ['a', 'b'], contains: 'x' },
      want: [
        ['/contains', /unsupported keyword/],
        ['/properties/a/type', /type must be one of/],
        ['/required/1', /not declared/],
      ],
    },
  ],
]

describe('checkJsonSchema lists every bad path', () => {
  test.each(invalid)('%s', (_name, { given, want }) => {
    const issues = checkJsonSchema(given)
    expect(issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    issues.forEach((issue, i) => expect(issue.message).toMatch((want[i] as Want[number])[1]))
  })

  test.each(invalid)('assertSupportedJsonSchema throws one JsonSchemaError with the same issues: %s', (_name, { given, want }) => {
    let thrown: unknown
    try {
      assertSupportedJsonSchema(given)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(JsonSchemaError)
    expect((thrown as JsonSchemaError).issues).toHaveLength(want.length)
  })
})

const valid: [string, unknown][] = [
  ['empty (annotation-only) node', {}],
  ['annotations only', { description: 'any', title: 'Any', default: { a: [1] }, examples: [1, 'x'] }],
  ['every type', { oneOf: ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'].map((type) => ({ type })) }],
  ['object keywords without type', { properties: { a: {} }, required: ['a'], additionalProperties: false }],
  ['items without type', { items: { type: 'string' } }],
  ['every value constraint on its own type', {
    oneOf: [
      { type: 'integer', minimum: 1, maximum: 1, exclusiveMinimum: 0, exclusiveMaximum: 2, multipleOf: 1 },
      { type: 'string', minLength: 0, maxLength: 0, pattern: '^(?:[a-z]+\\.)?[a-z]{2,}$', format: 'hostname' },
      { type: 'array', minItems: 0, maxItems: 3, uniqueItems: false },
      { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: { type: 'number' } },
    ],
  }],
  ['value constraints without type', { minimum: 0, minLength: 1, minItems: 1, minProperties: 1, format: 'date' }],
  ['hostile property names', JSON.parse('{"properties":{"__proto__":{},"constructor":{},"toString":{},"a\\"b":{}},"required":["__proto__","constructor"]}')],
  ['null-prototype schema objects', Object.assign(Object.create(null), { type: 'string' })],
  ['enum matching integer type', { type: 'integer', enum: [1, 2, 3.0] }],
  ['number type accepts integers', { type: 'number', const: 2 }],
  ['heterogeneous enum without type', { enum: ['a', 1, true, null] }],
  ['oneOf with siblings', { type: 'object', properties: { a: {} }, oneOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { type: 'number' } } }] }],
  ['additionalProperties true', { type: 'object', additionalProperties: true }],
  ['a shared sub-schema (DAG)', (() => { const s = { type: 'string' }; return { properties: { a: s, b: s }, items: s } })()],
]

describe('checkJsonSchema accepts the subset', () => {
  test.each(valid)('%s', (_name, given) => {
    expect(checkJsonSchema(given)).toEqual([])
    expect(() => assertSupportedJsonSchema(given)).not.toThrow()
  })

  test('a schema with more nodes than the bound is rejected, not expanded forever', () => {
    let node: object = { type: 'string' }
    for (let i = 0; i < 40; i++) node = { properties: { a: node, b: node } } // 2^40 uses
    const issues = checkJsonSchema(node)
    expect(issues).toHaveLength(1)
    expect(issues[0]?.message).toMatch(new RegExp(`more than ${MAX_SCHEMA_NODES} nodes`))
  })

  test('deep nesting gives an issue, not a stack overflow', () => {
    let node: object = {}
    for (let i = 0; i < 100_000; i++) node = { items: node }
    const issues = checkJsonSchema(node)
    expect(issues.length).toBeGreaterThan(0)
    expect(issues[0]?.message).toMatch(/nodes|deeper/)
  })
})

describe('assertObjectJsonSchema', () => {
  const cases: [string, { given: unknown; want: Want }][] = [
    ['object root passes', { given: { type: 'object', properties: { a: {} } }, want: [] }],
    ['missing type', { given: { properties: {} }, want: [['', /must declare type: "object"/]] }],
    ['another type', { given: { type: 'array' }, want: [['/type', /must have type "object"/]] }],
    ['invalid type reported once', { given: { type: 'obj' }, want: [['/type', /type must be one of/]] }],
    [
      'root-type and subset issues together',
      { given: { type: 'string', items: {} }, want: [['/type', /must have type "object"/], ['/items', /applies only to type array/]] },
    ],
    ['boolean root', { given: true, want: [['', /boolean schemas/]] }],
  ]
  test.each(cases)('%s', (_name, { given, want }) => {
    let issues: readonly { path: string; message: string }[] = []
    try {
      assertObjectJsonSchema(given)
    } catch (error) {
      expect(error).toBeInstanceOf(JsonSchemaError)
      issues = (error as JsonSchemaError).issues
    }
    expect(issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    issues.forEach((issue, i) => expect(issue.message).toMatch((want[i] as Want[number])[1]))
  })
})

// "Every invalid raw schema throws one error listing every problem with its path; nothing is partially
// accepted": the depth limit counts the whole schema, annotations and enum members included, so a
// schema the check accepts can always be prepared and validated.
describe('the depth limit spans nodes and the values inside them', () => {
  const nest = (levels: number): unknown => {
    let value: unknown = []
    for (let i = 0; i < levels; i++) value = [value]
    return value
  }
  const deepItems = (levels: number, leaf: JsonSchemaNode): JsonSchemaNode => {
    let node = leaf
    for (let i = 0; i < levels; i++) node = { type: 'array', items: node }
    return node
  }

  test.each<[string, JsonSchemaNode]>([
    ['a default nested 999 levels', { type: 'string', default: nest(999) } as JsonSchemaNode],
    ['examples below 900 item levels', deepItems(900, { type: 'string', examples: [nest(150)] } as JsonSchemaNode)],
    ['an enum below 999 item levels', deepItems(999, { type: 'string', enum: ['a'] })],
  ])('%s is rejected by the check, with a path', (_name, schema) => {
    expect(() => assertSupportedJsonSchema(schema)).toThrow(JsonSchemaError)
    try {
      assertSupportedJsonSchema(schema)
    } catch (error) {
      expect((error as JsonSchemaError).issues[0]?.message).toMatch(/deeper than/)
    }
    expect(() => validateJsonSchemaValue(schema, 'x')).toThrow(JsonSchemaError)
  })

  test('through the DSL too', () => {
    expect(() => valueSchemaSpecToJsonSchema({ type: 'json', examples: [nest(999)] } as never)).toThrow(JsonSchemaError)
  })
})
