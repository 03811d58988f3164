import { formatIssues } from '../errors.js'
import { describeValue } from '../json/describe-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { OnTarget } from '../json/materialized-snapshots.js'
import { omitUndefinedKeys } from '../json/omit-undefined-keys.js'
import { isAborted, type ToolCall } from './call.js'
import { type ListenerEntry, type RegistryListeners, runWaterfall, type WaterfallSpec } from './events.js'
import { abortedBeforeDispatch, containRejection, denied, optional, policyDenial, snapshotConstant, thrownMessage } from './results.js'
import type { ApprovalChannel, ApprovalRequest, PreToolDecision, ToolExecution, ToolExecutionFailure, ToolGuard, ToolRuntime, ToolRuntimeEvents } from './runtime-types.js'
import { readScopeChain, resolveTool } from './scopes.js'
import type { RegistryState } from './state.js'

// The gates before dispatch, in the spec's order: `tools/pre-execute`, approval for an `ask`, then the guards. Also
// the opt-in declared-approvals policy.

type PreEntry = RegistryListeners['preExecute']['entries'][number]
type PreListener = PreEntry['fn']

const ALLOW = snapshotConstant<PreToolDecision>({ kind: 'allow' })

/** The `tools/pre-execute` listeners that apply to the call; with none, only the guards gate it. */
export function preExecuteGates(call: ToolCall): readonly PreEntry[] {
  return call.state.listeners.preExecute.forChain(call.chain)
}

/** The refusal a decision makes, guards included (a promise for an `ask`); `undefined` when the call may run. */
export function refusalOf(call: ToolCall, decision: PreToolDecision): ToolExecutionFailure | undefined | Promise<ToolExecutionFailure | undefined> {
  if (decision.kind === 'allow') return guardCall(call, undefined)
  // Cancelled meanwhile: no approval is asked, and a gate that failed (likely on the abort) does not turn it into a
  // denial; an explicit deny stands.
  if (isAborted(call.exec.signal) && (decision.kind === 'ask' || call.isFailClosed(decision))) return abortedBeforeDispatch()
  if (decision.kind === 'deny') return policyDenial(decision.reason)
  return askThenGuard(call, optional(decision, 'reason'))
}

async function askThenGuard(call: ToolCall, reason: string | undefined): Promise<ToolExecutionFailure | undefined> {
  return guardCall(call, await askApproval(call, reason))
}

/** The guards after a cancellation check: the gates may have been slow, and the body must not start once cancelled. */
function guardCall(call: ToolCall, refusal: ToolExecutionFailure | undefined): ToolExecutionFailure | undefined {
  if (refusal !== undefined) return refusal
  if (isAborted(call.exec.signal)) return abortedBeforeDispatch()
  return runGuards(call)
}

/** Runs `tools/pre-execute`, then `then` (which must not throw); a throw or malformed answer stands as a deny. */
export function preExecuteDecision(call: ToolCall, gates: readonly PreEntry[], then: (call: ToolCall, decision: PreToolDecision) => void): void {
  runWaterfall(gates, PRE_EXECUTE, call, then)
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
  return asDecision(value) ?? malformed('expected { kind: "allow" }, { kind: "deny", reason } or { kind: "ask", reason? }')
}

/** The snapshot as a decision when it has exactly a decision's keys; else undefined. */
function asDecision(value: JsonValue): PreToolDecision | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const record = value as { readonly [key: string]: JsonValue }
  const keys = Object.keys(record)
  const kind = Object.hasOwn(record, 'kind') ? record.kind : undefined
  const hasReason = Object.hasOwn(record, 'reason')
  const reason = hasReason ? record.reason : undefined
  switch (kind) {
    case 'allow':
      return keys.length === 1 ? ALLOW : undefined
    case 'deny':
      return keys.length === 2 && typeof reason === 'string' ? (value as PreToolDecision) : undefined
    case 'ask':
      return keys.length === (hasReason ? 2 : 1) && (!hasReason || typeof reason === 'string') ? (value as PreToolDecision) : undefined
  }
  return undefined
}

function malformed(why: string): PreToolDecision {
  return snapshotConstant<PreToolDecision>({ kind: 'deny', reason: `a tools/pre-execute listener returned a malformed decision (${why})` })
}

/**
 * The `ask` step: the agent's channels in order (the first answer decides), then the service. Only `allow` or an exact
 * `allowed-once` lets the call run; anything else is `DENIED`, or `ABORTED_BEFORE_DISPATCH` if cancelled meanwhile.
 */
