// Property: for random declarations whose OpenAI strict export reports no loss, a strict model's
// answer normalized back by fromStrictArgs is accepted by the original schema exactly when the
// lowered schema accepts the answer — and every argument the original accepts has a strict form
// the lowered schema accepts, which fromStrictArgs turns back into the very same argument. Together:
// the arguments a strict model can mean are exactly the arguments the original schema accepts.
import fc from 'fast-check'
import { exportTool, fromStrictArgs, type JsonSchema } from '@toolsmith/providers'
import { compileJsonSchema, parameterSchemaSpecToJsonSchema, type ParameterSchemaSpec } from '@toolsmith/runtime'
import { expect, test } from 'vitest'

type Spec = Record<string, unknown>
const names = fc.constantFrom('a', 'b', 'c', 'path', 'n', '__proto__')

const scalar: fc.Arbitrary<Spec> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.constant({ type: 'number' }),
  fc.constant({ type: 'integer' }),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({ type: 'string', enum: ['x', 'y'] }),
  fc.constant({ type: 'integer', const: 3 }),
  // Value constraints OpenAI strict mode keeps (so the report stays empty and the property covers them).
  fc.constant({ type: 'integer', minimum: -2, maximum: 5 }),
  fc.constant({ type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 }),
  fc.constant({ type: 'string', pattern: '^a' }),
)
const spec: fc.Arbitrary<Spec> = fc.letrec<{ node: Spec }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('node').map((items) => ({ type: 'array', items })),
    tie('node').map((items) => ({ type: 'array', items, minItems: 1, maxItems: 2 })),
    fc.dictionary(names, fc.record({ node: tie('node'), required: fc.boolean() }), { maxKeys: 3 }).map((properties) => ({
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(Object.entries(properties).map(([key, { node, required }]) => [key, required ? { ...node, required: true } : node])),
    })),
    fc.constant({ oneOf: [{ type: 'string' }, { type: 'integer' }] }),
    fc.constant({ oneOf: [{ type: 'boolean' }, { type: 'null' }] }),
  ),
})).node
const parametersSpec = fc.dictionary(names, fc.record({ node: spec, required: fc.boolean() }), { maxKeys: 4 }).map(
  (properties) => Object.fromEntries(Object.entries(properties).map(([key, { node, required }]) => [key, required ? { ...node, required: true } : node])),
)

const junk = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))

/** A value shaped by the (original) schema: mostly valid leaves, sometimes junk; optional keys present or not (strict: always present, maybe null). */
function valueFor(schema: JsonSchema, strict: boolean): fc.Arbitrary<unknown> {
  const node = schema as Record<string, unknown>
  const leaf = (): fc.Arbitrary<unknown> => {
    if (Array.isArray(node['enum'])) return fc.constantFrom(...(node['enum'] as unknown[]))
    if (node['const'] !== undefined) return fc.constant(node['const'])
    switch (node['type']) {
      case 'string': return fc.oneof(fc.string({ maxLength: 3 }), fc.string({ maxLength: 2 }).map((rest) => `a${rest}`))
      case 'number': return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: -4, max: 8 }).map((n) => n / 2))
      case 'integer': return fc.oneof(fc.integer(), fc.integer({ min: -4, max: 7 }))
      case 'boolean': return fc.boolean()
      case 'null': return fc.constant(null)
      default: return junk
    }
  }
  if (Array.isArray(node['oneOf'])) return fc.oneof(...(node['oneOf'] as JsonSchema[]).map((branch) => valueFor(branch, strict)), junk)
  if (node['type'] === 'array') return fc.oneof({ weight: 4, arbitrary: fc.array(valueFor(node['items'] as JsonSchema, strict), { maxLength: 2 }) }, { weight: 1, arbitrary: junk })
  if (node['type'] === 'object') {
    const properties = (node['properties'] ?? {}) as Record<string, JsonSchema>
    const required = new Set((node['required'] ?? []) as string[])
    const entries = Object.keys(properties).map((key) => {
      const value = valueFor(properties[key] as JsonSchema, strict)
      if (strict) return fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }).map((item) => [key, item] as const)
      return required.has(key) ? value.map((item) => [key, item] as const) : fc.option(value.map((item) => [key, item] as const), { nil: undefined })
    })
    const object = fc.tuple(...entries).map((pairs) => {
      const out: Record<string, unknown> = {}
      for (const pair of pairs) if (pair !== undefined) Object.defineProperty(out, pair[0], { value: pair[1], enumerable: true, writable: true, configurable: true })
      return out
    })
    return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: junk })
  }
  return fc.oneof({ weight: 5, arbitrary: leaf() }, { weight: 1, arbitrary: junk })
}

/** The strict form of an argument: every optional key the schema declares and the value lacks becomes null. */
function toStrict(schema: JsonSchema, value: unknown): unknown {
  const node = schema as Record<string, unknown>
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return node['type'] === 'array' ? value.map((item) => toStrict(node['items'] as JsonSchema, item)) : value
  const branch = Array.isArray(node['oneOf']) ? undefined : node
  if (branch?.['type'] !== 'object') return value
  const properties = (branch['properties'] ?? {}) as Record<string, JsonSchema>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(properties)) {
    const item = Object.hasOwn(value, key) ? toStrict(properties[key] as JsonSchema, (value as Record<string, unknown>)[key]) : null
    Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/**
 * The lowered schema in the runtime's subset, for the runtime's own validator (which passes the JSON-Schema-Test-Suite
 * and, unlike Ajv, keeps a `__proto__` property a property): where the report is empty every anyOf is disjoint (a
 * null union of a non-nullable schema, or a oneOf of distinct types), so it accepts exactly what oneOf accepts.
 */
function asOneOf(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema
  if (Array.isArray(schema)) return schema.map(asOneOf)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(schema)) {
    Object.defineProperty(out, key === 'anyOf' ? 'oneOf' : key, { value: asOneOf((schema as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  }
  return out
}

test('lowering then fromStrictArgs accepts exactly what the original accepts, wherever the report is empty', () => {
  let checked = 0
  fc.assert(
    fc.property(parametersSpec, (dsl) => {
      const original = parameterSchemaSpecToJsonSchema(dsl as unknown as ParameterSchemaSpec)
      const result = exportTool('openai-chat', { name: 't', description: 'd', parameters: original })
      const exported = (result.tools[0] as { function: { parameters: object; strict: boolean } }).function
      if (result.report.length > 0 || !exported.strict) return
      checked++
      const accepts = compileJsonSchema(original)
      const loweredValidator = compileJsonSchema(asOneOf(exported.parameters) as never)
      const lowered = (value: unknown) => loweredValidator.is(value)
      fc.assert(
        fc.property(valueFor(original, true), (answer) => {
          expect(lowered(answer)).toBe(accepts.is(fromStrictArgs(original, answer)))
        }),
        { numRuns: 25 },
      )
      fc.assert(
        fc.property(valueFor(original, false), (args) => {
          // (An invalid argument may have a valid strict form: an explicit null for an optional key reads as "not given".)
          if (!accepts.is(args)) return
          const strict = toStrict(original, args)
          expect(lowered(strict)).toBe(true)
          expect(fromStrictArgs(original, strict)).toEqual(args)
        }),
        { numRuns: 25 },
      )
    }),
    { numRuns: 200, seed: Number(process.env['SEED'] ?? 1414) },
  )
  // Most random declarations lower without loss (nullable optionals are the reported exception).
  expect(checked).toBeGreaterThan(50)
})
