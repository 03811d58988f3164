import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { checkContentBlocks, checkUserMessage, snapshotContentBlocks } from '../../runtime/src/content.js'
import { materializeJson, materializeJsonExact } from '../../runtime/src/json/materialize-json.js'
import { snapshotHeight } from '../../runtime/src/json/materialized-snapshots.js'
import type { SchemaIssue } from '../../runtime/src/errors.js'

// snapshotContentBlocks is the one-pass shortcut of materializeJson followed by checkContentBlocks for a rendered
// result. It must return exactly the snapshot those two steps return (the same JSON, frozen and registered with the
// same heights, so materializeJson later takes it as it is), or give up (undefined) — never accept what they refuse.

/** What the two steps answer: the snapshot when both accept the value, else undefined. */
function twoSteps(value: unknown): unknown {
  const snapshot = materializeJsonExact(value)
  const issues: SchemaIssue[] = []
  return snapshot.ok && checkContentBlocks(snapshot.value, '', issues) ? snapshot.value : undefined
}

/** A snapshot as comparable data: its JSON and, per container, whether it is frozen and the height it is registered with. */
function shape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const children = Array.isArray(value) ? value.map(shape) : Object.entries(value).map(([key, child]) => [key, shape(child)])
  return { frozen: Object.isFrozen(value), height: snapshotHeight(value), children }
}

/** The shortcut's answer agrees with the two steps: the same snapshot, or it gave up. */
function expectAgrees(make: () => unknown): unknown {
  const fast = snapshotContentBlocks(make())
  if (fast !== undefined) expect(shape(fast)).toEqual(shape(twoSteps(make())))
  return fast
}

const text = fc.string({ maxLength: 6 })
const canonicalBlock = fc.oneof(
  text.map((t) => ({ type: 'text', text: t })),
  fc.tuple(text, text).map(([data, mimeType]) => ({ type: 'image', data, mimeType })),
)
// Blocks as a renderer might write them, right or wrong: other key orders, missing or extra keys, other value types.
const anyBlock = fc.oneof(
  canonicalBlock,
  fc.dictionary(fc.constantFrom('type', 'text', 'data', 'mimeType', 'extra'), fc.oneof(text, fc.constantFrom('text', 'image'), fc.integer(), fc.constant(null)), { maxKeys: 4 }),
  fc.oneof(text, fc.integer(), fc.constant(null), fc.constant([])),
)

type Flaw = [string, (blocks: object[]) => unknown]
const getter = (value: unknown): PropertyDescriptor => ({ get: () => value, enumerable: true, configurable: true })
// Each way a list of blocks can stop being plain data or content, applied to a list of valid canonical blocks.
const flaws: Flaw[] = [
  ['a text getter', (b) => (Object.defineProperty(b[0] as object, 'text', getter('x')), b)],
  ['a type getter', (b) => (Object.defineProperty(b[0] as object, 'type', getter('text')), b)],
  ['a setter-only text', (b) => (Object.defineProperty(b[0] as object, 'text', { set: () => undefined, enumerable: true, configurable: true }), b)],
  ['a non-enumerable text', (b) => (Object.defineProperty(b[0] as object, 'text', { value: 'x', enumerable: false, configurable: true, writable: true }), b)],
  ['a non-enumerable extra key', (b) => (Object.defineProperty(b[0] as object, 'hidden', { value: 'x', enumerable: false }), b)],
  ['a symbol key on a block', (b) => (Object.assign(b[0] as object, { [Symbol('s')]: 'x' }), b)],
  ['a block with a class prototype', (b) => (Object.setPrototypeOf(b[0] as object, class {}.prototype), b)],
  ['a null-prototype block', (b) => [Object.assign(Object.create(null) as object, b[0]), ...b.slice(1)]],
  ['a Proxy block', (b) => [new Proxy(b[0] as object, {}), ...b.slice(1)]],
  ['a Proxy block whose trap throws', (b) => [new Proxy(b[0] as object, { ownKeys: () => { throw new Error('trap') } }), ...b.slice(1)]],
  ['a Proxy list', (b) => new Proxy(b, {})],
  ['a hole', (b) => (delete b[0], b)],
  ['an index getter', (b) => (Object.defineProperty(b, 0, getter(b[0])), b)],
  ['a named key on the list', (b) => Object.assign(b, { extra: 1 })],
  ['a non-enumerable named key on the list', (b) => Object.defineProperty(b, 'hidden', { value: 1, enumerable: false })],
  ['a symbol key on the list', (b) => Object.assign(b, { [Symbol('s')]: 1 })],
  ['an array subclass', (b) => Object.setPrototypeOf(b, class extends Array {}.prototype)],
  ['a cycle', (b) => (b.push(b), b)],
  ['a nested list', (b) => [b]],
  ['an earlier snapshot of a block', (b) => [(materializeJson(b[0]) as { value: object }).value, ...b.slice(1)]],
  ['an earlier snapshot of the list', (b) => (materializeJson(b) as { value: unknown }).value],
  ['an earlier snapshot that is not content', () => (materializeJson([{ type: 'text' }]) as { value: unknown }).value],
  ['too many blocks', (b) => Array.from({ length: 17 }, () => ({ ...(b[0] as object) }))],
]

