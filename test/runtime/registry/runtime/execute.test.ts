import {
  createToolRuntime,
  defineTool,
  ToolNotFoundError,
  ToolOutputError,
  type ToolExecution,
  type ToolExecutionResult,
  type ToolRunContext,
  type UserMessage,
} from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, isDeepFrozen, rawTool, textOf } from '../fixtures.js'

const alice = { id: 'alice' }

describe('execute — arguments: "materializes parsed JSON arguments once … before policy"', () => {
  test('snapshots the arguments synchronously, before returning: the caller may reuse its object at once', async () => {
    const runtime = createToolRuntime()
    const seen = vi.fn()
    runtime.register(rawTool({ execute: async (args) => (seen(args), { text: (args as { text: string }).text }) }))
    const args = { text: 'original', nested: { list: [1, 2] } }
    const pending = runtime.execute(callInput({ arguments: args }))
    args.text = 'mutated'
    args.nested.list.push(3)
    const result = await pending
    expect(result.isError ? result.error : result.value).toEqual({ text: 'original' })
    expect(seen).toHaveBeenCalledWith({ text: 'original', nested: { list: [1, 2] } })
    expect(isDeepFrozen(seen.mock.calls[0]?.[0])).toBe(true)
  })

  test.each<[string, unknown]>([
    ['a function', { text: 'x', f: () => 1 }],
    ['undefined', undefined],
    ['NaN', { text: 'x', n: Number.NaN }],
    ['a bigint', { text: 'x', n: 1n }],
    ['a Date', { text: 'x', at: new Date(0) }],
    ['a Map', new Map()],
    ['a cycle', (() => { const a: Record<string, unknown> = { text: 'x' }; a.self = a; return a })()],
  ])('"rejects non-JSON input": %s → INVALID_ARGS before any policy, body or post-execute', async (_name, args) => {
    const runtime = createToolRuntime()
    const spies = { body: vi.fn(), gate: vi.fn(), guard: vi.fn(), wrapper: vi.fn(), post: vi.fn(), result: vi.fn() }
    runtime.register(rawTool({ execute: async () => (spies.body(), { text: 'x' }) }))
    runtime.on('tools/pre-execute', (_exec, next) => (spies.gate(), next()))
    runtime.guard(() => (spies.guard(), undefined))
    runtime.on('tools/execute', (_exec, next) => (spies.wrapper(), next()))
    runtime.on('tools/post-execute', (_exec, _result, next) => (spies.post(), next()))
    runtime.on('tools/result', spies.result)
    const result = await runtime.execute(callInput({ arguments: args }))
    expect(codeOf(result)).toBe('INVALID_ARGS')
    expect(result.isError && result.error.info?.details).toMatchObject({ issues: [expect.objectContaining({ path: expect.any(String) })] })
    expect([spies.body, spies.gate, spies.guard, spies.wrapper, spies.post].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0, 0])
    expect(spies.result).toHaveBeenCalledTimes(1)
    expect((spies.result.mock.calls[0]?.[0] as ToolExecution).arguments).toBeUndefined()
  })

  test('non-JSON arguments to an unknown tool are INVALID_ARGS (arguments are checked first)', async () => {
    expect(codeOf(await createToolRuntime().execute(callInput({ name: 'nope', arguments: () => 1 })))).toBe('INVALID_ARGS')
  })
})

