// One table of [name, { schema, given, want }] for the interpreter and the compiled validator:
// `want` lists every expected error as [JSON Pointer into the value, message pattern], in order.
import { expect } from 'vitest'
import type { JsonSchemaNode } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'

export type WantErrors = readonly (readonly [path: string, message: RegExp])[]
/** Asserts the errors' paths exactly and each message against its pattern, in order. */
export function expectErrors(errors: readonly { path: string; message: string }[], want: WantErrors): void {
  expect(errors.map((error) => error.path)).toEqual(want.map(([path]) => path))
  errors.forEach((error, i) => expect(error.message).toMatch((want[i] as WantErrors[number])[1]))
}

export type ValidationCase = [string, { schema: JsonSchemaNode; given: () => unknown; want: WantErrors }]

const json = (text: string) => () => JSON.parse(text) as unknown
const value = (v: unknown) => () => v

function sparse(): unknown[] {
  const a: unknown[] = [1]
  a[2] = 3
  return a
}

function cyclic(): unknown {
  const o: Record<string, unknown> = { a: 1 }
  o['self'] = o
  return o
}

function nested(levels: number): unknown {
  let v: unknown = 0
  for (let i = 0; i < levels; i++) v = [v]
  return v
}

const closed = {
  type: 'object',
  additionalProperties: false,
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name'],
} as const satisfies JsonSchemaNode

