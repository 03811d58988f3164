import { describe, expect, test } from 'vitest'
import { cacheKey, exactJson, isSettled, survivesJson } from '../../../../generator/src/plan/cache/cache-key.js'

const withOwnProto = (): object => {
  const value = {}
  Object.defineProperty(value, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true })
  return value
}

describe('cacheKey', () => {
  test.each([
    ['part boundaries', ['ab', 'c'], ['a', 'bc']],
    ['an empty part', ['a', ''], ['a']],
    ['text against bytes', ['abc'], [new TextEncoder().encode('abc')]],
    ['order', ['a', 'b'], ['b', 'a']],
  ])('tells apart %s', (_name, a, b) => {
    expect(cacheKey(a)).not.toBe(cacheKey(b))
  })

  test('is the same for the same parts', () => {
    expect(cacheKey(['x', new Uint8Array([1, 2])])).toBe(cacheKey(['x', new Uint8Array([1, 2])]))
  })
})

describe('exactJson', () => {
  test.each([
    ['-0 and 0', -0, 0],
    ['key order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['an own __proto__ key and none', withOwnProto(), {}],
    ['undefined and null', [undefined], [null]],
    ['NaN and null', NaN, null],
    ['a string and a number', '1', 1],
  ])('tells apart %s', (_name, a, b) => {
    expect(exactJson(a)).not.toBe(exactJson(b))
  })

  test('equal values give equal texts', () => {
    expect(exactJson({ a: [1, 'x', null, { b: true }] })).toBe(exactJson({ a: [1, 'x', null, { b: true }] }))
  })
})

describe('survivesJson', () => {
  test.each([
    ['plain JSON', { a: [1, 'x', null, true, { b: 2.5 }] }, true],
    ['an own __proto__ key', withOwnProto(), true],
    ['-0', { a: -0 }, false],
    ['Infinity', [Infinity], false],
    ['undefined', { a: undefined }, false],
    ['a getter', Object.defineProperty({}, 'a', { get: () => 1, enumerable: true }), false],
  ])('%s: %s', (_name, value, want) => {
    expect(survivesJson(value)).toBe(want)
    if (want) expect(exactJson(JSON.parse(JSON.stringify(value)))).toBe(exactJson(value))
  })
})

describe('isSettled', () => {
  const second = 1_000_000_000n
  const now = 1_700_000_000n * second
  const at = (ago: bigint, wholeSeconds = false): { mtimeNs: bigint; ctimeNs: bigint } => {
    const time = wholeSeconds ? ((now - ago) / second) * second : now - ago
    return { mtimeNs: time, ctimeNs: time }
  }
  test('a file with sub-second times is settled once it is older than a fine timestamp tick (100 ms)', () => {
    expect(isSettled(at(50_000_000n), now)).toBe(false)
    expect(isSettled(at(150_000_000n), now)).toBe(true)
  })
  test('a file with whole-second times (FAT keeps 2 s, HFS+ and ext3 1 s) is settled only after 2 s', () => {
    expect(isSettled(at(1_500_000_000n, true), now)).toBe(false)
    expect(isSettled(at(2_500_000_000n, true), now)).toBe(true)
  })
  test('both times count: a recent change time (a write that put the modification time back) is not settled', () => {
    expect(isSettled({ mtimeNs: now - 10n * second + 1n, ctimeNs: now - 1n }, now)).toBe(false)
  })
})
