import type {
  ContentBlock,
  PostToolDecision,
  PreToolDecision,
  ToolDispatchExecution,
  ToolExecution,
  ToolExecutionResult,
  ToolRuntime,
  ToolSchema,
  ToolDefinition,
  ToolExecutionMode,
  CodeDispatchLog,
} from '@toolsmith/runtime'
import { createToolRuntime } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'

const runtime = createToolRuntime()

describe('ToolRuntime types', () => {
  test('createToolRuntime returns a ToolRuntime; forAgent returns the same surface', () => {
    expectTypeOf(runtime).toEqualTypeOf<ToolRuntime>()
    expectTypeOf(runtime.forAgent({ id: 'a' })).toEqualTypeOf<ToolRuntime>()
    expectTypeOf(runtime.schemas()).toEqualTypeOf<ToolSchema[]>()
    expectTypeOf(runtime.get('x')).toEqualTypeOf<ToolDefinition | undefined>()
    expectTypeOf(runtime.executionMode).returns.toEqualTypeOf<ToolExecutionMode>()
    expectTypeOf(runtime.execute).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
  })

  test('on() is typed per event: waterfalls get next, emits do not', () => {
    runtime.on('tools/pre-execute', (exec, next) => {
      expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
      expectTypeOf(next).toEqualTypeOf<() => Promise<PreToolDecision>>()
      return next()
    })
    runtime.on('tools/execute', (exec, next) => {
      expectTypeOf(exec).toEqualTypeOf<ToolDispatchExecution>()
      expectTypeOf(next).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
      return next()
    })
    runtime.on('tools/post-execute', (_exec, result, next) => {
      expectTypeOf(result).toEqualTypeOf<ToolExecutionResult>()
      expectTypeOf(next).returns.resolves.toEqualTypeOf<PostToolDecision>()
      return next()
    })
    runtime.on('tools/result', (exec, result) => {
      expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
      expectTypeOf(result).toEqualTypeOf<ToolExecutionResult>()
    })
    runtime.on('tools/change', function () {
      expectTypeOf(this).toEqualTypeOf<ToolRuntime>()
    })
    runtime.on('tools/code-dispatch-log', (dispatch, next) => {
      expectTypeOf(dispatch).toEqualTypeOf<CodeDispatchLog>()
      expectTypeOf(next).returns.resolves.toEqualTypeOf<readonly ContentBlock[]>()
      return next()
    })
  })

  test('listeners may answer synchronously', () => {
    runtime.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
    runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: [] }))
  })

  test('wrong listener shapes and decisions are type errors', () => {
    // @ts-expect-error an unknown event
    runtime.on('tools/other', () => {})
    // @ts-expect-error pre-execute cannot answer a post-execute decision
    runtime.on('tools/pre-execute', () => ({ kind: 'accept' }))
    // @ts-expect-error deny needs a reason
    runtime.on('tools/pre-execute', () => ({ kind: 'deny' }))
    // @ts-expect-error accept replaces content or value, never both
    runtime.on('tools/post-execute', () => ({ kind: 'accept', content: [], value: 1 }))
    // @ts-expect-error the identity of a dispatch is read-only
    runtime.on('tools/execute', (exec, next) => ((exec.name = 'x'), next()))
  })

  test('the signal of a dispatch execution is replaceable', () => {
    runtime.on('tools/execute', (exec, next) => {
      exec.signal = new AbortController().signal
      return next()
    })
  })
})
