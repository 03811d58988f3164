import type { ContentBlock, UserMessage } from '../content/content-block.js'
import type { JsonValue } from '../json/json-value.js'
import type { ToolDefinition, ToolDescription, ToolSchema } from '../tool/tool-definition.js'

// The runtime's contract types, as the spec pins them: a call and its execution, results and
// decisions, the presentation views a tool's presenters return, the `ToolRuntime` surface and its
// `tools/*` events.

declare global {
  /**
   * The platform's AbortSignal, declared here with the members the runtime's types rely on, so the published
   * types compile without the DOM lib or @types/node (`lib: ["es2022"]`, `types: []`). Where either is present
   * this merges into their declaration (the members are declared identically there), so a signal stays the
   * platform's own type: `fetch(url, { signal })` and the like keep working.
   */
  interface AbortSignal {
    readonly aborted: boolean
    // `any`, as the DOM lib and @types/node declare it (merged declarations must agree).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly reason: any
    throwIfAborted(): void
    addEventListener(type: 'abort', listener: (this: AbortSignal, event: unknown) => unknown, options?: boolean | { readonly once?: boolean }): void
    removeEventListener(type: 'abort', listener: (this: AbortSignal, event: unknown) => unknown, options?: boolean): void
  }
}

/** Identity of one model-requested call. */
export type CallId = string

/** An agent: the scope key. The scope chain is the agent, its parents, then the global layer. */
export interface Agent {
  readonly id: string
  readonly parent?: Agent
}

/** The viewing / registering scope: an agent. */
export type ScopeKey = Agent

declare const toolExecutionTokenBrand: unique symbol

/** Opaque call identity that permits correlation without exposing mutable execution state. */
export type ToolExecutionToken = symbol & { readonly [toolExecutionTokenBrand]: true }

/**
 * Caller-supplied description of one tool call. `ToolRuntime.execute` adds the
 * registry-owned token to form a pipeline {@link ToolExecution}.
 */
export interface ToolExecutionInput {
  readonly callId: CallId
  /** Root model-requested call owning this execution tree; omitted for a root execution. */
  readonly rootCallId?: CallId
  readonly name: string
  /** Losslessly JSON-serializable parsed arguments. */
  readonly arguments: unknown
  /** The agent on whose behalf the call runs. */
  readonly agent?: Agent
  /**
   * Opaque token of the enclosing transport execution. Under `mode: 'code'` only
   * calls with a parent may execute a native tool name.
   */
  readonly parent?: ToolExecutionToken
  /** Required caller-owned cancellation for this invocation. */
  readonly signal: AbortSignal
}

/** One pending tool call inside the registry pipeline; arguments are a frozen lossless snapshot. */
export interface ToolExecution extends ToolExecutionInput {
  /** Root model-requested call, resolved for every root and nested execution. */
  readonly rootCallId: CallId
  /** Registry-assigned identity shared with nested calls only as their opaque `parent` token. */
  readonly token: ToolExecutionToken
}

/** Around-dispatch view of a {@link ToolExecution}: a wrapper may replace only the signal. */
export interface ToolDispatchExecution extends Omit<ToolExecution, 'signal'> {
  /** Cancellation signal visible to the next wrapper or tool body. */
  signal: AbortSignal
}

/** The failure codes a {@link ToolFailure} carries. */
export type ToolErrorCode =
  | 'UNKNOWN_TOOL'
  | 'INVALID_ARGS'
  | 'INVALID_TOOL_OUTPUT'
  | 'DENIED'
  | 'BLOCKED'
  | 'TOOL_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'ABORTED_BEFORE_DISPATCH'
  | 'INVALID_RESULT'
  | CodeModeErrorCode

/**
 * The failure codes only the Code Mode transport (`run_code`) reports, one per limit or program
 * failure; its sub-dispatches keep the ordinary codes.
 */
export type CodeModeErrorCode =
  | 'CODE_SYNTAX_ERROR'
  | 'CODE_THREW'
  | 'CODE_TIME_LIMIT'
  | 'CODE_MEMORY_LIMIT'
  | 'CODE_STACK_LIMIT'
  | 'CODE_CALL_LIMIT'
  | 'CODE_OUTPUT_LIMIT'

