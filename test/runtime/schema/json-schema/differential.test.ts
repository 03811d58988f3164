// Seeded differential test: random subset schemas with random near-schema values; the compiled
// validator, the interpreter and Ajv must agree on every one (compiled and interpreter errors deep-equal).
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { compileJsonSchema, validateJsonSchemaValue } from '../../../../runtime/src/index.js'
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

// Value-constraint nodes: each keyword on its own kind and on typeless nodes (where it applies only to
// values of its kind), bounds drawn so that samples land on both sides of them.
const FORMATS = ['date-time', 'date', 'time', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'uri'] as const
// Strings on both sides of every bound and format. Left out on purpose: the cases where ajv-formats
// departs from the JSON-Schema-Test-Suite (a time without an offset, A-label host names, durations
// which the vendored suite covers instead), and a one-label mail domain ("a@b": RFC 5321 allows it, Ajv does not).
const STRINGS = ['', 'x', 'ab', 'abc', '😀😀', 'a😀', '2020-02-29', '2021-02-29', '1963-06-19T08:30:06Z', '08:30:06Z', '25:00:00Z',
  'joe@example.com', 'a@b@c', 'example.com', '-bad.com', '192.168.0.1', '256.1.1.1', '::1', '1::2::3',
  '2eb8aa08-aa98-11ea-b4aa-73b441d16380', 'http://a.b/c?d#e', 'not a uri', 'aaa', 'ba']
const NUMBERS = [-3, -1, 0, 0.5, 1, 1.5, 2, 3, 4.5, 10, 100]
function constrainedArb(tie: (key: string) => fc.Arbitrary<unknown>): fc.Arbitrary<JsonSchemaNode> {
  const typed = fc.boolean()
  const bound = fc.constantFrom(-1, 0, 1, 2, 3)
  const count = fc.constantFrom(0, 1, 2, 3)
  const option = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 })
  const defined = (record: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))
  return fc.oneof(
    fc
      .record({ typed, integer: fc.boolean(), minimum: option(bound), maximum: option(fc.constantFrom(1, 2, 3, 10)), exclusiveMinimum: option(bound), exclusiveMaximum: option(fc.constantFrom(2, 3, 100)), multipleOf: option(fc.constantFrom(0.5, 1, 2, 3)) })
      .filter((r) => (r.minimum ?? -Infinity) <= (r.maximum ?? Infinity) && (r.exclusiveMinimum ?? -Infinity) < (r.exclusiveMaximum ?? Infinity) && (r.exclusiveMinimum ?? -Infinity) < (r.maximum ?? Infinity) && (r.minimum ?? -Infinity) < (r.exclusiveMaximum ?? Infinity))
      .map(({ typed: t, integer, ...rest }) => ({ ...(t ? { type: integer ? 'integer' : 'number' } : {}), ...defined(rest) }) as JsonSchemaNode),
    fc
      .record({ typed, minLength: option(count), maxLength: option(fc.constantFrom(1, 2, 3)), pattern: option(fc.constantFrom('^a', 'b$', '^[a-z]+$', '\\d', '^\\p{L}+$')), format: option(fc.constantFrom(...FORMATS)) })
      .filter((r) => (r.minLength ?? 0) <= (r.maxLength ?? Infinity))
      .map(({ typed: t, ...rest }) => ({ ...(t ? { type: 'string' } : {}), ...defined(rest) }) as JsonSchemaNode),
    fc
      .record({ typed, items: option(tie('node')), minItems: option(count), maxItems: option(fc.constantFrom(1, 2, 3)), uniqueItems: option(fc.boolean()) })
      .filter((r) => (r.minItems ?? 0) <= (r.maxItems ?? Infinity))
      .map(({ typed: t, ...rest }) => ({ ...(t ? { type: 'array' } : {}), ...defined(rest) }) as JsonSchemaNode),
    fc
      .record({ typed, additionalProperties: option(tie('node')), minProperties: option(count), maxProperties: option(fc.constantFrom(1, 2, 3)), key: fc.constantFrom('a', 'b') , declared: option(tie('node')) })
      .filter((r) => (r.minProperties ?? 0) <= (r.maxProperties ?? Infinity))
      .map(({ typed: t, key, declared, ...rest }) => {
        const properties: Record<string, unknown> = {}
        if (declared !== undefined) Object.defineProperty(properties, key, { value: declared, enumerable: true, writable: true, configurable: true })
        return { ...(t ? { type: 'object' } : {}), ...(declared === undefined ? {} : { properties }), ...defined(rest) } as JsonSchemaNode
      }),
  )
}

