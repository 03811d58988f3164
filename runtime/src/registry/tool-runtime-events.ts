import type { ContentBlock } from '../content/content-block.js'
import type { CodeDispatchEvent, CodeDispatchLog, PostToolDecision, PreToolDecision, ToolDispatchExecution, ToolExecution, ToolExecutionResult } from '../execution/execution-types.js'
import type { ToolRuntime } from './tool-runtime.js'

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
