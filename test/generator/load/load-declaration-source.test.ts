import { describe, expect, test } from 'vitest'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import { positionOf } from './position-of.js'

const FILE = 'schemas/t.tool.yaml'
const load = (text: string) => loadDeclarationSource(FILE, Buffer.from(text))

const HEAD = 'name: read_file\ndescription: Read a file.\n'
const PARAMS = 'parameters:\n  path: { type: string, required: true }\n'
const OUTPUT = 'output:\n  type: string\n'

describe('loadDeclarationSource: a valid declaration', () => {
  test('becomes a plain ToolDeclaration with every field, in YAML order', () => {
    const text = `# yaml-language-server: $schema=./tool.schema.json
name: grep
description: Search files.
timeoutMs: 30000
concurrencySafe: true
parameters:
  pattern: { type: string, required: true, description: A regular expression. }
  mode: { type: string, enum: [content, files], default: content }
output:
  type: object
  additionalProperties: false
  properties:
    total: { type: integer, required: true }
    items: { type: array, items: { oneOf: [{ type: string }, { type: 'null' }] } }
presentation: { kind: search, card: search, shape: matches }
`
    const result = load(text)
    expect(result.diagnostics).toEqual([])
    expect(result.declaration).toStrictEqual({
      name: 'grep',
      description: 'Search files.',
      timeoutMs: 30000,
      concurrencySafe: true,
      parameters: {
        pattern: { type: 'string', required: true, description: 'A regular expression.' },
        mode: { type: 'string', enum: ['content', 'files'], default: 'content' },
      },
      output: {
        type: 'object',
        additionalProperties: false,
        properties: {
          total: { type: 'integer', required: true },
          items: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'null' }] } },
        },
      },
      presentation: { kind: 'search', card: 'search', shape: 'matches' },
      sourceFile: FILE,
    })
    expect(JSON.parse(JSON.stringify(result.declaration))).toStrictEqual(result.declaration)
  })

  test('annotations and approval become plain fields; absent annotation keys stay absent', () => {
    const text = `${HEAD}annotations:\n  title: Read a file\n  readOnly: true\n  openWorld: false\napproval: always\n${PARAMS}${OUTPUT}`
    const result = load(text)
    expect(result.diagnostics).toEqual([])
    expect(result.declaration?.annotations).toStrictEqual({ title: 'Read a file', readOnly: true, openWorld: false })
    expect(result.declaration?.approval).toBe('always')
    expect(load(`${HEAD}approval: never\n${PARAMS}${OUTPUT}`).declaration?.approval).toBe('never')
  })

  test('optional fields stay absent (not undefined) when not declared', () => {
    const declaration = load(`${HEAD}parameters: {}\n${OUTPUT}`).declaration
    expect(declaration && Object.keys(declaration)).toEqual(['name', 'description', 'parameters', 'output', 'sourceFile'])
  })
})