function schemaArb(names: readonly string[], constrained = false): fc.Arbitrary<JsonSchemaNode> {
  const { node } = fc.letrec<{ node: JsonSchemaNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      ...(constrained ? [constrainedArb(tie), constrainedArb(tie)] : []),
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
  if (random() < 0.15 || depth > 6) return pick(random, ['x', 0, 1.5, true, null, [], {}, [1], { a: 1 }, 'abc', 3, [1, 1]])
  if (schema.const !== undefined) return schema.const
  if (schema.enum !== undefined) return pick(random, schema.enum)
  if (schema.oneOf !== undefined) return sample(pick(random, schema.oneOf), random, names, depth + 1)
  switch (schema.type) {
    case 'string': return pick(random, schema.pattern !== undefined || schema.format !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined ? STRINGS : ['x', 'y', ''])
    case 'number': return pick(random, schema.minimum !== undefined || schema.multipleOf !== undefined || schema.maximum !== undefined || schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined ? NUMBERS : [0, 1.5, -2])
    case 'integer': return pick(random, [0, 1, -3, 2, 3, 10])
    case 'boolean': return random() < 0.5
    case 'null': return null
    case 'array': {
      const items = schema.items ?? {}
      const made = Array.from({ length: Math.floor(random() * 4) }, () => sample(items, random, names, depth + 1))
      // Repeat an item now and then, so uniqueItems meets duplicates.
      if (made.length > 1 && random() < 0.3) made[made.length - 1] = structuredClone(made[0])
      return made
    }
    default: {
      if (schema.type === undefined && schema.properties === undefined && schema.additionalProperties === undefined) {
        return pick(random, ['x', 1, null, [true], { a: [] }, ...STRINGS.slice(0, 8), ...NUMBERS, [1, 1], ['a', 'b'], { a: 1, b: 2 }])
      }
      if (typeof schema.additionalProperties === 'object' && random() < 0.6) {
        const extra = schema.additionalProperties
        const out: Record<string, unknown> = {}
        for (let i = Math.floor(random() * 3); i > 0; i--) out[pick(random, names)] = sample(extra, random, names, depth + 1)
        return out
      }
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

const CONSTRAINED_SCHEMAS = 6_000

test(`with value constraints and typed maps: compiled, interpreter and Ajv + ajv-formats agree on ${CONSTRAINED_SCHEMAS} random schemas (seed ${SEED + 2})`, () => {
  const ajv = new Ajv({ strict: false, allErrors: false })
  addFormats.default(ajv)
  let valid = 0
  let invalid = 0
  const keywords = new Set<string>()
  fc.assert(
    fc.property(schemaArb(SAFE_NAMES, true), fc.integer(), (schema, seed) => {
      const random = mulberry32(seed)
      expect(() => new Function('env', emitValidatorSource(prepareJsonSchema(schema)))).not.toThrow()
      JSON.stringify(schema, (key, value: unknown) => (keywords.add(key), value))
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
    { seed: SEED + 2, numRuns: CONSTRAINED_SCHEMAS },
  )
  expect(valid).toBeGreaterThan(CONSTRAINED_SCHEMAS)
  expect(invalid).toBeGreaterThan(CONSTRAINED_SCHEMAS)
  // Every new keyword was exercised.
  for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties']) {
    expect(keywords).toContain(keyword)
  }
}, 180_000)

test('compiled and interpreter agree with inherited property names (Ajv is excluded here)', () => {
  const names = [...SAFE_NAMES.slice(0, 2), ...INHERITED_NAMES]
  fc.assert(
    fc.property(schemaArb(names, true), fc.integer(), (schema, seed) => {
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
