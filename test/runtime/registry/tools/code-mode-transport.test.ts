import { createToolRuntime, defineCodeModeTransport, ToolRegistryError, type CodeDispatchEvent, type ToolDefinition } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput, codeOf, rawTool } from '../fixtures.js'

const coder = { id: 'coder' }
const native = { id: 'native' }

/** A marked transport named run_code whose body is given. */
function transport(execute: ToolDefinition['execute'] = async () => ({ text: 'ran' })): ToolDefinition {
  return defineCodeModeTransport(rawTool({ name: 'run_code', execute }))
}

describe('defineCodeModeTransport — the one definition the reserved name admits', () => {
  test('an unmarked run_code is refused; a marked one registers', () => {
    const runtime = createToolRuntime()
    expect(() => runtime.register(rawTool({ name: 'run_code' }))).toThrow(ToolRegistryError)
    expect(() => runtime.register(transport())).not.toThrow()
  })

  test('a marked definition under another name is refused', () => {
    expect(() => createToolRuntime().register(defineCodeModeTransport(rawTool({ name: 'other' })))).toThrow(/must be named "run_code"/)
  })

  test('visible only to scopes that present their tools as code, and callable there without a parent', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.register(transport())
    runtime.forAgent(coder).presentAs('code')
    const run = callInput({ name: 'run_code', arguments: { text: 'x' } })
    expect(codeOf(await runtime.execute({ ...run, agent: native }))).toBe('UNKNOWN_TOOL')
    expect(codeOf(await runtime.execute(run))).toBe('UNKNOWN_TOOL')
    expect(codeOf(await runtime.execute({ ...run, agent: coder }))).toBeUndefined()
    expect(runtime.get('run_code', native)).toBeUndefined()
    expect(runtime.get('run_code', coder)).toBeDefined()
    expect(runtime.schemas(native).map((s) => s.name)).toEqual(['echo'])
    expect(runtime.schemas(coder).map((s) => s.name)).toEqual(['echo', 'run_code'])
    // The native tool stays unreachable model-direct under Code Mode.
    expect(codeOf(await runtime.execute(callInput({ agent: coder })))).toBe('UNKNOWN_TOOL')
  })

  test('an allow-list restriction does not hide the transport', async () => {
    const runtime = createToolRuntime({ mode: 'code' })
    runtime.register(rawTool())
    runtime.register(rawTool({ name: 'other' }))
    runtime.register(transport())
    runtime.forAgent(coder).restrict({ allow: ['echo'] })
    expect(runtime.schemas(coder).map((s) => s.name)).toEqual(['echo', 'run_code'])
  })

  test('the transport keeps its own CODE_* and ABORTED codes and details; another tool throwing them is TOOL_ERROR', async () => {
    const thrower = async (): Promise<never> => {
      throw Object.assign(new Error('took too long'), { code: 'CODE_TIME_LIMIT', details: { calls: [] } })
    }
    const runtime = createToolRuntime({ mode: 'code' })
    runtime.register(transport(thrower))
    runtime.register(rawTool({ execute: thrower }))
    const own = await runtime.execute(callInput({ name: 'run_code', agent: coder }))
    expect(own.isError && own.error.info).toEqual({ code: 'CODE_TIME_LIMIT', name: 'Error', details: { calls: [] } })
    const runtime2 = createToolRuntime()
    runtime2.register(rawTool({ execute: thrower }))
    expect(codeOf(await runtime2.execute(callInput()))).toBe('TOOL_ERROR')
  })
})

describe('tool/code-dispatch — the durable event after the tools/code-dispatch-log waterfall', () => {
  const exec = { callId: 'root', rootCallId: 'root', name: 'run_code', arguments: {}, signal: new AbortController().signal, token: Symbol('t') }
  const dispatch = { exec: exec as never, subCallId: 'root:code:1', name: 'echo', isError: false, content: [{ type: 'text' as const, text: 'long' }] }

  test('carries the content the waterfall chose, after it ran; a throwing event listener is contained', async () => {
    const runtime = createToolRuntime()
    const order: string[] = []
    const events: CodeDispatchEvent[] = []
    runtime.on('tools/code-dispatch-log', async () => {
      order.push('waterfall')
      return [{ type: 'text', text: 'short' }]
    })
    runtime.on('tool/code-dispatch', () => {
      throw new Error('observer broke')
    })
    runtime.on('tool/code-dispatch', (event) => {
      order.push('event')
      events.push(event)
    })
    expect(await runtime.logCodeDispatch(dispatch)).toEqual([{ type: 'text', text: 'short' }])
    expect(order).toEqual(['waterfall', 'event'])
    expect(events[0]).toMatchObject({ subCallId: 'root:code:1', name: 'echo', isError: false, content: [{ type: 'text', text: 'short' }] })
    expect(Object.isFrozen(events[0])).toBe(true)
  })

  test('without waterfall listeners the event carries the original content; scoped listeners see only their agent', async () => {
    const runtime = createToolRuntime()
    const seen: string[] = []
    runtime.forAgent(coder).on('tool/code-dispatch', (event) => void seen.push(`coder:${event.subCallId}`))
    runtime.forAgent(native).on('tool/code-dispatch', (event) => void seen.push(`native:${event.subCallId}`))
    await runtime.logCodeDispatch({ ...dispatch, agent: coder })
    expect(seen).toEqual(['coder:root:code:1'])
  })
})
