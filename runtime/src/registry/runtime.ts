import { ToolArgsError, ToolNotFoundError, ToolRegistryError } from '../errors.js'
import { describeValue } from '../json/describe-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { thenPolluted } from '../json/hostile-prototypes.js'
import { compileJsonSchema } from '../schema/json-schema/compile-json-schema.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { Execution, isAborted, parentCall, readCallInput, ToolCall } from './call.js'
import { dispatch } from './dispatch.js'
import { type ListenerList, logCodeDispatch, notifyChange, notifyResult, type RegistryListeners } from './events.js'
import { bindViewState, preExecuteDecision, preExecuteGates, refusalOf, runGuards } from './gates.js'
import { abortedAfterStart, abortedBeforeDispatch, containRejection, failureResult, issueDetails, malformedInput, optional, registryFailure } from './results.js'
import { finalizeContent, reviewersOf, reviewThrough } from './review.js'
import type { Agent, PreToolDecision, ToolExecution, ToolExecutionFailure, ToolExecutionMode, ToolExecutionResult, ToolGuard, ToolPresentationMode, ToolRuntime, ToolRuntimeEventName, ToolRuntimeOptions } from './runtime-types.js'
import { compileRestriction, MAX_SCOPE_DEPTH, presentationMode, readScopeChain, registeredNames, resolveTool, ScopeLayer, visibleTools } from './scopes.js'
import { createRegistryState, type RegistryState } from './state.js'
import { captureDefinition, projectDescription, projectSchema, type RegisteredTool } from './tools.js'

// The runtime: the factory, the views (one per scope), `execute()`'s pipeline in the spec's order, `executionMode()`.

/**
 * Creates a tool registry and pipeline and returns its global view; throws `ToolRegistryError` for malformed options.
 * The timeout policy is the first `tools/execute` wrapper: later ones run inside it, a `prepend`ed one outside.
 */
export function createToolRuntime(options: ToolRuntimeOptions = {}): ToolRuntime {
  checkOptions(options)
  const state = createRegistryState(options)
  const views = new RuntimeViews(state)
  if (options.timeouts !== false) {
    state.listeners.execute.add(
      { fn: (_exec, next) => next(), view: views.global, scope: undefined, timeoutPolicy: true, active: true },
      false,
    )
  }
  return views.global
}

function checkOptions(options: unknown): void {
  const issues: SchemaIssue[] = []
  if (typeof options !== 'object' || options === null) {
    issues.push({ path: '', message: `options must be an object, found ${describeValue(options)}` })
  } else {
    const record = options as ToolRuntimeOptions
    if (record.mode !== undefined && record.mode !== 'native' && record.mode !== 'code') {
      issues.push({ path: '/mode', message: `must be "native" or "code", found ${describeValue(record.mode)}` })
    }
    if (record.approval !== undefined && typeof record.approval !== 'function') {
      issues.push({ path: '/approval', message: `must be a function, found ${describeValue(record.approval)}` })
    }
    if (record.timeouts !== undefined && typeof record.timeouts !== 'boolean') {
      issues.push({ path: '/timeouts', message: `must be a boolean, found ${describeValue(record.timeouts)}` })
    }
  }
  if (issues.length > 0) throw new ToolRegistryError('Invalid tool runtime options', issues)
}

const EVENT_LISTS: { readonly [E in ToolRuntimeEventName]: keyof RegistryListeners } = {
  'tools/change': 'change',
  'tools/pre-execute': 'preExecute',
  'tools/execute': 'execute',
  'tools/post-execute': 'postExecute',
  'tools/result': 'result',
  'tools/code-dispatch-log': 'codeDispatchLog',
  'tool/code-dispatch': 'codeDispatch',
}

/** A runtime's frozen views: global, and one cached weakly per Agent; own-function methods, so views destructure. */
export class RuntimeViews {
  private readonly scoped = new WeakMap<Agent, ToolRuntime>()
  readonly global: ToolRuntime

  constructor(private readonly state: RegistryState) {
    this.global = this.create(undefined)
  }

  /** The view bound to `agent`'s scope; throws when the agent or its chain is malformed. */
  forAgent(agent: unknown): ToolRuntime {
    if (readScopeChain(agent) === undefined) {
      throw new ToolRegistryError('Invalid agent', [
        { path: '', message: `forAgent needs an Agent ({ id: string, parent?: Agent }, acyclic), found ${describeValue(agent)}` },
      ])
    }
    const key = agent as Agent
    let view = this.scoped.get(key)
    if (view === undefined) {
      view = this.create(key)
      this.scoped.set(key, view)
    }
    return view
  }

