import type { ContentBlock } from '../content.js'
import type { Agent, ScopeKey, ToolExecutionInput, ToolExecution, ToolDispatchExecution, ToolExecutionResult, PreToolDecision, PostToolDecision, ToolGuard, ToolExecutionMode, ToolPresentationMode, ToolRestriction, CodeDispatchLog, CodeDispatchEvent, ApprovalChannel, ApprovalService } from '../tool/tool-call.js'
import type { ToolDefinition, ToolDescription, ToolSchema } from '../tool/tool-definition.js'

// The runtime's own surface as the spec pins it; the call contract (tool/tool-call.ts) is re-exported here.
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
 * The tool registry and pipeline (the spec's `ctx.tools`), as a view bound to one scope: `createToolRuntime()` returns
 * the global view, `forAgent(agent)` an agent's. A scope is the Agent object, not its `id`; its chain is the agent, its
 * `parent`s, then global. Registrations, restrictions and presentation modes cover the agents below; guards and
 * listeners set on an agent's view see only its own calls (guard a tree globally, reading `exec.agent`'s chain).
 */
export interface ToolRuntime {
  /** The scope this view is bound to; `undefined` for the global view. */
  readonly scope: Agent | undefined
  /**
   * Presents this scope's tools in `mode`; the nearest declaration on the chain wins. Scoped only, one per scope.
   * @returns the exact, idempotent disposer that removes this declaration.
   */
  presentAs(mode: ToolPresentationMode): () => void
  /**
   * Registers a tool in this view's layer (scoped shadows global); a duplicate, `run_code` or a bad definition throws
   * `ToolRegistryError`. Each field is read once, here: own, a class method or a getter, never Object.prototype's.
   * @returns the exact, idempotent disposer that unregisters this registration only.
   */
  register(definition: ToolDefinition): () => void
  /**
   * Filters what this scope inherits; restrictions intersect and never hide its own tools. Scoped only; an empty filter
   * or an unknown, own or reserved name throws.
   * @returns the exact, idempotent disposer that lifts this restriction.
   */
  restrict(filter: ToolRestriction): () => void
  /**
   * Adds a guard run after `tools/pre-execute`: any answer but `undefined` denies. Scoped: only that agent's own calls.
   * @returns the exact, idempotent disposer.
   */
  guard(guard: ToolGuard): () => void
  /**
   * Answers `ask` for this agent's own calls before the `approval` service; scoped only. Channels are asked in order:
   * `allow` runs the call once, `deny` is `DENIED`, `undefined` passes on; a throw or any other answer denies.
   * @returns the exact, idempotent disposer.
   */
  approveWith(channel: ApprovalChannel): () => void
  /** The registered definition `scope` (default: this view's) resolves for `name`; a restricted one reads as absent. */
  get(name: string, scope?: ScopeKey): ToolDefinition | undefined
  /**
   * `name`, `description` and `parameters` of every tool `scope` sees, deep copies sorted by name (UTF-16) so the list
   * and a provider's prompt cache ignore registration order. The same under Code Mode (its transport builds on them).
   */
  schemas(scope?: ScopeKey): ToolSchema[]
  /** {@link ToolDescription} of every tool `scope` sees; fresh copies, sorted like `schemas()`. */
  describe(scope?: ScopeKey): ToolDescription[]
  /** Classifies a pending call: `parallel` only on an exact `true` for valid arguments, else `exclusive`. */
  executionMode(exec: ToolExecutionInput): ToolExecutionMode
  /**
   * Runs one call through the pipeline, snapshotting the arguments before returning; resolves the deep-frozen result
   * `tools/result` observers got. Rejects (TypeError) only when Object.prototype.then is defined. `agent` defaults to
   * this view's scope.
   */
  execute(exec: ToolExecutionInput): Promise<ToolExecutionResult>
  /**
   * Subscribes to a `tools/*` event (`prepend`: before earlier listeners); scoped: only that agent's own calls.
   * @returns the exact, idempotent disposer.
   */
  on<E extends ToolRuntimeEventName>(event: E, listener: ToolRuntimeEvents[E], options?: ToolListenerOptions): () => void
  /** The same surface bound to `agent`'s scope (the same view object for the same agent object). */
  forAgent(agent: Agent): ToolRuntime
  /**
   * Runs `tools/code-dispatch-log` for one settled `run_code` sub-dispatch (a failing listener keeps the original
   * content), then emits `tool/code-dispatch`.
   * @returns the frozen content to log.
   */
  logCodeDispatch(dispatch: CodeDispatchLog): Promise<readonly ContentBlock[]>
}

/** A value or a promise of it: listeners may answer synchronously or asynchronously. */
export type Awaitable<T> = T | PromiseLike<T>

/**
 * The events and their listeners. A waterfall listener gets `next`, which runs the rest of the chain and resolves its
 * normalized answer; emits only observe. `this` is the view the listener was registered through.
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
  /** Around-dispatch wrapper: may replace only `exec.signal`; calling `next()` again retries (a fresh run context). */
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
  /** One settled `run_code` sub-dispatch with its logged content; scoped like `tools/result`, failures contained. */
  'tool/code-dispatch': (this: ToolRuntime, event: CodeDispatchEvent) => void
}

/** The name of one `tools/*` event. */
export type ToolRuntimeEventName = keyof ToolRuntimeEvents

/** Options of `ToolRuntime.on`. */
export interface ToolListenerOptions {
  /** Run before the listeners already registered for this event (default: after them). */
  readonly prepend?: boolean
}
