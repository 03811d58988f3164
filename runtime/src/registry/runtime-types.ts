import type { ContentBlock } from '../content.js'
import type { Agent, ScopeKey, ToolExecutionInput, ToolExecution, ToolDispatchExecution, ToolExecutionResult, PreToolDecision, PostToolDecision, ToolGuard, ToolExecutionMode, ToolPresentationMode, ToolRestriction, CodeDispatchLog, CodeDispatchEvent, ApprovalChannel, ApprovalService } from '../tool/tool-call.js'
import type { ToolDefinition, ToolDescription, ToolSchema } from '../tool/tool-definition.js'

// The runtime's own surface, as the spec pins it: `ToolRuntime` (the registry and pipeline a view is
// bound to), its options and its `tools/*` events. The call's contract types live in tool/tool-call.ts
// and are re-exported here.
export type * from '../tool/tool-call.js'

/** Options of {@link createToolRuntime}. */
export interface ToolRuntimeOptions {
  /** The deployment's default presentation; `presentAs` overrides it per scope. Default `'native'`. */
  readonly mode?: ToolPresentationMode
  /** The approval service for `ask` decisions; without one every `ask` is denied. */
  readonly approval?: ApprovalService
  /** Whether the built-in `timeoutMs` policy (a `tools/execute` wrapper) is installed. Default `true`. */
  readonly timeouts?: boolean
}

/**
 * The tool registry and execution pipeline (the spec's `ctx.tools`). A view is bound to one scope:
 * `createToolRuntime()` returns the global view, `forAgent(agent)` the view of that agent's scope.
 * Scopes are identified by the Agent OBJECT (two objects with the same `id` are two scopes); the
 * chain of a scope is the agent, its `parent`s, then the global layer. Scoped registrations,
 * restrictions and presentation modes apply down the chain: what a scope declares covers the
 * agents under it. Guards and listeners do not: one set through an agent's view applies only to
 * that agent's own calls, not to its sub-agents' (each has its own view), while a global one applies
 * to every call. To guard a whole agent tree, set a global guard that looks at `exec.agent` and its
 * `parent` chain, or set the guard on each sub-agent's view as the agent is created.
 * `tools/change` is never filtered.
 */
export interface ToolRuntime {
  /** The scope this view is bound to; `undefined` for the global view. */
  readonly scope: Agent | undefined
  /**
   * Present this scope's tools in `mode` instead of the deployment default; the nearest declaration
   * on the chain wins. Scoped only (throws on the global view), one declaration per scope.
   * @returns the exact, idempotent disposer that removes this declaration.
   */
  presentAs(mode: ToolPresentationMode): () => void
  /**
   * Register a tool in this view's layer (global, or the agent's scope). Scoped tools shadow
   * globals; duplicates within one layer, the reserved `run_code` name and invalid definitions throw
   * a `ToolRegistryError`. The registry borrows the definition read-only: each field (own, a class
   * method, or a getter — never one inherited from `Object.prototype`) is read and checked once, here.
   * @returns the exact, idempotent disposer that unregisters this registration only.
   */
  register(definition: ToolDefinition): () => void
  /**
   * Filter the tools this scope inherits (global layer and ancestor scopes). Scoped only. Empty
   * filters, unknown, scope-local and reserved names throw. Restrictions intersect; the scope's own
   * registrations stay visible.
   * @returns the exact, idempotent disposer that lifts this restriction.
   */
  restrict(filter: ToolRestriction): () => void
  /**
   * Register a monotonic guard, run after `tools/pre-execute`: any returned value other than
   * `undefined` denies. On a scoped view it applies only to that agent's own calls, not to its
   * sub-agents' (delegation reaches a sub-agent's view, not this one): see the interface's note on
   * guarding a whole agent tree.
   * @returns the exact, idempotent disposer.
   */
  guard(guard: ToolGuard): () => void
  /**
   * Answer the `ask` decisions of this agent's own calls through `channel` (an interactive client, a
   * UI session) before the runtime's `approval` service: the spec's approval channel. Scoped only
   * (throws on the global view). The channels of one agent are asked in the order they were added;
   * the first that answers decides (`allow`: the call runs once; `deny`: `DENIED` with its reason),
   * and one that answers `undefined` leaves the call to the next, then to the service. A channel
   * that throws, rejects or answers anything else denies the call. A call without an `ask` never
   * reaches a channel, so a channel costs the other calls nothing.
   * @returns the exact, idempotent disposer.
   */
  approveWith(channel: ApprovalChannel): () => void
  /**
   * The definition `scope` (default: this view's scope) resolves for `name`: scoped shadows global,
   * a restricted-away tool reads as absent. Returns the registered definition object itself, so a
   * presenter calls the same `presentCall`/`presentResult` the registry dispatches with.
   */
  get(name: string, scope?: ScopeKey): ToolDefinition | undefined
  /**
   * The model-facing projection of every tool `scope` (default: this view's scope) sees: only
   * `name`, `description` and `parameters`, deep-cloned, sorted by name (UTF-16 code unit order) so
   * the tool list — and a provider's prompt cache — does not depend on registration order. The
   * projection does not depend on the presentation mode: under Code Mode the transport builds its
   * own model-facing surface from these native schemas.
   */
  schemas(scope?: ScopeKey): ToolSchema[]
  /**
   * What an adapter needs of every tool `scope` (default: this view's scope) sees, in one call:
   * `schemas()`'s fields plus the output schema, the annotations (MCP's defaults applied), the
   * approval and the declared `timeoutMs`, `concurrencySafe` and `kind`. Sorted and copied like
   * `schemas()`: fresh mutable objects, the registry's snapshot cannot be reached through them.
   */
  describe(scope?: ScopeKey): ToolDescription[]
  /**
   * Classify a pending call: only an exact `true` from the visible definition's
   * `isConcurrencySafe` is parallel; unknown, hidden, undeclared, invalid or non-JSON arguments,
   * non-`true` answers and throwing classifiers are exclusive.
   */
  executionMode(exec: ToolExecutionInput): ToolExecutionMode
  /**
   * Run one call through the whole pipeline. The arguments are snapshotted before this returns.
   * Never rejects for tool, policy or listener failures (it rejects, with a TypeError, only when
   * Object.prototype.then is defined, where no plain result could be resolved faithfully); resolves the deep-frozen result that
   * `tools/result` observers receive. `exec.agent` defaults to this view's scope.
   */
  execute(exec: ToolExecutionInput): Promise<ToolExecutionResult>
  /**
   * Subscribe to a `tools/*` event; `prepend` runs the listener before earlier ones. On a scoped
   * view, scope-filtered events reach it only for that agent's own calls, not its sub-agents'.
   * @returns the exact, idempotent disposer.
   */
  on<E extends ToolRuntimeEventName>(event: E, listener: ToolRuntimeEvents[E], options?: ToolListenerOptions): () => void
  /** The same surface bound to `agent`'s scope (the same view object for the same agent object). */
  forAgent(agent: Agent): ToolRuntime
  /**
   * Run the `tools/code-dispatch-log` waterfall for one settled `run_code` sub-dispatch (the Code
   * Mode bridge calls this): listeners scoped to `dispatch.agent`'s chain may replace the durable log
   * copy of the content; a throwing or malformed listener falls back to the original content. Then
   * emits the durable `tool/code-dispatch` event with the logged content.
   * @returns the frozen content to log.
   */
  logCodeDispatch(dispatch: CodeDispatchLog): Promise<readonly ContentBlock[]>
}