  private create(scope: Agent | undefined): ToolRuntime {
    const state = this.state
    const scopeOf = (explicit: unknown): readonly Agent[] | undefined | null => {
      const agent = explicit === undefined ? scope : explicit
      if (agent === undefined) return undefined
      return readScopeChain(agent) ?? null
    }
    const visible = (explicit: unknown): RegisteredTool[] => {
      const chain = scopeOf(explicit)
      return chain === null ? [] : visibleTools(state, chain)
    }
    const view: ToolRuntime = {
      scope,
      presentAs: (mode: ToolPresentationMode) => presentAs(state, requireScope(scope, 'presentAs'), mode),
      register: (definition) => register(state, scope, definition),
      restrict: (filter) => restrict(state, requireScope(scope, 'restrict'), filter),
      guard: (guard: ToolGuard) => subscribe(state.guards, guard, view, scope, false, 'guard'),
      approveWith: (channel) => subscribe(state.channels, channel, view, requireScope(scope, 'approveWith'), false, 'approval channel'),
      get: (name, explicitScope) => {
        const chain = scopeOf(explicitScope)
        if (chain === null || typeof name !== 'string') return undefined
        return resolveTool(state, name, chain)?.definition
      },
      schemas: (explicitScope) => visible(explicitScope).map(projectSchema),
      describe: (explicitScope) => visible(explicitScope).map(projectDescription),
      executionMode: (input) => executionMode(state, scope, input),
      execute: (input) => executeCall(state, scope, input),
      on: (event, listener, options) => {
        const list = Object.hasOwn(EVENT_LISTS, event) ? EVENT_LISTS[event] : undefined
        if (list === undefined) {
          throw new ToolRegistryError('Unknown event', [{ path: '', message: `${describeValue(event)} ${JSON.stringify(event)} is not a tools/* event` }])
        }
        const prepend = options?.prepend === true
        return subscribe(state.listeners[list] as ListenerList<unknown>, listener, view, scope, prepend, event)
      },
      forAgent: (agent) => this.forAgent(agent),
      logCodeDispatch: (dispatch) => logCodeDispatch(state.listeners, dispatch),
    }
    bindViewState(view, state)
    return Object.freeze(view)
  }
}

const GLOBAL_ALTERNATIVE: Readonly<Record<string, string>> = {
  presentAs: 'present (use the mode option for the deployment default)',
  restrict: 'restrict',
  approveWith: 'approve for (use the approval option for the deployment’s approval service)',
}

function requireScope(scope: Agent | undefined, method: string): Agent {
  if (scope !== undefined) return scope
  throw new ToolRegistryError(`${method} is scoped only`, [
    { path: '', message: `call ${method} on runtime.forAgent(agent); the global view has no scope to ${GLOBAL_ALTERNATIVE[method] ?? method}` },
  ])
}

function layerFor(state: RegistryState, scope: Agent): ScopeLayer {
  let layer = state.scopes.get(scope)
  if (layer === undefined) {
    layer = new ScopeLayer()
    state.scopes.set(scope, layer)
  }
  return layer
}

function subscribe<F>(list: ListenerList<F>, fn: unknown, view: ToolRuntime, scope: Agent | undefined, prepend: boolean, what: string): () => void {
  if (typeof fn !== 'function') {
    throw new ToolRegistryError(`Invalid ${what} listener`, [{ path: '', message: `must be a function, found ${describeValue(fn)}` }])
  }
  return list.add({ fn: fn as F, view, scope, active: true }, prepend)
}

function register(state: RegistryState, scope: Agent | undefined, definition: unknown): () => void {
  const tool = captureDefinition(definition)
  const layer = scope === undefined ? state.global : layerFor(state, scope)
  if (layer.tools.has(tool.name)) {
    throw new ToolRegistryError('Duplicate tool', [
      { path: '/name', message: `${JSON.stringify(tool.name)} is already registered in this ${scope === undefined ? 'global layer' : 'scope'}` },
    ])
  }
  layer.tools.set(tool.name, tool)
  return changed(state, scope !== undefined, () => {
    // Exact: remove this registration only, never a later one that reuses the name.
    if (layer.tools.get(tool.name) !== tool) return false
    layer.tools.delete(tool.name)
    return true
  })
}

function restrict(state: RegistryState, scope: Agent, filter: unknown): () => void {
  const chain = readScopeChain(scope)
  if (chain === undefined) throw new ToolRegistryError('Invalid agent', [{ path: '', message: "the agent's scope chain is unreadable or cyclic" }])
  const layer = layerFor(state, scope)
  const restriction = compileRestriction(filter, { own: layer.tools, inherited: registeredNames(state, chain, 1) })
  layer.restrictions = [...layer.restrictions, restriction]
  return changed(state, true, () => {
    layer.restrictions = layer.restrictions.filter((candidate) => candidate !== restriction)
    return true
  })
}

