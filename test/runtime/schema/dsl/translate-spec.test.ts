import { describe, expect, test } from 'vitest'
import { checkParameterSchemaSpec, checkValueSchemaSpec, type ValueSchemaSpec } from '@toolsmith/runtime'
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