describe('execute — identity: "assigns the token"; "Root model-requested call, resolved for every root and nested execution"', () => {
  test('the execution is frozen, its token an opaque symbol seen identically by every hook and the body', async () => {
    const runtime = createToolRuntime()
    const tokens: unknown[] = []
    const execs: object[] = []
    runtime.register(rawTool({ execute: async (_args, exec) => (tokens.push(exec.token), execs.push(exec), { text: 'x' }), finalizeContent: (exec) => void tokens.push(exec.token) }))
    runtime.on('tools/pre-execute', (exec, next) => (tokens.push(exec.token), execs.push(exec), next()))
    runtime.guard((exec) => void tokens.push(exec.token))
    runtime.on('tools/execute', (exec, next) => (tokens.push(exec.token), next()))
    runtime.on('tools/post-execute', (exec, _result, next) => (tokens.push(exec.token), next()))
    runtime.on('tools/result', (exec) => void (tokens.push(exec.token), execs.push(exec)))
    await runtime.execute(callInput())
    expect(tokens).toHaveLength(7)
    expect(typeof tokens[0]).toBe('symbol')
    expect(new Set(tokens).size).toBe(1)
    for (const exec of execs) expect(Object.isFrozen(exec)).toBe(true)
    expect(execs[0]).toBe(execs[2])
    await runtime.execute(callInput())
    expect(tokens[7]).not.toBe(tokens[0])
  })

  test('rootCallId defaults to the call id and keeps a given one', async () => {
    const runtime = createToolRuntime()
    const roots: string[] = []
    runtime.register(rawTool())
    runtime.on('tools/result', (exec) => void roots.push(exec.rootCallId))
    await runtime.execute(callInput({ callId: 'a' }))
    await runtime.execute(callInput({ callId: 'b', rootCallId: 'root' }))
    expect(roots).toEqual(['a', 'root'])
  })

  test('identity fields cannot be changed by a listener', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const attempts: string[] = []
    runtime.on('tools/pre-execute', (exec, next) => {
      for (const key of ['callId', 'name', 'arguments', 'signal', 'agent']) {
        try {
          ;(exec as unknown as Record<string, unknown>)[key] = 'x'
        } catch {
          attempts.push(key)
        }
      }
      return next()
    })
    const result = await runtime.execute(callInput({ agent: alice }))
    expect(attempts).toEqual(['callId', 'name', 'arguments', 'signal', 'agent'])
    expect(result.isError ? result.error : result.value).toEqual({ text: 'hi' })
  })

  test('on a scoped view the call\'s agent defaults to the view\'s agent', async () => {
    const runtime = createToolRuntime()
    runtime.forAgent(alice).register(rawTool())
    const agents: unknown[] = []
    runtime.on('tools/result', (exec) => void agents.push(exec.agent))
    expect(codeOf(await runtime.forAgent(alice).execute(callInput()))).toBeUndefined()
    expect(codeOf(await runtime.execute(callInput()))).toBe('UNKNOWN_TOOL')
    expect(agents).toEqual([alice, undefined])
  })
})

