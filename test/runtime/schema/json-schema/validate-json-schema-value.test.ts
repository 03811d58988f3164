import { describe, expect, test } from 'vitest'
import { JsonSchemaError } from '../../../../runtime/src/errors.js'
import { MAX_ISSUES, validateJsonSchemaValue } from '../../../../runtime/src/index.js'
import { materializeJson } from '../../../../runtime/src/json/materialize-json.js'
import type { JsonSchemaNode } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'
import { expectErrors, validationCases } from './validation-cases.js'


describe('validateJsonSchemaValue (the interpreter)', () => {
  test.each(validationCases)('%s', (_name, { schema, given, want }) => {
    const result = validateJsonSchemaValue(schema, given())
    expect(result.valid).toBe(want.length === 0)
    expectErrors(result.errors, want)
  })

  test('an unsupported schema throws JsonSchemaError', () => {
    expect(() => validateJsonSchemaValue({ type: 'string', pattern: '(' } as JsonSchemaNode, 'x')).toThrow(JsonSchemaError)
    expect(() => validateJsonSchemaValue({ enum: [] }, 'x')).toThrow(JsonSchemaError)
  })

  test(`errors are capped at ${MAX_ISSUES}`, () => {
    const result = validateJsonSchemaValue({ items: { type: 'string' } }, Array.from({ length: 500 }, () => 0))
    expect(result.valid).toBe(false)
    expect(result.errors).toHaveLength(MAX_ISSUES)
    expect(result.errors[MAX_ISSUES - 1]?.path).toBe(`/${MAX_ISSUES - 1}`)
  })

  test('a materialized snapshot is accepted without a deep walk, and still validated by schema', () => {
    const snap = materializeJson({ a: [1, 2], b: 'x' })
    if (!snap.ok) throw new Error('expected ok')
    expect(validateJsonSchemaValue({}, snap.value).valid).toBe(true)
    expect(validateJsonSchemaValue({ properties: { b: { type: 'number' } } }, snap.value).errors.map((e) => e.path)).toEqual(['/b'])
  })

  test('the schema is cached but a mutation after first use does not change the trusted copy', () => {
    const schema: { type: 'string' | 'number' } = { type: 'string' }
    expect(validateJsonSchemaValue(schema, 'x').valid).toBe(true)
    schema.type = 'number'
    expect(validateJsonSchemaValue(schema, 'x').valid).toBe(true)
  })

  test('prototype pollution never makes an inherited key count', () => {
    const proto = Object.prototype as Record<string, unknown>
    proto['name'] = 'polluted'
    let results: unknown[]
    try {
      results = [
        validateJsonSchemaValue({ properties: { name: { type: 'string' } }, required: ['name'] }, {}).valid,
        validateJsonSchemaValue({ type: 'object', additionalProperties: false }, {}).valid,
        validateJsonSchemaValue({ type: 'object', properties: { name: { type: 'number' } } }, {}).valid,
      ]
    } finally {
      delete proto['name']
    }
    expect(results).toEqual([false, true, true])
  })

  test('an object literal __proto__ in a schema is caught (it sets the prototype, it is no property)', () => {
    expect(() => validateJsonSchemaValue({ properties: { __proto__: { type: 'number' } } } as JsonSchemaNode, {})).toThrow(/plain object/)
  })

  test('Object.prototype gains nothing from hostile keys', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}') as unknown
    validateJsonSchemaValue({}, hostile)
    validateJsonSchemaValue(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object"}}}') as JsonSchemaNode, hostile)
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
