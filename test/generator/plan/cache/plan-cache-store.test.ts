import { createHash } from 'node:crypto'
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

  // A file as another writer might have spelled it (same JSON, other spacing), with a correct checksum.
  const handWritten = (lines: readonly string[], fingerprint = 'build-1'): Buffer => {
    const body = Buffer.from(lines.join('\n'), 'latin1')
    const header = { format: 'toolsmith-plan-cache', version: 3, fingerprint, checksum: createHash('sha256').update(body).digest('base64url') }
    return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body])
  }

  test('an entry used but not stored again is saved as the very text it was read from (not written out again)', () => {
    const store = PlanCacheStore.parse(handWritten(['"kept"\t{ "b": 1,  "a": [ 2 ] }', '"other"\t"x"']), 'build-1')
    expect(store.get('kept')).toEqual({ b: 1, a: [2] })
    store.get('other')
    store.set('added', { c: 3 })
    const text = store.serialize().toString('latin1')
    expect(text.split('\n').slice(1)).toEqual(['"kept"\t{ "b": 1,  "a": [ 2 ] }', '"other"\t"x"', '"added"\t{"c":3}'])
  })

  test('an entry stored again is written out from its new value', () => {
    const store = PlanCacheStore.parse(handWritten(['"kept"\t{ "b": 1 }']), 'build-1')
    store.get('kept')
    store.set('kept', { b: 2 })
    expect(store.serialize().toString('latin1').split('\n').slice(1)).toEqual(['"kept"\t{"b":2}'])
  })

  test('an entry whose value does not parse reads as absent; the others are found', () => {
    const store = PlanCacheStore.parse(handWritten(['"bad"\t{"a":', '"good"\t1']), 'build-1')
    expect(store.get('bad')).toBeUndefined()
    expect(store.get('good')).toBe(1)
    // The unreadable entry is not kept.
    expect(store.changed).toBe(true)
    expect(PlanCacheStore.parse(store.serialize(), 'build-1').size.loaded).toBe(1)
  })

  test.each([
    ['a line without a tab', ['"a"\t1', 'no tab here']],
    ['a key that is not a JSON string', ['42\t1']],
  ])('a file with %s reads as an empty cache', (_name, lines) => {
    const store = PlanCacheStore.parse(handWritten(lines), 'build-1')
    expect(store.size.loaded).toBe(0)
  })
})
