import { describe, expect, test } from 'vitest'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import { MAX_SOURCE_BYTES } from '../../../generator/src/load/read-source-file.js'
import { MAX_YAML_DEPTH, MAX_YAML_VALUES } from '../../../generator/src/load/parse-yaml-source.js'
import { positionOf } from './position-of.js'

const FILE = 'schemas/t.tool.yaml'
const load = (source: string | Uint8Array) => loadDeclarationSource(FILE, typeof source === 'string' ? Buffer.from(source) : source)
const VALID = 'name: t\ndescription: A tool.\nparameters:\n  path: { type: string, required: true }\noutput: { type: string }\n'

describe('hostile and unusual YAML', () => {
  test.each<[string, string, string, { needle: string; occurrence?: number } | { line: number; column: number }]>([
    ['a syntax error', 'name: t\ndescription: [unclosed\n', 'yaml-syntax', { line: 3, column: 1 }],
    ['a duplicate key (named with its first line)', 'name: a\ndescription: d\nname: b\n', 'duplicate-key', { needle: 'name', occurrence: 2 }],
    ['a second document', `${VALID}---\nname: other\n`, 'yaml-multiple-documents', { needle: '---' }],
    ['a !!js/function tag', 'name: !!js/function "function () {}"\n', 'yaml-tag', { needle: '!!js' }],
    ['a custom tag', 'name: t\ndescription: !secret x\n', 'yaml-tag', { needle: '!secret' }],
    ['a !!binary tag', 'name: t\ndescription: !!binary aGk=\n', 'yaml-tag', { needle: '!!binary' }],
    ['a merge key', 'base: &b { type: string }\nname: t\nparameters:\n  p:\n    <<: *b\n', 'yaml-merge-key', { needle: '<<' }],
    ['a number key', 'name: t\nparameters:\n  1: { type: string }\n', 'yaml-key', { needle: '1:' }],
    ['a boolean key', 'true: 1\n', 'yaml-key', { line: 1, column: 1 }],
    ['a list as key', '? [a, b]\n: 1\n', 'yaml-key', { needle: '[a' }],
    ['.inf', 'name: t\ntimeoutMs: .inf\n', 'yaml-number', { needle: '.inf' }],
    ['.nan', 'name: t\ntimeoutMs: .NaN\n', 'yaml-number', { needle: '.NaN' }],
    ['an alias inside its own anchor', 'name: t\noutput: &o { type: array, items: *o }\n', 'yaml-alias', { needle: '*o' }],
    ['an ambiguous anchor (at its colon)', 'name: &a: t\n', 'yaml-syntax', { line: 1, column: 9 }],
    ['an empty file', '', 'empty-file', { line: 1, column: 1 }],
    ['comments only', '# nothing here\n# at all\n', 'empty-file', { line: 1, column: 1 }],
    ['a list at the root', '- name: t\n', 'not-a-mapping', { line: 1, column: 1 }],
    ['a scalar at the root', 'just text\n', 'not-a-mapping', { line: 1, column: 1 }],
  ])('%s is an error at its place', (_name, text, code, where) => {
    const result = load(text)
    expect(result.declaration).toBeUndefined()
    const expected = 'needle' in where ? positionOf(text, where.needle, where.occurrence) : where
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', code, file: FILE, ...expected }))
  })

  test('a duplicate key names where the key first appears', () => {
    const [diagnostic] = load('name: a\ndescription: d\nname: b\n').diagnostics
    expect(diagnostic?.message).toContain('first at line 1, column 1')
  })

  test('core-schema tags that only restate a JSON type are accepted', () => {
    const result = load('name: !!str t\ndescription: !!str 123\nparameters: !!map {}\noutput: { type: string }\n')
    expect(result.diagnostics).toEqual([])
    expect(result.declaration?.description).toBe('123')
  })

  test('anchors and aliases are copies of the anchored value, and issues inside them point at the anchor', () => {
    const ok = load('name: t\ndescription: d\nparameters:\n  a: &s { type: string }\n  b: *s\noutput: *s\n')
    expect(ok.diagnostics).toEqual([])
    expect(ok.declaration?.output).toEqual({ type: 'string' })
    expect(ok.declaration?.parameters).toEqual({ a: { type: 'string' }, b: { type: 'string' } })
    const text = 'name: t\ndescription: d\nparameters:\n  a: &s { type: strin }\noutput: *s\n'
    const bad = load(text)
    expect(bad.diagnostics.map((d) => [d.code, d.line, d.column])).toContainEqual(['invalid-schema', ...Object.values(positionOf(text, 'strin'))])
  })

  test('an alias bomb stops at the expansion bound, quickly', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for (let i = 1; i < 12; i++) levels.push(`${'abcdefghijkl'[i]}: &${'abcdefghijkl'[i]} [${Array(9).fill(`*${'abcdefghijkl'[i - 1]}`).join(',')}]`)
    const started = performance.now()
    const result = load(`${levels.join('\n')}\n`)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'yaml-too-large', message: expect.stringContaining(String(MAX_YAML_VALUES)) })])
  })

  test('deep flow nesting is refused before it reaches the recursive composer', () => {
    const depth = 50_000
    const text = `name: t\noutput: ${'['.repeat(depth)}${']'.repeat(depth)}\n`
    const result = load(text)
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'yaml-too-deep', line: 2, column: 9 + MAX_YAML_DEPTH - 1 })])
  })

  test('of two collections nested too deep, the first in the text is reported', () => {
    const deep = `${'['.repeat(MAX_YAML_DEPTH + 5)}${']'.repeat(MAX_YAML_DEPTH + 5)}`
    const result = load(`name: t\nfirst: ${deep}\nsecond: ${deep}\n`)
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'yaml-too-deep', line: 2, column: 8 + MAX_YAML_DEPTH - 1 })])
  })

  test('a flow collection as an implicit key, one level deeper in the tree than on the parser stack, is refused', () => {
    const result = load(`${'['.repeat(MAX_YAML_DEPTH)}${']'.repeat(MAX_YAML_DEPTH)}: x\n`)
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'yaml-too-deep', line: 1, column: MAX_YAML_DEPTH })])
  })

  test('deep block nesting within the bound loads; the DSL bound reports it as a schema issue', () => {
    const lines = ['name: t', 'description: d', 'parameters: {}', 'output:']
    let indent = '  '
    for (let i = 0; i < 300; i++) {
      lines.push(`${indent}type: array`, `${indent}items:`)
      indent += '  '
    }
    lines.push(`${indent}type: string`)
    const result = load(`${lines.join('\n')}\n`)
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-schema', message: expect.stringContaining('nested more than') })])
  })

  test('a file over the size bound is refused without parsing', () => {
    const result = load(new Uint8Array(MAX_SOURCE_BYTES + 1).fill(0x20))
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'file-too-large', line: 1, column: 1 })])
  })

  test('non-UTF-8 bytes are an error at the first bad byte', () => {
    const result = load(new Uint8Array([...Buffer.from('name: t\ndescription: caf'), 0xe9, ...Buffer.from('\n')]))
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-utf8', line: 2, column: 17 })])
  })

  test('a BOM and CRLF line ends are accepted, with columns still right', () => {
    const text = 'name: t\r\ndescription: d\r\nparameters:\r\n  p: { type: strng }\r\noutput: { type: string }\r\n'
    const result = load(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]))
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'invalid-schema', ...positionOf(text, 'strng') })])
    expect(load(`\uFEFF${VALID.replaceAll('\n', '\r\n')}`).declaration?.name).toBe('t')
  })

  test('__proto__, constructor and toString keys stay own data properties', () => {
    const text = 'name: t\ndescription: d\nparameters:\n  __proto__: { type: string }\n  constructor: { type: number }\n  toString: { type: boolean }\noutput: { type: string }\n'
    const result = load(text)
    expect(result.diagnostics).toEqual([])
    const parameters = result.declaration?.parameters ?? {}
    expect(Object.getPrototypeOf(parameters)).toBe(Object.prototype)
    expect(Object.keys(parameters)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(parameters, '__proto__')?.value).toEqual({ type: 'string' })
  })
})