describe('execute — the body: ToolRunContext', () => {
  test('receives the frozen arguments and a frozen context with identity, signal, deferContext and concludeTurn', async () => {
    const runtime = createToolRuntime()
    let received: { args: unknown; exec: ToolRunContext } | undefined
    runtime.register(rawTool({ execute: async (args, exec) => ((received = { args, exec }), { text: 'x' }) }))
    const input = callInput({ callId: 'c9', agent: alice })
    await runtime.execute(input)
    expect(received?.args).toEqual({ text: 'hi' })
    expect(Object.isFrozen(received?.exec)).toBe(true)
    expect(received?.exec).toMatchObject({ callId: 'c9', rootCallId: 'c9', name: 'echo', agent: alice })
    expect(received?.exec.arguments).toBe(received?.args)
    expect(received?.exec.signal).toBe(input.signal)
    expect(typeof received?.exec.deferContext).toBe('function')
  })

  test('"deferContext … Contexts … are emitted in call order", snapshotted when deferred', async () => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        execute: async (_args, { deferContext }) => {
          const first: { role: 'user'; content: { type: 'text'; text: string }[]; source: string } = { role: 'user', content: [{ type: 'text', text: 'one' }], source: 'plugin' }
          deferContext(first)
          first.content[0] = { type: 'text', text: 'mutated' }
          deferContext({ role: 'user', content: [{ type: 'text', text: 'two' }], meta: { n: 2 } })
          return { text: 'x' }
        },
      }),
    )
    const result = await runtime.execute(callInput())
    expect(result.additionalContexts).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'one' }], source: 'plugin' },
      { role: 'user', content: [{ type: 'text', text: 'two' }], meta: { n: 2 } },
    ])
    expect(isDeepFrozen(result.additionalContexts)).toBe(true)
  })

  test('contexts deferred by a body that then throws ride the error result', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async (_args, exec) => { exec.deferContext({ role: 'user', content: [] }); throw new Error('fail') } }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(result.additionalContexts).toHaveLength(1)
  })

  test.each<[string, unknown]>([
    ['a non-JSON context', { role: 'user', content: [], meta: () => 1 }],
    ['a wrong role', { role: 'assistant', content: [] }],
    ['malformed content', { role: 'user', content: [{ type: 'text' }] }],
    ['an unknown key', { role: 'user', content: [], extra: 1 }],
  ])('a deferred context that is not a lossless user message (%s) makes the result INVALID_RESULT', async (_name, context) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async (_args, exec) => (exec.deferContext(context as UserMessage), { text: 'x' }) }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_RESULT')
    expect(result.isError && result.error.message).toContain('/additionalContexts/0')
  })

  test('deferContext and concludeTurn after the body settled are ignored', async () => {
    const runtime = createToolRuntime()
    let late: ToolRunContext | undefined
    runtime.register(rawTool({ execute: async (_args, exec) => ((late = exec), { text: 'x' }) }))
    const first = await runtime.execute(callInput())
    late?.deferContext({ role: 'user', content: [] })
    late?.concludeTurn()
    expect(first.additionalContexts).toBeUndefined()
    expect(first.concludesTurn).toBeUndefined()
  })

  test('"concludeTurn … only marks a successful final result"', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async (args, exec) => { exec.concludeTurn(); if ((args as { text: string }).text === 'fail') throw new Error('no'); return { text: 'x' } } }))
    expect((await runtime.execute(callInput())).concludesTurn).toBe(true)
    const failed = await runtime.execute(callInput({ arguments: { text: 'fail' } }))
    expect(failed.isError).toBe(true)
    expect('concludesTurn' in failed).toBe(false)
  })

  test('a ToolArgsError thrown by a defineTool body is INVALID_ARGS with every issue', async () => {
    const runtime = createToolRuntime()
    const body = vi.fn(async () => 1)
    runtime.register(
      defineTool({
        name: 'typed',
        description: 'Typed.',
        parameters: { n: { type: 'integer', required: true }, s: { type: 'string' } },
        output: { schema: { type: 'integer' }, render: (_args, value) => [{ type: 'text', text: String(value) }] },
        execute: body,
      }),
    )
    const result = await runtime.execute(callInput({ name: 'typed', arguments: { n: 1.5, s: 2 } }))
    expect(codeOf(result)).toBe('INVALID_ARGS')
    expect(result.isError && result.error.info).toMatchObject({ name: 'ToolArgsError', details: { issues: [{ path: '/n' }, { path: '/s' }] } })
    expect(body).not.toHaveBeenCalled()
    expect(textOf(result)).toContain('/n')
  })

  test.each<[string, () => unknown, string]>([
    ['an Error', () => { throw new TypeError('disk on fire') }, 'disk on fire'],
    ['a rejection', () => Promise.reject(new Error('async fire')), 'async fire'],
    ['a string', () => { throw 'plain string' }, 'plain string'],
    ['an object', () => { throw { odd: true } }, 'without a message'],
    ['undefined', () => Promise.reject(undefined), 'without a message'],
    ['an Error without a message', () => { throw new RangeError() }, 'RangeError'],
  ])('"throwing tools … become structured errors": %s → TOOL_ERROR', async (_name, body, message) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: body as never }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('TOOL_ERROR')
    expect(result.isError && result.error.message).toContain(message)
    expect(textOf(result)).toBe(result.isError ? result.error.message : '')
  })

  test('"ToolNotFoundError maps to UNKNOWN_TOOL" and a thrown ToolOutputError to INVALID_TOOL_OUTPUT, with issues', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ name: 'composite', execute: async () => { throw new ToolNotFoundError('nested_missing') } }))
    runtime.register(rawTool({ name: 'checker', execute: async () => { throw new ToolOutputError([{ path: '/x', message: 'bad' }], 'checker') } }))
    const composite = await runtime.execute(callInput({ name: 'composite' }))
    expect(codeOf(composite)).toBe('UNKNOWN_TOOL')
    expect(textOf(composite)).toContain('nested_missing')
    const checker = await runtime.execute(callInput({ name: 'checker' }))
    expect(codeOf(checker)).toBe('INVALID_TOOL_OUTPUT')
    expect(checker.isError && checker.error.info?.details).toEqual({ issues: [{ path: '/x', message: 'bad' }] })
  })

  test('an error object that merely claims another code is TOOL_ERROR', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async () => { throw Object.assign(new Error('sneaky'), { code: 'DENIED' }) } }))
    expect(codeOf(await runtime.execute(callInput()))).toBe('TOOL_ERROR')
  })

  test('the error class name is recorded for thrown errors', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: async () => { throw new TypeError('x') } }))
    const result = await runtime.execute(callInput())
    expect(result.isError && result.error.info?.name).toBe('TypeError')
  })

  test('a raw body that returns a plain value (not a promise) works', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: ((args: { text: string }) => ({ text: args.text })) as never }))
    expect((await runtime.execute(callInput())).isError).toBe(false)
  })
})

