// Seeded differential test: random subset schemas with random near-schema values; the compiled
// validator, the interpreter and Ajv must agree on every one (compiled and interpreter errors deep-equal).
import { Ajv } from 'ajv'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { compileJsonSchema, validateJsonSchemaValue } from '../../../../runtime/src/schema/json-schema/index.js'
import { emitValidatorSource } from '../../../../runtime/src/schema/json-schema/emit-validator-source.js'
import type { JsonSchemaNode, JsonSchemaScalar } from '../../../../runtime/src/schema/json-schema/json-schema-node.js'
import { prepareJsonSchema } from '../../../../runtime/src/schema/json-schema/prepared-schema.js'

const SEED = 20261202
const SCHEMAS = 10_000
const VALUES_PER_SCHEMA = 6
/** Names Ajv mishandles (it reads inherited properties): compared between our two validators only. */
const INHERITED_NAMES = ['constructor', 'toString', '__proto__']
const SAFE_NAMES = ['a', 'b', 'c', 'd']

type Random = () => number
function mulberry32(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

const scalarFor: Record<string, fc.Arbitrary<JsonSchemaScalar>> = {
  string: fc.constantFrom('x', 'y', ''),
  number: fc.constantFrom(0, 1.5, -2),
  integer: fc.constantFrom(0, 1, -3),
  boolean: fc.boolean(),
  null: fc.constant(null),
}

function schemaArb(names: readonly string[]): fc.Arbitrary<JsonSchemaNode> {
  const { node } = fc.letrec<{ node: JsonSchemaNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({}),
      fc.constantFrom('string', 'number', 'integer', 'boolean', 'null').chain((type) =>
        fc.oneof(
          fc.constant({ type } as JsonSchemaNode),
          (scalarFor[type] as fc.Arbitrary<JsonSchemaScalar>).map((value) => ({ type, const: value }) as JsonSchemaNode),
          fc.uniqueArray(scalarFor[type] as fc.Arbitrary<JsonSchemaScalar>, { minLength: 1, maxLength: 3 }).map(
            (values) => ({ type, enum: values }) as JsonSchemaNode,
          ),
        ),
      ),
      fc.uniqueArray(fc.constantFrom<JsonSchemaScalar>('x', 1, true, null), { minLength: 1, maxLength: 3 }).map(
        (values) => ({ enum: values }),
      ),
      fc.record(
        { items: tie('node') },
        { requiredKeys: [] },
      ).map((rest) => ({ type: 'array', ...rest }) as JsonSchemaNode),
      fc
        .tuple(
          fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }),
          fc.array(tie('node'), { minLength: 3, maxLength: 3 }),
          fc.option(fc.boolean(), { nil: undefined }),
          fc.boolean(),
          fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        )
        .map(([keys, nodes, additional, typed, requiredFlags]) => {
          const properties: Record<string, JsonSchemaNode> = {}
          keys.forEach((key, i) => Object.defineProperty(properties, key, { value: nodes[i], enumerable: true, writable: true, configurable: true }))
          const required = keys.filter((_key, i) => requiredFlags[i] === true)
          return {
            ...(typed ? { type: 'object' as const } : {}),
            properties,
            ...(required.length > 0 ? { required } : {}),
            ...(additional === undefined ? {} : { additionalProperties: additional }),
          }
        }),
      fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((oneOf) => ({ oneOf })),
    ),
  }))
  return node
}

/** A value shaped after the schema most of the time, with random deviations, so both answers occur. */
function sample(schema: JsonSchemaNode, random: Random, names: readonly string[], depth = 0): unknown {
  if (random() < 0.15 || depth > 6) return pick(random, ['x', 0, 1.5, true, null, [], {}, [1], { a: 1 }])
  if (schema.const !== undefined) return schema.const
  if (schema.enum !== undefined) return pick(random, schema.enum)
  if (schema.oneOf !== undefined) return sample(pick(random, schema.oneOf), random, names, depth + 1)
  switch (schema.type) {
    case 'string': return pick(random, ['x', 'y', ''])
    case 'number': return pick(random, [0, 1.5, -2])
    case 'integer': return pick(random, [0, 1, -3])
    case 'boolean': return random() < 0.5
    case 'null': return null
    case 'array': {
      const items = schema.items ?? {}
      return Array.from({ length: Math.floor(random() * 3) }, () => sample(items, random, names, depth + 1))
    }
    default: {
      if (schema.type === undefined && schema.properties === undefined) return pick(random, ['x', 1, null, [true], { a: [] }])
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (random() < 0.8) Object.defineProperty(out, key, { value: sample(child, random, names, depth + 1), enumerable: true, writable: true, configurable: true })
      }
      if (random() < 0.2) out[pick(random, names)] = 1
      return out
    }
  }
}

test(`compiled, interpreter and Ajv agree on ${SCHEMAS} random schemas (seed ${SEED})`, () => {
  const ajv = new Ajv({ strict: false, allErrors: false })
  let valid = 0
  let invalid = 0
  fc.assert(
    fc.property(schemaArb(SAFE_NAMES), fc.integer(), (schema, seed) => {
      const random = mulberry32(seed)
      // The interpreter fallback would hide an emitter bug behind correct answers: code generation must succeed.
      expect(() => new Function('env', emitValidatorSource(prepareJsonSchema(schema)))).not.toThrow()
      const compiled = compileJsonSchema(schema)
      const oracle = ajv.compile(schema as object)
      for (let i = 0; i < VALUES_PER_SCHEMA; i++) {
        const value = sample(schema, random, SAFE_NAMES)
        const interpreted = validateJsonSchemaValue(schema, value)
        const is = compiled.is(value)
        expect(compiled.validate(value)).toEqual(interpreted)
        expect(is).toBe(interpreted.valid)
        expect(oracle(value)).toBe(is)
        if (is) valid++
        else invalid++
      }
      ajv.removeSchema(schema as object)
    }),
    { seed: SEED, numRuns: SCHEMAS },
  )
  // Both answers must occur often, or the test proves little.
  expect(valid).toBeGreaterThan(SCHEMAS)
  expect(invalid).toBeGreaterThan(SCHEMAS)
}, 120_000)

test('compiled and interpreter agree with inherited property names (Ajv is excluded here)', () => {
  const names = [...SAFE_NAMES.slice(0, 2), ...INHERITED_NAMES]
  fc.assert(
    fc.property(schemaArb(names), fc.integer(), (schema, seed) => {
      const random = mulberry32(seed)
      const compiled = compileJsonSchema(schema)
      for (let i = 0; i < VALUES_PER_SCHEMA; i++) {
        const value = sample(schema, random, names)
        const interpreted = validateJsonSchemaValue(schema, value)
        expect(compiled.is(value)).toBe(interpreted.valid)
        expect(compiled.validate(value)).toEqual(interpreted)
      }
    }),
    { seed: SEED + 1, numRuns: 3_000 },
  )
  expect(Object.prototype).not.toHaveProperty('a')
}, 60_000)
