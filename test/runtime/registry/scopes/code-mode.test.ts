import { createToolRuntime, ToolRegistryError, type CodeDispatchLog, type ContentBlock, type PreToolDecision, type ToolExecution } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, deferred, rawTool } from '../fixtures.js'

const parent = { id: 'parent' }
const child = { id: 'child', parent }

describe('presentAs — "Nearest scope on the chain wins"; "Scoped only, and one declaration per scope"', () => {
  test('throws on the global view', () => {
    expect(() => createToolRuntime().presentAs('code')).toThrow(ToolRegistryError)
  })

  test('a second declaration in the same scope throws; after disposal it may be declared again', () => {
    const runtime = createToolRuntime()
    const view = runtime.forAgent(parent)
    const dispose = view.presentAs('code')
    expect(() => view.presentAs('native')).toThrow(/already presents/)
    dispose()
    expect(() => view.presentAs('native')).not.toThrow()
  })

  test('refuses a mode other than native or code', () => {
    expect(() => createToolRuntime().forAgent(parent).presentAs('html' as never)).toThrow(ToolRegistryError)
  })

  test('a parent scope declaration covers its children; the nearest declaration wins', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.forAgent(parent).presentAs('code')
    expect(codeOf(await runtime.execute(callInput({ agent: child })))).toBe('UNKNOWN_TOOL')
    const dispose = runtime.forAgent(child).presentAs('native')
    expect(codeOf(await runtime.execute(callInput({ agent: child })))).toBeUndefined()
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBe('UNKNOWN_TOOL')
    dispose()
    expect(codeOf(await runtime.execute(callInput({ agent: child })))).toBe('UNKNOWN_TOOL')
  })

  test('the exact disposer restores the deployment default and is idempotent', async () => {
    const runtime = createToolRuntime({ mode: 'code' })
    runtime.register(rawTool())
    const view = runtime.forAgent(parent)
    const dispose = view.presentAs('native')
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBeUndefined()
    dispose()
    const again = view.presentAs('native')
    dispose()
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBeUndefined()
    again()
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBe('UNKNOWN_TOOL')
  })
})

describe('Code Mode — "under mode: \'code\', only calls WITH a parent may execute a native tool name"', () => {
  test('a model-direct call (no parent) is UNKNOWN_TOOL before the policy pipeline', async () => {
    const runtime = createToolRuntime({ mode: 'code' })
    const body = vi.fn(async () => ({ text: 'x' }))
    const gate = vi.fn((_exec: ToolExecution, next: () => Promise<PreToolDecision>) => next())
    const guard = vi.fn(() => undefined)
    const finalize = vi.fn(() => undefined)
    runtime.register(rawTool({ execute: body, finalizeContent: finalize }))
    runtime.on('tools/pre-execute', gate)
    runtime.guard(guard)
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('UNKNOWN_TOOL')
    expect(result.isError && result.error.message).toContain('run_code')
    expect([body, gate, guard, finalize].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0])
    expect(runtime.executionMode(callInput()).kind).toBe('exclusive')
  })

  test('a sub-dispatch carrying the token of a live execution runs, and inherits its root call id', async () => {
    const runtime = createToolRuntime({ mode: 'code' })
    runtime.register(rawTool())
    const outer = createToolRuntime()
    // The transport: a native tool in another runtime stands in for run_code and dispatches with its token.
    let inner: unknown
    const seen: ToolExecution[] = []
    runtime.on('tools/result', (exec) => void seen.push(exec))
    outer.register(
      rawTool({
        name: 'transport',
        execute: async (_args, exec) => {
          inner = await runtime.execute(callInput({ callId: 'sub-1', parent: exec.token }))
          return { text: 'outer' }
        },
      }),
    )
    // A token from another runtime is not live here.
    await outer.execute(callInput({ name: 'transport', callId: 'root' }))
    expect(codeOf(inner as never)).toBe('UNKNOWN_TOOL')

    // A native-mode agent's tool stands in for its transport; it dispatches for a Code Mode sub-agent.
    const worker = { id: 'worker', parent }
    runtime.forAgent(parent).presentAs('native')
    runtime.forAgent(worker).presentAs('code')
    const stranger = { id: 'stranger' }
    let foreign: unknown
    runtime.register(
      rawTool({
        name: 'transport',
        execute: async (_args, exec) => {
          inner = await runtime.execute(callInput({ callId: 'sub-2', agent: worker, parent: exec.token }))
          // Another agent cannot borrow this token: a transport dispatches for its own agent and its sub-agents.
          foreign = await runtime.execute(callInput({ callId: 'sub-3', agent: stranger, parent: exec.token }))
          return { text: 'outer' }
        },
      }),
    )
    expect(codeOf(await runtime.execute(callInput({ agent: worker })))).toBe('UNKNOWN_TOOL')
    await runtime.execute(callInput({ name: 'transport', callId: 'root', agent: parent }))
    expect(codeOf(inner as never)).toBeUndefined()
    expect(seen.find((exec) => exec.callId === 'sub-2')?.rootCallId).toBe('root')
    expect(codeOf(foreign as never)).toBe('UNKNOWN_TOOL')
    expect(seen.find((exec) => exec.callId === 'sub-3')?.rootCallId).toBe('sub-3')
  })

  test('a forged symbol or the token of a settled execution does not count as a parent', async () => {
    const runtime = createToolRuntime({ mode: 'code' })
    runtime.register(rawTool())
    let token: symbol | undefined
    runtime.forAgent(parent).presentAs('native')
    runtime.on('tools/result', (exec) => void (token = exec.token))
    await runtime.execute(callInput({ agent: parent }))
    expect(typeof token).toBe('symbol')
    expect(codeOf(await runtime.execute(callInput({ parent: token as never })))).toBe('UNKNOWN_TOOL')
    expect(codeOf(await runtime.execute(callInput({ parent: Symbol('forged') as never })))).toBe('UNKNOWN_TOOL')
  })

  test('native mode lets model-direct calls through', async () => {
    const runtime = createToolRuntime({ mode: 'native' })
    runtime.register(rawTool())
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
  })
})

