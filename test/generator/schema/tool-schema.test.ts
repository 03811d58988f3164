import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'

// The JSON Schema of the YAML format, for editors; it must accept exactly what the loader accepts,
// except where JSON Schema cannot say it (listed below and asserted as disagreements).
const schema = JSON.parse(readFileSync(new URL('../../../schemas/tool.schema.json', import.meta.url), 'utf8')) as object
const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false })
const validate = ajv.compile(schema)

const loaderAccepts = (text: string): boolean => {
  const loaded = loadDeclarationSource('schemas/t.tool.yaml', Buffer.from(text))
  return loaded.declaration !== undefined && loaded.diagnostics.length === 0
}
const schemaAccepts = (text: string): boolean => validate(parse(text)) === true

const HEAD = 'name: t\ndescription: A tool.\n'
const tool = (parameters: string, output = '{ type: string }', extra = ''): string => `${HEAD}parameters: ${parameters}\noutput: ${output}\n${extra}`

const VALID: [string, string][] = [
  ['the smallest declaration', tool('{}')],
  ['every top-level field', tool('{ p: { type: string, required: true } }', '{ type: string }', 'timeoutMs: 1000\nconcurrencySafe: false\npresentation: { kind: read, card: read }\n')],
  ['every scalar type with enum and const', tool('{ a: { type: string, enum: [x, y] }, b: { type: number, const: 1.5 }, c: { type: integer, enum: [1, 2] }, d: { type: boolean, const: true }, e: { type: "null", enum: [null] } }')],
  ['annotations everywhere', tool('{ a: { type: json, title: T, description: D, default: { any: [1] }, examples: [1, "x", null] } }')],
  ['nested closed and open objects', tool('{}', '{ type: object, additionalProperties: false, properties: { a: { type: object, additionalProperties: true, required: true }, b: { type: array, items: { type: object, additionalProperties: false } } } }')],
  ['oneOf with annotations and required as a property', tool('{ v: { oneOf: [{ type: string }, { type: integer }], required: true, description: d } }')],
  ['an object without properties', tool('{}', '{ type: object, additionalProperties: true }')],
  ['a search card with its shape', tool('{}', '{ type: string }', 'presentation: { card: search, shape: paths, kind: search }\n')],
  ['the largest timeout', tool('{}', '{ type: string }', 'timeoutMs: 2147483647\n')],
  ['a 64-character name', `name: ${'a'.repeat(64)}\ndescription: d\nparameters: {}\noutput: { type: string }\n`],
  ['a name like Index_2', `name: Index_2\ndescription: d\nparameters: {}\noutput: { type: string }\n`],
  ['an integer written as 1.0', tool('{ n: { type: integer, const: 1.0 } }')],
  ['declared annotations and approval', tool('{}', '{ type: string }', 'annotations: { title: T, readOnly: true, destructive: false, idempotent: true, openWorld: false }\napproval: always\n')],
  ['approval never and empty annotations', tool('{}', '{ type: string }', 'annotations: {}\napproval: never\n')],
  ['number bounds', tool('{ n: { type: integer, minimum: 1, maximum: 100, exclusiveMinimum: 0, exclusiveMaximum: 101, multipleOf: 1, default: 10 } }')],
  ['string bounds and a format', tool('{ d: { type: string, minLength: 10, maxLength: 10, pattern: "^[0-9]{4}-", format: date, examples: [2024-01-31] } }')],
  ['array bounds', tool('{ v: { type: array, items: { type: number }, minItems: 2, maxItems: 2, uniqueItems: true } }')],
  ['a typed map with property bounds', tool('{ cookies: { type: object, additionalProperties: { type: string }, minProperties: 1, maxProperties: 50 } }')],
]

