import { describe, expect, test } from 'vitest'
import { omitUndefinedDecisionKeys } from '../../../runtime/src/json/omit-undefined-keys.js'

describe('omitUndefinedDecisionKeys', () => {
  const context = () => ({ role: 'user', content: 'more', source: undefined })
  const cases: [string, { given: () => unknown; want: unknown }][] = [
    ['a context in a plain array', { given: () => ({ kind: 'accept', additionalContexts: [context()] }), want: { kind: 'accept', additionalContexts: [{ role: 'user', content: 'more' }] } }],
    // A frozen array's slots are read-only: the cleaned context is defined into the copy, not assigned.
    ['a context in a frozen array', { given: () => ({ kind: 'accept', additionalContexts: Object.freeze([context()]) }), want: { kind: 'accept', additionalContexts: [{ role: 'user', content: 'more' }] } }],
    ['a frozen decision and context', { given: () => Object.freeze({ kind: 'accept', additionalContexts: Object.freeze([Object.freeze(context())]) }), want: { kind: 'accept', additionalContexts: [{ role: 'user', content: 'more' }] } }],
  ]
  test.each(cases)('leaves out an undefined source of %s', (_name, { given, want }) => {
    const cleaned = omitUndefinedDecisionKeys(given()) as { additionalContexts: object[] }
    expect(cleaned).toEqual(want)
    expect(Object.hasOwn(cleaned.additionalContexts[0] as object, 'source')).toBe(false)
  })
})
