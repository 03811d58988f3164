import fc from 'fast-check'
import { checkJsonSchema, compileJsonSchema, type JsonSchemaNode } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { compareCatalogs } from '../../../generator/src/diff/compare-catalogs.js'
import { compareSchemas } from '../../../generator/src/diff/compare-schemas.js'
import { defaultLevel, type DiffCheckId, schemaCheckId } from '../../../generator/src/diff/diff-checks.js'
import { catalog, tool } from './diff-fixtures.js'
import { poolOf, prng, sample } from './schema-oracle.js'

type Schema = Record<string, unknown>
const SCALARS = ['string', 'integer', 'number', 'boolean', 'null'] as const
const VALUES: Record<(typeof SCALARS)[number], unknown[]> = { string: ['a', 'b', 'c'], integer: [1, 2, 3], number: [1.5, 2, -1], boolean: [true, false], null: [null] }

const scalar = fc
  .record({ type: fc.constantFrom(...SCALARS), withEnum: fc.boolean(), size: fc.integer({ min: 1, max: 3 }), description: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }) })
  .map(({ type, withEnum, size, description }): Schema => ({
    type,
    ...(withEnum ? { enum: VALUES[type].slice(0, type === 'null' ? 1 : Math.min(size, VALUES[type].length)) } : {}),
    ...(description === undefined ? {} : { description }),
  }))

const { node } = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.constant({}),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc
      .record({
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
        requiredMask: fc.integer({ min: 0, max: 7 }),
        rest: fc.constantFrom('absent', true, false),
      })
      .map(({ properties, requiredMask, rest }): Schema => {
        const keys = Object.keys(properties)
        const required = keys.filter((_, i) => (requiredMask & (1 << i)) !== 0)
        return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(rest === 'absent' ? {} : { additionalProperties: rest }) }
      }),
    fc.array(fc.oneof(scalar, fc.record({ type: fc.constant('object'), properties: fc.constant({ k: { type: 'string' } }), required: fc.constant(['k']), additionalProperties: fc.boolean() })), { minLength: 2, maxLength: 3 }).map((oneOf): Schema => ({ oneOf })),
  ),
}))

/** Every node of a schema with the path of keys leading to it. */
function nodes(schema: unknown, path: (string | number)[] = []): { path: (string | number)[]; node: Schema }[] {
  if (typeof schema !== 'object' || schema === null) return []
  const record = schema as Schema
  const found = [{ path, node: record }]
  if (typeof record['items'] === 'object') found.push(...nodes(record['items'], [...path, 'items']))
  for (const [key, child] of Object.entries((record['properties'] ?? {}) as Schema)) found.push(...nodes(child, [...path, 'properties', key]))
  ;((record['oneOf'] ?? []) as unknown[]).forEach((child, i) => found.push(...nodes(child, [...path, 'oneOf', i])))
  return found
}

function replaceAt(schema: unknown, path: readonly (string | number)[], next: Schema): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path
  const copy: Record<string | number, unknown> = Array.isArray(schema) ? ([...schema] as unknown as Record<number, unknown>) : { ...(schema as Schema) }
  copy[head as string] = replaceAt(copy[head as string], rest, next)
  return copy
}

