import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolDispatchExecution, ToolExecutionResult } from '../execution/execution-types.js'
import { createDispatchExecution } from './dispatch-execution.js'
import { acceptWrapperResult } from './foreign-result.js'
import type { ListenerEntry } from './listener-list.js'
import { acceptValue } from './project-output.js'
import type { RegistryListeners } from './registry-state.js'
import { createRunContext } from './run-context.js'
import { fuseSignals } from './signals.js'
import { thrownFailure } from './thrown-failure.js'
import { runTimeoutPolicy } from './timeout-policy.js'
import type { ToolCall } from './tool-call.js'
import { failureResult } from './tool-results.js'
import { runWaterfall, type WaterfallSpec } from './waterfall.js'

type ExecuteListener = RegistryListeners['execute']['entries'][number]['fn']

interface DispatchRun {
  readonly call: ToolCall
  readonly view: ToolDispatchExecution
}

/**
 * Runs the `tools/execute` waterfall around the body, or the body alone when no wrapper applies
 * (the built-in timeout policy applies only to tools that declare `timeoutMs`). Never rejects.
 */
export function dispatch(call: ToolCall): Promise<ToolExecutionResult> {
  let entries = call.state.listeners.execute.forChain(call.chain)
  if (call.tool.timeoutMs === undefined && entries.some(isTimeoutPolicy)) entries = entries.filter((entry) => !isTimeoutPolicy(entry))
  if (entries.length === 0) return invokeBody(call, call.exec.signal)
  return runWaterfall(entries, EXECUTE, { call, view: createDispatchExecution(call.exec) })
}

function isTimeoutPolicy(entry: ListenerEntry<unknown>): boolean {
  return entry.timeoutPolicy === true
}

const EXECUTE: WaterfallSpec<DispatchRun, ToolExecutionResult, ExecuteListener> = {
  invoke: (entry, run, next) =>
    entry.timeoutPolicy === true ? runTimeoutPolicy(run.call, run.view, next) : entry.fn.call(entry.view, run.view, next),
  normalize: (run, answer) => acceptWrapperResult(run.call, answer),
  fail: (_run, error) => thrownFailure(error),
  terminal: (run) => invokeBody(run.call, run.view.signal),
}

/**
 * Calls the body once with a `ToolRunContext` whose signal is the caller's, re-fused with any
 * replacement a wrapper installed. A signal already aborted means the body never starts
 * (`ABORTED_BEFORE_DISPATCH`). The body's value goes through the output contract; a throw becomes
 * a structured failure. Resolves once the body's promise settled — the body is never abandoned.
 */
function invokeBody(call: ToolCall, signal: AbortSignal): Promise<ToolExecutionResult> {
  const fused = fuseSignals(call.exec.signal, signal)
  if (fused.signal.aborted) {
    fused.dispose()
    return Promise.resolve(failureResult('ABORTED_BEFORE_DISPATCH', 'The call was cancelled before the tool started.'))
  }
  call.bodyStarted = true
  const tool = call.tool
  let pending: unknown
  try {
    pending = tool.execute.call(tool.definition, call.exec.arguments, createRunContext(call, fused.signal))
  } catch (error) {
    pending = Promise.reject(error)
  }
  return Promise.resolve(pending).then(
    (value) => {
      fused.dispose()
      return bodyResult(call, true, value)
    },
    (error: unknown) => {
      fused.dispose()
      return bodyResult(call, false, error)
    },
  )
}

function bodyResult(call: ToolCall, fulfilled: boolean, outcome: unknown): ToolExecutionResult {
  call.bodySettled = true
  if (call.contextIssues !== undefined) {
    return failureResult('INVALID_RESULT', formatIssues('The tool deferred a context that is not a lossless user message', call.contextIssues))
  }
  if (!fulfilled) return thrownFailure(outcome, call.contexts)
  return acceptValue(call, outcome, { contexts: call.contexts, concludesTurn: call.concludes })
}
