import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isDeepFrozen, rawTool } from '../fixtures.js'

// "1,000 concurrent executions with random cancellation: all settle; no observer ever sees a mutable object."

describe('1,000 concurrent executions with random cancellation', () => {
  test('all settle, every observer sees only frozen objects, and finalizeContent runs once per call', async () => {
    const random = fc.sample(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 4 }), fc.boolean()), { seed: 42, numRuns: 1_000 })
    const runtime = createToolRuntime()
    let finalized = 0
    let bodies = 0
    const mutableSightings: string[] = []
    runtime.register(
      rawTool({
        timeoutMs: 1_000,
        finalizeContent: (exec, result) => {
          finalized++
          if (!Object.isFrozen(exec) || !isDeepFrozen(result)) mutableSightings.push(`finalize ${exec.callId}`)
          return undefined
        },
        execute: (args, exec) => {
          bodies++
          if (!isDeepFrozen(args) || !Object.isFrozen(exec)) mutableSightings.push(`body ${exec.callId}`)
          const ms = Number((args as { text: string }).text)
          return new Promise((resolve, reject) => {
            const timer = setTimeout(() => resolve({ text: `slept ${ms}` }), ms)
            exec.signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('cancelled'))))
          })
        },
      }),
    )
    runtime.on('tools/pre-execute', async (exec, next) => {
      if (!Object.isFrozen(exec) || !isDeepFrozen(exec.arguments)) mutableSightings.push(`pre ${exec.callId}`)
      if (Number(exec.callId) % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 1))
      return next()
    })
    runtime.on('tools/execute', async (exec, next) => {
      const result = await next()
      if (!isDeepFrozen(result)) mutableSightings.push(`wrapper ${exec.callId}`)
      return result
    })
    runtime.on('tools/post-execute', (exec, result, next) => {
      if (!isDeepFrozen(result)) mutableSightings.push(`post ${exec.callId}`)
      return Number(exec.callId) % 11 === 0 ? { kind: 'block', feedback: [{ type: 'text', text: 'no' }] } : next()
    })
    const observed = new Map<string, ToolExecutionResult>()
    runtime.on('tools/result', (exec, result) => {
      if (!Object.isFrozen(exec) || !isDeepFrozen(exec.arguments) || !isDeepFrozen(result)) mutableSightings.push(`result ${exec.callId}`)
      observed.set(exec.callId, result)
    })

    const calls = random.map(([sleep, abortAfter, cancel], index) => {
      const controller = new AbortController()
      if (cancel) {
        if (abortAfter === 0) controller.abort()
        else setTimeout(() => controller.abort(), abortAfter)
      }
      return runtime.execute({ callId: String(index), name: 'echo', arguments: { text: String(sleep) }, signal: controller.signal })
    })
    const results = await Promise.all(calls)

    expect(results).toHaveLength(1_000)
    expect(mutableSightings).toEqual([])
    expect(finalized).toBe(1_000)
    expect(bodies).toBeLessThanOrEqual(1_000)
    results.forEach((result, index) => {
      expect(observed.get(String(index))).toBe(result)
      expect(isDeepFrozen(result)).toBe(true)
    })
    const codes = new Set<string | undefined>(results.map((result) => (result.isError ? result.error.info?.code : 'success')))
    // The random mix must actually exercise success, cancellation before and after dispatch, and blocking.
    for (const code of ['success', 'ABORTED_BEFORE_DISPATCH', 'BLOCKED', 'TOOL_ERROR']) expect(codes.has(code)).toBe(true)
  }, 30_000)
})
