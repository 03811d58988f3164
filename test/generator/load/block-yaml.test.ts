import fc from 'fast-check'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { Document, isCollection, stringify, visit } from 'yaml'
import { readBlockYaml } from '../../../generator/src/load/block-yaml.js'
import { readYamlJson } from '../../../generator/src/load/read-yaml-json.js'
// @ts-expect-error: a plain .mjs module of the benches
import { syntheticDeclarations } from '../../../bench/generate/synthetic-tools.mjs'

// The fast path may decline anything, but whatever it reads must be exactly what the full path (yaml's parser and
// composer, then the JSON conversion) reads from a text it finds no problem in: same value, same key order, same
// numbers (-0 included), same position of the name value.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const FILE = 'schemas/t.tool.yaml'

type At = { line: number; column: number }

function full(text: string): { value: unknown; nameAt: At | undefined; locate: (pointer: string, atKey: boolean) => At } | undefined {
  const read = readYamlJson(FILE, Buffer.from(text))
  if (!read.ok || read.diagnostics.list.length > 0) return undefined
  const value = read.value as Record<string, unknown>
  const nameAt = typeof value === 'object' && value !== null && Object.hasOwn(value, 'name') && (typeof value['name'] !== 'object' || value['name'] === null) ? read.diagnostics.position(read.locate('/name')) : undefined
  return { value, nameAt, locate: (pointer, atKey) => read.diagnostics.position(read.locate(pointer, atKey)) }
}

/** Every pointer into a value, plus one past each container (a member or item it does not have). */
function pointers(value: unknown, at = ''): string[] {
  if (typeof value !== 'object' || value === null) return [at, `${at}/x`]
  const escape = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1')
  const children = Array.isArray(value) ? value.map((item, i) => pointers(item, `${at}/${i}`)) : Object.keys(value).map((key) => pointers((value as Record<string, unknown>)[key], `${at}/${escape(key)}`))
  return [at, `${at}/99`, `${at}/missing`, ...children.flat()]
}

/**
 * Where two JSON values differ: the prototype, the own keys in order, each property's flags, numbers by Object.is.
 * (toStrictEqual would compare own `constructor` members as the values' types.)
 */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b) ? [] : [`${at}: ${String(a)} vs ${String(b)}`]
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return [`${at}: prototypes differ`]
  const keysA = Reflect.ownKeys(a)
  const keysB = Reflect.ownKeys(b)
  if (JSON.stringify(keysA.map(String)) !== JSON.stringify(keysB.map(String))) return [`${at}: keys ${keysA.map(String).join(',')} vs ${keysB.map(String).join(',')}`]
  return keysA.flatMap((key) => {
    const da = Object.getOwnPropertyDescriptor(a, key)!
    const db = Object.getOwnPropertyDescriptor(b, key)!
    const flags = (d: PropertyDescriptor): string => `${String(d.writable)}${String(d.enumerable)}${String(d.configurable)}${'get' in d || 'set' in d ? 'accessor' : ''}`
    return flags(da) !== flags(db) ? [`${at}/${String(key)}: flags differ`] : differences(da.value, db.value, `${at}/${String(key)}`)
  })
}

/** Holds the fast path to the full path on one text; returns whether the fast path read it. */
function agrees(text: string): boolean {
  const fast = readBlockYaml(text, true)
  expect(readBlockYaml(text)?.value).toEqual(fast?.value)
  if (fast === undefined) return false
  const slow = full(text)
  expect(slow, `the fast path read a text the full path refuses:\n${text}`).toBeDefined()
  expect(differences(fast.value, slow?.value), text).toEqual([])
  for (const pointer of pointers(slow?.value)) {
    for (const atKey of [false, true]) expect(fast.locate?.(pointer, atKey), `${pointer} ${String(atKey)}\n${text}`).toEqual(slow?.locate(pointer, atKey))
  }
  if (slow?.nameAt !== undefined && fast.nameAt !== undefined) expect(fast.nameAt, text).toEqual(slow.nameAt)
  if (typeof slow?.value === 'object' && slow.value !== null && typeof (slow.value as { name?: unknown }).name === 'string') expect(fast.nameAt, text).toEqual(slow.nameAt)
  return true
}

