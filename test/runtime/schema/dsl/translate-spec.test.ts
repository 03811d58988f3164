import { describe, expect, test } from 'vitest'
import {
  checkJsonSchema,
  checkParameterSchemaSpec,
  checkValueSchemaSpec,
  compileJsonSchema,
  JsonSchemaError,
  MAX_JSON_DEPTH,
  type ParameterSchemaSpec,
  parameterSchemaSpecToJsonSchema,
  type ValueSchemaSpec,
  valueSchemaSpecToJsonSchema,
} from '@toolsmith/runtime'
import { invalidParameterSpecs, invalidValueSpecs, type Want } from './invalid-specs.js'

function expectIssues(issues: readonly { path: string; message: string }[], want: Want): void {
  expect(issues.map((issue) => issue.path)).toStrictEqual(want.map(([path]) => path))
  want.forEach(([, message], index) => expect(issues[index]?.message).toMatch(message))
}

describe('checkValueSchemaSpec', () => {
  test.each(invalidValueSpecs)('%s', (_name, { given, want }) => {
    expectIssues(checkValueSchemaSpec(given), want)
  })

  test('a valid spec has no issues', () => {
    expect(
      checkValueSchemaSpec({
        type: 'object',
        additionalProperties: false,
        properties: { a: { type: 'string', required: true } },
      }),
    ).toStrictEqual([])
  })
})

describe('checkParameterSchemaSpec', () => {
  test.each(invalidParameterSpecs)('%s', (_name, { given, want }) => {
    expectIssues(checkParameterSchemaSpec(given), want)
  })
})