const INVALID: [string, string][] = [
  ['no output', `${HEAD}parameters: {}\n`],
  ['an unknown annotation', tool('{}', '{ type: string }', 'annotations: { readonly: true }\n')],
  ['a string annotation flag', tool('{}', '{ type: string }', 'annotations: { openWorld: "no" }\n')],
  ['an empty annotations title', tool('{}', '{ type: string }', 'annotations: { title: " " }\n')],
  ['approval ask', tool('{}', '{ type: string }', 'approval: ask\n')],
  ['an unknown top-level field', tool('{}', '{ type: string }', 'extra: 1\n')],
  ['a bad name', tool('{}').replace('name: t', 'name: 9t')],
  ['a 65-character name', tool('{}').replace('name: t', `name: ${'a'.repeat(65)}`)],
  ['run_code', tool('{}').replace('name: t', 'name: run_code')],
  ['index in any case', tool('{}').replace('name: t', 'name: iNdEx')],
  ['an empty description', tool('{}').replace('A tool.', '"  "')],
  ['timeoutMs 0', tool('{}', '{ type: string }', 'timeoutMs: 0\n')],
  ['timeoutMs 1.5', tool('{}', '{ type: string }', 'timeoutMs: 1.5\n')],
  ['timeoutMs too large', tool('{}', '{ type: string }', 'timeoutMs: 2147483648\n')],
  ['concurrencySafe as a string', tool('{}', '{ type: string }', 'concurrencySafe: "true"\n')],
  ['parameters as a list', tool('[]')],
  ['an unknown type', tool('{ a: { type: str } }')],
  ['a node without type', tool('{ a: { description: d } }')],
  ['an unknown keyword', tool('{ a: { type: string, contains: uri } }')],
  ['a string bound on a number', tool('{ a: { type: number, minLength: 1 } }')],
  ['a number bound on a string', tool('{ a: { type: string, maximum: 1 } }')],
  ['an array bound on an object', tool('{ a: { type: object, additionalProperties: true, maxItems: 1 } }')],
  ['a format outside the list', tool('{ a: { type: string, format: phone } }')],
  ['a negative count', tool('{ a: { type: array, items: { type: json }, minItems: -1 } }')],
  ['multipleOf 0', tool('{ a: { type: number, multipleOf: 0 } }')],
  ['a typed map whose value spec is broken', tool('{}', '{ type: object, additionalProperties: { type: strin } }')],
  ['required: false', tool('{ a: { type: string, required: false } }')],
  ['required as a list', tool('{}', '{ type: object, additionalProperties: false, required: [a] }')],
  ['required on the output root', tool('{}', '{ type: string, required: true }')],
  ['required on array items', tool('{}', '{ type: array, items: { type: string, required: true } }')],
  ['required on a oneOf branch', tool('{}', '{ oneOf: [{ type: string, required: true }, { type: integer }] }')],
  ['an empty enum', tool('{ a: { type: string, enum: [] } }')],
  ['a duplicate enum value', tool('{ a: { type: integer, enum: [1, 1] } }')],
  ['an enum member of another type', tool('{ a: { type: string, enum: [x, 1] } }')],
  ['a fractional integer const', tool('{ a: { type: integer, const: 1.5 } }')],
  ['a null const on a boolean', tool('{ a: { type: boolean, const: null } }')],
  ['enum on an array', tool('{}', '{ type: array, items: { type: string }, enum: [[]] }')],
  ['an array without items', tool('{}', '{ type: array }')],
  ['an object without additionalProperties', tool('{}', '{ type: object }')],
  ['additionalProperties as a list', tool('{}', '{ type: object, additionalProperties: [a] }')],
  ['items on an object', tool('{}', '{ type: object, additionalProperties: true, items: { type: string } }')],
  ['properties on json', tool('{}', '{ type: json, properties: {} }')],
  ['a one-branch oneOf', tool('{}', '{ oneOf: [{ type: string }] }')],
  ['oneOf beside a type', tool('{}', '{ type: string, oneOf: [{ type: string }, { type: integer }] }')],
  ['a title that is not a string', tool('{ a: { type: string, title: 1 } }')],
  ['a bad presentation kind', tool('{}', '{ type: string }', 'presentation: { kind: look }\n')],
  ['a bad card', tool('{}', '{ type: string }', 'presentation: { card: table }\n')],
  ['card: search without shape', tool('{}', '{ type: string }', 'presentation: { card: search }\n')],
  ['a shape without card: search', tool('{}', '{ type: string }', 'presentation: { card: read, shape: paths }\n')],
  ['a shape alone', tool('{}', '{ type: string }', 'presentation: { shape: paths }\n')],
  ['an unknown presentation field', tool('{}', '{ type: string }', 'presentation: { icon: x }\n')],
  ['a deep error', tool('{}', '{ type: array, items: { type: object, additionalProperties: false, properties: { a: { type: array, items: { type: strin } } } } }')],
]

// What the loader enforces and JSON Schema cannot express: each is loader-invalid and schema-valid.
const LOADER_ONLY: [string, string][] = [
  ['a const that is not one of the enum values', tool('{ a: { type: string, enum: [x], const: y } }')],
  ['minimum above maximum', tool('{ a: { type: integer, minimum: 5, maximum: 1 } }')],
  ['an invalid pattern', tool('{ a: { type: string, pattern: "[a-" } }')],
  ['a catastrophic pattern', tool('{ a: { type: string, pattern: "^(a+)+$" } }')],
  ['a default of the wrong type', tool('{ limit: { type: integer, default: ten } }')],
  ['a default outside the enum', tool('{ units: { type: string, enum: [metric, imperial], default: kelvin } }')],
  ['an example that breaks a format', tool('{ d: { type: string, format: date, examples: [next tuesday] } }')],
  ['nesting past the DSL bound (256 levels)', tool('{}', `${'{ type: array, items: '.repeat(258)}{ type: string }${' }'.repeat(258)}`)],
]

describe('schemas/tool.schema.json agrees with the loader', () => {
  test.each(VALID)('valid: %s', (_name, text) => {
    expect(loaderAccepts(text)).toBe(true)
    expect(schemaAccepts(text), JSON.stringify(validate.errors)).toBe(true)
  })

  test.each(INVALID)('invalid: %s', (_name, text) => {
    expect(loaderAccepts(text)).toBe(false)
    expect(schemaAccepts(text)).toBe(false)
  })

  test.each(LOADER_ONLY)('loader only (JSON Schema cannot say it): %s', (_name, text) => {
    expect(loaderAccepts(text)).toBe(false)
    expect(schemaAccepts(text)).toBe(true)
  })
})
