import { describe, expect, it } from 'vitest'
import { checkValueSchemaSpec, translateParameterSpec } from '../../../../runtime/src/schema/dsl/translate-spec.js'
import { checkDeclaredValues, DeclaredValuesChecker } from '../../../../runtime/src/schema/json-schema/declared-values.js'
import type { JsonSchemaNode, SchemaIssue } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'
import { materializeJson } from '../../../../runtime/src/json/materialize-json.js'

// One checker prepares each node once and reuses a child's prepared form in its parents: these cases are the ones a
// shared memo could get wrong (a node met bare for its enum, then whole inside a parent's default; one sub-spec used
// in several places; a parent checked after a child whose own values failed elsewhere).

const CHOICE = { type: 'string', enum: ['x', 'y'], minLength: 1 }
const SHARED = { type: 'integer', maximum: 3 }

const DSL_CASES: [string, unknown, [string, RegExp][]][] = [
  [
    'a parent default meets the enum of a child whose enum was checked first',
    { type: 'object', additionalProperties: false, properties: { c: CHOICE }, default: { c: 'z' } },
    [['/default/c', /the default \{"c":"z"\} does not fit its node: must be one of \["x","y"\]/]],
  ],
  [
    'a parent default meets the bound of a child that has a default of its own',
    { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', maximum: 3, default: 2 } }, default: { n: 4 } },
    [['/default/n', /must be at most 3 \(maximum\)/]],
  ],
  [
    'one sub-spec shared by two properties, the parent default breaking it in the second',
    { type: 'object', additionalProperties: false, properties: { a: SHARED, b: SHARED }, default: { a: 1, b: 9 } },
    [['/default/b', /must be at most 3 \(maximum\)/]],
  ],
  [
    'an enum member and a default on one node: the member is checked without the enum, the default with it',
    { type: 'string', enum: ['ab', 'c'], minLength: 2, default: 'zz' },
    [
      ['/default', /the default "zz" does not fit its node: must be one of \["ab","c"\]/],
      ['/enum/1', /the enum value "c" does not fit its node: must be at least 2 characters long/],
    ],
  ],
  [
    'an array default checked item by item against the prepared items',
    { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'b'] },
    [['/default/1', /must be one of \["a"\]/]],
  ],
  [
    'a typed map default checked against the prepared additionalProperties',
    { type: 'object', additionalProperties: { type: 'number', minimum: 0 }, default: { k: -1 } },
    [['/default/k', /must be at least 0 \(minimum\)/]],
  ],
  [
    'a oneOf default that fits no branch',
    { oneOf: [{ type: 'string', maxLength: 1 }, { type: 'integer', minimum: 10 }], default: 5 },
    [['/default', /does not fit its node/]],
  ],
  ['values that fit leave no issue', { type: 'object', additionalProperties: false, properties: { c: CHOICE, n: SHARED }, default: { c: 'x', n: 3 } }, []],
]

const pairs = (issues: readonly SchemaIssue[]): [string, string][] => issues.map((issue) => [issue.path, issue.message])

describe('declared values, through the DSL translator (one checker per translation)', () => {
  it.each(DSL_CASES)('%s', (_name, spec, want) => {
    const issues = checkValueSchemaSpec(spec)
    expect(issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    want.forEach(([, message], index) => expect(issues[index]?.message).toMatch(message))
  })

  it('checks the same spec the same way in a parameter map as on its own', () => {
    const spec = { wrapped: DSL_CASES[0]?.[1] }
    const { issues } = translateParameterSpec(spec)
    expect(issues.map((issue) => issue.path)).toEqual(['/wrapped/default/c'])
  })
})

describe('checkDeclaredValues, on a raw snapshot (the registry)', () => {
  const raw = (schema: unknown): JsonSchemaNode => {
    const snapshot = materializeJson(schema)
    if (!snapshot.ok) throw new Error('not JSON')
    return snapshot.value as JsonSchemaNode
  }
  const RAW_CASES: [string, unknown, [string, RegExp][]][] = [
    ['an enum member of the wrong type (the raw subset does not type-check members)', { type: 'string', enum: ['a', 1] }, [['/enum/1', /the enum value 1 does not fit its node: expected a string/]]],
    [
      'a nested default against a child with an enum, then the parent default',
      { type: 'object', properties: { c: { type: 'string', enum: ['x'] } }, default: { c: 'q' } },
      [['/default/c', /must be one of \["x"\]/]],
    ],
    [
      'defaults at two levels, both wrong, each reported where it is',
      { type: 'object', properties: { n: { type: 'integer', default: 'one' } }, default: { n: 1.5 } },
      [
        ['/default/n', /expected an integer/],
        ['/properties/n/default', /the default "one" does not fit its node: expected an integer/],
      ],
    ],
  ]
  it.each(RAW_CASES)('%s', (_name, schema, want) => {
    const issues = checkDeclaredValues(raw(schema))
    expect(issues.map((issue) => issue.path)).toEqual(want.map(([path]) => path))
    want.forEach(([, message], index) => expect(issues[index]?.message).toMatch(message))
  })

  it('one checker over many nodes gives each node the verdict a fresh checker gives it', () => {
    const child = raw({ type: 'string', enum: ['x'], default: 'x' })
    const parent = raw({ type: 'object', properties: { c: child }, default: { c: 'nope' } }) as JsonSchemaNode & { properties: { c: JsonSchemaNode } }
    const shared = new DeclaredValuesChecker()
    const together: SchemaIssue[] = []
    shared.checkNode(parent.properties.c, '/properties/c', together)
    shared.checkNode(parent, '', together)
    const alone: SchemaIssue[] = []
    new DeclaredValuesChecker().checkNode(parent, '', alone)
    expect(pairs(together)).toEqual(pairs(alone))
    expect(together.map((issue) => issue.path)).toEqual(['/default/c'])
  })
})
