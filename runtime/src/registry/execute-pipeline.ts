import { formatIssues } from '../errors/json-schema-error.js'
import type { Agent, ToolExecution, ToolExecutionResult, ToolExecutionToken } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { admit } from './pre-execute.js'
import { dispatch } from './dispatch.js'
import { readCallInput, type CallInput } from './execution-input.js'
import { finalizeContent } from './finalize-content.js'
import { runGuards } from './guards.js'
import { notifyResult } from './notify.js'
import { reviewResult } from './post-execute.js'
import type { RegisteredTool } from './registered-tool.js'
import type { RegistryState } from './registry-state.js'
import { MAX_SCOPE_DEPTH, readScopeChain } from './scope-chain.js'
import { thrownMessage } from './thrown-failure.js'
import { ToolCall } from './tool-call.js'
import { failureResult } from './tool-results.js'
import { presentationMode, resolveTool } from './visibility.js'

/**
 * `ToolRuntime.execute`. Synchronously, before returning: reads the input once, snapshots the
 * arguments (non-JSON → `INVALID_ARGS` before any policy), assigns the token and root call id,
 * resolves visibility (`UNKNOWN_TOOL`; under Code Mode a call without a live `parent` token cannot
 * reach a native tool) and, for a call already cancelled, `ABORTED_BEFORE_DISPATCH`. Then,
 * asynchronously: `tools/pre-execute` and approval, guards, `tools/execute` around the body,
 * `tools/post-execute`, the cancellation rule, `finalizeContent` once, and `tools/result`.
 * Never rejects; the resolved result is frozen and is the object the observers received.
 * A malformed input (a contract violation the types already forbid) resolves `INVALID_ARGS` without
 * entering the pipeline: it has no execution identity for listeners to see.
 */
export function executeCall(state: RegistryState, scope: Agent | undefined, input: unknown): Promise<ToolExecutionResult> {
  const read = readCallInput(input, scope)
  if (typeof read === 'string') return Promise.resolve(malformedInput(read))
  let chain: Agent[] | undefined
  if (read.agent !== undefined) {
    chain = readScopeChain(read.agent)
    if (chain === undefined) {
      return Promise.resolve(malformedInput(`the agent's scope chain is unreadable, cyclic or deeper than ${MAX_SCOPE_DEPTH} agents`))
    }
  }
  const args = materializeJson(read.arguments)
  const parentRoot = read.parent === undefined ? undefined : state.inFlight.get(read.parent)
  const exec = createExecution(read, args.ok ? args.value : undefined, read.rootCallId ?? parentRoot ?? read.callId)
  let tool = resolveTool(state, read.name, chain)
  // Code Mode: a model-direct call (no live parent token) reaches no native tool; the model calls
  // them through run_code, whose sub-dispatches carry its token as `parent`.
  const codeMode = tool !== undefined && parentRoot === undefined && presentationMode(state, chain) === 'code'
  if (codeMode) tool = undefined
  let early: ToolExecutionResult | undefined
  if (!args.ok) {
    early = failureResult('INVALID_ARGS', formatIssues(`Invalid arguments for ${read.name}: they are not lossless JSON`, args.issues), {
      name: 'ToolArgsError',
      details: issueDetails(args.issues),
    })
  } else if (tool === undefined) {
    early = failureResult('UNKNOWN_TOOL', codeMode
      ? `Unknown tool: ${JSON.stringify(read.name)}. This agent calls its tools through run_code (Code Mode).`
      : `Unknown tool: ${JSON.stringify(read.name)}.`, { name: 'ToolNotFoundError' })
  } else if (exec.signal.aborted) {
    early = abortedBeforeDispatch()
  }
  if (early !== undefined) return Promise.resolve(finish(state, tool, chain, exec, early))
  const call = new ToolCall(state, exec, tool as RegisteredTool, chain)
  state.inFlight.set(exec.token, exec.rootCallId)
  return runCall(call)
}

async function runCall(call: ToolCall): Promise<ToolExecutionResult> {
  const { state, exec } = call
  let result: ToolExecutionResult
  try {
    let refusal: ToolExecutionResult | undefined = state.listeners.preExecute.entries.length === 0 ? undefined : await admit(call)
    // Recheck cancellation once the (possibly slow) gates settled; a refusal stands as it is.
    if (refusal === undefined && exec.signal.aborted) refusal = abortedBeforeDispatch()
    refusal ??= runGuards(call)
    if (refusal !== undefined) {
      result = refusal
    } else {
      result = await dispatch(call)
      if (state.listeners.postExecute.entries.length > 0) result = await reviewResult(call, result)
      // Caller cancellation replaces only an accepted success; a started body's own error stays.
      if (!result.isError && exec.signal.aborted) {
        result = call.bodyStarted
          ? failureResult('ABORTED', 'The call was cancelled; the tool finished, but its result was discarded.', {
              contexts: result.additionalContexts,
            })
          : abortedBeforeDispatch()
      }
    }
  } catch (error) {
    // Only a defect in the registry itself gets here; the caller still gets a structured result.
    result = failureResult('TOOL_ERROR', `The tool registry failed: ${thrownMessage(error)}`)
  }
  state.inFlight.delete(exec.token)
  return finish(state, call.tool, call.chain, exec, result)
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

function createExecution(read: CallInput, args: JsonValue | undefined, rootCallId: string): ToolExecution {
  const exec: { -readonly [K in keyof ToolExecution]: ToolExecution[K] } = {
    callId: read.callId,
    rootCallId,
    name: read.name,
    arguments: args,
    signal: read.signal,
    token: Symbol(read.callId) as ToolExecutionToken,
  }
  if (read.agent !== undefined) exec.agent = read.agent
  if (read.parent !== undefined) exec.parent = read.parent
  return Object.freeze(exec)
}

function abortedBeforeDispatch(): ToolExecutionResult {
  return failureResult('ABORTED_BEFORE_DISPATCH', 'The call was cancelled before the tool started.')
}

function malformedInput(why: string): ToolExecutionResult {
  return failureResult('INVALID_ARGS', `Malformed tool call input: ${why}.`)
}

function issueDetails(issues: readonly { readonly path: string; readonly message: string }[]): JsonValue | undefined {
  const snapshot = materializeJson({ issues: issues.map((issue) => ({ path: issue.path, message: issue.message })) })
  return snapshot.ok ? snapshot.value : undefined
}