/** Internal error class/code used by policy and durable diagnostics. */
export interface ToolErrorInfo {
  readonly code: ToolErrorCode
  /** The error class name, when the failure came from a thrown error. */
  readonly name?: string
  /** Structured, lossless detail (for example the validation issues). */
  readonly details?: JsonValue
}

/** Canonical failure detail. */
export interface ToolFailure {
  /** Human-readable failure message without the `Error: ` envelope. */
  readonly message: string
  readonly info?: ToolErrorInfo
}

/** Successful canonical tool execution, including its model projection. */
export interface ToolExecutionSuccess {
  readonly isError: false
  /** Execution-local canonical value; deliberately omitted from durable events. */
  readonly value: JsonValue
  readonly content: readonly ContentBlock[]
  readonly error?: never
  readonly meta?: JsonValue
  readonly additionalContexts?: readonly UserMessage[]
  /** The agent loop stops after committing this successful result batch. */
  readonly concludesTurn?: true
}

/** Failed canonical tool execution; failures never carry a successful value. */
export interface ToolExecutionFailure {
  readonly isError: true
  readonly error: ToolFailure
  readonly value?: never
  readonly content: readonly ContentBlock[]
  readonly meta?: JsonValue
  readonly additionalContexts?: readonly UserMessage[]
  readonly concludesTurn?: never
}

/** The discriminated, execution-local outcome of one tool call. */
export type ToolExecutionResult = ToolExecutionSuccess | ToolExecutionFailure

/** The durable result projection a presenter sees: content, failure state and optional meta. */
export interface ToolResult {
  readonly isError: boolean
  readonly content: readonly ContentBlock[]
  readonly error?: ToolFailure
  readonly meta?: JsonValue
}

/** Pre-dispatch decision of the `tools/pre-execute` waterfall. */
export type PreToolDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny'; readonly reason: string }
  | { readonly kind: 'ask'; readonly reason?: string }

/** Post-dispatch decision of the `tools/post-execute` waterfall. */
export type PostToolDecision =
  | {
      readonly kind: 'accept'
      readonly content?: readonly ContentBlock[]
      readonly value?: never
      readonly additionalContexts?: readonly UserMessage[]
    }
  | {
      readonly kind: 'accept'
      readonly value: JsonValue
      readonly content?: never
      readonly additionalContexts?: readonly UserMessage[]
    }
  | { readonly kind: 'block'; readonly feedback: readonly ContentBlock[]; readonly additionalContexts?: readonly UserMessage[] }

/** A monotonic guard run after `tools/pre-execute`: a returned reason denies the call. */
export type ToolGuard = (execution: Readonly<ToolExecution>) => string | undefined

/** Scheduling mode for one pending call. */
export type ToolExecutionMode = { readonly kind: 'parallel' } | { readonly kind: 'exclusive' }

/** How a scope's tools are presented to its model: native tool calls, or Code Mode's `run_code`. */
export type ToolPresentationMode = 'native' | 'code'

/** Per-scope filter over inherited tools. Restrictions intersect. */
export interface ToolRestriction {
  /** Inherited tool names that stay visible; everything else is removed. */
  readonly allow?: readonly string[]
  /** Inherited tool names removed from visibility. */
  readonly deny?: readonly string[]
}

/** One settled `run_code` sub-dispatch about to be logged (the `tools/code-dispatch-log` waterfall). */
export interface CodeDispatchLog {
  /** The outer `run_code` execution. */
  readonly exec: ToolExecution
  /** The calling agent, when the outer call has one. */
  readonly agent?: Agent
  /** Deterministic sub-call id (`<parent>:code:<n>`). */
  readonly subCallId: CallId
  /** The dispatched sub-tool name. */
  readonly name: string
  /** Whether the sub-call settled as an error. */
  readonly isError: boolean
  /** The sub-call's complete model-facing content. */
  readonly content: readonly ContentBlock[]
}

/**
 * The durable `tool/code-dispatch` event of one settled `run_code` sub-dispatch, emitted after the
 * `tools/code-dispatch-log` waterfall: the same identity as {@link CodeDispatchLog}, with the content
 * the waterfall chose to log (the original settled content when no listener replaced it).
 */
