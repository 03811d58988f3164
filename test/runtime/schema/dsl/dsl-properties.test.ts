import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  checkJsonSchema,
  checkParameterSchemaSpec,
  checkValueSchemaSpec,
  JsonSchemaError,
  parameterSchemaSpecToJsonSchema,
  valueSchemaSpecToJsonSchema,
  type ParameterSchemaSpec,
  type ValueSchemaSpec,
} from '@toolsmith/runtime'

// Seeded so a failure is reproducible; fast-check prints the seed and the shrunk counterexample.
const SEED = 20_260_702
const RUNS = 1500

const keyArb = fc.oneof(
  fc.constantFrom('a', 'b', 'path', '__proto__', 'constructor', 'toString', 'a/b', '~', ''),
  fc.string({ maxLength: 6 }),
)
const annotationsArb = fc.record(
  {
    description: fc.string({ maxLength: 8 }),
    title: fc.string({ maxLength: 8 }),
    default: fc.jsonValue({ maxDepth: 2 }),
    examples: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
  },
  { requiredKeys: [] },
)
const integerArb = fc.integer({ min: -1000, max: 1000 })
const numberArb = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })

function scalarArb(type: 'string' | 'number' | 'integer' | 'boolean' | 'null'): fc.Arbitrary<Record<string, unknown>> {
  const member: fc.Arbitrary<unknown> = {
    string: fc.string({ maxLength: 4 }),
    number: numberArb,
    integer: integerArb,
    boolean: fc.boolean(),
    null: fc.constant(null),
  }[type]
  return fc.oneof(
    fc.constant({ type }),
    fc
      .uniqueArray(member, { minLength: 1, maxLength: 4, comparator: 'SameValueZero' })
      .map((values) => ({ type, enum: values })),
    member.map((value) => ({ type, const: value })),
  )
}

// Builds a property map with own keys via defineProperty, so `__proto__` is a real key.
function ownRecord(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return record
}

const { spec: valueSpecArb } = fc.letrec<{ spec: Record<string, unknown>; property: Record<string, unknown> }>(
  (tie) => ({
    spec: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('string', 'number', 'integer', 'boolean', 'null').chain((type) => scalarArb(type)),
      fc.constant({ type: 'json' }),
      tie('spec').map((items) => ({ type: 'array', items })),
      fc
        .tuple(
          fc.uniqueArray(fc.tuple(keyArb, tie('property')), { maxLength: 4, selector: ([key]) => key }),
          fc.boolean(),
        )
        .map(([entries, open]) => ({ type: 'object', additionalProperties: open, properties: ownRecord(entries) })),
      fc.array(tie('spec'), { minLength: 2, maxLength: 3 }).map((branches) => ({ oneOf: branches })),
    ),
    property: fc
      .tuple(tie('spec'), fc.boolean())
      .map(([spec, required]) => (required ? { ...spec, required: true } : spec)),
  }),
)

// A default or example must fit its node: random JSON goes on `json` nodes only, which take any value.
const annotatedSpecArb = fc.tuple(valueSpecArb, annotationsArb).map(([spec, annotations]) => {
  const { default: _default, examples: _examples, ...labels } = annotations
  return (spec['type'] === 'json' ? { ...annotations, ...spec } : { ...labels, ...spec }) as Record<string, unknown>
})