describe('hostile specs are issues, never crashes or side effects', () => {
  test('a getter is reported and never invoked', () => {
    let calls = 0
    const spec = {
      type: 'object',
      additionalProperties: false,
      properties: {
        get a() {
          calls++
          return { type: 'string' }
        },
      },
    }
    expectIssues(checkValueSchemaSpec(spec), [['/properties/a', /accessor/]])
    expect(calls).toBe(0)
  })

  test('symbol keys and non-enumerable keys are reported', () => {
    const spec: Record<string | symbol, unknown> = { type: 'string' }
    spec[Symbol('s')] = 1
    Object.defineProperty(spec, 'hidden', { value: 1, enumerable: false })
    // Reflect.ownKeys lists string keys before symbols.
    expectIssues(checkValueSchemaSpec(spec), [
      ['/hidden', /enumerable/],
      ['', /symbol key/],
    ])
  })

  test('class instances and Maps are not plain specs', () => {
    class StringSpec {
      type = 'string'
    }
    expectIssues(checkValueSchemaSpec(new StringSpec()), [['', /plain object/]])
    expectIssues(checkParameterSchemaSpec(new Map([['a', { type: 'string' }]])), [['', /plain object/]])
  })

  test('null-prototype records are fine', () => {
    const spec = Object.assign(Object.create(null) as object, { type: 'string' })
    expect(checkValueSchemaSpec(spec)).toStrictEqual([])
  })

  test('sparse arrays and arrays with extra keys are reported', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holes = [{ type: 'string' }, , { type: 'null' }]
    expectIssues(checkValueSchemaSpec({ oneOf: holes }), [['/oneOf', /dense/]])
    const extra = Object.assign(['a'], { note: 1 })
    expectIssues(checkValueSchemaSpec({ type: 'string', enum: extra }), [['/enum', /dense/]])
    const huge: unknown[] = []
    huge.length = 2 ** 31
    const started = Date.now()
    expectIssues(checkValueSchemaSpec({ type: 'string', enum: huge }), [['/enum', /dense/]])
    expect(Date.now() - started).toBeLessThan(1000)
  })

  test('Proxies whose traps throw are reported', () => {
    const trap = (): never => {
      throw new Error('boom')
    }
    const hostile = new Proxy({}, { ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap })
    expectIssues(checkValueSchemaSpec(hostile), [['', /could not be read/]])
    expectIssues(checkParameterSchemaSpec({ a: hostile }), [['/a', /could not be read/]])
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expectIssues(checkValueSchemaSpec(proxy), [['', /could not be read/]])
  })

  test('a cycle is reported', () => {
    const spec: Record<string, unknown> = { type: 'array' }
    spec['items'] = spec
    expectIssues(checkValueSchemaSpec(spec), [['/items', /cycle/]])
    const branch: Record<string, unknown> = { oneOf: [] }
    branch['oneOf'] = [branch, { type: 'null' }]
    expectIssues(checkValueSchemaSpec(branch), [['/oneOf/0', /cycle/]])
  })

  test('huge nesting is an issue, not a stack overflow', () => {
    let spec: unknown = { type: 'string' }
    for (let level = 0; level < 100_000; level++) spec = { type: 'array', items: spec }
    const issues = checkValueSchemaSpec(spec)
    expect(issues).toHaveLength(1)
    expect(issues[0]?.message).toMatch(/nested more than/)
    expect(issues[0]?.path.startsWith('/items/items/')).toBe(true)
  })

  test('huge oneOf nesting is bounded too', () => {
    let spec: unknown = { type: 'string' }
    for (let level = 0; level < 100_000; level++) spec = { oneOf: [spec, { type: 'null' }] }
    const issues = checkValueSchemaSpec(spec)
    // Both branches of the deepest allowed oneOf are one level too deep.
    expect(issues.map((issue) => issue.path.slice(-2))).toStrictEqual(['/0', '/1'])
    for (const issue of issues) expect(issue.message).toMatch(/nested more than/)
  })

  test('a DAG that shares one valid sub-spec is checked once per shared object', () => {
    let spec: ValueSchemaSpec = { type: 'string' }
    for (let level = 0; level < 12; level++) {
      spec = { type: 'object', additionalProperties: false, properties: { left: spec, right: spec } }
    }
    expect(checkValueSchemaSpec(spec)).toStrictEqual([])
  })

  test('a DAG whose uses exceed 20000 schema nodes is one issue, found quickly', () => {
    let spec: ValueSchemaSpec = { type: 'string' }
    for (let level = 0; level < 40; level++) {
      spec = { type: 'object', additionalProperties: false, properties: { left: spec, right: spec } }
    }
    const started = Date.now()
    const issues = checkValueSchemaSpec(spec)
    expect(Date.now() - started).toBeLessThan(1000)
    expect(issues).toHaveLength(1)
    expect(issues[0]?.message).toMatch(/more than 20000 nodes/)
  })

  test('a DAG that shares one invalid sub-spec is bounded', () => {
    let spec: unknown = { type: 'string', enum: [] }
    for (let level = 0; level < 40; level++) {
      spec = { type: 'object', additionalProperties: false, properties: { left: spec, right: spec } }
    }
    const started = Date.now()
    const issues = checkValueSchemaSpec(spec)
    expect(issues.length).toBeGreaterThan(10)
    expect(issues.length).toBeLessThanOrEqual(100)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  test('checking never touches Object.prototype', () => {
    const before = Reflect.ownKeys(Object.prototype)
    checkParameterSchemaSpec(JSON.parse('{"__proto__":{"type":"string","required":true},"constructor":{"type":"x"}}'))
    checkParameterSchemaSpec(
      JSON.parse('{"__proto__":{"type":"object","additionalProperties":true,"properties":{"type":{"type":"string"}}}}'),
    )
    expect(Reflect.ownKeys(Object.prototype)).toStrictEqual(before)
    expect(({} as Record<string, unknown>)['type']).toBeUndefined()
  })
})

// A JSON value nested `levels` arrays deep: [[[…1…]]].
function nestedArrays(levels: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < levels; level++) value = [value]
  return value
}

// Each case nests `levels` spec levels over a `json` leaf whose default is `defaultLevels` arrays deep, and builds
// the raw schema the DSL compiles it to by hand: the raw check on that hand-built schema is the oracle.
const deepDefaultCases: [string, { levels: number; spec: (leaf: object) => object; raw: (leaf: object) => object; parameters: boolean; pointer: (levels: number) => string }][] = [
  ['arrays of arrays', { levels: 200, spec: (leaf) => ({ type: 'array', items: leaf }), raw: (leaf) => ({ type: 'array', items: leaf }), parameters: false, pointer: (n) => `${'/items'.repeat(n)}/default` }],
  [
    'closed objects (two schema levels per spec level)',
    {
      levels: 150,
      spec: (leaf) => ({ type: 'object', additionalProperties: false, properties: { p: leaf } }),
      raw: (leaf) => ({ type: 'object', properties: { p: leaf }, additionalProperties: false }),
      parameters: false,
      pointer: (n) => `${'/properties/p'.repeat(n)}/default`,
    },
  ],
  ['a parameter map over arrays', { levels: 200, spec: (leaf) => ({ type: 'array', items: leaf }), raw: (leaf) => ({ type: 'array', items: leaf }), parameters: true, pointer: (n) => `/p${'/items'.repeat(n)}/default` }],
]

