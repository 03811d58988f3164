import { describe, expect, test } from 'vitest'
import { constraintPhrases, constraintText } from '@toolsmith/providers'

const cases: [string, { given: unknown; want: string[] }][] = [
  ['no bounds', { given: { type: 'string', description: 'x' }, want: [] }],
  ['not a node', { given: 'minimum', want: [] }],
  ['a closed number range', { given: { type: 'integer', minimum: 1, maximum: 100 }, want: ['at least 1', 'at most 100'] }],
  ['exclusive bounds and a step', { given: { exclusiveMaximum: 5, exclusiveMinimum: 0, multipleOf: 0.5 }, want: ['greater than 0', 'less than 5', 'a multiple of 0.5'] }],
  ['an exact length', { given: { type: 'string', minLength: 10, maxLength: 10 }, want: ['exactly 10 characters'] }],
  ['a length range, a pattern and a format', { given: { minLength: 1, maxLength: 3, pattern: '^\\d', format: 'date' }, want: ['1–3 characters', 'matches ^\\d', 'format date'] }],
  ['one character at least', { given: { minLength: 1 }, want: ['at least 1 character'] }],
  ['item bounds and uniqueness', { given: { type: 'array', maxItems: 2, uniqueItems: true }, want: ['at most 2 items', 'unique items'] }],
  ['uniqueItems false says nothing', { given: { uniqueItems: false }, want: [] }],
  ['property bounds', { given: { minProperties: 1, maxProperties: 50 }, want: ['1–50 properties'] }],
  ['one property at most', { given: { maxProperties: 1 }, want: ['at most 1 property'] }],
  ['inherited bounds are not read', { given: Object.create({ minimum: 1 }) as object, want: [] }],
  ['an accessor is not read', { given: Object.defineProperty({}, 'maximum', { get: () => 3, enumerable: true }), want: [] }],
]

describe('constraintPhrases', () => {
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(constraintPhrases(given)).toEqual(want)
    expect(constraintText(given)).toBe(want.join(', '))
  })
})