/** One random single edit of one node, or undefined when the chosen edit does not apply there. */
function edit(node: Schema, kind: number, random: () => number): Schema | undefined {
  const type = node['type'] as string | undefined
  const properties = (node['properties'] ?? {}) as Schema
  const required = (node['required'] ?? []) as string[]
  const without = (key: string): Schema => Object.fromEntries(Object.entries(node).filter(([k]) => k !== key))
  const constrained = (key: string, values: readonly unknown[]): Schema => {
    // Add, change or drop one value constraint.
    if (Object.hasOwn(node, key) && random() < 0.4) return without(key)
    return { ...node, [key]: values[Math.floor(random() * values.length)] }
  }
  switch (kind % 16) {
    case 12: // a numeric bound
      if (type !== 'integer' && type !== 'number') return undefined
      return constrained(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'][Math.floor(random() * 5)] as string, [0, 1, 2, 3, 7])
    case 13: {
      // a string constraint
      if (type !== 'string') return undefined
      const key = ['minLength', 'maxLength', 'pattern', 'format'][Math.floor(random() * 4)] as string
      return constrained(key, key === 'pattern' ? ['^a', 'b', '^h', 'e'] : key === 'format' ? ['date', 'email', 'uri'] : [0, 1, 2, 5])
    }
    case 14: // an array constraint
      if (type !== 'array') return undefined
      return random() < 0.3 ? { ...node, uniqueItems: node['uniqueItems'] !== true } : constrained(random() < 0.5 ? 'minItems' : 'maxItems', [0, 1, 2])
    case 15: // an object constraint, or additionalProperties as a schema
      if (type !== 'object') return undefined
      if (random() < 0.5) return constrained(random() < 0.5 ? 'minProperties' : 'maxProperties', [0, 1, 2])
      return { ...node, additionalProperties: { type: SCALARS[Math.floor(random() * 4)] } }
    case 0: // change a scalar type
      if (!(SCALARS as readonly string[]).includes(type ?? '')) return undefined
      return { ...without('enum'), type: SCALARS[Math.floor(random() * SCALARS.length)] }
    case 1: // add or drop an enum
      if (!(SCALARS as readonly string[]).includes(type ?? '')) return undefined
      return node['enum'] === undefined ? { ...node, enum: [VALUES[type as 'string'][0]] } : without('enum')
    case 2: {
      // add or remove one enum value
      const list = node['enum'] as unknown[] | undefined
      if (list === undefined) return undefined
      const all = VALUES[type as 'string']
      const missing = all.filter((v) => !list.includes(v))
      if (missing.length > 0 && random() < 0.5) return { ...node, enum: [...list, missing[0]] }
      return list.length > 1 ? { ...node, enum: list.slice(1) } : undefined
    }
    case 3: {
      // add a property
      if (type !== 'object') return undefined
      const key = ['a', 'b', 'c', 'd'].find((k) => !Object.hasOwn(properties, k)) as string
      const isRequired = random() < 0.4
      return { ...node, properties: { ...properties, [key]: { type: SCALARS[Math.floor(random() * 4)] } }, ...(isRequired ? { required: [...required, key] } : {}) }
    }
    case 4: {
      // remove a property
      const keys = Object.keys(properties)
      if (type !== 'object' || keys.length === 0) return undefined
      const key = keys[Math.floor(random() * keys.length)] as string
      const rest = required.filter((k) => k !== key)
      return { ...without('required'), properties: Object.fromEntries(Object.entries(properties).filter(([k]) => k !== key)), ...(rest.length > 0 ? { required: rest } : {}) }
    }
    case 5: {
      // toggle one property's requiredness
      const keys = Object.keys(properties)
      if (type !== 'object' || keys.length === 0) return undefined
      const key = keys[Math.floor(random() * keys.length)] as string
      const next = required.includes(key) ? required.filter((k) => k !== key) : [...required, key]
      return { ...without('required'), ...(next.length > 0 ? { required: next } : {}) }
    }
    case 6: // close or open an object
      if (type !== 'object') return undefined
      return { ...node, additionalProperties: node['additionalProperties'] === false }
    case 7: {
      // add a oneOf branch
      const list = node['oneOf'] as unknown[] | undefined
      if (list === undefined) return undefined
      return { ...node, oneOf: [...list, { type: SCALARS[Math.floor(random() * SCALARS.length)] }] }
    }
    case 8: {
      // remove a oneOf branch
      const list = node['oneOf'] as unknown[] | undefined
      if (list === undefined || list.length < 3) return undefined
      const drop = Math.floor(random() * list.length)
      return { ...node, oneOf: list.filter((_, i) => i !== drop) }
    }
    case 9: // make a node nullable through a oneOf
      if (node['oneOf'] !== undefined || type === 'null' || type === undefined) return undefined
      return { oneOf: [node, { type: 'null' }] }
    case 10: // a node becomes any JSON, or any JSON becomes a string
      return type === undefined && node['oneOf'] === undefined ? { type: 'string' } : {}
    default: // the description
      return { ...node, description: node['description'] === 'changed' ? 'again' : 'changed' }
  }
}

const valid = (schema: unknown): boolean => checkJsonSchema(schema).length === 0

/** Values one schema accepts and the other rejects, in either direction, from samples of both. */
function witnesses(base: unknown, head: unknown, seed: number): { onlyBase: unknown[]; onlyHead: unknown[] } {
  const before = compileJsonSchema(base as JsonSchemaNode)
  const after = compileJsonSchema(head as JsonSchemaNode)
  const random = prng(seed)
  const pool = poolOf(base, head)
  const onlyBase: unknown[] = []
  const onlyHead: unknown[] = []
  for (let i = 0; i < 400; i++) {
    const value = sample(i % 2 === 0 ? base : head, random, pool)
    const a = before.is(value)
    const b = after.is(value)
    if (a && !b) onlyBase.push(value)
    if (b && !a) onlyHead.push(value)
  }
  return { onlyBase, onlyHead }
}

// A WARN that stands for a set-wise break that no caller following the base schema makes: a key the open object
// left undeclared (parameters), or a field a closed output object gained. Any other break must be ERR.
const BREAK_AS_WARN: ReadonlySet<DiffCheckId> = new Set(['parameter-added-open-object', 'output-field-added-closed-object'])

const edited = fc
  .record({ base: node, at: fc.nat(), kind: fc.nat(), seed: fc.integer() })
  .map(({ base, at, kind, seed }) => {
    const list = nodes(base)
    const target = list[at % list.length] as (typeof list)[number]
    const next = edit(target.node, kind, prng(seed))
    return { base, head: next === undefined ? undefined : replaceAt(base, target.path, next), seed }
  })
  .filter((c): c is { base: Schema; head: Schema; seed: number } => c.head !== undefined && valid(c.base) && valid(c.head))

describe('diff properties', () => {
  test('diff(a, a) is empty, for schemas and for whole catalogs (also when a is a deep copy)', () => {
    fc.assert(
      fc.property(node, node, (parameters, output) => {
        expect(compareSchemas(parameters, structuredClone(parameters))).toEqual([])
        const side = catalog(tool('t', { parameters, output }))
        expect(compareCatalogs(side, catalog(tool('t', { parameters: structuredClone(parameters), output: structuredClone(output) })))).toEqual([])
      }),
      { seed: 1616, numRuns: 300 },
    )
  })

  test.each([
    ['parameters', 'onlyBase'],
    ['output', 'onlyHead'],
  ] as const)('%s: a random single edit reported INFO (or not at all) breaks no sampled value; one that breaks is reported ERR', (part, breaking) => {
    const tally = { info: 0, breaks: 0 }
    fc.assert(
      fc.property(edited, ({ base, head, seed }) => {
        const ids = compareSchemas(base, head).map((change) => schemaCheckId(part, change))
        const levels = ids.map(defaultLevel)
        const found = witnesses(base, head, seed)[breaking]
        const reportedBreak = levels.includes('ERR') || ids.some((id) => BREAK_AS_WARN.has(id))
        if (found.length > 0) {
          tally.breaks++
          expect(reportedBreak, `${JSON.stringify(found[0])} is accepted by one side only; reported ${ids.join(', ') || 'nothing'}`).toBe(true)
        }
        if (!levels.includes('ERR') && !levels.includes('WARN')) {
          tally.info++
          expect(found, `reported ${ids.join(', ') || 'nothing'}`).toEqual([])
        }
      }),
      { seed: part === 'parameters' ? 16 : 61, numRuns: 600 },
    )
    // The oracle is not vacuous: both kinds of edit occurred and were told apart.
    expect(tally.info).toBeGreaterThan(50)
    expect(tally.breaks).toBeGreaterThan(50)
  })
})
