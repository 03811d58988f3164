import { ToolArgsError, ToolNotFoundError } from '../errors/tool-errors.js'
import type { Agent, ToolExecution, ToolExecutionResult } from '../execution/execution-types.js'
import { materializeJson } from '../json/materialize-json.js'
import { thenPolluted } from '../json/prototypes-polluted.js'
import { Execution, parentCall, readCallInput, ToolCall } from './call.js'
import { dispatch } from './dispatch.js'
import { notifyResult } from './events.js'
import { passGates } from './gates.js'
import type { RegistryState } from './registry-state.js'
import { abortedAfterStart, abortedBeforeDispatch, failureResult, issueDetails, malformedInput, optional, registryFailure } from './results.js'
import { finalizeContent, reviewResult } from './review.js'
import { MAX_SCOPE_DEPTH, presentationMode, readScopeChain, resolveTool } from './scopes.js'
import { isAborted } from './signals.js'
import type { RegisteredTool } from './tools.js'

/**
 * `ToolRuntime.execute`. Synchronously, before returning: reads the input once, snapshots the
 * arguments (non-JSON → `INVALID_ARGS` before any policy), assigns the token and root call id,
 * resolves visibility (`UNKNOWN_TOOL`; under Code Mode a call without a live `parent` token cannot
 * reach a native tool) and, for a call already cancelled, `ABORTED_BEFORE_DISPATCH`. Then,
 * asynchronously: `tools/pre-execute` and approval, guards, `tools/execute` around the body,
 * `tools/post-execute`, the cancellation rule, `finalizeContent` once, and `tools/result`.
 * Never rejects, except when Object.prototype.then is defined (prototype pollution: no plain object
 * can be resolved faithfully there), at the call or when it settles; the resolved result is frozen and is the object the observers received.
 * A malformed input (a contract violation the types already forbid) resolves `INVALID_ARGS` without
 * entering the pipeline: it has no execution identity for listeners to see.
 */
export function executeCall(state: RegistryState, scope: Agent | undefined, input: unknown): Promise<ToolExecutionResult> {
  // Fail closed, before anything runs: under a polluted Object.prototype.then every awaited plain
  // object (decisions, results) would be handed to it, and the call could resolve to anything or hang.
  if (thenPolluted()) return Promise.reject(thenPollutionError())
  const read = readCallInput(input, scope)
  if (typeof read === 'string') return settle(malformedInput(read))
  let chain: Agent[] | undefined
  if (read.agent !== undefined) {
    chain = readScopeChain(read.agent)
    if (chain === undefined) {
      return settle(malformedInput(`the agent's scope chain is unreadable, cyclic or deeper than ${MAX_SCOPE_DEPTH} agents`))
    }
  }
  const args = materializeJson(read.arguments)
  const parentRoot = parentCall(state, read.parent, chain)?.rootCallId
  let tool = resolveTool(state, read.name, chain)
  // Code Mode: a model-direct call (no live parent token) reaches no native tool; the model calls
  // them through run_code, whose sub-dispatches carry its token as `parent`.
  const codeMode = tool !== undefined && !tool.transport && parentRoot === undefined && presentationMode(state, chain) === 'code'
  if (codeMode) tool = undefined
  let early: ToolExecutionResult | undefined
  if (!args.ok) {
    // A call with non-JSON arguments never runs, so its execution carries no arguments at all.
    early = failureResult('INVALID_ARGS', new ToolArgsError(args.issues, read.name).message, {
      name: 'ToolArgsError',
      details: issueDetails(args.issues),
    })
  } else if (tool === undefined) {
    early = failureResult('UNKNOWN_TOOL', codeMode
      ? `${new ToolNotFoundError(read.name).message}. This agent calls its tools through run_code (Code Mode).`
      : new ToolNotFoundError(read.name).message, { name: 'ToolNotFoundError' })
  } else if (isAborted(read.signal)) {
    early = abortedBeforeDispatch()
  }
  const rootCallId = read.rootCallId ?? parentRoot ?? read.callId
  const fields = {
    callId: read.callId,
    rootCallId,
    name: read.name,
    arguments: args.ok ? args.value : undefined,
    agent: read.agent,
    parent: read.parent,
    signal: read.signal,
  }
  if (early !== undefined) return settle(finish(state, tool, chain, new Execution(fields, undefined), early))
  return runCall(new ToolCall(state, tool as RegisteredTool, chain, fields))
}

async function runCall(call: ToolCall): Promise<ToolExecutionResult> {
  const { state, exec } = call
  let result: ToolExecutionResult
  try {
    const gated = passGates(call)
    const refusal = gated instanceof Promise ? await gated : gated
    if (refusal !== undefined) {
      result = refusal
    } else {
      result = await dispatch(call)
      const reviewed = reviewResult(call, result)
      if (reviewed instanceof Promise) result = await reviewed
      else result = reviewed
      // Caller cancellation replaces only an accepted success; a started body's own error stays.
      if (!result.isError && isAborted(exec.signal)) {
        result = call.bodyStarted ? abortedAfterStart(optional(result, 'additionalContexts')) : abortedBeforeDispatch()
      }
    }
  } catch (error) {
    // Only a defect in the registry itself gets here; the caller still gets a structured result.
    result = registryFailure(error)
  }
  call.retire()
  const final = finish(state, call.tool, call.chain, exec, result)
  // Polluted while the call ran (if the pipeline got this far): resolving would hand the result to it.
  if (thenPolluted()) throw thenPollutionError()
  return final
}

/** A promise of `result`, or the pollution error when resolving it would call a polluted `then`. */
function settle(result: ToolExecutionResult): Promise<ToolExecutionResult> {
  return thenPolluted() ? Promise.reject(thenPollutionError()) : Promise.resolve(result)
}

/** The one rejection of `execute()`: an environment the runtime cannot resolve a result in. */
function thenPollutionError(): TypeError {
  return new TypeError(
    'Object.prototype.then is defined (prototype pollution): every plain object is a thenable there, so execute() refuses the call rather than resolve a result that the polluted then could replace or never settle',
  )
}

/** Content finalization (for a known tool), then the observers; returns the result they saw. */
function finish(
  state: RegistryState,
  tool: RegisteredTool | undefined,
  chain: readonly Agent[] | undefined,
  exec: ToolExecution,
  result: ToolExecutionResult,
): ToolExecutionResult {
  const final = tool === undefined ? result : finalizeContent(tool, exec, result)
  notifyResult(state, chain, exec, final)
  return final
}
