import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { canonicalJson } from '../../../generator/src/diff/canonical-json.js'

// The oracle: every object's members sorted by key (code units), written out by hand.
function reference(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : reference(item))).join(',')}]`
  const members = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${reference((value as Record<string, unknown>)[key])}`)
  return `{${members.join(',')}}`
}

const cases: [string, { given: unknown; want: string }][] = [
  ['keys sorted at every level', { given: { b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }, want: '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}' }],
  ['integer-like keys sort as text, not as numbers', { given: { 10: 'x', 9: 'y', a: { 200: 1, 3: 2 } }, want: '{"10":"x","9":"y","a":{"200":1,"3":2}}' }],
  ['an own __proto__ key is an ordinary key', { given: JSON.parse('{"z":1,"__proto__":{"b":1,"a":2}}') as unknown, want: '{"__proto__":{"a":2,"b":1},"z":1}' }],
  ['absent members are left out; undefined items are null', { given: { b: undefined, a: [undefined, 1] }, want: '{"a":[null,1]}' }],
  ['a scalar', { given: 'text', want: '"text"' }],
  ['undefined', { given: undefined, want: '' }],
]

describe('canonicalJson', () => {
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(canonicalJson(given)).toBe(want)
  })

  test('agrees with the member-by-member oracle on random JSON, whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value))
      }),
      { seed: 16, numRuns: 500 },
    )
  })
})