function presentAs(state: RegistryState, scope: Agent, mode: unknown): () => void {
  if (mode !== 'native' && mode !== 'code') {
    throw new ToolRegistryError('Invalid presentation mode', [{ path: '', message: `must be "native" or "code", found ${describeValue(mode)}` }])
  }
  const layer = layerFor(state, scope)
  if (layer.presentation !== undefined) {
    throw new ToolRegistryError('Duplicate presentation', [
      { path: '', message: `this scope already presents its tools as "${layer.presentation.mode}"; dispose that declaration first` },
    ])
  }
  const declaration = Object.freeze({ mode })
  layer.presentation = declaration
  return changed(state, true, () => {
    if (layer.presentation !== declaration) return false
    layer.presentation = undefined
    return true
  })
}

/** Counts and announces a change; the exact, idempotent disposer runs `undo` and, if it removed it, announces again. */
function changed(state: RegistryState, scoped: boolean, undo: () => boolean): () => void {
  if (scoped) state.scopedEntries++
  notifyChange(state.listeners)
  let active = true
  return () => {
    if (!active) return
    active = false
    if (!undo()) return
    if (scoped) state.scopedEntries--
    notifyChange(state.listeners)
  }
}

/**
 * `ToolRuntime.execute`: input, argument snapshot, visibility and an early abort are settled before it returns. A
 * malformed input resolves `INVALID_ARGS` outside the pipeline: it has no identity for listeners to see.
 */
