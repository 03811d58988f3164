import { crc32 } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { PlanCacheStore } from '../../../../generator/src/plan/cache/plan-cache-store.js'

const saved = (entries: Record<string, unknown>, fingerprint = 'build-1'): Buffer => {
  const store = PlanCacheStore.empty(fingerprint)
  for (const [key, value] of Object.entries(entries)) store.set(key, value)
  return store.serialize()
}
const read = (bytes: Buffer | undefined): PlanCacheStore => PlanCacheStore.parse(bytes, 'build-1')
/** The file after `store` (read from `file`) saved by appending, as the file writer does. */
const appended = (file: Buffer, store: PlanCacheStore): Buffer => {
  const save = store.saving()
  expect(save.append).toBe(true)
  return Buffer.concat([file, ...save.parts])
}
/** A segment written by hand: `values`, then the index `lines`, then the trailer (checksum and all). */
const segment = (values: string, lines: readonly string[], generation: string): Buffer => {
  const body = Buffer.from(`${values}${lines.map((line) => `${line}\n`).join('')}`)
  const digits = (value: number, width: number): string => String(value).padStart(width, '0')
  const trailer = `#${digits(Buffer.byteLength(values), 12)} ${digits(body.length - Buffer.byteLength(values), 12)} ${digits(crc32(body), 10)} ${generation}\n`
  return Buffer.concat([body, Buffer.from(trailer)])
}
const header = (generation = '0123456789abcdef', fingerprint = 'build-1'): Buffer =>
  Buffer.from(`${JSON.stringify({ format: 'toolsmith-plan-cache', version: 4, fingerprint, generation })}\n`)

