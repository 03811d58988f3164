import type { ContentBlock, UserMessage } from '../content/content-block.js'
import type {
  ToolErrorCode,
  ToolErrorInfo,
  ToolExecutionFailure,
  ToolExecutionResult,
  ToolExecutionSuccess,
} from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'

// Every result the registry builds carries a private-field brand, so a `tools/execute` wrapper that
// hands back a result `next()` gave it is recognised without re-checking it, while a result a
// wrapper made itself is checked in full. A private field is invisible to reflection and unforgeable.
class Stamp {
  constructor(target: object) {
    return target
  }
}
class ResultBrand extends Stamp {
  readonly #registry = true
  static has(value: object): boolean {
    return #registry in value
  }
}

const freeze = Object.freeze

/** Parts of a success; every part must already be a frozen lossless snapshot. */
export interface SuccessParts {
  readonly value: JsonValue
  readonly content: readonly ContentBlock[]
  readonly meta?: JsonValue | undefined
  readonly contexts?: readonly UserMessage[] | undefined
  readonly concludesTurn?: boolean
}

/** Builds a frozen success from snapshotted parts; empty contexts and a false marker are omitted. */
export function successResult(parts: SuccessParts): ToolExecutionSuccess {
  const result: { -readonly [K in keyof ToolExecutionSuccess]: ToolExecutionSuccess[K] } = {
    isError: false,
    value: parts.value,
    content: parts.content,
  }
  if (parts.meta !== undefined) result.meta = parts.meta
  if (parts.contexts !== undefined && parts.contexts.length > 0) result.additionalContexts = parts.contexts
  if (parts.concludesTurn === true) result.concludesTurn = true
  new ResultBrand(result)
  return freeze(result)
}

/** Optional parts of a failure; every part must already be a frozen lossless snapshot. */
export interface FailureParts {
  /** Model-facing content; default: one text block with the message. */
  readonly content?: readonly ContentBlock[] | undefined
  /** Structured detail (for example validation issues). */
  readonly details?: JsonValue | undefined
  /** The class name of the error that caused the failure. */
  readonly name?: string | undefined
  readonly meta?: JsonValue | undefined
  readonly contexts?: readonly UserMessage[] | undefined
}

/** Builds a frozen failure with `error.info.code`, a readable message and content the model can read. */
export function failureResult(code: ToolErrorCode, message: string, parts: FailureParts = {}): ToolExecutionFailure {
  const info: { -readonly [K in keyof ToolErrorInfo]: ToolErrorInfo[K] } = { code }
  if (parts.name !== undefined) info.name = parts.name
  if (parts.details !== undefined) info.details = parts.details
  const result: { -readonly [K in keyof ToolExecutionFailure]: ToolExecutionFailure[K] } = {
    isError: true,
    error: freeze({ message, info: freeze(info) }),
    content: parts.content ?? textContent(message),
  }
  if (parts.meta !== undefined) result.meta = parts.meta
  if (parts.contexts !== undefined && parts.contexts.length > 0) result.additionalContexts = parts.contexts
  new ResultBrand(result)
  return freeze(result)
}

/** A result equal to `result` except for its content (already a snapshot of valid blocks). */
export function withContent(result: ToolExecutionResult, content: readonly ContentBlock[]): ToolExecutionResult {
  if (result.isError) {
    return failureResult(result.error.info?.code ?? 'TOOL_ERROR', result.error.message, {
      content,
      details: result.error.info?.details,
      name: result.error.info?.name,
      meta: result.meta,
      contexts: result.additionalContexts,
    })
  }
  return successResult({
    value: result.value,
    content,
    meta: result.meta,
    contexts: result.additionalContexts,
    concludesTurn: result.concludesTurn === true,
  })
}

/** A result equal to `result` with `extra` contexts appended after its own. */
export function withContexts(result: ToolExecutionResult, extra: readonly UserMessage[]): ToolExecutionResult {
  if (extra.length === 0) return result
  const contexts = joinContexts(result.additionalContexts, extra)
  if (result.isError) {
    return failureResult(result.error.info?.code ?? 'TOOL_ERROR', result.error.message, {
      content: result.content,
      details: result.error.info?.details,
      name: result.error.info?.name,
      meta: result.meta,
      contexts,
    })
  }
  return successResult({ value: result.value, content: result.content, meta: result.meta, contexts, concludesTurn: result.concludesTurn === true })
}

/** Concatenates two frozen context lists into one frozen list. */
function joinContexts(first: readonly UserMessage[] | undefined, second: readonly UserMessage[]): readonly UserMessage[] {
  if (first === undefined || first.length === 0) return second
  return freeze([...first, ...second])
}

/** Whether `value` is a result this registry built (and therefore already checked and frozen). */
export function isRegistryResult(value: unknown): value is ToolExecutionResult {
  return typeof value === 'object' && value !== null && ResultBrand.has(value)
}

/** One frozen text block carrying `text`. */
export function textContent(text: string): readonly ContentBlock[] {
  const snapshot = materializeJson([{ type: 'text', text }])
  // A string always materializes; the fallback only satisfies the type.
  return snapshot.ok ? (snapshot.value as unknown as readonly ContentBlock[]) : freeze([])
}

/** The `details` of a validation failure: `{ issues: [{ path, message }] }` as a frozen snapshot. */
export function issueDetails(issues: readonly { readonly path: string; readonly message: string }[]): JsonValue | undefined {
  const snapshot = materializeJson({ issues: issues.map((issue) => ({ path: issue.path, message: issue.message })) })
  return snapshot.ok ? snapshot.value : undefined
}
