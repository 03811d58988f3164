import { expect, test } from 'vitest'
import { set } from '../../providers/src/lower-schema.js'

// The lowering defines keys named like Object.prototype members through a null-prototype descriptor: under a
// polluted Object.prototype.get or .set a literal descriptor inherits it and defineProperty throws.
test.each(['get', 'set'])('a property named like a prototype member is set under a polluted Object.prototype.%s', (member) => {
  const target: Record<string, unknown> = {}
  Object.defineProperty(Object.prototype, member, { value: () => undefined, configurable: true, writable: true })
  try {
    set(target, 'constructor', { type: 'string' })
    set(target, 'toString', { type: 'integer' })
  } finally {
    delete (Object.prototype as Record<string, unknown>)[member]
  }
  expect(Object.entries(target)).toEqual([['constructor', { type: 'string' }], ['toString', { type: 'integer' }]])
})