describe('readBlockYaml', () => {
  test.each([
    ['block mappings and sequences', 'name: a\nlist:\n  - 1\n  - x: 2\n    y: [ ]\n  -\n  - - 3\n    - 4\nnested:\n  deeper:\n    k: v\n', true],
    ['the common shapes', 'name: a\ndescription: Says hello.\nparameters:\n  x:\n    type: string\n    required: true\noutput:\n  oneOf:\n    - type: string\n    - type: "null"\n', true],
    ['a compact sequence at the key indentation', 'name: a\nitems:\n- 1\n- two\nafter: x\n', true],
    ['comments everywhere', '# head\nname: a # the name\n  # indented comment\nlist: # c\n  - 1 # one\n\n  # between\n  - 2\n', true],
    ['folded plain scalars', 'name: a\ndescription: one\n  two\n\n  three\n\n\n  four\nnext: x\n', true],
    ['folded double-quoted scalars', 'name: a\ndescription: "one \\"q\\"\n  two\n\n  three \\u00e9 \\\\ \\/ \\t"\n', true],
    ['folded single-quoted scalars', "name: a\ndescription: 'it''s\n  two\n\n  three'\n", true],
    ['core-schema scalars', 'name: a\nv: [~, null, Null, NULL, true, False, 0o17, 0x1F, -0, +5, 007, 1e3, .5, -1.50, 1_000, 0o8, .inf]\n', false],
    ['core-schema scalars in a block', 'name: a\nv:\n  - ~\n  - null\n  -\n  - True\n  - FALSE\n  - 0o17\n  - 0x1F\n  - -0\n  - +5\n  - 007\n  - 1e3\n  - .5\n  - -1.50\n  - 1_000\n  - 0o8\n  - 12345678901234567890\n  - 1.\n  - yes\n', true],
    ['quoted and odd keys', 'name: a\n"a b": 1\n\'c: d\': 2\n__proto__: 3\nx y: 4\n"": 5\n', true],
    ['names Object.prototype has', 'name: a\ntoString: 1\nconstructor:\n  hasOwnProperty: 2\n__proto__:\n  valueOf: 3\n', true],
    ['plain scalars with indicators inside', 'name: a\nurl: http://x.test/a?b=c#d\nx: a, b ] } [ {\ny: a -b c\nz: -5\nw: é ü 😀\n', true],
    ['empty collections and values', 'name: a\nobj: {}\narr: []\nnothing:\nlast: {} # c\n', true],
    ['an indented root', '  name: a\n  b: c\n', true],
    ['non-breaking spaces are content', 'name: a\nv: x\u00a0\nw: "\u00a0y"\n', true],
    ['a name that is a number', 'name: 12\n', true],
    ['a quoted name', 'name: "a"\n', true],
    // Each of these is refused or read differently by the full path, or is outside the subset: the fast path declines.
    ['a duplicate key', 'name: a\nname: b\n', false],
    ['a merge key', 'name: a\n<<: {}\n', false],
    ['anchors and aliases', 'name: a\nb: &x\n  c:\n    - 1\n  d: &y 2\ne: *x\nf:\n  - &z\n    - 3\n  - *z\n  - *y # c\n  - &w {}\n  - *w\n', true],
    ['an anchored name', 'name: &n a\nb: *n\n', false],
    ['an alias before its anchor', 'name: a\nb: *x\nc: &x 1\n', false],
    ['an alias inside its own anchor', 'name: a\nb: &x\n  c: *x\n', false],
    ['an anchor defined twice', 'name: a\nb: &x 1\nc: &x 2\nd: *x\n', false],
    ['a tag', 'name: !!str a\n', false],
    ['a tab', 'name: a\nb:\tc\n', false],
    ['CRLF', 'name: a\r\nb: c\r\n', false],
    ['a block scalar', 'name: a\nb: |\n  c\n', false],
    ['a second document', 'name: a\n---\nb: c\n', false],
    ['flow collections on one line', 'name: a\nb: { c: d, "e f": [1, -2.5, "x, y", \'z\'], g: {}, h: [] } # c\nlist:\n  - { type: string, required: true }\n  - [a b, { c: null }]\n', true],
    ['a flow collection over lines', 'name: a\nb: { c: d,\n  e: f }\n', false],
    ['a trailing comma', 'name: a\nb: [1, 2, ]\n', false],
    ['an empty flow value', 'name: a\nb: { c: }\n', false],
    ['a pair inside a flow list', 'name: a\nb: [c: d]\n', false],
    ['a colon inside a flow scalar', 'name: a\nb: [http://x]\n', false],
    ['a duplicate flow key', 'name: a\nb: { c: 1, c: 2 }\n', false],
    ['a non-string key', 'name: a\n1: b\n', false],
    ['a nested mapping on one line', 'name: a\nb: c: d\n', false],
    ['bad indentation', 'name: a\nb:\n    c: 1\n  d: 2\n', false],
    ['a more indented line after a comment', 'name: a # c\n  b\n', false],
    ['an unclosed quote', 'name: "a\n', false],
    ['a YAML-only escape', 'name: "\\x41"\n', false],
    ['an escaped line break', 'name: "a\\\n  b"\n', false],
    ['.nan', 'name: a\nb: .nan\n', false],
    ['a number past the double range', 'name: a\nb: -1e400\n', false],
    ['an integer past the double range', `name: a\nb: ${'9'.repeat(400)}\n`, false],
    ['a directive', '%YAML 1.2\n---\nname: a\n', false],
    ['a scalar root', 'just text\n', false],
    ['an empty file', '', false],
  ])('%s', (_name, text, read) => {
    expect(agrees(text)).toBe(read)
  })

  test('a polluted Object.prototype accessor is not called: the key stays an own data property', () => {
    let called = false
    Object.defineProperty(Object.prototype, 'polluted', { configurable: true, set: () => void (called = true), get: () => 'inherited' })
    try {
      const read = readBlockYaml('name: a\npolluted: own\n')
      expect(called).toBe(false)
      expect(Object.getOwnPropertyDescriptor(read?.value, 'polluted')).toEqual({ value: 'own', writable: true, enumerable: true, configurable: true })
    } finally {
      delete (Object.prototype as { polluted?: unknown }).polluted
    }
  })

  test('reads every synthetic benchmark declaration as yaml.stringify writes it', () => {
    const declarations = syntheticDeclarations(300, repoRoot) as object[]
    const declined = declarations.filter((d) => !agrees(stringify(d)))
    expect(declined).toEqual([])
  })

  // Random values with every character YAML gives a meaning to, written by yaml.stringify in varied styles, then
  // randomly damaged: whatever the fast path reads, the full path reads the same way and finds no problem in.
  const CHARS = [' ', '  ', ':', ': ', '#', ' #', '"', "'", '\\', '\n', '\n\n', '-', '- ', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '%', '@', '`', '?', 'a', 'b', 'x', '1', '0', '.', 'e', 'é', '\u00a0', '~', 'null', 'true', '0x', '0o', '\t', '\u2028']
  const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((parts) => parts.join(''))
  const key = fc.oneof(fc.constantFrom('name', 'description', 'type', '__proto__', 'toString', 'constructor', 'a b', 'true', '1', '-k', 'x:y', '', 'é'), text)
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.array(tie('tree'), { maxLength: 4 }), fc.dictionary(key, tie('tree'), { maxKeys: 4 })),
  }))
  // A value used twice makes yaml.stringify write an anchor and an alias.
  const document = fc
    .record({ name: fc.oneof(fc.constantFrom('a_tool', 'x'), text), rest: fc.dictionary(key, tree, { maxKeys: 5 }), share: fc.boolean() })
    .map(({ name, rest, share }) => {
      const shared = Object.values(rest).find((value) => typeof value === 'object' && value !== null)
      return { name, ...rest, ...(share && shared !== undefined ? { again: shared, list: [shared, shared] } : {}) }
    })
  const options = fc.record({
    lineWidth: fc.integer({ min: 0, max: 60 }),
    minContentWidth: fc.integer({ min: 0, max: 20 }),
    indent: fc.integer({ min: 1, max: 4 }),
    indentSeq: fc.boolean(),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE') as fc.Arbitrary<'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'>,
    defaultKeyType: fc.constantFrom(null, 'PLAIN', 'QUOTE_DOUBLE') as fc.Arbitrary<null | 'PLAIN' | 'QUOTE_DOUBLE'>,
    flowDepth: fc.integer({ min: 0, max: 3 }),
  })
  const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('delete', 'insert', 'indent', 'dedent', 'duplicate-line'), insert: fc.constantFrom(...CHARS) })

  test('agrees with the full path on stringified and damaged documents (seeded)', () => {
    let read = 0
    fc.assert(
      fc.property(document, options, fc.array(edit, { maxLength: 3 }), (value, style, edits) => {
        let yamlText: string
        try {
          // Collections from `flowDepth` down are written in flow style (yaml breaks them over lines past lineWidth).
          const doc = new Document(value)
          visit(doc, {
            Collection(_key, node, path) {
              if (style.flowDepth > 0 && path.filter(isCollection).length >= style.flowDepth) node.flow = true
            },
          })
          const { flowDepth: _flowDepth, ...options } = style
          yamlText = doc.toString(options)
        } catch {
          return
        }
        for (const { at, kind, insert } of edits) {
          const i = yamlText.length === 0 ? 0 : at % yamlText.length
          const lineStart = yamlText.lastIndexOf('\n', i - 1) + 1
          if (kind === 'delete') yamlText = yamlText.slice(0, i) + yamlText.slice(i + 1)
          else if (kind === 'insert') yamlText = yamlText.slice(0, i) + insert + yamlText.slice(i)
          else if (kind === 'indent') yamlText = `${yamlText.slice(0, lineStart)} ${yamlText.slice(lineStart)}`
          else if (kind === 'dedent' && yamlText[lineStart] === ' ') yamlText = yamlText.slice(0, lineStart) + yamlText.slice(lineStart + 1)
          else if (kind === 'duplicate-line') {
            const end = yamlText.indexOf('\n', i)
            const line = yamlText.slice(lineStart, end < 0 ? undefined : end + 1)
            yamlText = yamlText.slice(0, lineStart) + line + yamlText.slice(lineStart)
          }
        }
        if (agrees(yamlText)) read++
      }),
      { seed: 20_261_203, numRuns: 3_000 },
    )
    // The property says nothing when everything is declined: most of these texts must take the fast path.
    expect(read).toBeGreaterThan(500)
  })
})
