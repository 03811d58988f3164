import { createToolRuntime, defineTool, ToolRegistryError, type ToolDefinition } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, rawTool } from '../fixtures.js'

const alice = { id: 'alice' }

function registryError(run: () => unknown): ToolRegistryError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistryError)
    return error as ToolRegistryError
  }
  throw new Error('expected a ToolRegistryError')
}

describe('register — "Register globally or in the calling agent scope"', () => {
  test('a global registration is visible to the global view and to every agent', () => {
    const runtime = createToolRuntime()
    const tool = rawTool()
    runtime.register(tool)
    expect(runtime.get('echo')).toBe(tool)
    expect(runtime.get('echo', alice)).toBe(tool)
  })

  test('a scoped registration is visible only on its scope chain', () => {
    const runtime = createToolRuntime()
    const tool = rawTool()
    runtime.forAgent(alice).register(tool)
    expect(runtime.get('echo')).toBeUndefined()
    expect(runtime.get('echo', alice)).toBe(tool)
    expect(runtime.get('echo', { id: 'bob' })).toBeUndefined()
    expect(runtime.get('echo', { id: 'child', parent: alice })).toBe(tool)
  })

  test('"Scoped tools shadow globals"', async () => {
    const runtime = createToolRuntime()
    const global = rawTool()
    const scoped = rawTool({ execute: async () => ({ text: 'scoped' }) })
    runtime.register(global)
    runtime.forAgent(alice).register(scoped)
    expect(runtime.get('echo', alice)).toBe(scoped)
    const result = await runtime.execute(callInput({ agent: alice }))
    expect(result.isError ? undefined : result.value).toEqual({ text: 'scoped' })
    const globalResult = await runtime.execute(callInput())
    expect(globalResult.isError ? undefined : globalResult.value).toEqual({ text: 'hi' })
  })

  test('"duplicates within one layer … fail", in the global layer and in a scope', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    expect(registryError(() => runtime.register(rawTool())).message).toContain('already registered')
    runtime.forAgent(alice).register(rawTool())
    expect(registryError(() => runtime.forAgent(alice).register(rawTool())).message).toContain('already registered')
  })

  test('the same name in two different scopes is not a duplicate', () => {
    const runtime = createToolRuntime()
    runtime.forAgent(alice).register(rawTool())
    expect(() => runtime.forAgent({ id: 'alice' }).register(rawTool())).not.toThrow()
  })

  test('"the reserved `run_code` name fail[s]" globally and in a scope', () => {
    const runtime = createToolRuntime()
    expect(registryError(() => runtime.register(rawTool({ name: 'run_code' }))).issues[0]?.path).toBe('/name')
    expect(() => runtime.forAgent(alice).register(rawTool({ name: 'run_code' }))).toThrow(ToolRegistryError)
  })

  test.each<[string, Record<string, unknown>, string]>([
    ['"requires output" (absent)', { output: undefined }, '/output'],
    ['output without a schema', { output: { render: () => [] } }, '/output/schema'],
    ['output without render', { output: { schema: {} } }, '/output/render'],
    ['a non-function presentationMeta', { output: { schema: {}, render: () => [], presentationMeta: 1 } }, '/output/presentationMeta'],
    ['an empty name', { name: '' }, '/name'],
    ['a non-string name', { name: 7 }, '/name'],
    ['a non-string description', { description: null }, '/description'],
    ['parameters with an unsupported keyword ("validates raw schemas")', { parameters: { type: 'object', pattern: 'x' } }, '/parameters'],
    ['parameters that are not object-rooted', { parameters: { type: 'string' } }, '/parameters/type'],
    ['an output schema with an unsupported keyword', { output: { schema: { type: 'string', contains: 1 }, render: () => [] } }, '/output/schema'],
    ['a raw parameter default of the wrong type', { parameters: { type: 'object', properties: { limit: { type: 'integer', default: 'ten' } } } }, '/parameters/properties/limit/default'],
    ['a raw default outside its enum', { parameters: { type: 'object', properties: { units: { enum: ['metric', 'imperial'], default: 'kelvin' } } } }, '/parameters/properties/units/default'],
    ['a raw example above its maximum', { output: { schema: { type: 'integer', maximum: 3, examples: [1, 4] }, render: () => [] } }, '/output/schema/examples/1'],
    ['a raw const below its minimum', { output: { schema: { minimum: 3, const: 1 }, render: () => [] } }, '/output/schema/const'],
    ['a missing execute', { execute: undefined }, '/execute'],
    ['a non-function finalizeContent', { finalizeContent: 'x' }, '/finalizeContent'],
    ['a non-function isConcurrencySafe', { isConcurrencySafe: true }, '/isConcurrencySafe'],
    ['a non-function presentCall', { presentCall: {} }, '/presentCall'],
    ['a non-function presentResult', { presentResult: 1 }, '/presentResult'],
    ['timeoutMs 0 ("positive")', { timeoutMs: 0 }, '/timeoutMs'],
    ['timeoutMs -5', { timeoutMs: -5 }, '/timeoutMs'],
    ['timeoutMs Infinity ("finite")', { timeoutMs: Infinity }, '/timeoutMs'],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }, '/timeoutMs'],
    ['timeoutMs as a string', { timeoutMs: '100' }, '/timeoutMs'],
  ])('refuses %s with an issue at its path', (_name, overrides, path) => {
    const runtime = createToolRuntime()
    const definition = { ...rawTool(), ...overrides } as unknown as ToolDefinition
    const error = registryError(() => runtime.register(definition))
    expect(error.issues.some((issue) => issue.path.startsWith(path))).toBe(true)
    expect(runtime.get(typeof definition.name === 'string' ? definition.name : 'echo')).toBeUndefined()
  })

  test('reports every issue of one definition at once', () => {
    const runtime = createToolRuntime()
    const error = registryError(() => runtime.register({ name: '', description: 1, timeoutMs: -1 } as unknown as ToolDefinition))
    expect(error.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(['/name', '/description', '/parameters', '/output', '/execute', '/timeoutMs']))
  })

  test.each([null, undefined, 'tool', [rawTool()]])('refuses a definition that is not an object (%j)', (definition) => {
    expect(() => createToolRuntime().register(definition as unknown as ToolDefinition)).toThrow(ToolRegistryError)
  })

  test('accepts a fractional positive timeoutMs and a defineTool definition', () => {
    const runtime = createToolRuntime()
    expect(() => runtime.register(rawTool({ timeoutMs: 0.5 }))).not.toThrow()
    const defined = defineTool({
      name: 'ping',
      description: 'Ping.',
      parameters: {},
      output: { schema: { type: 'string' }, render: (_args, value) => [{ type: 'text', text: value }] },
      execute: async () => 'pong',
    })
    runtime.register(defined)
    expect(runtime.get('ping')).toBe(defined)
  })

  test('"borrows the typed definition": a class instance with prototype methods registers and runs, with itself as this', async () => {
    class Echo {
      readonly name = 'echo'
      readonly description = 'Echo the text back.'
      readonly parameters = rawTool().parameters
      readonly output = new (class {
        readonly schema = rawTool().output.schema
        render(_args: unknown, value: unknown) {
          return [{ type: 'text' as const, text: (value as { text: string }).text }]
        }
      })()
      readonly prefix = '>'
      async execute(args: unknown) {
        return { text: `${this.prefix}${(args as { text: string }).text}` }
      }
    }
    const runtime = createToolRuntime()
    const tool = new Echo()
    runtime.register(tool)
    expect(runtime.get('echo')).toBe(tool)
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toEqual({ text: '>hi' })
    expect(result.content).toEqual([{ type: 'text', text: '>hi' }])
  })

  test('a definition inheriting its fields from a shared base object registers', () => {
    const base = rawTool()
    const derived = Object.assign(Object.create(base) as ToolDefinition, { name: 'derived' })
    const runtime = createToolRuntime()
    runtime.register(derived)
    expect(runtime.schemas().map((schema) => [schema.name, schema.description])).toEqual([['derived', 'Echo the text back.']])
  })

  test('a getter is read exactly once, at registration, with the definition as this', async () => {
    const getter = vi.fn(function (this: unknown) {
      return this === definition ? 'From a getter.' : 'wrong this'
    })
    const definition = Object.defineProperty(rawTool(), 'description', { get: getter, enumerable: true })
    const runtime = createToolRuntime()
    runtime.register(definition)
    expect(runtime.schemas()[0]?.description).toBe('From a getter.')
    await runtime.execute(callInput())
    runtime.schemas()
    expect(getter).toHaveBeenCalledTimes(1)
  })

  test('a throwing getter is an issue at its path, not a crash', () => {
    const definition = Object.defineProperty(rawTool(), 'execute', {
      get: () => {
        throw new Error('no body today')
      },
      enumerable: true,
    })
    const error = registryError(() => createToolRuntime().register(definition))
    expect(error.issues).toEqual([{ path: '/execute', message: 'could not be read: no body today' }])
  })

  test('an execute or render inherited from a polluted Object.prototype does not count, even below a class', () => {
    const { execute: _execute, ...withoutExecute } = rawTool()
    class Partial {
      readonly name = 'echo'
      readonly description = 'Echo.'
      readonly parameters = rawTool().parameters
      readonly output = { schema: rawTool().output.schema }
    }
    Object.defineProperty(Object.prototype, 'execute', { value: async () => ({ text: 'polluted' }), configurable: true, writable: true })
    Object.defineProperty(Object.prototype, 'render', { value: () => [], configurable: true, writable: true })
    try {
      expect(() => createToolRuntime().register(withoutExecute as ToolDefinition)).toThrow(ToolRegistryError)
      const error = registryError(() => createToolRuntime().register(new Partial() as unknown as ToolDefinition))
      expect(error.issues.map((issue) => issue.path).sort()).toEqual(['/execute', '/output/render'])
    } finally {
      delete (Object.prototype as { execute?: unknown }).execute
      delete (Object.prototype as { render?: unknown }).render
    }
  })

  test('"borrows the definition read-only": it is not mutated, and later mutations of it change nothing', async () => {
    const runtime = createToolRuntime()
    const definition = rawTool()
    const before = JSON.stringify(definition)
    runtime.register(definition)
    expect(Object.isFrozen(definition)).toBe(false)
    expect(JSON.stringify(definition)).toBe(before)
    // Mutate everything the registry captured.
    const mutable = definition as { -readonly [K in keyof ToolDefinition]: ToolDefinition[K] }
    mutable.description = 'changed'
    mutable.execute = async () => ({ text: 'mutated body' })
    ;(definition.parameters as { properties: Record<string, unknown> }).properties.extra = { type: 'number' }
    ;(definition.output.schema as { properties: Record<string, unknown> }).properties.text = { type: 'number' }
    const result = await runtime.execute(callInput())
    expect(result.isError ? result.error : result.value).toEqual({ text: 'hi' })
    expect(runtime.schemas()[0]).toEqual({
      name: 'echo',
      description: 'Echo the text back.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    })
  })
})