async function askApproval(call: ToolCall, reason: string | undefined): Promise<ToolExecutionFailure | undefined> {
  const { approval } = call.state
  const exec: ToolExecution = call.exec
  const why = reason === undefined ? '' : ` (${reason})`
  const request: ApprovalRequest = Object.freeze(reason === undefined ? { execution: exec, signal: exec.signal } : { execution: exec, reason, signal: exec.signal })
  const channels = call.state.channels.forChain(call.chain)
  for (let i = 0; i < channels.length; i++) {
    const channel = channels[i] as ListenerEntry<ApprovalChannel>
    // The list was taken when the ask began; a channel disposed while an earlier one was asking is not asked.
    if (!channel.active) continue
    let answer: unknown
    try {
      answer = await channel.fn(request)
    } catch (error) {
      if (isAborted(exec.signal)) return abortedBeforeDispatch()
      return denied(`The call needs approval${why}, and an approval channel failed: ${thrownMessage(error)}`)
    }
    if (answer !== undefined) return channelDecision(answer, why)
    // Cancelled meanwhile: no one else is asked (a person may be behind the next); cancelled, not denied.
    if (isAborted(exec.signal)) return abortedBeforeDispatch()
  }
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
    answer = await approval(request)
  } catch (error) {
    // A service that observed the cancellation (as it must) and rejected: the call is cancelled, not denied.
    if (isAborted(exec.signal)) return abortedBeforeDispatch()
    return denied(`The call needs approval${why}, and the approval service failed: ${thrownMessage(error)}`)
  }
  if (answer === 'allowed-once') return undefined
  if (answer === 'denied') return denied(`The call was not approved${why}.`)
  return denied(`The call needs approval${why}, and the approval service answered ${describeValue(answer)} instead of "allowed-once".`)
}

/** What an approval channel's answer decides: `undefined` (the call may run) for `allow`, else the denial. */
function channelDecision(answer: unknown, why: string): ToolExecutionFailure | undefined {
  const snapshot = materializeJson(omitUndefinedKeys(answer))
  const decision = snapshot.ok ? asDecision(snapshot.value) : undefined
  if (decision?.kind === 'allow') return undefined
  if (decision?.kind === 'deny') return policyDenial(decision.reason)
  return denied(`The call needs approval${why}, and an approval channel answered ${describeValue(answer)} instead of { kind: "allow" } or { kind: "deny", reason }.`)
}

/** Runs the applicable guards in order; the first denial wins. Any answer but `undefined` (even a promise) denies. */
export function runGuards(call: ToolCall): ToolExecutionFailure | undefined {
  const guards = call.state.guards
  if (guards.entries.length === 0) return undefined
  const denial = runGuardList(call, guards)
  // A guard is host code that may have cancelled the call; without guards nothing ran since the last check.
  return denial ?? (isAborted(call.exec.signal) ? abortedBeforeDispatch() : undefined)
}

function runGuardList(call: ToolCall, guards: RegistryState['guards']): ToolExecutionFailure | undefined {
  const entries: readonly ListenerEntry<ToolGuard>[] = guards.forChain(call.chain)
  for (let i = 0; i < entries.length; i++) {
    const guard = (entries[i] as ListenerEntry<ToolGuard>).fn
    let verdict: unknown
    try {
      verdict = guard(call.exec)
    } catch (error) {
      return denied(`The call was denied: a guard failed (${thrownMessage(error)}).`)
    }
    if (verdict === undefined) continue
    containRejection(verdict)
    if (typeof verdict === 'string') return denied(verdict === '' ? 'The call was denied by a guard.' : `The call was denied by a guard: ${verdict}`)
    return denied(`The call was denied: a guard answered ${describeValue(verdict)} instead of a reason or undefined.`)
  }
  return undefined
}

// A view's registry, so declaredApprovals reads the metadata captured at registration, not the author's definition.
class ViewState extends OnTarget {
  readonly #state: RegistryState
  constructor(view: ToolRuntime, state: RegistryState) {
    super(view)
    this.#state = state
  }
  static of(view: unknown): RegistryState | undefined {
    return typeof view === 'object' && view !== null && #state in view ? (view as ViewState).#state : undefined
  }
}

/** Records which registry a view belongs to; called before the view is frozen. */
export function bindViewState(view: ToolRuntime, state: RegistryState): void {
  new ViewState(view, state)
}

/**
 * A `tools/pre-execute` listener that asks for every call of a tool declared `approval: 'always'` and calls `next()`
 * otherwise: `runtime.on('tools/pre-execute', declaredApprovals())`. Without a service or an `agent`, `DENIED`.
 */
export function declaredApprovals(): ToolRuntimeEvents['tools/pre-execute'] {
  return function declaredApproval(this: ToolRuntime, exec: ToolExecution, next: () => Promise<PreToolDecision>) {
    const state = ViewState.of(this)
    // Not called by a runtime (no view): fail closed, as any malformed pre-execute answer would.
    if (state === undefined) return { kind: 'deny', reason: 'declaredApprovals() must be installed with runtime.on("tools/pre-execute", …)' }
    const chain = exec.agent === undefined ? undefined : readScopeChain(exec.agent)
    const tool = resolveTool(state, exec.name, chain)
    if (tool?.metadata.approval === 'always') return { kind: 'ask', reason: `${exec.name} is declared approval: always` }
    return next()
  }
}
