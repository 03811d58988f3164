import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { printDeclaration } from '../../../generator/src/import/print-declaration.js'
import { readYamlJson } from '../../../generator/src/load/read-yaml-json.js'

// The importer's printer writes YAML text itself (scalars plain, literal or double-quoted by its own rules), so the
// proof is reading it back: every printed declaration, read by the loader's own YAML reader, is exactly the JSON it
// was printed from, whatever its keys and texts hold; comments never change the value.

/** The loader's reading of a printed text: the value, or the problems. */
function readBack(text: string): unknown {
  const read = readYamlJson('schemas/x.tool.yaml', Buffer.from(text))
  if (!read.ok) return { problems: read.diagnostics.list.map((d) => d.message) }
  const errors = read.diagnostics.list.filter((d) => d.severity === 'error')
  return errors.length > 0 ? { problems: errors.map((d) => d.message) } : read.value
}

// Texts YAML reads as something else, or that end a plain scalar, a comment or a line early.
const TRICKY = [
  'true', 'False', 'NULL', 'null', 'yes', 'No', 'on', 'OFF', 'y', 'N', '~', '', ' ', 'a ', ' a', 'a: b', 'a:b', 'a #b', 'a#b', '#a', '- a', '-', '? a', ': a',
  '[a]', '{a}', 'a, b', 'a[0]', 'a{b}', '&a', '*a', '!a', '|', '>', "'a'", '"a"', '%a', '@a', '`a`', '0', '-0', '1e3', '0x1F', '0o7', '.inf', '.NaN', '1_000',
  '12:30', '2024-01-01', '<<', '---', '...', 'a\nb', 'a\n', 'a\n\n', 'a\n\n\n', '\na', '\n', '\n\n', 'a\n b', 'a\n\tb', 'a\r\nb', 'a\rb', '\t', 'a\tb',
  '\u0085', '\u007f', '\u009f', '\u2028', '\u2029', '\ufeff', '\ufffe', '\uffff', '\ud800', '\udfff', 'a\ud800b', '😀', 'é', '\u0000', '\u001b[31m',
  'x'.repeat(1100), `${'k'.repeat(1030)}: v`,
]

const text = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', ' ', ':', '#', '\n', ',', '-', '"', "'", '\\', '[', '{', '\t'), maxLength: 8 }))
const scalar = fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null))
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  // Keys through JSON.parse, so `__proto__` is an own key as the importer's inputs have it.
  map: fc.array(fc.tuple(fc.oneof(text, fc.constant('__proto__')), tie('value')), { maxLength: 4 }).map((entries) => {
    const out: Record<string, unknown> = {}
    for (const [key, member] of entries) Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true })
    return out
  }),
}))

/** Every JSON Pointer of a value's nodes (members and items). */
function pointers(node: unknown, at = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => [`${at}/${index}`, ...pointers(item, `${at}/${index}`)])
  if (typeof node === 'object' && node !== null) {
    return Object.keys(node).flatMap((key) => {
      const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`
      return [here, ...pointers((node as Record<string, unknown>)[key], here)]
    })
  }
  return []
}

describe('printDeclaration', () => {
  test('prints the README shape: schema line, header, flow leaf specs, block containers, comments before their node', () => {
    const declaration = JSON.parse(
      '{"name":"search","description":"Search: the docs.\\nTwo lines.","parameters":{"query":{"type":"string","required":true,"description":"What to look for"},"tags":{"type":"array","items":{"type":"string","enum":["a","b c"]}},"mode":{"oneOf":[{"type":"integer"},{"type":"null"}]}},"output":{"type":"json"}}',
    ) as Record<string, unknown>
    const printed = printDeclaration(declaration, '../tool.schema.json', ['imported by test'], new Map([['/parameters/tags', ['lost: x-weight: 2 dropped']], ['/parameters/mode/oneOf/1', ['the null branch']]]))
    expect(printed).toBe(
      [
        '# yaml-language-server: $schema=../tool.schema.json',
        '# imported by test',
        'name: search',
        'description: |-',
        '  Search: the docs.',
        '  Two lines.',
        'parameters:',
        '  query: { type: string, required: true, description: What to look for }',
        '  # lost: x-weight: 2 dropped',
        '  tags:',
        '    type: array',
        '    items: { type: string, enum: [ a, b c ] }',
        '  mode:',
        '    oneOf:',
        '      - { type: integer }',
        '      # the null branch',
        '      - { type: "null" }',
        'output: { type: json }',
        '',
      ].join('\n'),
    )
    expect(readBack(printed)).toEqual(declaration)
  })

  test('the loader reads back exactly the printed value, for any keys and texts, with comments anywhere', () => {
    fc.assert(
      fc.property(fc.dictionary(text, value, { maxKeys: 5 }), fc.array(text, { maxLength: 3 }), fc.infiniteStream(fc.array(text, { maxLength: 2 })), (body, header, notes) => {
        const declaration = { name: 'tool', ...body }
        const comments = new Map<string, string[]>()
        const all = ['', ...pointers(declaration)]
        all.forEach((pointer, index) => {
          if (index % 3 === 0) comments.set(pointer, notes.next().value as string[])
        })
        const printed = printDeclaration(declaration, './tool.schema.json', header, comments)
        expect(readBack(printed)).toEqual(declaration)
        expect(printDeclaration(declaration, './tool.schema.json', header, comments)).toBe(printed)
      }),
      { numRuns: 1500, seed: 14 },
    )
  })

  test('each tricky text reads back as itself as a key, a block value, a flow value and a list item', () => {
    for (const tricky of TRICKY) {
      const declaration = JSON.parse(JSON.stringify({ name: 'tool', [tricky]: tricky, leaf: { type: 'string', description: tricky }, list: [tricky, 1], mixed: [tricky, { a: tricky }], nested: { [tricky]: { deep: [tricky] } } })) as Record<string, unknown>
      expect(readBack(printDeclaration(declaration, './s.json', [tricky], new Map([[`/list/0`, [tricky]]]))), JSON.stringify(tricky)).toEqual(declaration)
    }
  })
})