/** A value or a promise of it: listeners may answer synchronously or asynchronously. */
export type Awaitable<T> = T | PromiseLike<T>

/**
 * The six `tools/*` events (and the durable `tool/code-dispatch` event) and their listener signatures. Waterfalls (`pre-execute`, `execute`,
 * `post-execute`, `code-dispatch-log`) receive `next`, which runs the rest of the chain and resolves
 * its normalized answer; a listener returns `next()`'s answer or its own. Emits (`change`, `result`)
 * only observe. `this` is the runtime view the listener was registered through.
 */
export interface ToolRuntimeEvents {
  /** The visible tool set changed somewhere (register, unregister, restrict, lift, presentAs); unfiltered. */
  'tools/change': (this: ToolRuntime) => void
  /** Allow, deny or ask before dispatch; `next()` delegates (allow at the end of the chain). */
  'tools/pre-execute': (
    this: ToolRuntime,
    exec: ToolExecution,
    next: () => Promise<PreToolDecision>,
  ) => Awaitable<PreToolDecision>
  /**
   * Around-dispatch wrapper (timeout, retry, metrics): may replace only `exec.signal`; `next()`
   * resolves the normalized result, and calling it again retries the rest of the chain (one attempt
   * after the other, each body with a fresh `ToolRunContext`).
   */
  'tools/execute': (
    this: ToolRuntime,
    exec: ToolDispatchExecution,
    next: () => Promise<ToolExecutionResult>,
  ) => Awaitable<ToolExecutionResult>
  /** Accept, replace content or value, or block the dispatch result; `next()` accepts unchanged. */
  'tools/post-execute': (
    this: ToolRuntime,
    exec: ToolExecution,
    result: ToolExecutionResult,
    next: () => Promise<PostToolDecision>,
  ) => Awaitable<PostToolDecision>
  /** Observe the frozen final result, the same object `execute()` resolves. */
  'tools/result': (this: ToolRuntime, exec: ToolExecution, result: ToolExecutionResult) => void
  /** Replace the durable log copy of one `run_code` sub-dispatch's content; `next()` keeps it. */
  'tools/code-dispatch-log': (
    this: ToolRuntime,
    dispatch: CodeDispatchLog,
    next: () => Promise<readonly ContentBlock[]>,
  ) => Awaitable<readonly ContentBlock[]>
  /**
   * The durable `tool/code-dispatch` event: one settled `run_code` sub-dispatch, emitted by
   * `logCodeDispatch` once the `tools/code-dispatch-log` waterfall chose the content to log. Scoped
   * like `tools/result` (by the dispatch's agent); listener failures are contained.
   */
  'tool/code-dispatch': (this: ToolRuntime, event: CodeDispatchEvent) => void
}

/** The name of one `tools/*` event. */
export type ToolRuntimeEventName = keyof ToolRuntimeEvents

/** Options of `ToolRuntime.on`. */
export interface ToolListenerOptions {
  /** Run before the listeners already registered for this event (default: after them). */
  readonly prepend?: boolean
}