export interface CodeDispatchEvent extends CodeDispatchLog {
  /** The logged copy of the sub-call's content. */
  readonly content: readonly ContentBlock[]
}

/** Picks the icon of a generic card. */
export type ToolCallKind = 'read' | 'edit' | 'delete' | 'move' | 'search' | 'execute' | 'fetch' | 'other'

/** A file a call reads or changes, for editors that follow along. */
export interface FileLocation {
  readonly path: string
  /** 1-based line. */
  readonly line?: number
}

/** One file change; `oldText: null` for a new file. */
export interface FileDiff {
  readonly path: string
  readonly oldText: string | null
  readonly newText: string
}

/** One 1-based numbered line of a read window. */
export interface ReadFileLine {
  readonly number: number
  readonly text: string
}

/** One file's matches in a grep-shaped search result. */
export interface SearchFileMatches {
  readonly path: string
  readonly matches: readonly { readonly line: number; readonly text: string }[]
}

/** One source of a web search result. */
export interface WebSource {
  readonly url: string
  readonly title?: string
  readonly snippet?: string
}

/** How a UI presents the pending state of one call (a `card`-tagged render intent). */
export type ToolCallView =
  | {
      readonly card: 'generic'
      readonly title: string
      readonly kind?: ToolCallKind
      readonly rawInput?: JsonValue
      readonly content?: readonly ContentBlock[]
      readonly locations?: readonly FileLocation[]
    }
  | { readonly card: 'terminal'; readonly title: string; readonly description?: string; readonly cwd?: string }
  | { readonly card: 'diff'; readonly title: string; readonly diffs: readonly FileDiff[]; readonly locations?: readonly FileLocation[] }

/** How a UI presents the completed state of one call; it replaces the pending view. */
export type ToolResultView =
  | { readonly card: 'generic'; readonly title?: string; readonly content?: readonly ContentBlock[] }
  | {
      readonly card: 'terminal'
      readonly title?: string
      readonly output?: string
      readonly exitCode?: number
      readonly signal?: string
    }
  | { readonly card: 'diff'; readonly title?: string; readonly diffs: readonly FileDiff[] }
  | {
      readonly card: 'search'
      readonly shape: 'matches'
      readonly title?: string
      /** Whether the inline result was capped, so a UI never shows a partial result as complete. */
      readonly truncated: boolean
      readonly total: number
      readonly files: readonly SearchFileMatches[]
    }
  | {
      readonly card: 'search'
      readonly shape: 'paths'
      readonly title?: string
      readonly truncated: boolean
      readonly total: number
      readonly paths: readonly string[]
    }
  | {
      readonly card: 'read'
      readonly title?: string
      readonly path: string
      /** The 1-based first line the window asked for, kept even when `lines` is empty. */
      readonly offset: number
      readonly lines: readonly ReadFileLine[]
      readonly totalLines: number
      /** Language hint from the file extension. */
      readonly lang?: string
      /** Envelope-stripped text for UIs without read support. */
      readonly content?: string
    }
  | {
      readonly card: 'web'
      readonly kind: 'search'
      readonly title?: string
      readonly sources: readonly WebSource[]
      readonly answer?: string
      readonly truncated: boolean
    }
  | {
      readonly card: 'web'
      readonly kind: 'fetch'
      readonly title?: string
      readonly url: string
      readonly statusCode: number
      readonly truncated: boolean
    }

/** What the approval service is asked when a `tools/pre-execute` decision is `ask`. */
export interface ApprovalRequest {
  /** The frozen pending call. */
  readonly execution: ToolExecution
  /** The reason the asking listener gave, when it gave one. */
  readonly reason?: string
  /** The caller's cancellation signal. */
  readonly signal: AbortSignal
}

/** The approval service's answer; only `allowed-once` lets an asked call run. */
export type ApprovalAnswer = 'allowed-once' | 'denied'

/** Asks a human (or a policy) whether one call may run. */
export type ApprovalService = (request: ApprovalRequest) => Promise<ApprovalAnswer>

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
