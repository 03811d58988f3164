import type { ContentBlock, UserMessage } from '../content.js'
import type { JsonValue } from '../json/json-value.js'

// One call as a tool and its listeners see it, as the spec pins it; `ToolRuntime` is in registry/runtime-types.ts.

declare global {
  /**
   * Declared so the published types compile without the DOM lib or @types/node; where either is present this merges
   * with their identical members, so a signal stays the platform's own type.
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

/** Caller-supplied description of one call; `execute` adds the registry's token to make a {@link ToolExecution}. */
export interface ToolExecutionInput {
  readonly callId: CallId
  /** Root model-requested call owning this execution tree; omitted for a root execution. */
  readonly rootCallId?: CallId
  readonly name: string
  /** Losslessly JSON-serializable parsed arguments. */
  readonly arguments: unknown
  /** The agent on whose behalf the call runs; defaults to the view's scope. */
  readonly agent?: Agent
  /** Token of the enclosing transport execution; under `mode: 'code'` only calls with one reach a native tool. */
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

/** The codes only the Code Mode transport (`run_code`) reports; its sub-dispatches keep the ordinary codes. */
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
  readonly agent?: Agent
  /** Deterministic sub-call id (`<parent>:code:<n>`). */
  readonly subCallId: CallId
  readonly name: string
  readonly isError: boolean
  /** The sub-call's complete model-facing content. */
  readonly content: readonly ContentBlock[]
}

/** The durable `tool/code-dispatch` event: a {@link CodeDispatchLog} with the content the log waterfall chose. */
export interface CodeDispatchEvent extends CodeDispatchLog {
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
  readonly signal: AbortSignal
}

/** The approval service's answer; only `allowed-once` lets an asked call run. */
export type ApprovalAnswer = 'allowed-once' | 'denied'

/** Asks a human (or a policy) whether one call may run. */
export type ApprovalService = (request: ApprovalRequest) => Promise<ApprovalAnswer>

/** An approval channel's answer to an `ask`: the call runs once, or it is denied with a reason the model reads. */
export type ApprovalDecision = { readonly kind: 'allow' } | { readonly kind: 'deny'; readonly reason: string }

/** Answers `ask` for one agent's calls (a client, a UI) before the service; `undefined` passes to the next channel. */
export type ApprovalChannel = (request: ApprovalRequest) => ApprovalDecision | undefined | Promise<ApprovalDecision | undefined>
