import { createToolRuntime, type PreToolDecision } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { callInput, rawTool } from '../fixtures.js'

// Which scoped listeners apply is worked out per agent and kept while the list is unchanged; a run of calls
// alternating agents, subscribing and disposing between them, must still see exactly the listeners of the moment.

describe('scoped listeners across a run of calls', () => {
  test('each call sees the global listeners and its own agent’s, as subscribed at that moment', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const a = { id: 'a' }
    const b = { id: 'b' }
    const seen: string[] = []
    const listener = (tag: string) => (_exec: unknown, next: () => Promise<PreToolDecision>) => (seen.push(tag), next())
    const call = async (agent: { id: string } | undefined): Promise<string> => {
      seen.length = 0
      await runtime.execute(callInput(agent === undefined ? {} : { agent }))
      return seen.join(' ')
    }
    const disposeA = runtime.forAgent(a).on('tools/pre-execute', listener('a1'))
    const steps: [string, () => Promise<string>, string][] = [
      ['a after its listener', () => call(a), 'a1'],
      ['a again (the kept answer)', () => call(a), 'a1'],
      ['b, which has none', () => call(b), ''],
      ['no agent', () => call(undefined), ''],
      ['a once more', () => call(a), 'a1'],
    ]
    for (const [name, run, want] of steps) expect([name, await run()]).toEqual([name, want])
    const disposeGlobal = runtime.on('tools/pre-execute', listener('g'))
    expect(await call(a)).toBe('a1 g')
    const disposeA2 = runtime.forAgent(a).on('tools/pre-execute', listener('a2'))
    expect(await call(a)).toBe('a1 g a2')
    expect(await call(b)).toBe('g')
    disposeA()
    expect(await call(a)).toBe('g a2')
    disposeGlobal()
    disposeA2()
    expect(await call(a)).toBe('')
    runtime.forAgent(b).on('tools/pre-execute', listener('b1'))
    expect(await call(b)).toBe('b1')
    expect(await call(a)).toBe('')
  })
})