describe('tools/code-dispatch-log — "next() keeps the content unchanged"; "A throwing listener is contained"', () => {
  const outerExec = (): ToolExecution => ({ callId: 'root', rootCallId: 'root', name: 'run_code', arguments: {}, signal: new AbortController().signal, token: Symbol('t') as never })
  const dispatch = (overrides: Partial<CodeDispatchLog> = {}): CodeDispatchLog => ({
    exec: outerExec(),
    subCallId: 'root:code:1',
    name: 'echo',
    isError: false,
    content: [{ type: 'text', text: 'a very long result' }],
    ...overrides,
  })
  const text = (content: readonly ContentBlock[]) => content.map((block) => (block.type === 'text' ? block.text : '')).join('')

  test('without listeners the original content is logged, frozen', async () => {
    const logged = await createToolRuntime().logCodeDispatch(dispatch())
    expect(text(logged)).toBe('a very long result')
    expect(Object.isFrozen(logged) && Object.isFrozen(logged[0])).toBe(true)
  })

  test('a listener may replace the logged copy; next() gives the content unchanged', async () => {
    const runtime = createToolRuntime()
    runtime.on('tools/code-dispatch-log', async (_dispatch, next) => {
      const content = await next()
      return [{ type: 'text', text: `preview: ${text(content).slice(0, 6)}` }]
    })
    expect(text(await runtime.logCodeDispatch(dispatch()))).toBe('preview: a very')
  })

  test('listeners see a frozen copy of the dispatch and cannot change the caller\'s object', async () => {
    const runtime = createToolRuntime()
    const original = dispatch()
    let seen: CodeDispatchLog | undefined
    runtime.on('tools/code-dispatch-log', (received, next) => {
      seen = received
      return next()
    })
    await runtime.logCodeDispatch(original)
    expect(seen).not.toBe(original)
    expect(Object.isFrozen(seen)).toBe(true)
    expect(Object.isFrozen(seen?.content)).toBe(true)
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('spill failed') }],
    ['rejects', async () => { throw new Error('spill failed') }],
    ['returns a non-array', () => 'short'],
    ['returns malformed blocks', () => [{ type: 'text' }]],
    ['returns non-JSON', () => [{ type: 'text', text: 'x', extra: () => 1 }]],
  ])('a listener that %s falls back to the original settled content', async (_name, listener) => {
    const runtime = createToolRuntime()
    runtime.on('tools/code-dispatch-log', listener as never)
    expect(text(await runtime.logCodeDispatch(dispatch()))).toBe('a very long result')
  })

  test('"agent-scoped listeners receive only that agent\'s dispatches" (not its sub-agents\')', async () => {
    const runtime = createToolRuntime()
    const scoped = vi.fn((_dispatch: CodeDispatchLog, next: () => Promise<readonly ContentBlock[]>) => next())
    runtime.forAgent(parent).on('tools/code-dispatch-log', scoped)
    await runtime.logCodeDispatch(dispatch())
    await runtime.logCodeDispatch(dispatch({ agent: { id: 'other' } }))
    expect(scoped).not.toHaveBeenCalled()
    await runtime.logCodeDispatch(dispatch({ agent: parent }))
    await runtime.logCodeDispatch(dispatch({ agent: child }))
    expect(scoped).toHaveBeenCalledTimes(1)
  })

  test('prepend puts a listener outside the earlier ones', async () => {
    const runtime = createToolRuntime()
    runtime.on('tools/code-dispatch-log', () => [{ type: 'text', text: 'inner' }])
    runtime.on('tools/code-dispatch-log', async (_d, next) => [{ type: 'text', text: `outer(${text(await next())})` }], { prepend: true })
    expect(text(await runtime.logCodeDispatch(dispatch()))).toBe('outer(inner)')
  })

  test('waits for a listener that replaced the content only after a delay', async () => {
    const runtime = createToolRuntime()
    const gate = deferred<void>()
    runtime.on('tools/code-dispatch-log', async () => {
      await gate.promise
      return [{ type: 'text', text: 'late' }]
    })
    const logged = runtime.logCodeDispatch(dispatch())
    gate.resolve()
    expect(text(await logged)).toBe('late')
  })

  test('rejects (never throws) for a malformed dispatch', async () => {
    const runtime = createToolRuntime()
    await expect(runtime.logCodeDispatch({ ...dispatch(), content: 'x' } as never)).rejects.toBeInstanceOf(TypeError)
    await expect(runtime.logCodeDispatch(null as never)).rejects.toBeInstanceOf(TypeError)
  })
})
