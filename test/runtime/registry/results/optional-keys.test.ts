import { createToolRuntime, defineTool, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput } from '../fixtures.js'

// The optional keys of a result (meta, additionalContexts, concludesTurn; error.info's name and details) are own
// data properties of the result, never assignments that reach a setter someone defined on Object.prototype.

const OPTIONAL = ['meta', 'additionalContexts', 'concludesTurn', 'name', 'details']

/** Runs `run` with a setter on Object.prototype for every optional key; returns what the setters received and the result. */
async function withSetters(run: () => Promise<ToolExecutionResult>): Promise<{ reached: string[]; result: ToolExecutionResult }> {
  const reached: string[] = []
  try {
    for (const key of OPTIONAL) {
      Object.defineProperty(Object.prototype, key, { __proto__: null, set: () => void reached.push(key), get: () => undefined, configurable: true } as PropertyDescriptor)
    }
    return { reached, result: await run() }
  } finally {
    for (const key of OPTIONAL) delete (Object.prototype as Record<string, unknown>)[key]
  }
}

function setup() {
  const runtime = createToolRuntime()
  runtime.register(
    defineTool({
      name: 'probe',
      description: 'd',
      parameters: { n: { type: 'integer', required: true }, fail: { type: 'boolean' } },
      output: { schema: { type: 'string' }, render: () => [{ type: 'text', text: 'ok' }], presentationMeta: () => ({ card: 1 }) },
      execute: async ({ fail }, ctx) => {
        ctx.deferContext({ role: 'user', content: [{ type: 'text', text: 'later' }] })
        if (fail === true) throw new TypeError('boom')
        ctx.concludeTurn()
        return 'v'
      },
    }),
  )
  return runtime
}

describe('optional keys of a result under a polluted Object.prototype', () => {
  test('a success keeps meta, additionalContexts and concludesTurn as own keys', async () => {
    const runtime = setup()
    const { reached, result } = await withSetters(() => runtime.execute(callInput({ name: 'probe', arguments: { n: 1 } })))
    expect(reached).toEqual([])
    expect(Object.keys(result)).toEqual(['isError', 'value', 'content', 'meta', 'additionalContexts', 'concludesTurn'])
  })

  test("a thrown error's failure keeps error.info.name and the deferred contexts", async () => {
    const runtime = setup()
    const { reached, result } = await withSetters(() => runtime.execute(callInput({ name: 'probe', arguments: { n: 1, fail: true } })))
    expect(reached).toEqual([])
    expect(result.isError && Object.keys(result.error.info ?? {})).toEqual(['code', 'name'])
    expect(Object.hasOwn(result, 'additionalContexts')).toBe(true)
  })

  test('INVALID_ARGS keeps error.info.name and details', async () => {
    const runtime = setup()
    const { reached, result } = await withSetters(() => runtime.execute(callInput({ name: 'probe', arguments: { n: 'x' } })))
    expect(reached).toEqual([])
    expect(result.isError && Object.keys(result.error.info ?? {})).toEqual(['code', 'name', 'details'])
  })
})