describe('snapshotContentBlocks gives materializeJson and checkContentBlocks’ answer', () => {
  test('on random lists of blocks, canonical or not, each copied fresh', () => {
    fc.assert(
      fc.property(fc.array(anyBlock, { maxLength: 5 }), (blocks) => {
        expectAgrees(() => JSON.parse(JSON.stringify(blocks)) as unknown)
      }),
      { numRuns: 500 },
    )
  })

  test('takes every list of canonical blocks (up to 16) in one pass', () => {
    fc.assert(
      fc.property(fc.array(canonicalBlock, { maxLength: 16 }), (blocks) => {
        expect(expectAgrees(() => JSON.parse(JSON.stringify(blocks)) as unknown)).not.toBeUndefined()
      }),
      { numRuns: 300 },
    )
  })

  test.each(flaws)('on a list with %s', (_name, flaw) => {
    for (const size of [1, 3]) {
      const make = () => flaw(Array.from({ length: size }, (_, i) => (i % 2 === 0 ? { type: 'text', text: `t${i}` } : { type: 'image', data: 'AA==', mimeType: 'image/png' })))
      expectAgrees(make)
      // A getter is never run, by either path.
      expect(() => snapshotContentBlocks(make())).not.toThrow()
    }
  })

  test('with an enumerable key on Object.prototype, a non-enumerable text is still refused', () => {
    Object.defineProperty(Object.prototype, 'inherited', { value: 1, enumerable: true, configurable: true, writable: true })
    try {
      expectAgrees(() => [Object.defineProperty({ type: 'text' }, 'text', { value: 'x', enumerable: false })])
      expect(snapshotContentBlocks([Object.defineProperty({ type: 'text' }, 'text', { value: 'x', enumerable: false })])).toBeUndefined()
    } finally {
      delete (Object.prototype as { inherited?: unknown }).inherited
    }
  })

  test('an empty list is an empty snapshot one level high, as materializeJson registers it', () => {
    expect(shape(snapshotContentBlocks([]))).toEqual({ frozen: true, height: 1, children: [] })
  })

  test('what the shortcut returns, materializeJson takes as it is', () => {
    const content = snapshotContentBlocks([{ type: 'text', text: 'hi' }])
    const again = materializeJson(content)
    expect(again.ok && again.value).toBe(content)
    // And a getter on the input is never run: the shortcut gives up, the walk reports the accessor.
    let ran = false
    const block = Object.defineProperty({ type: 'text' }, 'text', { get: () => ((ran = true), 'x'), enumerable: true })
    expect(snapshotContentBlocks([block])).toBeUndefined()
    expect(ran).toBe(false)
  })
})

describe('the checks under a polluted Array.prototype', () => {
  /** Runs `run` with an index accessor at 0 and 1 on Object.prototype; returns what its setters received, as JSON. */
  function withIndexSetters<T>(run: () => T): { received: string; answer: T } {
    // A string, not a list: appending to a list would reach the setter itself.
    let received = ''
    try {
      for (const index of ['0', '1']) {
        Object.defineProperty(Object.prototype, index, { __proto__: null, set: (v: unknown) => void (received += JSON.stringify(v)), get: () => undefined, configurable: true } as PropertyDescriptor)
      }
      return { received, answer: run() }
    } finally {
      delete (Object.prototype as Record<string, unknown>)['0']
      delete (Object.prototype as Record<string, unknown>)['1']
    }
  }

  test('an empty block runs no index getter on the prototypes (and the shortcut gives up on it)', () => {
    let runs = 0
    let answer
    try {
      Object.defineProperty(Object.prototype, '0', { __proto__: null, get: () => (runs++, 'type'), configurable: true } as PropertyDescriptor)
      answer = snapshotContentBlocks([{}])
    } finally {
      delete (Object.prototype as Record<string, unknown>)['0']
    }
    expect(runs).toBe(0)
    expect(answer).toBeUndefined()
  })

  test.each([
    ['checkContentBlocks', (issues: SchemaIssue[]) => checkContentBlocks(materialized([{ type: 'txt', text: 'secret' }, 1]), '/content', issues), ['/content/0', '/content/1']],
    ['checkUserMessage', (issues: SchemaIssue[]) => checkUserMessage(materialized({ role: 'bot', content: 1 }), '', issues), ['/role', '/content']],
  ] as const)('%s appends its issues as own elements, never through an index setter', (_name, check, paths) => {
    const issues: SchemaIssue[] = []
    const { received, answer } = withIndexSetters(() => check(issues))
    expect(received).toBe('')
    expect(answer).toBe(false)
    expect(Object.keys(issues)).toEqual(['0', '1'])
    expect(issues.map((issue) => issue.path)).toEqual(paths)
  })
})

function materialized(value: unknown) {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) throw new Error('not JSON')
  return snapshot.value
}
