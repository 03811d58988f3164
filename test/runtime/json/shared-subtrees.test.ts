import { describe, expect, test } from 'vitest'
import { MAX_JSON_DEPTH, materializeJson, compileJsonSchema, validateJsonSchemaValue } from '../../../runtime/src/index.js'
import type { JsonSchemaNode } from '../../../runtime/src/schema/json-schema/json-schema-node.js'

// Walkers memoize containers once a value holds thousands of them, so a shared sub-object is walked
// once, not once per path. The depth limit still holds wherever the shared part is reached: memoizing
// must not let a value nest deeper than MAX_JSON_DEPTH.

function nest(levels: number, inner: unknown): unknown {
  let value = inner
  for (let i = 0; i < levels; i++) value = [value]
  return value
}

/** Past the memo threshold (5,000 containers), a shared part first reached shallow, then deep. */
function sharedTooDeep(): unknown[] {
  const shared = nest(600, [])
  const root: unknown[] = []
  for (let i = 0; i < 5000; i++) root.push({})
  root.push(shared)
  root.push(nest(500, shared))
  return root
}

describe('the depth limit under memoization', () => {
  test('materializeJson rejects a shared part reached too deep', () => {
    const result = materializeJson(sharedTooDeep())
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues[0]?.message).toContain(`deeper than ${MAX_JSON_DEPTH}`)
  })

  test.each<[string, JsonSchemaNode]>([
    ['an unconstrained schema', {}],
    ['an array schema without items', { type: 'array' }],
  ])('validators reject it under %s', (_name, schema) => {
    const value = sharedTooDeep()
    expect(validateJsonSchemaValue(schema, value).valid).toBe(false)
    expect(compileJsonSchema(schema).is(value)).toBe(false)
    expect(compileJsonSchema(schema).validate(value).valid).toBe(false)
  })

  test('a shared part within the limit is still accepted, and walked once', () => {
    const shared = nest(100, [])
    const root: unknown[] = []
    for (let i = 0; i < 5000; i++) root.push({ shared })
    expect(materializeJson(root).ok).toBe(true)
    expect(validateJsonSchemaValue({}, root).valid).toBe(true)
    expect(compileJsonSchema({}).is(root)).toBe(true)
  })
})

// "No input value, however hostile, can make a validator hang": a typed walk over shared sub-arrays
// visits each shared part once per path unless verdicts are memoized.
describe('typed walks over shared parts stay bounded', () => {
  /** `levels` arrays, each holding `width` references to the next; the innermost holds `leaf`. */
  function fanOut(levels: number, width: number, leaf: unknown): unknown {
    let value: unknown = Array.from({ length: width }, () => leaf)
    for (let i = 1; i < levels; i++) {
      const inner = value
      value = Array.from({ length: width }, () => inner)
    }
    return value
  }
  const itemsOf = (levels: number, leaf: JsonSchemaNode): JsonSchemaNode => {
    let node = leaf
    for (let i = 0; i < levels; i++) node = { type: 'array', items: node }
    return node
  }
  const objectLeaf: JsonSchemaNode = { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } }, required: ['a'] }

  test.each<[string, JsonSchemaNode, unknown, boolean]>([
    ['strings, valid', itemsOf(4, { type: 'string' }), fanOut(4, 1000, 's'), true],
    ['strings, one bad leaf', itemsOf(4, { type: 'string' }), fanOut(3, 1000, ['s', 1]), false],
    ['objects in oneOf, valid', itemsOf(3, { oneOf: [objectLeaf, { type: 'string' }] }), fanOut(3, 1000, { a: 'x' }), true],
  ])('%s', (_name, schema, value, want) => {
    const started = performance.now()
    expect(validateJsonSchemaValue(schema, value).valid).toBe(want)
    const compiled = compileJsonSchema(schema)
    expect(compiled.is(value)).toBe(want)
    expect(compiled.validate(value).valid).toBe(want)
    // Unmemoized, the first case is 10^12 visits; memoized, well under a second on any machine.
    expect(performance.now() - started).toBeLessThan(20_000)
  })
})