export function executeCall(state: RegistryState, scope: Agent | undefined, input: unknown): Promise<ToolExecutionResult> {
  // Fail closed: under a polluted Object.prototype.then every awaited plain object would be handed to it.
  if (thenPolluted()) return Promise.reject(thenPollutionError())
  const read = readCallInput(input, scope)
  if (typeof read === 'string') return settle(() => malformedInput(read))
  const chain = read.agent === undefined ? undefined : readScopeChain(read.agent)
  if (read.agent !== undefined && chain === undefined) {
    return settle(() => malformedInput(`the agent's scope chain is unreadable, cyclic or deeper than ${MAX_SCOPE_DEPTH} agents`))
  }
  const args = materializeJson(read.arguments)
  const parentRoot = parentCall(state, read.parent, chain)?.rootCallId
  let tool = resolveTool(state, read.name, chain)
  // Code Mode: a model-direct call (no live parent token) reaches no native tool, only run_code.
  const codeMode = tool !== undefined && !tool.transport && parentRoot === undefined && presentationMode(state, chain) === 'code'
  if (codeMode) tool = undefined
  let early: ToolExecutionResult | undefined
  if (!args.ok) {
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
  if (early !== undefined) return settle(() => finish(state, tool, chain, new Execution(read, rootCallId, args.ok ? args.value : undefined, undefined), early))
  return runCall(new ToolCall(state, tool as RegisteredTool, chain, read, rootCallId, (args as { readonly value: JsonValue }).value))
}

/** The pipeline past the input, as continuations (fewest promise hops); a registry defect still ends as a result. */
function runCall(call: ToolCall): Promise<ToolExecutionResult> {
  try {
    const gates = preExecuteGates(call)
    if (gates.length > 0 || call.state.listeners.postExecute.entries.length > 0) return runListenedCall(call, gates)
    // execute() checked the signal in this same synchronous turn; only the guards are left.
    const refusal = runGuards(call)
    if (refusal !== undefined) return settle(() => conclude(call, refusal))
    return dispatch(call, review)
  } catch (error) {
    return settle(() => conclude(call, registryFailure(error)))
  }
}

/** `dispatch`'s continuation: the review (in case reviewers were added since), then `then` (a defect is a failure). */
function reviewThen<R>(call: ToolCall, result: ToolExecutionResult, then: (call: ToolCall, reviewed: ToolExecutionResult) => R): R | Promise<Awaited<R>> {
  try {
    const reviewers = reviewersOf(call)
    if (reviewers.length > 0) return reviewThrough(call, result, reviewers, then)
  } catch (error) {
    return then(call, registryFailure(error))
  }
  return then(call, result)
}

const review = (call: ToolCall, result: ToolExecutionResult) => reviewThen(call, result, concludeReviewed)
const concludeReviewed = (call: ToolCall, reviewed: ToolExecutionResult): ToolExecutionResult => conclude(call, cancellationRule(call, reviewed))

/** {@link runCall} when pre/post-execute listeners apply: the last stage settles it, adopting no stage's promise. */
function runListenedCall(call: ToolCall, gates: ReturnType<typeof preExecuteGates>): Promise<ToolExecutionResult> {
  return new Promise<ToolExecutionResult>((resolve, reject) => {
    call.resolve = resolve
    call.reject = reject
    try {
      if (gates.length > 0) preExecuteDecision(call, gates, afterDecision)
      else afterGates(call, runGuards(call))
    } catch (error) {
      settleListened(call, registryFailure(error))
    }
  })
}

/** Runs in the decision's reaction: approval for an `ask`, the guards, then dispatch. */
function afterDecision(call: ToolCall, decision: PreToolDecision): void {
  let refusal: ReturnType<typeof refusalOf>
  try {
    refusal = refusalOf(call, decision)
  } catch (error) {
    return settleListened(call, registryFailure(error))
  }
  if (!(refusal instanceof Promise)) return afterGates(call, refusal)
  promiseThen.call(
    refusal,
    (answer: ToolExecutionFailure | undefined) => afterGates(call, answer),
    (error: unknown) => settleListened(call, registryFailure(error)),
  )
}

function afterGates(call: ToolCall, refusal: ToolExecutionFailure | undefined): void {
  if (refusal !== undefined) return settleListened(call, refusal)
  try {
    dispatch(call, reviewListened)
  } catch (error) {
    settleListened(call, registryFailure(error))
  }
}

const reviewListened = (call: ToolCall, result: ToolExecutionResult): void => void reviewThen(call, result, settleReviewed)
const settleReviewed = (call: ToolCall, reviewed: ToolExecutionResult): void => settleListened(call, cancellationRule(call, reviewed))

/** Concludes a listened call with `result` and settles its promise (a rejection only for the pollution error). */
function settleListened(call: ToolCall, result: ToolExecutionResult): void {
  try {
    call.resolve!(conclude(call, result))
  } catch (error) {
    call.reject!(error)
  }
}

const promiseThen = Promise.prototype.then

/** Caller cancellation replaces only an accepted success; a started body's own error stays. */
function cancellationRule(call: ToolCall, result: ToolExecutionResult): ToolExecutionResult {
  if (result.isError || !isAborted(call.exec.signal)) return result
  return call.bodyStarted ? abortedAfterStart(optional(result, 'additionalContexts')) : abortedBeforeDispatch()
}

/** Retires the token, finalizes, notifies; throws the pollution error if Object.prototype.then appeared meanwhile. */
function conclude(call: ToolCall, result: ToolExecutionResult): ToolExecutionResult {
  call.retire()
  const final = finish(call.state, call.tool, call.chain, call.exec, result)
  if (thenPolluted()) throw thenPollutionError()
  return final
}

/** A promise of the result `make` returns, or the rejection when it throws (the pollution error). */
function settle(make: () => ToolExecutionResult): Promise<ToolExecutionResult> {
  try {
    const result = make()
    return thenPolluted() ? Promise.reject(thenPollutionError()) : Promise.resolve(result)
  } catch (error) {
    return Promise.reject(error)
  }
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
  notifyResult(state.listeners, chain, exec, final)
  return final
}

const PARALLEL: ToolExecutionMode = Object.freeze({ kind: 'parallel' })
const EXCLUSIVE: ToolExecutionMode = Object.freeze({ kind: 'exclusive' })

/** `ToolRuntime.executionMode`, fail-closed; checks arguments so a raw definition's classifier never sees bad ones. */
export function executionMode(state: RegistryState, scope: Agent | undefined, input: unknown): ToolExecutionMode {
  const read = readCallInput(input, scope)
  if (typeof read === 'string') return EXCLUSIVE
  const chain = read.agent === undefined ? undefined : readScopeChain(read.agent)
  if (read.agent !== undefined && chain === undefined) return EXCLUSIVE
  const tool = resolveTool(state, read.name, chain)
  const classify = tool?.isConcurrencySafe
  if (tool === undefined || (classify === undefined && tool.metadata.concurrencySafe !== true)) return EXCLUSIVE
  const parentKnown = parentCall(state, read.parent, chain) !== undefined
  if (!parentKnown && !tool.transport && presentationMode(state, chain) === 'code') return EXCLUSIVE
  const args = materializeJson(read.arguments)
  if (!args.ok || !compileJsonSchema(tool.parameters).is(args.value)) return EXCLUSIVE
  if (classify === undefined) return PARALLEL // declared concurrencySafe: true, valid arguments
  try {
    const verdict: unknown = classify.call(tool.definition, args.value)
    if (verdict === true) return PARALLEL
    containRejection(verdict)
    return EXCLUSIVE
  } catch {
    return EXCLUSIVE
  }
}
