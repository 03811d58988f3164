import { formatIssues } from '../errors/json-schema-error.js'
import type { PreToolDecision, ToolExecution, ToolExecutionFailure } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { omitUndefinedKeys } from '../json/omit-undefined-keys.js'
import type { RegistryListeners } from './registry-state.js'
import { isAborted } from './signals.js'
import { abortedBeforeDispatch, denied, snapshotConstant, thrownMessage } from './results.js'
import type { ToolCall } from './call.js'
import { runWaterfall, type WaterfallSpec } from './waterfall.js'

type PreEntry = RegistryListeners['preExecute']['entries'][number]
type PreListener = PreEntry['fn']

const ALLOW = snapshotConstant<PreToolDecision>({ kind: 'allow' })

/**
 * Runs the `tools/pre-execute` waterfall over the gates that apply to the call and resolves its
 * normalized decision. Failing closed: a listener that throws, or answers anything but a
 * well-formed decision (exact keys), stands as a deny. Never rejects.
 */
export function preExecuteDecision(call: ToolCall, gates: readonly PreEntry[]): Promise<PreToolDecision> {
  return runWaterfall(gates, PRE_EXECUTE, call)
}

const PRE_EXECUTE: WaterfallSpec<ToolCall, PreToolDecision, PreListener> = {
  invoke: (entry, call, next) => entry.fn.call(entry.view, call.exec, next),
  normalize: (_call, answer) => normalizePreDecision(answer),
  fail: (call, error) => call.noteFailClosed(snapshotConstant<PreToolDecision>({ kind: 'deny', reason: `a tools/pre-execute listener failed: ${thrownMessage(error)}` })),
  terminal: () => ALLOW,
}

/** A well-formed frozen decision, or a deny naming what was wrong with the answer. */
function normalizePreDecision(answer: unknown): PreToolDecision {
  if (answer === ALLOW) return ALLOW
  // `{ kind: 'ask', reason: undefined }` asks without a reason (an undefined key is absent), instead of denying.
  const snapshot = materializeJson(omitUndefinedKeys(answer))
  if (!snapshot.ok) return malformed(formatIssues('it is not lossless JSON', snapshot.issues))
  const value = snapshot.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed(`found ${describeValue(value)}`)
  const record = value as { readonly [key: string]: JsonValue }
  const keys = Object.keys(record)
  const kind = Object.hasOwn(record, 'kind') ? record.kind : undefined
  const hasReason = Object.hasOwn(record, 'reason')
  const reason = hasReason ? record.reason : undefined
  switch (kind) {
    case 'allow':
      if (keys.length === 1) return ALLOW
      break
    case 'deny':
      if (keys.length === 2 && typeof reason === 'string') return value as PreToolDecision
      break
    case 'ask':
      if (keys.length === (hasReason ? 2 : 1) && (!hasReason || typeof reason === 'string')) return value as PreToolDecision
      break
  }
  return malformed('expected { kind: "allow" }, { kind: "deny", reason } or { kind: "ask", reason? }')
}

function malformed(why: string): PreToolDecision {
  return snapshotConstant<PreToolDecision>({ kind: 'deny', reason: `a tools/pre-execute listener returned a malformed decision (${why})` })
}

/**
 * The `ask` step: the call proceeds (`undefined`) only when the approval service answers exactly
 * `allowed-once`. No service, no agent to ask on behalf of, a failing service or any other answer
 * is `DENIED`.
 */
export async function askApproval(call: ToolCall, reason: string | undefined): Promise<ToolExecutionFailure | undefined> {
  const { approval } = call.state
  const exec: ToolExecution = call.exec
  const why = reason === undefined ? '' : ` (${reason})`
  if (approval === undefined) {
    return denied(`The call needs approval${why}, but no approval service is configured: the host passes one as createToolRuntime({ approval }).`)
  }
  if (exec.agent === undefined) {
    return denied(
      `The call needs approval${why}, but it was made without an agent. Approvals are asked on behalf of an agent (the { id, parent? } object that identifies who makes the call): pass execute({ agent, … }) or call through runtime.forAgent(agent).`,
    )
  }
  let answer: unknown
  try {
    const request = reason === undefined ? { execution: exec, signal: exec.signal } : { execution: exec, reason, signal: exec.signal }
    answer = await approval(Object.freeze(request))
  } catch (error) {
    // A service that observed the cancellation (as it must) and rejected: the call is cancelled, not denied.
    if (isAborted(exec.signal)) return abortedBeforeDispatch()
    return denied(`The call needs approval${why}, and the approval service failed: ${thrownMessage(error)}`)
  }
  if (answer === 'allowed-once') return undefined
  if (answer === 'denied') return denied(`The call was not approved${why}.`)
  return denied(`The call needs approval${why}, and the approval service answered ${describeValue(answer)} instead of "allowed-once".`)
}