// Each case: the text, the diagnostic code and the text the caret must point at (nth occurrence).
const INVALID: [string, { text: string; code: string; at: string; nth?: number; says?: string }][] = [
  ['an unknown top-level field', { text: `${HEAD}${PARAMS}${OUTPUT}timeout: 5\n`, code: 'unknown-field', at: 'timeout: 5', says: '"timeout"' }],
  ['an unknown field with a mapping value', { text: `${HEAD}${PARAMS}${OUTPUT}extra:\n  a: 1\n`, code: 'unknown-field', at: 'extra' }],
  ['a missing output (where it belongs: after parameters)', { text: `${HEAD}${PARAMS}presentation:\n  kind: read\n`, code: 'missing-field', at: 'presentation', says: '"output"' }],
  ['a numeric name', { text: `name: 12\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: '12' }],
  ['a name with a space', { text: `name: read file\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'invalid-name', at: 'read file' }],
  ['a name starting with a digit', { text: `name: 1tool\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'invalid-name', at: '1tool' }],
  ['a 65-character name', { text: `name: ${'a'.repeat(65)}\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'invalid-name', at: 'aaa' }],
  ['the reserved run_code', { text: `name: run_code\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'reserved-name', at: 'run_code' }],
  ['index (the generated index file)', { text: `name: Index\ndescription: d\n${PARAMS}${OUTPUT}`, code: 'reserved-name', at: 'Index' }],
  ['an empty description', { text: `name: t\ndescription: "  "\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: '"  "' }],
  ['a missing description value', { text: `name: t\ndescription:\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'description' }],
  ['timeoutMs 0', { text: `${HEAD}timeoutMs: 0\n${PARAMS}${OUTPUT}`, code: 'invalid-timeout', at: '0' }],
  ['a negative timeoutMs', { text: `${HEAD}timeoutMs: -5\n${PARAMS}${OUTPUT}`, code: 'invalid-timeout', at: '-5' }],
  ['a fractional timeoutMs', { text: `${HEAD}timeoutMs: 1.5\n${PARAMS}${OUTPUT}`, code: 'invalid-timeout', at: '1.5' }],
  ['a string timeoutMs', { text: `${HEAD}timeoutMs: "100"\n${PARAMS}${OUTPUT}`, code: 'invalid-timeout', at: '"100"' }],
  ['a timeoutMs past the timer range', { text: `${HEAD}timeoutMs: 2147483648\n${PARAMS}${OUTPUT}`, code: 'invalid-timeout', at: '2147483648' }],
  ['concurrencySafe yes (a string in YAML 1.2)', { text: `${HEAD}concurrencySafe: yes\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'yes' }],
  ['annotations as a list', { text: `${HEAD}annotations: [readOnly]\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'annotations' }],
  ['an unknown annotation (at the key)', { text: `${HEAD}annotations:\n  readonly: true\n${PARAMS}${OUTPUT}`, code: 'unknown-field', at: 'readonly: true', says: 'readOnly' }],
  ['readOnly yes (a string)', { text: `${HEAD}annotations: { readOnly: yes }\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'yes' }],
  ['openWorld as a number', { text: `${HEAD}annotations:\n  openWorld: 1\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: '1' }],
  ['an empty annotations title', { text: `${HEAD}annotations: { title: "" }\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: '""' }],
  ['approval sometimes', { text: `${HEAD}approval: sometimes\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'sometimes', says: 'never or always' }],
  ['approval true', { text: `${HEAD}approval: true\n${PARAMS}${OUTPUT}`, code: 'wrong-type', at: 'true' }],
  ['parameters as a list', { text: `${HEAD}parameters:\n  - path\n${OUTPUT}`, code: 'wrong-type', at: 'parameters' }],
  ['output as a string', { text: `${HEAD}${PARAMS}output: string\n`, code: 'wrong-type', at: 'string', nth: 2 }],
  ['a typo in a parameter type', { text: `${HEAD}parameters:\n  path: { type: strin }\n${OUTPUT}`, code: 'invalid-schema', at: 'strin', says: 'parameters/path/type' }],
  ['required: false', { text: `${HEAD}parameters:\n  path: { type: string, required: false }\n${OUTPUT}`, code: 'invalid-schema', at: 'false' }],
  ['an unknown DSL keyword (at the key)', { text: `${HEAD}parameters:\n  path: { type: string, contains: uri }\n${OUTPUT}`, code: 'invalid-schema', at: 'contains: uri' }],
  ['an enum member of the wrong type', { text: `${HEAD}parameters:\n  n:\n    type: integer\n    enum: [1, two, 3]\n${OUTPUT}`, code: 'invalid-schema', at: 'two' }],
  ['an object node without additionalProperties', { text: `${HEAD}${PARAMS}output:\n  type: object\n  additionalProperties: true\n  properties:\n    deep:\n      type: object\n`, code: 'invalid-schema', at: 'deep' }],
  ['an array without items, deep in the output', { text: `${HEAD}${PARAMS}output:\n  type: object\n  additionalProperties: false\n  properties:\n    lines:\n      type: array\n`, code: 'invalid-schema', at: 'lines', says: 'output/properties/lines' }],
  ['a one-branch oneOf', { text: `${HEAD}${PARAMS}output:\n  oneOf:\n    - type: string\n`, code: 'invalid-schema', at: 'oneOf' }],
  // value constraints: located at the keyword or value, with the corpus's hints
  ['minimum above maximum', { text: `${HEAD}parameters:\n  limit: { type: integer, minimum: 5, maximum: 1 }\n${OUTPUT}`, code: 'invalid-schema', at: '5', says: 'minimum 5 is above maximum 1' }],
  ['minLength on a number', { text: `${HEAD}parameters:\n  n:\n    type: number\n    minLength: 2\n${OUTPUT}`, code: 'invalid-schema', at: 'minLength: 2', says: 'it belongs on string nodes' }],
  ['an invalid pattern', { text: `${HEAD}parameters:\n  id: { type: string, pattern: "[a-" }\n${OUTPUT}`, code: 'invalid-schema', at: '"[a-"', says: 'u flag' }],
  ['a catastrophic pattern', { text: `${HEAD}parameters:\n  id: { type: string, pattern: "^(a+)+$" }\n${OUTPUT}`, code: 'invalid-schema', at: '"^(a+)+$"', says: 'catastrophically' }],
  ['a format outside the list', { text: `${HEAD}parameters:\n  d: { type: string, format: phone }\n${OUTPUT}`, code: 'invalid-schema', at: 'phone' }],
  ['string enum values on a boolean node', { text: `${HEAD}parameters:\n  flag: { type: boolean, enum: ["True"] }\n${OUTPUT}`, code: 'invalid-schema', at: '"True"', says: 'did you mean `type: string`?' }],
  ['enum on an array node', { text: `${HEAD}parameters:\n  tags:\n    type: array\n    items: { type: string }\n    enum: [a, b]\n${OUTPUT}`, code: 'invalid-schema', at: 'enum: [a, b]', says: 'did you mean to put `enum` on `items`?' }],
  ['a default of the wrong type', { text: `${HEAD}parameters:\n  limit: { type: integer, default: ten }\n${OUTPUT}`, code: 'invalid-schema', at: 'ten', says: 'the default "ten" does not fit its node' }],
  ['a default outside the enum', { text: `${HEAD}parameters:\n  units: { type: string, enum: [metric, imperial], default: kelvin }\n${OUTPUT}`, code: 'invalid-schema', at: 'kelvin', says: 'must be one of' }],
  ['an example that breaks a bound', { text: `${HEAD}parameters:\n  fee: { type: number, maximum: 400, examples: [10, 401] }\n${OUTPUT}`, code: 'invalid-schema', at: '401', says: 'must be at most 400 (maximum)' }],
  ['a const that breaks a bound', { text: `${HEAD}${PARAMS}output: { type: integer, minimum: 3, const: 2 }\n`, code: 'invalid-schema', at: '2', nth: 1, says: 'must be at least 3' }],
  ['required on the output root', { text: `${HEAD}${PARAMS}output: { type: string, required: true }\n`, code: 'invalid-schema', at: 'true', nth: 2 }],
  ['an unknown presentation field', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  icon: x\n`, code: 'unknown-field', at: 'icon: x' }],
  ['an unknown presentation kind', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  kind: look\n`, code: 'invalid-presentation', at: 'look' }],
  ['an unknown card', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  card: table\n`, code: 'invalid-presentation', at: 'table' }],
  ['card: search without a shape', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  card: search\n`, code: 'invalid-presentation', at: 'search' }],
  ['a shape on another card', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  card: read\n  shape: paths\n`, code: 'invalid-presentation', at: 'paths' }],
  ['an unknown shape', { text: `${HEAD}${PARAMS}${OUTPUT}presentation:\n  card: search\n  shape: tree\n`, code: 'invalid-presentation', at: 'tree' }],
  ['presentation as a string', { text: `${HEAD}${PARAMS}${OUTPUT}presentation: read\n`, code: 'wrong-type', at: 'read', nth: 2 }],
]