describe('the whole compiled schema stays within MAX_JSON_DEPTH', () => {
  test.each(deepDefaultCases)('a deep default under %s: the check and the compilation agree with the raw check', (_name, { levels, spec, raw, parameters, pointer }) => {
    const outcomes = new Set<boolean>()
    // The window spans the limit: the shallowest defaults fit, the deepest do not.
    // The leaf's depth in the raw schema, counted by hand: one level per `items`, two per `properties` + key.
    const perLevel = (raw({}) as { properties?: unknown }).properties === undefined ? 1 : 2
    const leafDepth = levels * perLevel + (parameters ? 2 : 0)
    for (let defaultLevels = MAX_JSON_DEPTH - leafDepth - 4; defaultLevels <= MAX_JSON_DEPTH - leafDepth + 4; defaultLevels++) {
      const value = nestedArrays(defaultLevels)
      let given: object = { type: 'json', default: value }
      let want: object = { default: value }
      for (let level = 0; level < levels; level++) {
        given = spec(given)
        want = raw(want)
      }
      if (parameters) {
        given = { p: given }
        want = { type: 'object', properties: { p: want } }
      }
      const supported = checkJsonSchema(want).length === 0
      outcomes.add(supported)
      const issues = parameters ? checkParameterSchemaSpec(given) : checkValueSchemaSpec(given)
      expect(issues.length === 0).toBe(supported)
      const compile = (): unknown => (parameters ? parameterSchemaSpecToJsonSchema(given as ParameterSchemaSpec) : valueSchemaSpecToJsonSchema(given as ValueSchemaSpec))
      if (supported) {
        expect(compile()).toStrictEqual(want)
      } else {
        expect(issues[0]?.path.startsWith(pointer(levels))).toBe(true)
        expect(issues[0]?.message).toMatch(new RegExp(`deeper than ${MAX_JSON_DEPTH} levels`))
        // The compilation throws the check's issues: a spec the check accepts always compiles.
        let thrown: unknown
        try {
          compile()
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBeInstanceOf(JsonSchemaError)
        expect((thrown as JsonSchemaError).issues).toStrictEqual(issues)
      }
    }
    expect([...outcomes].sort()).toStrictEqual([false, true])
  })
})

describe('one translation per spec object', () => {
  // A spec whose own keys are counted: each read of the record asks for them once.
  function counted<T extends object>(target: T): { spec: T; reads: () => number } {
    let reads = 0
    const spec = new Proxy(target, {
      ownKeys(inner) {
        reads++
        return Reflect.ownKeys(inner)
      },
    })
    return { spec, reads: () => reads }
  }

  test('checking a value spec and then compiling it reads the spec once', () => {
    const { spec, reads } = counted({ type: 'string', minLength: 1 })
    expect(checkValueSchemaSpec(spec)).toStrictEqual([])
    expect(reads()).toBe(1)
    expect(valueSchemaSpecToJsonSchema(spec as ValueSchemaSpec)).toStrictEqual({ type: 'string', minLength: 1 })
    expect(checkValueSchemaSpec(spec)).toStrictEqual([])
    expect(reads()).toBe(1)
  })

  test('checking a parameter map and then compiling it reads the map once', () => {
    const { spec, reads } = counted({ q: { type: 'string', required: true } })
    expect(checkParameterSchemaSpec(spec)).toStrictEqual([])
    expect(reads()).toBe(1)
    const schema = parameterSchemaSpecToJsonSchema(spec as ParameterSchemaSpec)
    expect(schema).toStrictEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })
    expect(reads()).toBe(1)
  })

  test('a spec with issues is read again at every check (its issues are never remembered as clean)', () => {
    const { spec, reads } = counted({ type: 'string', minLength: -1 })
    expect(checkValueSchemaSpec(spec)).toHaveLength(1)
    expect(checkValueSchemaSpec(spec)).toHaveLength(1)
    expect(reads()).toBe(2)
    expect(() => valueSchemaSpecToJsonSchema(spec as ValueSchemaSpec)).toThrow(JsonSchemaError)
  })

  test('the compiled schema validates exactly as a plain copy of it does (the validators take it as built)', () => {
    const schema = valueSchemaSpecToJsonSchema({
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string', minLength: 2, required: true }, tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] } },
    })
    const copy = structuredClone(schema)
    const values = [{ name: 'ok' }, { name: 'x' }, { name: 'ok', tags: ['a', 'c'] }, { name: 'ok', extra: 1 }, [], null, { __proto__: null, name: 'ok' }]
    for (const value of values) {
      expect(compileJsonSchema(schema).validate(value)).toStrictEqual(compileJsonSchema(copy).validate(value))
    }
  })
})