// The raw check takes the translation's own nodes as they are (it built them supported): a plain copy is walked.
describe('random valid DSL specs', () => {
  test('have no issues and compile to a supported, deeply frozen raw schema', () => {
    fc.assert(
      fc.property(annotatedSpecArb, (spec) => {
        expect(checkValueSchemaSpec(spec)).toStrictEqual([])
        const schema = valueSchemaSpecToJsonSchema(spec as unknown as ValueSchemaSpec)
        expect(checkJsonSchema(structuredClone(schema))).toStrictEqual([])
        expect(Object.isFrozen(schema)).toBe(true)
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })

  test('as parameter maps compile to an open object root with required in declaration (own key) order', () => {
    const mapArb = fc
      .uniqueArray(fc.tuple(keyArb, valueSpecArb, fc.boolean()), { maxLength: 5, selector: ([key]) => key })
      .map((entries) => entries)
    fc.assert(
      fc.property(mapArb, (entries) => {
        const spec = ownRecord(
          entries.map(([key, value, required]) => [key, required ? { ...value, required: true } : value]),
        )
        expect(checkParameterSchemaSpec(spec)).toStrictEqual([])
        const schema = parameterSchemaSpecToJsonSchema(spec as ParameterSchemaSpec)
        expect(checkJsonSchema(structuredClone(schema))).toStrictEqual([])
        // Declaration order is the map's own key order (JavaScript lists integer-like keys first).
        const declared = Object.keys(spec)
        expect(Object.keys(schema.properties ?? {})).toStrictEqual(declared)
        const flagged = new Set(entries.filter(([, , flag]) => flag).map(([key]) => key))
        const required = declared.filter((key) => flagged.has(key))
        if (required.length === 0) expect(Object.hasOwn(schema, 'required')).toBe(false)
        else expect(schema.required).toStrictEqual(required)
        expect(Object.hasOwn(schema, 'additionalProperties')).toBe(false)
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })
})

// Breaking one node of a valid spec must be reported at exactly that node's pointer.
const breakages: [string, (node: Record<string, unknown>) => Record<string, unknown> | undefined, string][] = [
  ['an unknown keyword', (node) => ({ ...node, contains: '^a' }), '/contains'],
  ['required: false', (node) => ({ ...node, required: false }), '/required'],
  ['a non-string description', (node) => ({ ...node, description: 7 }), '/description'],
  ['a NaN default', (node) => ({ ...node, default: Number.NaN }), '/default'],
  ['an unknown type', (node) => (node['oneOf'] === undefined ? { ...node, type: 'date' } : undefined), '/type'],
]

describe('random specs with one broken node', () => {
  test.each(breakages)('%s is reported at its pointer, and compilation throws', (_name, breakNode, suffix) => {
    fc.assert(
      fc.property(valueSpecArb, fc.nat(), (spec, pick) => {
        const nodes = collectNodes(spec, '')
        const [target, pointer] = nodes[pick % nodes.length] as [Record<string, unknown>, string]
        const broken = breakNode(target)
        fc.pre(broken !== undefined)
        // `required: false` at the root is reported as "required not allowed here": same pointer.
        const mutated = replaceNode(spec, target, broken as Record<string, unknown>)
        const issues = checkValueSchemaSpec(mutated)
        expect(issues.map((issue) => issue.path)).toContain(pointer + suffix)
        expect(() => valueSchemaSpecToJsonSchema(mutated as unknown as ValueSchemaSpec)).toThrow(JsonSchemaError)
      }),
      { seed: SEED, numRuns: 300 },
    )
  })
})

// Every spec node with its JSON Pointer (the generator maps these pointers to YAML positions).
function collectNodes(spec: Record<string, unknown>, pointer: string): [Record<string, unknown>, string][] {
  const found: [Record<string, unknown>, string][] = [[spec, pointer]]
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
  if (spec['type'] === 'array')
    found.push(...collectNodes(spec['items'] as Record<string, unknown>, `${pointer}/items`))
  if (spec['type'] === 'object') {
    for (const [key, child] of Object.entries(spec['properties'] as Record<string, Record<string, unknown>>)) {
      found.push(...collectNodes(child, `${pointer}/properties/${escape(key)}`))
    }
  }
  if (Array.isArray(spec['oneOf'])) {
    ;(spec['oneOf'] as Record<string, unknown>[]).forEach((branch, index) =>
      found.push(...collectNodes(branch, `${pointer}/oneOf/${index}`)),
    )
  }
  return found
}

// A copy of `spec` with the node object `target` (by identity) replaced.
function replaceNode(
  spec: Record<string, unknown>,
  target: object,
  replacement: Record<string, unknown>,
): Record<string, unknown> {
  if (spec === target) return replacement
  const copy = ownRecord(Object.entries(spec))
  if (spec['type'] === 'array')
    copy['items'] = replaceNode(spec['items'] as Record<string, unknown>, target, replacement)
  if (spec['type'] === 'object') {
    copy['properties'] = ownRecord(
      Object.entries(spec['properties'] as Record<string, Record<string, unknown>>).map(([key, child]) => [
        key,
        replaceNode(child, target, replacement),
      ]),
    )
  }
  if (Array.isArray(spec['oneOf'])) {
    copy['oneOf'] = (spec['oneOf'] as Record<string, unknown>[]).map((branch) =>
      replaceNode(branch, target, replacement),
    )
  }
  return copy
}