describe('execute — output: "snapshots and validates the body value, freezes it, calls the pure renderer and the top-level meta projector"', () => {
  test('the value is a frozen snapshot: the body mutating its object later changes nothing', async () => {
    const runtime = createToolRuntime()
    const returned = { text: 'kept' }
    runtime.register(rawTool({ execute: async () => returned }))
    const result = await runtime.execute(callInput())
    returned.text = 'mutated'
    expect(result.isError ? undefined : result.value).toEqual({ text: 'kept' })
    expect(isDeepFrozen(result)).toBe(true)
  })

  test.each<[string, unknown]>([
    ['schema-invalid', { text: 1 }],
    ['an undeclared key on a closed object', { text: 'x', extra: true }],
    ['non-JSON', { text: 'x', f: () => 1 }],
    ['undefined', undefined],
  ])('"invalid values … become isError": %s → INVALID_TOOL_OUTPUT with issues', async (_name, value) => {
    const runtime = createToolRuntime()
    const render = vi.fn(() => [])
    runtime.register(rawTool({ execute: async () => value, output: { ...rawTool().output, render } }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_TOOL_OUTPUT')
    expect(result.isError && result.error.info?.details).toMatchObject({ issues: expect.any(Array) })
    expect(render).not.toHaveBeenCalled()
  })

  test('render gets the frozen arguments and value, with the output object as this', async () => {
    const runtime = createToolRuntime()
    let seen: { self: unknown; args: unknown; value: unknown } | undefined
    const output = {
      schema: rawTool().output.schema,
      render(this: unknown, args: unknown, value: unknown) {
        seen = { self: this, args, value }
        return [{ type: 'text' as const, text: 'rendered' }]
      },
    }
    runtime.register(rawTool({ output }))
    const result = await runtime.execute(callInput())
    expect(textOf(result)).toBe('rendered')
    expect(seen?.self).toBe(output)
    expect(Object.isFrozen(seen?.args) && Object.isFrozen(seen?.value)).toBe(true)
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('render bug') }],
    ['returns non-JSON', () => [{ type: 'text', text: 'x', f: () => 1 }]],
    ['returns a non-array', () => 'text'],
    ['returns an unknown block type', () => [{ type: 'video', url: 'x' }]],
    ['returns a text block with a non-string text', () => [{ type: 'text', text: 5 }]],
    ['returns an image block without mimeType', () => [{ type: 'image', data: 'AA==' }]],
  ])('"renderer/projector failures or non-JSON presentations become isError": render %s → INVALID_RESULT', async (_name, render) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ output: { schema: rawTool().output.schema, render: render as never } }))
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('INVALID_RESULT')
    expect(result.isError && 'value' in result).toBe(false)
  })

  test('image blocks are valid content', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ output: { schema: rawTool().output.schema, render: () => [{ type: 'image', data: 'AA==', mimeType: 'image/png' }] } }))
    expect((await runtime.execute(callInput())).content).toEqual([{ type: 'image', data: 'AA==', mimeType: 'image/png' }])
  })

  test('"presentationMeta … computed only for top-level calls": present without parent, absent with one', async () => {
    const runtime = createToolRuntime()
    const presentationMeta = vi.fn((_args: unknown, value: unknown) => ({ card: 'x', value: value as never }))
    runtime.register(rawTool({ output: { ...rawTool().output, presentationMeta } }))
    const top = await runtime.execute(callInput())
    expect(top.meta).toEqual({ card: 'x', value: { text: 'hi' } })
    const nested = await runtime.execute(callInput({ parent: Symbol('outer') as never }))
    expect(nested.isError).toBe(false)
    expect('meta' in nested).toBe(false)
    expect(presentationMeta).toHaveBeenCalledTimes(1)
  })

  test('"computed only for top-level calls": a nested dispatch (it propagates its root call id) gets no meta; a root call naming itself as root does', async () => {
    const runtime = createToolRuntime()
    const presentationMeta = vi.fn(() => ({ card: 'x' }))
    runtime.register(rawTool({ output: { ...rawTool().output, presentationMeta } }))
    const nested = await runtime.execute(callInput({ callId: 'outer:1', rootCallId: 'outer' }))
    expect(nested.isError).toBe(false)
    expect('meta' in nested).toBe(false)
    expect(presentationMeta).not.toHaveBeenCalled()
    const root = await runtime.execute(callInput({ callId: 'outer', rootCallId: 'outer' }))
    expect(root.meta).toEqual({ card: 'x' })
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('meta bug') }],
    ['returns non-JSON', () => ({ at: new Date() })],
    ['returns undefined', () => undefined],
  ])('presentationMeta that %s → INVALID_RESULT', async (_name, presentationMeta) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ output: { ...rawTool().output, presentationMeta: presentationMeta as never } }))
    expect(codeOf(await runtime.execute(callInput()))).toBe('INVALID_RESULT')
  })
})