describe('PlanCacheStore', () => {
  test('what a run stored is found by the next run of the same build', () => {
    const next = read(saved({ a: 'one', b: { content: 'two' } }))
    expect(next.get('a')).toBe('one')
    expect(next.get('b')).toEqual({ content: 'two' })
    expect(next.get('c')).toBeUndefined()
  })

  const flipped = (file: Buffer, at: (text: string) => number): Buffer => {
    const copy = Buffer.from(file)
    const index = at(copy.toString('latin1'))
    copy[index] = (copy[index] as number) ^ 1
    return copy
  }
  test.each([
    ['absent', undefined],
    ['empty', Buffer.from('')],
    ['not JSON', Buffer.from('garbage\n{')],
    ['truncated', saved({ a: 'one', b: 'two' }).subarray(0, -5)],
    ['cut short by a torn append', Buffer.concat([saved({ a: 'one' }), Buffer.from('two')])],
    ['a flipped byte in a value', flipped(saved({ a: 'one' }), (text) => text.indexOf('one'))],
    ['a flipped byte in the index', flipped(saved({ a: 'one' }), (text) => text.indexOf('\ta'))],
    ['another format', Buffer.from(saved({ a: 'one' }).toString('latin1').replace('toolsmith-plan-cache', 'other-cache'), 'latin1')],
    ['another version', Buffer.from(saved({ a: 'one' }).toString('latin1').replace(/"version":\d+/, '"version":999'), 'latin1')],
    ['another build', saved({ a: 'one' }, 'build-0')],
    ['a segment of another file (generation)', Buffer.concat([header('fedcba9876543210'), segment('one', ['t+0,3\ta'], '0123456789abcdef')])],
    ['a header that is not an object', Buffer.concat([Buffer.from('null\n'), segment('one', ['t+0,3\ta'], '0123456789abcdef')])],
    ['a line that is not an entry', Buffer.concat([header(), segment('one', ['t+0,3\ta', 'no tab here'], '0123456789abcdef')])],
    ['a quoted key that is not JSON', Buffer.concat([header(), segment('one', ['t+0,3\t"a'], '0123456789abcdef')])],
  ])('a file that is %s reads as an empty cache', (_name, bytes) => {
    const store = read(bytes)
    expect(store.get('a')).toBeUndefined()
    expect(store.size.loaded).toBe(0)
  })

  test('an entry pointing where its value cannot lie reads as absent; the others are found', () => {
    // `+` offsets lie among the segment's own values; the others in the segments before it (there are none here).
    const file = Buffer.concat([header(), segment('onetwo', ['t+0,3\tgood', 't+3,9\tpast-the-values', 't0,3\tnot-before'], '0123456789abcdef')])
    const store = read(file)
    expect([store.get('good'), store.get('past-the-values'), store.get('not-before')]).toEqual(['one', undefined, undefined])
  })

  test('any text and any key come back as they were stored, and the index is ASCII', () => {
    const texts = ['café', '日本語', '😀 emoji', 'line\u2028separator', 'lone \ud800 surrogate', 'nul \u0000 and \u007f', '']
    const keys = ['plain', 'tab\tin it', 'line\nbreak', '"quoted"', 'é', 'nul\u0000part']
    const file = saved(Object.fromEntries([...texts.map((value, index) => [`k${index}`, value]), ...keys.map((key) => [key, key])]))
    const next = read(file)
    expect(texts.map((_value, index) => next.get(`k${index}`))).toEqual(texts)
    expect(keys.map((key) => next.get(key))).toEqual(keys)
    const segmentIndex = file.toString('latin1').split('\n').filter((line) => /^[tj]\+/.test(line) || line.startsWith('"'))
    expect(segmentIndex.every((line) => /^[\u0000-\u007f]*$/.test(line))).toBe(true)
  })

  test('a text asked for with text() is decoded only when called, and kept by saving as any entry used', () => {
    const next = read(saved({ text: 'the text', json: { a: 1 } }))
    const text = next.text('text')
    expect(next.text('json')).toBeUndefined()
    expect(next.text('missing')).toBeUndefined()
    expect(text?.()).toBe('the text')
    const untouched = read(saved({ text: 'the text', other: 1 }))
    untouched.text('text')
    expect(read(untouched.serialize()).keys()).toEqual(['text'])
  })

  test('saving keeps exactly what this run used or stored: entries of changed or removed inputs are dropped', () => {
    const next = read(saved({ kept: 1, dropped: 2 }))
    next.get('kept')
    next.get('missing')
    next.set('added', 3)
    const after = read(next.serialize())
    expect(after.size.loaded).toBe(2)
    expect([after.get('kept'), after.get('added'), after.get('dropped')]).toEqual([1, 3, undefined])
  })

  test('changed: only when something was stored or a loaded entry went unused', () => {
    const file = saved({ a: 1, b: 2 })
    const all = read(file)
    all.get('a')
    all.get('b')
    expect(all.changed).toBe(false)
    const some = read(file)
    some.get('a')
    expect(some.changed).toBe(true)
    const stored = read(file)
    stored.get('a')
    stored.get('b')
    stored.set('c', 3)
    expect(stored.changed).toBe(true)
  })

  test('a run appends what it stored and dropped: the values it only read are neither decoded again nor written again', () => {
    const big = 'x'.repeat(10_000)
    const file = saved({ big, small: 'old', gone: 'bye' })
    const run = read(file)
    expect(run.get('big')).toBe(big)
    run.get('small')
    run.set('small', 'new')
    const save = run.saving()
    expect(save.append).toBe(true)
    const written = Buffer.concat([...save.parts])
    expect(written.length).toBeLessThan(200)
    expect(written.toString('latin1')).not.toContain('xxx')
    const next = read(Buffer.concat([file, written]))
    expect([next.get('big'), next.get('small'), next.get('gone')]).toEqual([big, 'new', undefined])
    expect([...next.keys()].sort()).toEqual(['big', 'small'])
  })

  test('segments two runs appended after the same file both count, the later one last', () => {
    // A value both runs keep, large enough for the file to take two appends.
    const file = saved({ shared: 'old', first: 'f'.repeat(2_000), second: 2 })
    const one = read(file)
    for (const key of ['shared', 'first', 'second']) one.get(key)
    one.set('shared', 'from one')
    one.set('one', true)
    const two = read(file)
    for (const key of ['shared', 'first', 'second']) two.get(key)
    two.set('shared', 'from two')
    const both = read(Buffer.concat([appended(file, one), ...two.saving().parts]))
    expect([both.get('shared'), both.get('one'), both.get('first'), both.get('second')]).toEqual(['from two', true, 'f'.repeat(2_000), 2])
  })

  test('once appending would leave more bytes unused than used, the file is written anew with only what is used', () => {
    const kept = 'k'.repeat(10_000)
    let file = saved({ kept, value: '0'.repeat(1_000) })
    const modes: boolean[] = []
    for (let round = 1; round <= 20; round++) {
      const run = read(file)
      run.get('kept')
      run.set('value', String(round % 10).repeat(1_000))
      const save = run.saving()
      modes.push(save.append)
      file = save.append ? Buffer.concat([file, ...save.parts]) : Buffer.concat([...save.parts])
      // The bytes used: the two values and an index line each.
      expect(file.length).toBeLessThanOrEqual(2 * (11_000 + 200))
      expect([read(file).get('kept'), read(file).get('value')]).toEqual([kept, String(round % 10).repeat(1_000)])
    }
    // Appended while there was room, then written anew (and appended to again).
    expect(modes.slice(0, 5)).toEqual([true, true, true, true, true])
    expect(modes).toContain(false)
    expect(modes.lastIndexOf(true)).toBeGreaterThan(modes.indexOf(false))
  })
})
