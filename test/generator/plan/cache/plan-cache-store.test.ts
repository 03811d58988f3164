import { describe, expect, test } from 'vitest'
import { PlanCacheStore } from '../../../../generator/src/plan/cache/plan-cache-store.js'

const saved = (entries: Record<string, unknown>, fingerprint = 'build-1'): string => {
  const store = PlanCacheStore.empty(fingerprint)
  for (const [key, value] of Object.entries(entries)) store.set(key, value)
  return store.serialize().toString('utf8')
}
const bytes = (text: string | undefined): Buffer | undefined => (text === undefined ? undefined : Buffer.from(text))

describe('PlanCacheStore', () => {
  test('what a run stored is found by the next run of the same build', () => {
    const next = PlanCacheStore.parse(bytes(saved({ a: 'one', b: { content: 'two' } })), 'build-1')
    expect(next.get('a')).toBe('one')
    expect(next.get('b')).toEqual({ content: 'two' })
    expect(next.get('c')).toBeUndefined()
  })

  test.each([
    ['absent', undefined],
    ['empty', ''],
    ['not JSON', 'garbage\n{'],
    ['truncated', saved({ a: 'one', b: 'two' }).slice(0, -5)],
    ['a flipped byte in the entries', saved({ a: 'one' }).replace('"one"', '"onf"')],
    ['another format', saved({ a: 'one' }).replace('toolsmith-plan-cache', 'other-cache')],
    ['another version', saved({ a: 'one' }).replace(/"version":\d+/, '"version":999')],
    ['not ASCII in the entries', saved({ a: 'one' }).replace('"one"', '"\u00e9"')],
    ['another build', saved({ a: 'one' }, 'build-0')],
    ['entries that are an array', saved({}).replace(/\n.*$/, '\n[]')],
    ['a header that is not an object', `null\n${JSON.stringify({ a: 'one' })}`],
  ])('a file that is %s reads as an empty cache', (_name, text) => {
    const store = PlanCacheStore.parse(bytes(text), 'build-1')
    expect(store.get('a')).toBeUndefined()
    expect(store.size.loaded).toBe(0)
  })

  test('any text comes back as it was stored, the file itself being ASCII', () => {
    const texts = ['café', '日本語', '😀 emoji', 'line\u2028separator', 'lone \ud800 surrogate', 'nul \u0000 and \u007f']
    const text = saved(Object.fromEntries(texts.map((value, index) => [`k${index}`, value])))
    expect(/^[\u0000-\u007f]*$/.test(text)).toBe(true)
    const next = PlanCacheStore.parse(bytes(text), 'build-1')
    expect(texts.map((_value, index) => next.get(`k${index}`))).toEqual(texts)
  })

  test('saving keeps exactly what this run used or stored: entries of changed or removed inputs are dropped', () => {
    const next = PlanCacheStore.parse(bytes(saved({ kept: 1, dropped: 2 })), 'build-1')
    next.get('kept')
    next.get('missing')
    next.set('added', 3)
    const after = PlanCacheStore.parse(next.serialize(), 'build-1')
    expect(after.size.loaded).toBe(2)
    expect([after.get('kept'), after.get('added'), after.get('dropped')]).toEqual([1, 3, undefined])
  })

  test('changed: only when something was stored or a loaded entry went unused', () => {
    const text = saved({ a: 1, b: 2 })
    const all = PlanCacheStore.parse(bytes(text), 'build-1')
    all.get('a')
    all.get('b')
    expect(all.changed).toBe(false)
    const some = PlanCacheStore.parse(bytes(text), 'build-1')
    some.get('a')
    expect(some.changed).toBe(true)
    const stored = PlanCacheStore.parse(bytes(text), 'build-1')
    stored.get('a')
    stored.get('b')
    stored.set('c', 3)
    expect(stored.changed).toBe(true)
  })
})
