import fc from 'fast-check'
import { expect, test } from 'vitest'
import { tsStringLiteral } from '../../../generator/src/print/ts-literals.js'
import { printJsonStringLiteral, printStringLiteral } from '../../../generator/src/print/typescript/prettier-literals.js'

// The Code Mode SDK module's literal (a megabyte for a thousand tools) is requoted in a few passes; it must give what
// the general requoting gives, whichever quote wins.
test('a JSON string literal requoted in bulk is the literal requoted quote by quote', () => {
  const text = fc.string({ unit: fc.constantFrom('"', "'", '\\', 'a', ' ', '\n', '\u2028', '\u0000', 'é', '😀'), maxLength: 60 })
  fc.assert(
    fc.property(text, fc.boolean(), (value, singleQuote) => {
      const raw = tsStringLiteral(value)
      expect(printJsonStringLiteral(raw, singleQuote)).toBe(printStringLiteral(raw, singleQuote))
    }),
    { seed: Number(process.env.SEED ?? 17), numRuns: Number(process.env.RUNS ?? 2000) },
  )
})