describe('loadDeclarationSource: every rule is an error at the offending node', () => {
  test.each(INVALID)('%s', (_name, { text, code, at, nth, says }) => {
    const result = load(text)
    expect(result.declaration).toBeUndefined()
    const expected = { severity: 'error', code, file: FILE, ...positionOf(text, at, nth) }
    expect(result.diagnostics).toEqual([expect.objectContaining(expected)])
    if (says !== undefined) expect(result.diagnostics[0]?.message).toContain(says)
  })

  test('every problem of a file is reported in one pass', () => {
    const text = 'name: 1bad\ndescription: 7\ntimeoutMs: -1\nextra: x\nparameters:\n  a: { type: strin }\n  b: { type: array }\noutput: { type: object }\npresentation: { card: search }\n'
    const codes = load(text).diagnostics.map((d) => d.code)
    expect(codes.sort()).toEqual(
      ['invalid-name', 'wrong-type', 'invalid-timeout', 'unknown-field', 'invalid-schema', 'invalid-schema', 'invalid-schema', 'invalid-presentation'].sort(),
    )
  })
})

describe('nesting the generated types can check', () => {
  const chain = (levels: number): string => {
    let inner = '{ type: string }'
    for (let i = 0; i < levels; i++) inner = `{ type: object, additionalProperties: false, properties: { k: ${inner} } }`
    return inner
  }
  test('24 levels of objects in an output are fine; 25 are an error at the 25th', () => {
    expect(load(`name: t\ndescription: d\nparameters: {}\noutput: ${chain(24)}\n`).declaration).toBeDefined()
    const text = `name: t\ndescription: d\nparameters: {}\noutput: ${chain(25)}\n`
    const result = load(text)
    expect(result.declaration).toBeUndefined()
    // The output root is the first level: the 25th object (the 24th `k`) is the one past the limit, located at its key.
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'too-deep', ...positionOf(text, 'k: { type: object', 24) })])
  })
  test('the parameters count as the first level', () => {
    expect(load(`name: t\ndescription: d\nparameters:\n  k: ${chain(23)}\noutput: { type: string }\n`).declaration).toBeDefined()
    expect(load(`name: t\ndescription: d\nparameters:\n  k: ${chain(24)}\noutput: { type: string }\n`).diagnostics).toEqual([expect.objectContaining({ code: 'too-deep' })])
  })
})

