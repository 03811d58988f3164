import { createToolRuntime, type ToolRunContext, type UserMessage } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput, rawTool } from '../fixtures.js'

// The body's ToolRunContext: deferContext and concludeTurn are own enumerable data properties bound to the body
// attempt, so the usual ways of handing a context on (destructuring, a spread wrapper, a Proxy, Object.create) keep
// them working, and each reaches this call's result.

const context = (text: string): UserMessage => ({ role: 'user', content: [{ type: 'text', text }] })

describe('RunContext', () => {
  test('deferContext and concludeTurn are own enumerable data properties of the frozen context', async () => {
    const runtime = createToolRuntime()
    let seen: ToolRunContext | undefined
    runtime.register(rawTool({ execute: async (_args, ctx) => ((seen = ctx), { text: 'x' }) }))
    await runtime.execute(callInput())
    for (const key of ['deferContext', 'concludeTurn']) {
      const descriptor = Object.getOwnPropertyDescriptor(seen, key)
      expect(descriptor && 'value' in descriptor ? typeof descriptor.value : descriptor).toBe('function')
      expect(descriptor?.enumerable).toBe(true)
    }
    expect(Object.isFrozen(seen)).toBe(true)
  })

  test.each([
    ['a spread wrapper', (ctx: ToolRunContext) => ({ ...ctx, signal: ctx.signal })],
    ['a Proxy', (ctx: ToolRunContext) => new Proxy(ctx, {})],
    ['Object.create', (ctx: ToolRunContext) => Object.create(ctx) as ToolRunContext],
  ])('through %s, the context is deferred and the turn concluded on this call', async (_name, wrap) => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        execute: async (_args, ctx) => {
          const handed = wrap(ctx)
          handed.deferContext(context('via the wrapper'))
          handed.concludeTurn()
          return { text: 'x' }
        },
      }),
    )
    const result = await runtime.execute(callInput())
    expect(result.isError).toBe(false)
    expect(result.additionalContexts?.map((c) => c.content[0])).toEqual([{ type: 'text', text: 'via the wrapper' }])
    expect(result.concludesTurn).toBe(true)
  })

  test('with index setters on Object.prototype, deferred contexts and their issues are kept as own elements', async () => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        execute: async (_args, ctx) => {
          ctx.deferContext(context('kept'))
          ctx.deferContext({ role: 'bot', content: [] } as never)
          return { text: 'x' }
        },
      }),
    )
    // A string, not a list: appending to a list would reach the setter itself.
    let received = ''
    let result
    try {
      for (const index of ['0', '1']) {
        Object.defineProperty(Object.prototype, index, { __proto__: null, set: (v: unknown) => void (received += JSON.stringify(v)), get: () => undefined, configurable: true } as PropertyDescriptor)
      }
      result = await runtime.execute(callInput())
    } finally {
      delete (Object.prototype as Record<string, unknown>)['0']
      delete (Object.prototype as Record<string, unknown>)['1']
    }
    expect(received).toBe('')
    expect(result.isError && result.error.info?.code).toBe('INVALID_RESULT')
    expect(result.isError && result.error.message).toMatch(/\/additionalContexts\/1\/role/)
    expect(result.additionalContexts?.map((c) => c.content[0])).toEqual([{ type: 'text', text: 'kept' }])
  })
})