describe('execute — the outcome: "The returned outcome is the same lossless, frozen snapshot final observers receive"', () => {
  test('resolves a deep-frozen, JSON-serializable result; tools/result gets the very same object', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ output: { ...rawTool().output, presentationMeta: () => ({ m: [1] }) } }))
    let observed: ToolExecutionResult | undefined
    runtime.on('tools/result', (_exec, result) => void (observed = result))
    const result = await runtime.execute(callInput())
    expect(observed).toBe(result)
    expect(isDeepFrozen(result)).toBe(true)
    expect(JSON.parse(JSON.stringify(result))).toEqual(result)
  })

  test('an unknown tool is UNKNOWN_TOOL with a readable message and content', async () => {
    const result = await createToolRuntime().execute(callInput({ name: 'missing' }))
    expect(codeOf(result)).toBe('UNKNOWN_TOOL')
    expect(result.isError && result.error.message).toContain('missing')
    expect(result.isError && result.error.info?.name).toBe('ToolNotFoundError')
    expect(textOf(result)).toContain('missing')
  })

  test.each<[string, unknown]>([
    ['null', null],
    ['a missing signal', { callId: 'c', name: 'echo', arguments: {} }],
    ['a non-string callId', { callId: 1, name: 'echo', arguments: {}, signal: new AbortController().signal }],
    ['a non-string name', { callId: 'c', name: 1, arguments: {}, signal: new AbortController().signal }],
    ['a forged AbortSignal (right prototype, no signal inside)', { callId: 'c', name: 'echo', arguments: {}, signal: Object.create(AbortSignal.prototype) }],
    ['a non-object agent', { callId: 'c', name: 'echo', arguments: {}, signal: new AbortController().signal, agent: 'alice' }],
    ['a non-symbol parent', { callId: 'c', name: 'echo', arguments: {}, signal: new AbortController().signal, parent: 'p' }],
    ['a non-string rootCallId', { callId: 'c', rootCallId: 2, name: 'echo', arguments: {}, signal: new AbortController().signal }],
    ['a cyclic agent chain', (() => { const a: Record<string, unknown> = { id: 'a' }; a.parent = a; return { callId: 'c', name: 'echo', arguments: {}, signal: new AbortController().signal, agent: a } })()],
  ])('a malformed input (%s) resolves INVALID_ARGS and never rejects', async (_name, input) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const result = await runtime.execute(input as never)
    expect(codeOf(result)).toBe('INVALID_ARGS')
    expect(result.isError && result.error.message).toContain('Malformed tool call input')
    expect(Object.isFrozen(result)).toBe(true)
  })

  test('input fields are read from own properties only: a polluted prototype supplies no agent', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const agents: unknown[] = []
    runtime.on('tools/result', (exec) => void agents.push(exec.agent))
    Object.defineProperty(Object.prototype, 'agent', { value: { id: 'intruder' }, configurable: true, writable: true })
    try {
      await runtime.execute(callInput())
    } finally {
      delete (Object.prototype as { agent?: unknown }).agent
    }
    expect(agents).toEqual([undefined])
  })
})
