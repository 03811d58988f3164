import { createToolRuntime, defineTool, type ToolExecutionInput } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, rawTool } from '../fixtures.js'

const alice = { id: 'alice' }
const mode = (runtime: ReturnType<typeof createToolRuntime>, input: ToolExecutionInput) => runtime.executionMode(input).kind

describe('executionMode — "Only an exact `true` is parallel"', () => {
  test('parallel for a visible tool whose classifier returns true for valid arguments', () => {
    const runtime = createToolRuntime()
    const classify = vi.fn(() => true)
    runtime.register(rawTool({ isConcurrencySafe: classify }))
    expect(mode(runtime, callInput())).toBe('parallel')
    expect(classify).toHaveBeenCalledWith({ text: 'hi' })
  })

  test.each<[string, () => unknown]>([
    ['false', () => false],
    ['a truthy non-true value (1)', () => 1],
    ['the string "true"', () => 'true'],
    ['a promise of true', async () => true],
    ['a throw', () => { throw new Error('no') }],
  ])('"non-`true` returns … and throwing classifiers are exclusive": %s', (_name, classify) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: classify as () => boolean }))
    expect(mode(runtime, callInput())).toBe('exclusive')
  })

  test('"omission" (no classifier) is exclusive', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    expect(mode(runtime, callInput())).toBe('exclusive')
  })

  test('"unknown" and "hidden" tools are exclusive', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: () => true }))
    runtime.forAgent(alice).restrict({ deny: ['echo'] })
    expect(mode(runtime, callInput({ name: 'nope' }))).toBe('exclusive')
    expect(mode(runtime, callInput({ agent: alice }))).toBe('exclusive')
    expect(mode(runtime, callInput({ agent: { id: 'bob' } }))).toBe('parallel')
  })

  test('the classifier of the definition the scope sees is the one asked', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: () => true }))
    runtime.forAgent(alice).register(rawTool({ isConcurrencySafe: () => false }))
    expect(mode(runtime, callInput())).toBe('parallel')
    expect(mode(runtime, callInput({ agent: alice }))).toBe('exclusive')
  })

  test('"invalid" arguments are exclusive, and a raw classifier never sees them', () => {
    const runtime = createToolRuntime()
    const classify = vi.fn(() => true)
    runtime.register(rawTool({ isConcurrencySafe: classify }))
    expect(mode(runtime, callInput({ arguments: { text: 1 } }))).toBe('exclusive')
    expect(mode(runtime, callInput({ arguments: {} }))).toBe('exclusive')
    expect(classify).not.toHaveBeenCalled()
  })

  test.each<[string, unknown]>([
    ['a function', { text: () => 1 }],
    ['NaN', { text: 'x', n: Number.NaN }],
    ['a cycle', (() => { const a: Record<string, unknown> = { text: 'x' }; a.self = a; return a })()],
    ['undefined', undefined],
  ])('non-JSON arguments (%s) are exclusive', (_name, args) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: () => true }))
    expect(mode(runtime, callInput({ arguments: args }))).toBe('exclusive')
  })

  test('a defineTool classifier is asked only for valid arguments', () => {
    const classify = vi.fn(() => true)
    const runtime = createToolRuntime()
    runtime.register(
      defineTool({
        name: 'typed',
        description: 'Typed.',
        parameters: { n: { type: 'integer', required: true } },
        output: { schema: { type: 'integer' }, render: (_args, value) => [{ type: 'text', text: String(value) }] },
        execute: async (args) => args.n,
        isConcurrencySafe: classify,
      }),
    )
    expect(mode(runtime, callInput({ name: 'typed', arguments: { n: 1.5 } }))).toBe('exclusive')
    expect(classify).not.toHaveBeenCalled()
    expect(mode(runtime, callInput({ name: 'typed', arguments: { n: 1 } }))).toBe('parallel')
  })

  test('malformed inputs are exclusive, never a throw', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ isConcurrencySafe: () => true }))
    for (const input of [null, {}, { name: 'echo' }, { ...callInput(), signal: 'x' }, { ...callInput(), agent: 'alice' }]) {
      expect(runtime.executionMode(input as never).kind).toBe('exclusive')
    }
    const hostile = Object.defineProperty({ ...callInput() }, 'arguments', { get: () => { throw new Error('getter') }, enumerable: true })
    expect(runtime.executionMode(hostile).kind).toBe('exclusive')
  })

  test('returns frozen modes', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    expect(Object.isFrozen(runtime.executionMode(callInput()))).toBe(true)
  })
})

describe('executionMode — the declared metadata concurrencySafe', () => {
  test('concurrencySafe: true without a classifier is parallel for valid arguments, exclusive for invalid ones', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ concurrencySafe: true }))
    expect(mode(runtime, callInput())).toBe('parallel')
    expect(mode(runtime, callInput({ arguments: { text: 3 } }))).toBe('exclusive')
  })

  test('concurrencySafe: false without a classifier is exclusive', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ concurrencySafe: false }))
    expect(mode(runtime, callInput())).toBe('exclusive')
  })

  test('a classifier decides over the declaration', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ concurrencySafe: true, isConcurrencySafe: () => false }))
    expect(mode(runtime, callInput())).toBe('exclusive')
  })
})