describe('register disposers — "the exact disposer that unregisters the tool"', () => {
  test('unregisters, and calling it twice does nothing', () => {
    const runtime = createToolRuntime()
    const changes = vi.fn()
    runtime.on('tools/change', changes)
    const dispose = runtime.register(rawTool())
    dispose()
    expect(runtime.get('echo')).toBeUndefined()
    expect(changes).toHaveBeenCalledTimes(2)
    dispose()
    expect(changes).toHaveBeenCalledTimes(2)
  })

  test('disposing registration A never removes a later registration B of the same name', () => {
    const runtime = createToolRuntime()
    const disposeA = runtime.register(rawTool())
    disposeA()
    const b = rawTool()
    runtime.register(b)
    disposeA()
    expect(runtime.get('echo')).toBe(b)
  })

  test('a scoped disposer removes only the scoped registration and the global one shows again', () => {
    const runtime = createToolRuntime()
    const global = rawTool()
    runtime.register(global)
    const dispose = runtime.forAgent(alice).register(rawTool())
    dispose()
    expect(runtime.get('echo', alice)).toBe(global)
  })

  test('an execution in flight keeps the definition it started with', async () => {
    const runtime = createToolRuntime()
    let release!: () => void
    const dispose = runtime.register(rawTool({ execute: () => new Promise((resolve) => (release = () => resolve({ text: 'done' }))) }))
    const pending = runtime.execute(callInput())
    dispose()
    release()
    const result = await pending
    expect(result.isError ? result.error : result.value).toEqual({ text: 'done' })
  })
})

