import { createToolRuntime, type PostToolDecision, type PreToolDecision, type ToolRuntime } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput, rawTool } from '../fixtures.js'

// execute() adds no promise hop of its own: from the call to its settlement it takes no more microtask
// turns than the same stages chained by hand with async/await (the body, each listener's own awaits).
// A hop costs every call of an adapter (serveMcp installs a pre-execute listener on every connection).

/** Microtask turns from `run()` until its promise has settled (and the observer's reaction ran). */
async function turns(run: () => Promise<unknown>): Promise<number> {
  let settled = false
  void run().then(() => (settled = true))
  let count = 0
  while (!settled && count < 100) {
    await null
    count++
  }
  return count
}

const body = async (args: unknown) => ({ text: (args as { text: string }).text })
const ALLOW: PreToolDecision = { kind: 'allow' }
const allowNext = (): Promise<PreToolDecision> => Promise.resolve(ALLOW)
const awaitingGate = async (_exec: unknown, next: () => Promise<PreToolDecision>) => {
  const decision = await next()
  return decision
}
const passThroughGate = (_exec: unknown, next: () => Promise<PreToolDecision>) => next()
const awaitingReviewer = async (_exec: unknown, _result: unknown, next: () => Promise<PostToolDecision>) => next()

const cases: [string, { setup: (runtime: ToolRuntime) => void; byHand: () => Promise<unknown> }][] = [
  ['no listener', { setup: () => undefined, byHand: async () => await body({ text: 'hi' }) }],
  [
    'a pre-execute listener awaiting next() (as serveMcp installs)',
    {
      setup: (runtime) => void runtime.on('tools/pre-execute', awaitingGate),
      byHand: async () => {
        if ((await awaitingGate(undefined, allowNext)).kind !== 'allow') throw new Error('denied')
        return await body({ text: 'hi' })
      },
    },
  ],
  [
    'a pre-execute listener returning next()',
    {
      setup: (runtime) => void runtime.on('tools/pre-execute', passThroughGate),
      byHand: async () => {
        if ((await passThroughGate(undefined, allowNext)).kind !== 'allow') throw new Error('denied')
        return await body({ text: 'hi' })
      },
    },
  ],
  [
    'a post-execute listener awaiting next()',
    {
      setup: (runtime) => void runtime.on('tools/post-execute', awaitingReviewer),
      byHand: async () => {
        const value = await body({ text: 'hi' })
        await awaitingReviewer(undefined, value, () => Promise.resolve({ kind: 'accept' }))
        return value
      },
    },
  ],
]

describe('promise hops of one execute()', () => {
  test.each(cases)('%s: no more turns than the stages chained by hand', async (_, { setup, byHand }) => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ execute: body }))
    setup(runtime)
    const ours = await turns(() => runtime.execute(callInput()))
    expect((await runtime.execute(callInput())).isError).toBe(false)
    expect(ours).toBeLessThanOrEqual(await turns(byHand))
  })
})
