// The official JSON-Schema-Test-Suite cases that fit the subset (vendored in test/conformance/data/), run as ordinary tests.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { JsonSchemaError } from '../../runtime/src/errors.js'
import {
  assertSupportedJsonSchema,
  compileJsonSchema,
  validateJsonSchemaValue,
} from '../../runtime/src/index.js'

interface Group {
  file: string
  description: string
  schema: unknown
  tests: { description: string; data: unknown; valid: boolean }[]
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const suite = JSON.parse(
  readFileSync(path.resolve(repoRoot, 'test/conformance/data/json-schema-test-suite/subset.json'), 'utf8'),
) as { groups: Group[] }

/** Groups whose schema breaks a subset rule, each with the rule its rejection must name. Kept explicit so it cannot grow silently. */
const REJECTED: Record<string, RegExp> = {
  'enum.json: empty enum': /enum must not be empty/,
  'oneOf.json: oneOf with required': /required names must appear in properties/,
  'required.json: required with escaped characters': /required names must appear in properties/,
  'required.json: required properties whose names are Javascript object property names':
    /required names must appear in properties/,
  // The spec: "oneOf에는 최소 두 개의 분기가 필요하며" — this group nests single-branch oneOfs.
  'oneOf.json: nested oneOf, to check validation semantics': /oneOf needs at least 2 branches/,
}

function rejection(schema: unknown): JsonSchemaError | undefined {
  try {
    assertSupportedJsonSchema(schema)
    return undefined
  } catch (error) {
    if (error instanceof JsonSchemaError) return error
    throw error
  }
}

const constraints = JSON.parse(
  readFileSync(path.resolve(repoRoot, 'test/conformance/data/json-schema-test-suite/constraints.json'), 'utf8'),
) as { groups: Group[] }

test('the suite is the expected size', () => {
  expect(suite.groups).toHaveLength(46)
  expect(suite.groups.reduce((sum, group) => sum + group.tests.length, 0)).toBe(187)
})

describe.each(suite.groups.map((group) => [`${path.basename(group.file)}: ${group.description}`, group] as const))(
  '%s',
  (name, group) => {
    const rule = REJECTED[name]
    if (rule !== undefined) {
      test('is rejected for breaking a subset rule', () => {
        const error = rejection(group.schema)
        expect(error).toBeInstanceOf(JsonSchemaError)
        expect(error?.issues.map((issue) => issue.message).join('\n')).toMatch(rule)
      })
      return
    }
    test('the schema is accepted', () => {
      expect(rejection(group.schema)?.message).toBeUndefined()
    })
    test.each(group.tests.map((t) => [t.description, t] as const))('%s', (_d, { data, valid }) => {
      assertSupportedJsonSchema(group.schema)
      expect(validateJsonSchemaValue(group.schema, data).valid).toBe(valid)
      const compiled = compileJsonSchema(group.schema)
      expect(compiled.is(data)).toBe(valid)
      expect(compiled.validate(data).valid).toBe(valid)
    })
  },
)

test('the value-constraint groups are the expected size', () => {
  expect(constraints.groups).toHaveLength(44)
  expect(constraints.groups.reduce((sum, group) => sum + group.tests.length, 0)).toBe(607)
})

// Every value-constraint group fits the subset: no rejections are expected here.
describe.each(constraints.groups.map((group) => [`constraints ${path.basename(group.file)}: ${group.description}`, group] as const))(
  '%s',
  (_name, group) => {
    test('the schema is accepted', () => {
      expect(rejection(group.schema)?.message).toBeUndefined()
    })
    test.each(group.tests.map((t) => [t.description, t] as const))('%s', (_d, { data, valid }) => {
      assertSupportedJsonSchema(group.schema)
      expect(validateJsonSchemaValue(group.schema, data).valid).toBe(valid)
      const compiled = compileJsonSchema(group.schema)
      expect(compiled.is(data)).toBe(valid)
      expect(compiled.validate(data).valid).toBe(valid)
      expect(compiled.validate(data)).toEqual(validateJsonSchemaValue(group.schema, data))
    })
  },
)