describe('tools/change — "A tool was registered or unregistered, or a scoped restriction changed"', () => {
  test.each<[string, (runtime: ReturnType<typeof createToolRuntime>) => () => void]>([
    ['global register', (runtime) => runtime.register(rawTool({ name: 'other' }))],
    ['scoped register', (runtime) => runtime.forAgent(alice).register(rawTool({ name: 'other' }))],
    ['restrict', (runtime) => runtime.forAgent(alice).restrict({ deny: ['echo'] })],
    ['presentAs', (runtime) => runtime.forAgent(alice).presentAs('code')],
  ])('fires once for the change and once for its disposal: %s', (_name, change) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const seen = vi.fn()
    runtime.on('tools/change', seen)
    const dispose = change(runtime)
    expect(seen).toHaveBeenCalledTimes(1)
    dispose()
    expect(seen).toHaveBeenCalledTimes(2)
  })

  test('is UNFILTERED: a listener scoped to one agent sees changes in the global layer and in other scopes', () => {
    const runtime = createToolRuntime()
    const seen = vi.fn()
    runtime.forAgent(alice).on('tools/change', seen)
    runtime.register(rawTool())
    runtime.forAgent({ id: 'bob' }).register(rawTool({ name: 'bobs' }))
    expect(seen).toHaveBeenCalledTimes(2)
  })

  test('a refused registration changes nothing and notifies nobody', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const seen = vi.fn()
    runtime.on('tools/change', seen)
    expect(() => runtime.register(rawTool())).toThrow()
    expect(seen).not.toHaveBeenCalled()
  })

  test('a throwing or rejecting change listener is contained and later listeners still run', async () => {
    const runtime = createToolRuntime()
    const later = vi.fn()
    runtime.on('tools/change', () => {
      throw new Error('boom')
    })
    runtime.on('tools/change', async () => {
      throw new Error('async boom')
    })
    runtime.on('tools/change', later)
    expect(() => runtime.register(rawTool())).not.toThrow()
    expect(later).toHaveBeenCalledTimes(1)
  })

  test('listeners get the view they subscribed through as `this`', () => {
    const runtime = createToolRuntime()
    const view = runtime.forAgent(alice)
    let self: unknown
    view.on('tools/change', function (this: unknown) {
      self = this
    })
    runtime.register(rawTool())
    expect(self).toBe(view)
  })
})

