import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  jsdocComment,
  literalLayout,
  printJsonStringLiteral,
  printStringLiteral,
  quotedString,
  tsSpecLiteral,
} from '../../../../generator/src/print/typescript/literals.js'
import { jsonText } from '../../../../generator/src/model/tool-declaration.js'

// Evaluates an emitted expression the way a module would, so the tests check meaning, not spelling.
const evaluate = (expression: string): unknown => new Function(`"use strict"; return (${expression})`)()

// Structural equality over own keys read by descriptor: expect's equality reads `constructor` and friends, which
// these very values own.
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b)
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  const keys = Object.keys(a)
  if (keys.join('\u0000') !== Object.keys(b).join('\u0000')) return false
  return keys.every((key) => sameJson(Object.getOwnPropertyDescriptor(a, key)?.value, Object.getOwnPropertyDescriptor(b, key)?.value))
}

const HOSTILE = ['__proto__', 'constructor', 'toString', '*/', '`${x}`', '</script>', '\u2028', '\u2029', 'a|b', 'a\nb', '\\', '"', "'", '']
const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...HOSTILE))
const seeded = { seed: 20240611, numRuns: 500 }

describe('TypeScript literals', () => {
  test('a string literal evaluates to the same string and stays on one line', () => {
    fc.assert(
      fc.property(text, (value) => {
        const literal = jsonText(value)
        expect(evaluate(literal)).toBe(value)
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/)
      }),
      seeded,
    )
  })

  test('a property key defines an own property of that name and never touches the prototype', () => {
    fc.assert(
      fc.property(text, (key) => {
        const object = evaluate(tsSpecLiteral({ [key]: 1 }, literalLayout({}))) as object
        expect(Object.getOwnPropertyDescriptor(object, key)?.value).toBe(1)
        expect(Object.getPrototypeOf(object)).toBe(Object.prototype)
      }),
      seeded,
    )
  })

  test.each([[Number.NaN], [Number.POSITIVE_INFINITY], [undefined], [() => 1]])('%s is not JSON and is refused', (value) => {
    expect(() => tsSpecLiteral(value, literalLayout({}))).toThrow(TypeError)
  })
})

describe('the spec literal', () => {
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.integer(), text, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3, noNullPrototype: true })),
  })).value
  const layouts = fc.record({ useTabs: fc.boolean(), tabWidth: fc.integer({ min: 1, max: 8 }), singleQuote: fc.boolean(), trailingComma: fc.constantFrom('all', 'es5', 'none'), bracketSpacing: fc.boolean() })

  test('evaluates to an equal value, own keys and __proto__ included, in any layout', () => {
    fc.assert(
      fc.property(json, layouts, (value, options) => {
        expect(sameJson(evaluate(tsSpecLiteral(value, literalLayout(options))), value)).toBe(true)
      }),
      seeded,
    )
  })

  test('a string evaluates to itself in either preferred quote, on one line', () => {
    fc.assert(
      fc.property(text, fc.constantFrom("'", '"'), (value, quote: "'" | '"') => {
        const literal = quotedString(value, quote)
        expect(evaluate(literal)).toBe(value)
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/)
      }),
      seeded,
    )
  })

  test.each([
    ['it\'s', "'", '"it\'s"'],
    ['say "hi"', "'", "'say \"hi\"'"],
    ['say "hi"', '"', "'say \"hi\"'"],
    ["it's \"x\" \"y\"", '"', "'it\\'s \"x\" \"y\"'"],
    ['back\\slash', "'", "'back\\\\slash'"],
  ])('%s with %s preferred is %s (prettier picks the quote needing fewer escapes)', (value, quote, want) => {
    expect(quotedString(value, quote as "'" | '"')).toBe(want)
  })

  test('nodes of scalars stay on one line; nodes holding nodes take a line per member', () => {
    const spec = { a: { type: 'string', enum: ['x', 'y'] }, b: { type: 'array', items: { type: 'null' } } }
    const layout = literalLayout({ singleQuote: true, trailingComma: 'none', tabWidth: 2 })
    expect(tsSpecLiteral(spec, layout)).toBe(
      "{\n  a: { type: 'string', enum: ['x', 'y'] },\n  b: {\n    type: 'array',\n    items: { type: 'null' }\n  }\n}",
    )
    expect(tsSpecLiteral({}, layout)).toBe('{}')
    expect(tsSpecLiteral([], layout)).toBe('[]')
    expect(tsSpecLiteral({ a: 1 }, literalLayout({ bracketSpacing: false }))).toBe('{a: 1}')
  })
})

describe('comments', () => {
  test('a JSDoc block never closes before its end and keeps every line prefixed', () => {
    fc.assert(
      fc.property(text, (value) => {
        const comment = jsdocComment(value)
        expect(comment.startsWith('/**')).toBe(true)
        expect(comment.slice(3, -2)).not.toContain('*/')
        expect(comment.endsWith('*/')).toBe(true)
        for (const line of comment.split('\n').slice(1)) expect(line).toMatch(/^ \*/)
      }),
      seeded,
    )
  })
})

// The Code Mode SDK module's literal (a megabyte for a thousand tools) is requoted in a few passes; it must give what
// the general requoting gives, whichever quote wins.
test('a JSON string literal requoted in bulk is the literal requoted quote by quote', () => {
  const text = fc.string({ unit: fc.constantFrom('"', "'", '\\', 'a', ' ', '\n', '\u2028', '\u0000', 'é', '😀'), maxLength: 60 })
  fc.assert(
    fc.property(text, fc.boolean(), (value, singleQuote) => {
      const raw = jsonText(value)
      expect(printJsonStringLiteral(raw, singleQuote)).toBe(printStringLiteral(raw, singleQuote))
    }),
    { seed: Number(process.env.SEED ?? 17), numRuns: Number(process.env.RUNS ?? 2000) },
  )
})
