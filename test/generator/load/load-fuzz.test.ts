import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'

// Fragments that exercise every YAML construct the loader meets (and refuses): anchors, aliases,
// tags, merge keys, flow and block collections, scalars of every style, directives, documents.
const TOKENS = [
  'name', 'description', 'parameters', 'output', 'presentation', 'type', 'string', 'object', 'items', 'oneOf',
  'required', 'true', 'additionalProperties', ':', ': ', ' ', '  ', '\n', '\r\n', '\t', '- ', '[', ']', '{', '}', ',',
  '&a ', '*a', '&b ', '*b', '!', '!!str ', '!!binary ', '!x ', '<<', "'", '"', '\\', '#', '|', '>', '?', '---', '...',
  '%YAML 1.2\n', '~', '1.5', '-0', '.inf', '0x1F', 'é', '😀', '\u2028', '\uFEFF', '__proto__', 'run_code',
]

const checkShape = (text: string, bytes: Uint8Array): void => {
  const result = loadDeclarationSource('schemas/f.tool.yaml', bytes)
  const lines = text.split('\n').length
  for (const d of result.diagnostics) {
    expect(d.line).toBeGreaterThanOrEqual(1)
    expect(d.line).toBeLessThanOrEqual(lines + 1)
    expect(d.column).toBeGreaterThanOrEqual(1)
    expect(d.code).toMatch(/^[a-z0-9-]+$/)
    expect(d.message.length).toBeGreaterThan(0)
  }
  if (result.declaration !== undefined) {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(JSON.parse(JSON.stringify(result.declaration))).toStrictEqual(result.declaration)
  }
}

describe('loadDeclarationSource on arbitrary input (seeded)', () => {
  test('YAML-shaped text never throws; every diagnostic is located inside the text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 120 }), (tokens) => {
        const text = tokens.join('')
        checkShape(text, Buffer.from(text))
      }),
      { seed: 20_260_401, numRuns: 1_500 },
    )
  })

  test('arbitrary bytes never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        checkShape(Buffer.from(bytes).toString('utf8'), bytes)
      }),
      { seed: 7, numRuns: 1_000 },
    )
  })
})