describe('createToolRuntime options and views', () => {
  test.each([{ mode: 'other' }, { approval: 'yes' }, { timeouts: 'no' }, null])('refuses malformed options %j', (options) => {
    expect(() => createToolRuntime(options as never)).toThrow(ToolRegistryError)
  })

  test('forAgent returns the same frozen view for the same Agent object, another for an equal object', () => {
    const runtime = createToolRuntime()
    expect(runtime.forAgent(alice)).toBe(runtime.forAgent(alice))
    expect(runtime.forAgent(alice)).not.toBe(runtime.forAgent({ id: 'alice' }))
    expect(Object.isFrozen(runtime.forAgent(alice))).toBe(true)
    expect(runtime.forAgent(alice).scope).toBe(alice)
    expect(runtime.scope).toBeUndefined()
  })

  test.each([null, 'alice', { name: 'x' }, { id: 1 }])('forAgent refuses a malformed agent %j', (agent) => {
    expect(() => createToolRuntime().forAgent(agent as never)).toThrow(ToolRegistryError)
  })

  test('forAgent refuses a cyclic agent chain', () => {
    const a: { id: string; parent?: unknown } = { id: 'a' }
    a.parent = { id: 'b', parent: a }
    expect(() => createToolRuntime().forAgent(a as never)).toThrow(ToolRegistryError)
  })

  test('view methods work when destructured', async () => {
    const { register, execute, schemas } = createToolRuntime()
    register(rawTool())
    expect(schemas()).toHaveLength(1)
    expect((await execute(callInput())).isError).toBe(false)
  })

  test('on refuses an unknown event and a non-function listener', () => {
    const runtime = createToolRuntime()
    expect(() => runtime.on('tools/other' as never, (() => {}) as never)).toThrow(ToolRegistryError)
    expect(() => runtime.on('tools/result', 'x' as never)).toThrow(ToolRegistryError)
    expect(() => runtime.guard(null as never)).toThrow(ToolRegistryError)
  })
})
