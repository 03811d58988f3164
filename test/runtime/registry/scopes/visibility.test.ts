import { createToolRuntime, defineTool, ToolRegistryError } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { rawTool } from '../fixtures.js'

const alice = { id: 'alice' }

describe('get — "Look up a tool as one scope sees it"', () => {
  test('returns the registered definition itself (presenters call its presentCall/presentResult)', () => {
    const runtime = createToolRuntime()
    const presentCall = () => ({ card: 'generic' as const, title: 'Echo' })
    const tool = rawTool({ presentCall })
    runtime.register(tool)
    expect(runtime.get('echo')?.presentCall).toBe(presentCall)
  })

  test('"omitted = the global view" on the global runtime; a scoped view defaults to its own scope', () => {
    const runtime = createToolRuntime()
    const scoped = rawTool()
    runtime.forAgent(alice).register(scoped)
    expect(runtime.get('echo')).toBeUndefined()
    expect(runtime.forAgent(alice).get('echo')).toBe(scoped)
    expect(runtime.forAgent(alice).schemas().map((schema) => schema.name)).toEqual(['echo'])
  })

  test('unknown names, non-string names and names on Object.prototype read as absent', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    for (const name of ['nope', 'toString', '__proto__', 'constructor', 1 as unknown as string]) expect(runtime.get(name)).toBeUndefined()
  })

  test('a tool named __proto__ is an ordinary tool', async () => {
    const runtime = createToolRuntime()
    const tool = rawTool({ name: '__proto__' })
    runtime.register(tool)
    expect(runtime.get('__proto__')).toBe(tool)
    expect(runtime.schemas().map((schema) => schema.name)).toEqual(['__proto__'])
  })

  test('scope identity is the Agent object, not its id', () => {
    const runtime = createToolRuntime()
    runtime.forAgent(alice).register(rawTool())
    expect(runtime.get('echo', { id: 'alice' })).toBeUndefined()
  })

  test('an unreadable scope chain sees nothing (fails closed)', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const cyclic: { id: string; parent?: unknown } = { id: 'x' }
    cyclic.parent = cyclic
    expect(runtime.get('echo', cyclic as never)).toBeUndefined()
    expect(runtime.schemas(cyclic as never)).toEqual([])
    const throwing = Object.defineProperty({ id: 'y' }, 'parent', { get: () => { throw new Error('no') }, enumerable: true })
    expect(runtime.schemas(throwing as never)).toEqual([])
  })

  test.each([['undefined', undefined], ['null', null], ['an object without an id', {}], ['a string', 'alice']])(
    'forAgent(%s) is an invalid agent (a ToolRegistryError, not a crash of the view cache)',
    (_name, agent) => {
      expect(() => createToolRuntime().forAgent(agent as never)).toThrow(ToolRegistryError)
    },
  )
})

describe('schemas — "Project visible definitions onto the allowlisted model-facing schema fields"', () => {
  test('only name, description and parameters; never output, execute, timeoutMs, presenters, finalizeContent or spec', () => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        timeoutMs: 10,
        isConcurrencySafe: () => true,
        finalizeContent: () => undefined,
        presentCall: () => undefined,
        presentResult: () => undefined,
      }),
    )
    runtime.register(
      defineTool({
        name: 'typed',
        description: 'Typed.',
        parameters: { n: { type: 'integer', required: true } },
        output: { schema: { type: 'integer' }, render: (_args, value) => [{ type: 'text', text: String(value) }] },
        execute: async (args) => args.n,
      }),
    )
    for (const schema of runtime.schemas()) expect(Object.keys(schema).sort()).toEqual(['description', 'name', 'parameters'])
  })

  test('"one deep-cloned schema per visible tool": mutating a result never reaches the registry', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const first = runtime.schemas()[0] as unknown as { parameters: { properties: Record<string, unknown>; required: string[] }; name: string }
    expect(Object.isFrozen(first.parameters)).toBe(false)
    first.parameters.properties.text = { type: 'number' }
    first.parameters.required.push('more')
    first.name = 'changed'
    expect(runtime.schemas()[0]).toEqual({
      name: 'echo',
      description: 'Echo the text back.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    })
    expect(runtime.schemas()[0]?.parameters).not.toBe(runtime.schemas()[0]?.parameters)
  })

  test('a __proto__ property in parameters stays an own property of the copy', () => {
    const runtime = createToolRuntime()
    const properties = JSON.parse('{"__proto__": {"type": "string"}}') as Record<string, unknown>
    runtime.register(rawTool({ parameters: { type: 'object', properties } as never }))
    const copy = runtime.schemas()[0]?.parameters.properties as Record<string, unknown>
    expect(Object.hasOwn(copy, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
  })

  test('the order is by name (UTF-16 code units), independent of registration order and layer', () => {
    const names = ['b', 'B', 'a', '_z', 'a2', 'é']
    const forward = createToolRuntime()
    const backward = createToolRuntime()
    for (const name of names) forward.register(rawTool({ name }))
    for (const name of [...names].reverse()) backward.register(rawTool({ name }))
    const expected = [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    expect(forward.schemas().map((schema) => schema.name)).toEqual(expected)
    expect(backward.schemas().map((schema) => schema.name)).toEqual(expected)
    forward.forAgent(alice).register(rawTool({ name: 'A' }))
    expect(forward.schemas(alice).map((schema) => schema.name)).toEqual(['A', ...expected].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
  })

  test('a shadowing scoped tool appears once, with its own description', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.forAgent(alice).register(rawTool({ description: 'scoped echo' }))
    expect(runtime.schemas(alice).map((schema) => schema.description)).toEqual(['scoped echo'])
  })
})