describe('recoverable YAML problems do not hide the rest of the file', () => {
  test.each([
    ['a duplicate key', 'name: t\ndescription: d\nparameters:\n  p: { type: strin }\n  p: { type: string }\noutput: { type: string }\nbogus: 1\n', 'duplicate-key'],
    ['a custom tag', 'name: t\ndescription: !custom d\nparameters: {}\noutput: { type: string }\nextra: 1\n', 'yaml-tag'],
    ['a merge key', 'name: t\ndescription: d\nbase: &b { type: string }\nparameters:\n  p:\n    <<: *b\noutput: { type: string }\n', 'yaml-merge-key'],
    ['a non-string key', 'name: t\ndescription: d\nparameters:\n  1: { type: string }\noutput: { type: strin }\n', 'yaml-key'],
  ])('%s, and the DSL and field errors beside it', (_name, text, code) => {
    const result = load(text)
    expect(result.declaration).toBeUndefined()
    const codes = result.diagnostics.map((d) => d.code)
    expect(codes).toContain(code)
    expect(codes.length).toBeGreaterThan(1)
  })
})

describe('loadDeclarationSource: explanations', () => {
  test('text cut off by a comma inside { } is explained at the key it became', () => {
    const text = `${HEAD}parameters:\n  command: { type: string, description: The command line, run with bash -c. }\n${OUTPUT}`
    const [diagnostic, ...rest] = load(text).diagnostics
    expect(rest).toEqual([])
    expect(diagnostic).toMatchObject({ code: 'invalid-schema', ...positionOf(text, 'run with') })
    expect(diagnostic?.message).toContain('a comma ends the value')
  })

  test('an unknown key that is not a cut-off value gets no such hint', () => {
    const text = `${HEAD}parameters:\n  command: { type: string, descripton: x }\n${OUTPUT}`
    expect(load(text).diagnostics[0]?.message).not.toContain('a comma ends')
  })
})
