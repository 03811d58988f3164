import { createToolRuntime, type ToolExecution, type ToolExecutionResult } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, isDeepFrozen, rawTool } from '../fixtures.js'

describe('tools/result — "Observe the frozen, lossless-JSON final outcome. Listener failures are contained"', () => {
  test('observers get the frozen execution and the same frozen result execute() resolves, before it resolves', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const seen: [ToolExecution, ToolExecutionResult][] = []
    let resolved = false
    let resolvedWhenObserved: boolean | undefined
    runtime.on('tools/result', (exec, result) => void (seen.push([exec, result]), (resolvedWhenObserved = resolved)))
    const pending = runtime.execute(callInput())
    void pending.then(() => (resolved = true))
    const result = await pending
    expect(resolvedWhenObserved).toBe(false)
    expect(seen).toHaveLength(1)
    expect(seen[0]?.[1]).toBe(result)
    expect(Object.isFrozen(seen[0]?.[0])).toBe(true)
    expect(isDeepFrozen(seen[0]?.[0].arguments)).toBe(true)
  })

  test('observers see every outcome, including UNKNOWN_TOOL and INVALID_ARGS', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const codes: (string | undefined)[] = []
    runtime.on('tools/result', (_exec, result) => void codes.push(codeOf(result)))
    await runtime.execute(callInput({ name: 'missing' }))
    await runtime.execute(callInput({ arguments: [undefined] }))
    await runtime.execute(callInput())
    expect(codes).toEqual(['UNKNOWN_TOOL', 'INVALID_ARGS', undefined])
  })

  test('"Observers cannot transform it": a mutation attempt fails and changes nothing', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    runtime.on('tools/result', (_exec, result) => {
      ;(result as { isError: boolean }).isError = true
    })
    const result = await runtime.execute(callInput())
    expect(result.isError).toBe(false)
  })

  test('a throwing or rejecting observer is contained; later observers still run; execute resolves normally', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const later = vi.fn()
    runtime.on('tools/result', () => {
      throw new Error('observer bug')
    })
    runtime.on('tools/result', async () => {
      throw new Error('async observer bug')
    })
    runtime.on('tools/result', later)
    const result = await runtime.execute(callInput())
    expect(result.isError).toBe(false)
    expect(later).toHaveBeenCalledTimes(1)
  })

  test('an observer\'s rejected promise is contained even when it carries an own catch that attaches nothing', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const sneaky = () => {
        const rejected = Promise.reject(new Error('observer failed'))
        Object.defineProperty(rejected, 'catch', { value: () => rejected })
        return rejected
      }
      runtime.on('tools/result', sneaky as never)
      runtime.on('tools/change', sneaky as never)
      runtime.register(rawTool({ name: 'other' }))
      expect((await runtime.execute(callInput())).isError).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  test('"keyed by exec.agent": a scoped observer sees its agent\'s calls, not its sub-agents\' or others', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const alice = { id: 'alice' }
    const observed = vi.fn()
    runtime.forAgent(alice).on('tools/result', observed)
    await runtime.execute(callInput())
    await runtime.execute(callInput({ agent: { id: 'alice' } }))
    expect(observed).not.toHaveBeenCalled()
    await runtime.execute(callInput({ agent: alice }))
    await runtime.execute(callInput({ agent: { id: 'sub', parent: alice } }))
    expect(observed).toHaveBeenCalledTimes(1)
  })

  test('this is the view the observer subscribed through', async () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    let self: unknown
    runtime.on('tools/result', function (this: unknown) {
      self = this
    })
    await runtime.execute(callInput())
    expect(self).toBe(runtime)
  })

  test('a malformed input never reaches observers (it has no execution identity)', async () => {
    const runtime = createToolRuntime()
    const observed = vi.fn()
    runtime.on('tools/result', observed)
    await runtime.execute({ name: 'x' } as never)
    expect(observed).not.toHaveBeenCalled()
  })
})