export const validationCases: ValidationCase[] = [
  // type
  ['string ok', { schema: { type: 'string' }, given: value('x'), want: [] }],
  ['string rejects a number', { schema: { type: 'string' }, given: value(1), want: [['', /expected a string, found an integer/]] }],
  ['number ok', { schema: { type: 'number' }, given: value(1.5), want: [] }],
  ['number rejects NaN', { schema: { type: 'number' }, given: value(NaN), want: [['', /expected a number, found NaN/]] }],
  ['number rejects Infinity', { schema: { type: 'number' }, given: value(Infinity), want: [['', /found Infinity/]] }],
  ['integer accepts 1.0', { schema: { type: 'integer' }, given: value(1.0), want: [] }],
  ['integer rejects 1.5', { schema: { type: 'integer' }, given: value(1.5), want: [['', /expected an integer, found a non-integer number/]] }],
  ['boolean rejects 0', { schema: { type: 'boolean' }, given: value(0), want: [['', /expected a boolean/]] }],
  ['null ok', { schema: { type: 'null' }, given: value(null), want: [] }],
  ['null rejects undefined', { schema: { type: 'null' }, given: value(undefined), want: [['', /expected null, found undefined/]] }],
  ['object rejects an array', { schema: { type: 'object' }, given: value([]), want: [['', /expected an object, found an array/]] }],
  ['object rejects a Date', { schema: { type: 'object' }, given: value(new Date(0)), want: [['', /expected an object, found a non-plain object/]] }],
  ['object accepts a null-prototype object', { schema: { type: 'object' }, given: () => Object.create(null), want: [] }],
  ['array rejects an object', { schema: { type: 'array' }, given: value({}), want: [['', /expected an array, found an object/]] }],
  ['array rejects a subclass', { schema: { type: 'array' }, given: () => new (class extends Array {})(), want: [['', /array subclass/]] }],
  ['array rejects a typed array', { schema: { type: 'array' }, given: () => new Uint8Array(1), want: [['', /non-plain object/]] }],
  // const and enum
  ['const ok', { schema: { const: 2 }, given: value(2), want: [] }],
  ['const 0 matches -0', { schema: { const: 0 }, given: value(-0), want: [] }],
  ['const mismatch', { schema: { const: 'a' }, given: value('b'), want: [['', /must equal "a"/]] }],
  ['const false is not 0', { schema: { const: false }, given: value(0), want: [['', /must equal false/]] }],
  ['enum ok', { schema: { enum: ['a', 1, null] }, given: value(null), want: [] }],
  ['enum mismatch', { schema: { enum: ['a', 'b'] }, given: value('c'), want: [['', /must be one of \["a","b"\]/]] }],
  ['enum true is not 1', { schema: { enum: [1] }, given: value(true), want: [['', /must be one of/]] }],
  ['enum and const both apply', { schema: { type: 'string', enum: ['a', 'b'], const: 'a' }, given: value('b'), want: [['', /must equal "a"/]] }],
  ['type mismatch is the only error of its node', { schema: { type: 'string', enum: ['a'] }, given: value(1), want: [['', /expected a string/]] }],
  // objects
  ['closed object ok', { schema: closed, given: value({ name: 'n', age: 3 }), want: [] }],
  [
    'closed object rejects extra keys',
    { schema: closed, given: value({ name: 'n', x: 1, y: 2 }), want: [['/x', /not allowed/], ['/y', /not allowed/]] },
  ],
  ['required missing', { schema: closed, given: value({ age: 1 }), want: [['/name', /is required but missing/]] }],
  [
    'errors in for…in order, then missing required names',
    { schema: closed, given: value({ age: 'old', extra: true }), want: [['/age', /expected an integer/], ['/extra', /not allowed/], ['/name', /required/]] },
  ],
  [
    'required toString fails on {} (inherited keys never count)',
    { schema: { properties: { toString: {} }, required: ['toString'] }, given: value({}), want: [['/toString', /required/]] },
  ],
  ['optional constructor is absent on {}', { schema: { properties: { constructor: { type: 'number' as const } } }, given: value({}), want: [] }],
  [
    'an own constructor key is validated',
    { schema: { properties: { constructor: { type: 'number' as const } } }, given: json('{"constructor":"x"}'), want: [['/constructor', /expected a number/]] },
  ],
  [
    'an own __proto__ key is an ordinary property',
    { schema: JSON.parse('{"properties":{"__proto__":{"type":"number"}},"required":["__proto__"]}') as JsonSchemaNode, given: json('{"__proto__":"x"}'), want: [['/__proto__', /expected a number/]] },
  ],
  [
    '__proto__ required but absent',
    { schema: JSON.parse('{"properties":{"__proto__":{}},"required":["__proto__"]}') as JsonSchemaNode, given: value({}), want: [['/__proto__', /required/]] },
  ],
  [
    '__proto__ in a closed object is an extra key',
    { schema: { type: 'object', additionalProperties: false }, given: json('{"__proto__":1}'), want: [['/__proto__', /not allowed/]] },
  ],
  ['open object checks extra keys deeply', { schema: { type: 'object', properties: { a: {} } }, given: value({ a: 1, b: { c: [NaN] } }), want: [['/b/c/0', /NaN is not lossless JSON/]] }],
  ['open object rejects an undefined extra', { schema: { type: 'object' }, given: value({ a: undefined }), want: [['/a', /undefined is not lossless JSON/]] }],
  ['own undefined on a declared optional key', { schema: { properties: { a: { type: 'string' } } }, given: value({ a: undefined }), want: [['/a', /expected a string, found undefined/]] }],
  ['keys are escaped in paths', { schema: { type: 'object', additionalProperties: false }, given: value({ 'a/b~c': 1 }), want: [['/a~1b~0c', /not allowed/]] }],
  ['properties without type ignore strings', { schema: { properties: { a: { type: 'string' } }, required: ['a'] }, given: value('str'), want: [] }],
  ['properties without type still reject NaN', { schema: { properties: { a: {} } }, given: value(NaN), want: [['', /NaN is not lossless JSON/]] }],
  ['symbol keys are not part of the JSON view', { schema: { type: 'object', additionalProperties: false }, given: () => ({ [Symbol('s')]: 1 }), want: [] }],
  // arrays
  ['items ok', { schema: { type: 'array', items: { type: 'integer' } }, given: value([1, 2]), want: [] }],
  ['items errors with indices', { schema: { items: { type: 'integer' } }, given: value([1, 'x', 2.5]), want: [['/1', /expected an integer/], ['/2', /expected an integer/]] }],
  ['items without type ignore objects', { schema: { items: { type: 'integer' } }, given: value({ 0: 'x', length: 1 }), want: [] }],
  ['a hole is undefined', { schema: { items: { type: 'integer' } }, given: sparse, want: [['/1', /found undefined/]] }],
  ['a hole under an unconstrained array', { schema: { type: 'array' }, given: sparse, want: [['/1', /undefined is not lossless JSON/]] }],
  [
    'nested paths',
    {
      schema: { type: 'array', items: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } } },
      given: value([{ tags: ['a'] }, { tags: ['b', 3] }]),
      want: [['/1/tags/1', /expected a string/]],
    },
  ],
  // unconstrained values
  ['{} accepts any JSON', { schema: {}, given: value({ a: [1, 'x', null, { b: true }] }), want: [] }],
  ['{} rejects a function', { schema: {}, given: value({ f: () => 1 }), want: [['/f', /a function is not lossless JSON/]] }],
  ['{} rejects a bigint', { schema: {}, given: value([1n]), want: [['/0', /a bigint is not lossless JSON/]] }],
  ['{} rejects a symbol', { schema: {}, given: value(Symbol('s')), want: [['', /a symbol is not lossless JSON/]] }],
  ['{} rejects a Map', { schema: {}, given: value({ m: new Map() }), want: [['/m', /non-plain object/]] }],
  ['{} rejects a cycle', { schema: {}, given: cyclic, want: [['/self', /cycle: refers back to the root/]] }],
  ['a cycle under a declared property', { schema: { properties: { a: {} } }, given: () => { const a: unknown[] = []; a.push(a); return { a } }, want: [['/a/0', /cycle: refers back to \/a/]] }],
  ['{} rejects every bad place', { schema: {}, given: value({ a: NaN, b: [undefined], c: Infinity }), want: [['/a', /NaN/], ['/b/0', /undefined/], ['/c', /Infinity/]] }],
  ['{} rejects 100,000 levels of nesting', { schema: {}, given: () => nested(100_000), want: [['/0'.repeat(1000), /nests deeper than 1000 levels/]] }],
  ['{} accepts 1,000 levels', { schema: {}, given: () => nested(1000), want: [] }],
  // oneOf
  ['oneOf exactly one', { schema: { oneOf: [{ type: 'string' }, { type: 'number' }] }, given: value(1), want: [] }],
  ['oneOf none', { schema: { oneOf: [{ type: 'string' }, { type: 'number' }] }, given: value(true), want: [['', /matches none/]] }],
  ['oneOf more than one', { schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, given: value(1), want: [['', /matches more than one/]] }],
  ['oneOf with {} and a match', { schema: { oneOf: [{ type: 'number' }, {}] }, given: value(1), want: [['', /more than one/]] }],
  ['a node without type rejects NaN before its oneOf', { schema: { oneOf: [{ type: 'string' }, {}] }, given: value(NaN), want: [['', /NaN is not lossless JSON/]] }],
  ['oneOf branches see non-JSON inside containers', { schema: { oneOf: [{ type: 'string' }, {}] }, given: value([NaN]), want: [['', /matches none/]] }],
  [
    'oneOf and its siblings both apply',
    {
      schema: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, oneOf: [{ properties: { kind: { const: 'a' } } }, { properties: { kind: { const: 'b' } } }] },
      given: value({ kind: 'c' }),
      want: [['', /matches none/]],
    },
  ],
  [
    'a sibling error and a oneOf error are both listed',
    { schema: { type: 'object', required: ['kind'], properties: { kind: {} }, oneOf: [{ type: 'object' }, { type: 'object' }] }, given: value({}), want: [['/kind', /required/], ['', /more than one/]] },
  ],
  [
    'oneOf on a property',
    { schema: { type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'null' }] } } }, given: value({ v: 1 }), want: [['/v', /matches none/]] },
  ],
  ['oneOf sibling type mismatch stops the node', { schema: { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] }, given: value(1), want: [['', /expected a string/]] }],
  // value constraints: every message names the keyword and its bound
  ['minimum', { schema: { type: 'integer', minimum: 1 }, given: value(0), want: [['', /^must be at least 1 \(minimum\)$/]] }],
  ['maximum', { schema: { type: 'number', maximum: 400 }, given: value(401), want: [['', /^must be at most 400 \(maximum\)$/]] }],
  ['exclusive bounds', { schema: { exclusiveMinimum: 0, exclusiveMaximum: 0.5 }, given: value(0), want: [['', /greater than 0 \(exclusiveMinimum\)/]] }],
  ['exclusiveMaximum', { schema: { exclusiveMaximum: 0.5 }, given: value(0.5), want: [['', /less than 0.5 \(exclusiveMaximum\)/]] }],
  ['every number bound is reported', { schema: { type: 'number', minimum: 10, multipleOf: 4 }, given: value(3), want: [['', /at least 10/], ['', /multiple of 4 \(multipleOf\)/]] }],
  ['minLength counts code points', { schema: { type: 'string', minLength: 3 }, given: value('😀😀'), want: [['', /at least 3 characters long \(minLength\)/]] }],
  ['maxLength counts code points', { schema: { type: 'string', maxLength: 2 }, given: value('😀😀'), want: [] }],
  ['maxLength', { schema: { type: 'string', maxLength: 1 }, given: value('ab'), want: [['', /at most 1 character long \(maxLength\)/]] }],
  ['pattern', { schema: { type: 'string', pattern: '^[a-z]+$' }, given: value('A1'), want: [['', /must match the pattern "\^\[a-z\]\+\$" \(pattern\)/]] }],
  ['a pattern does not run past its input bound', { schema: { type: 'string', pattern: 'a' }, given: value('a'.repeat(1025)), want: [['', /tested on at most 1024 characters/]] }],
  ['a pattern runs up to its input bound', { schema: { type: 'string', pattern: 'a$' }, given: value('a'.repeat(1024)), want: [] }],
  ['format', { schema: { type: 'string', format: 'date' }, given: value('next tuesday'), want: [['', /must be a valid date \(format\)/]] }],
  ['minItems', { schema: { type: 'array', items: { type: 'number' }, minItems: 2 }, given: value([1]), want: [['', /at least 2 items \(minItems\)/]] }],
  ['maxItems, then the items', { schema: { type: 'array', items: { type: 'number' }, maxItems: 2 }, given: value([1, 2, 'x']), want: [['', /at most 2 items \(maxItems\)/], ['/2', /expected a number/]] }],
  ['uniqueItems after the items', { schema: { type: 'array', items: { type: 'object' }, uniqueItems: true }, given: json('[{"a":1,"b":2},{"b":2,"a":1}]'), want: [['', /duplicate items \(uniqueItems\)/]] }],
  ['uniqueItems: 1 and true differ', { schema: { uniqueItems: true }, given: value([1, true, [1], [true]]), want: [] }],
  ['uniqueItems on a shared DAG stays linear', { schema: { uniqueItems: true }, given: () => { let v: unknown = [0]; for (let i = 0; i < 60; i++) v = [v, v]; return [v, [v]] }, want: [] }],
  ['minProperties', { schema: { type: 'object', minProperties: 1 }, given: value({}), want: [['', /at least 1 property \(minProperties\)/]] }],
  ['a non-plain object under maxProperties is not JSON', { schema: { maxProperties: 1 }, given: () => Object.assign(Object.create({ inherited: 1 }) as object, { a: 1 }), want: [['', /not lossless JSON/]] }],
  ['maxProperties', { schema: { type: 'object', maxProperties: 1 }, given: value({ a: 1, b: 2 }), want: [['', /at most 1 property \(maxProperties\)/]] }],
  ['bounds apply to their kind only', { schema: { minimum: 5, minLength: 5, minItems: 5, minProperties: 5 }, given: value(null), want: [] }],
  ['a typed map checks every undeclared value', { schema: { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'number' } }, given: value({ id: 'x', a: 1, b: 'two' }), want: [['/b', /expected a number/]] }],
  ['a typed map checks hostile keys as values', { schema: { additionalProperties: { type: 'number' } }, given: json('{"__proto__":"x","constructor":1}'), want: [['/__proto__', /expected a number/]] }],
  // hostile reads
  [
    'a getter is read like data',
    { schema: { properties: { a: { type: 'number' } } }, given: () => ({ get a() { return 1 } }), want: [] },
  ],
  [
    'a throwing getter is one error at the root',
    { schema: { properties: { a: {} } }, given: () => ({ get a(): unknown { throw new Error('boom') } }), want: [['', /could not be read/]] },
  ],
  [
    'a throwing Proxy is one error at the root',
    { schema: {}, given: () => ({ p: new Proxy({}, { ownKeys: () => { throw new Error('trap') } }) }), want: [['', /could not be read/]] },
  ],
  ['errors before a throw are kept', { schema: { type: 'array', items: { type: 'object' } }, given: () => [1, new Proxy({}, { getPrototypeOf: () => { throw new Error('x') } })], want: [['/0', /expected an object/], ['', /could not be read/]] }],
  ['an unreadable value is described safely', { schema: { type: 'string' }, given: () => new Proxy({}, { getPrototypeOf: () => { throw new Error('x') } }), want: [['', /expected a string, found an unreadable object/]] }],
]
