import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { escapeJsonControls } from '../../../generator/src/model/tool-declaration.js'
import { planFiles } from '../../../generator/src/plan/plan-files.js'
import { layOutJson } from '../../../generator/src/print/catalog-layout.js'
import { fixtureCase, memoryOptions } from '../plan/fixture-project.js'

// catalog.json skips prettier when this layout is known to be prettier's; these tests hold it to that.
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('한국어', '字字字字字字字字字字字字字字字字字字字字', '😀', 'e\u0301', '"', '\\', '\u2028', 'x'.repeat(90), 'del \u007f', 'c1 \u0080\u0085\u009f', '\u00a0 nbsp'),
)
const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }))
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    number,
    text,
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value
const layouts = fc.record({ printWidth: fc.integer({ min: 20, max: 140 }), tabWidth: fc.integer({ min: 1, max: 8 }), useTabs: fc.boolean() })

describe('JSON laid out as prettier lays it out', () => {
  test('random values and layouts', async () => {
    let compared = 0
    await fc.assert(
      fc.asyncProperty(json, layouts, async (value, options) => {
        const local = layOutJson(value, options)
        if (local === undefined) return
        compared += 1
        expect(local).toBe(await prettier.format(escapeJsonControls(JSON.stringify(value, null, 2)), { ...options, parser: 'json' }))
      }),
      { seed: 1234, numRuns: 400 },
    )
    expect(compared).toBeGreaterThan(300)
  })

  test.each([
    ['arrays of two or more arrays of two or more break', { a: [[1, 2], [3, 4]] }, '{\n  "a": [\n    [1, 2],\n    [3, 4]\n  ]\n}\n'],
    ['one short inner array does not force it', { a: [[1, 2], [3]] }, '{\n  "a": [[1, 2], [3]]\n}\n'],
    ['a non-empty object inside breaks the array', { a: [{ b: 1 }] }, '{\n  "a": [\n    {\n      "b": 1\n    }\n  ]\n}\n'],
    ['empty containers', { a: [], b: {}, c: [{}, []] }, '{\n  "a": [],\n  "b": {},\n  "c": [{}, []]\n}\n'],
  ])('%s', async (_name, value, want) => {
    expect(layOutJson(value)).toBe(want)
    expect(await prettier.format(JSON.stringify(value, null, 2), { parser: 'json' })).toBe(want)
  })

  test.each([
    ['numbers that do not fit (prettier fills them)', { a: Array.from({ length: 40 }, (_, index) => index * 1000) }, {}],
    ['an exponent', { a: 1e21 }, {}],
    ['CRLF line ends', { a: 1 }, { endOfLine: 'crlf' }],
  ])('left to prettier: %s', (_name, value, options) => {
    expect(layOutJson(value, options)).toBeUndefined()
  })
})

describe('DEL and C1 controls in catalog.json', () => {
  test('are escaped as \\u007f … \\u009f, the value unchanged (U+00A0 is not a control and stays)', () => {
    const value = { a: 'x\u007fy\u0080\u009f\u00a0', 'k\u0085': 1 }
    const laidOut = layOutJson(value) ?? ''
    expect(laidOut).toBe('{\n  "a": "x\\u007fy\\u0080\\u009f\u00a0",\n  "k\\u0085": 1\n}\n')
    expect(JSON.parse(laidOut)).toEqual(value)
  })

  // Printed here (no prettier config) and by prettier (CRLF is left to it): neither writes them raw.
  test.each([['printed here', undefined], ['formatted by prettier', { endOfLine: 'crlf' }]])('%s', async (_name, prettierrc) => {
    const cwd = mkdtempSync(join(tmpdir(), 'toolsmith-c1-'))
    try {
      if (prettierrc !== undefined) writeFileSync(join(cwd, '.prettierrc.json'), JSON.stringify(prettierrc))
      const [first, ...rest] = (await fixtureCase('cards')).declarations
      const hostile = { ...first!, description: 'del \u007f and c1 \u0085\u009b[31m here' }
      const result = await planFiles([hostile, ...rest], memoryOptions(cwd, new Map()))
      const catalog = result.files.find((file) => file.path === 'docs/catalog.json')?.content ?? ''
      expect(catalog).not.toMatch(/[\u007f-\u009f]/)
      expect(catalog).toContain('del \\u007f and c1 \\u0085\\u009b[31m here')
      const tools = (JSON.parse(catalog) as { tools: { description: string }[] }).tools
      expect(tools.map((tool) => tool.description)).toContain(hostile.description)
    } finally {
      rmSync(cwd, { recursive: true, force: true })
    }
  })
})
