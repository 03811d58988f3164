import { describe, expect, test } from 'vitest'
import { MAX_JSON_DEPTH, materializeJson } from '../../../runtime/src/json/index.js'
import { compileJsonSchema, validateJsonSchemaValue } from '../../../runtime/src/schema/json-schema/index.js'
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
