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

/**
 * Parts of a success; every part must already be a frozen lossless snapshot. Every key is required
 * (`undefined` for none), so the parts object always owns them and a polluted `Object.prototype`
 * cannot supply one — without a per-call `hasOwn` on this hot path.
 */
export interface SuccessParts {
  readonly value: JsonValue
  readonly content: readonly ContentBlock[]
  readonly meta: JsonValue | undefined
  readonly contexts: readonly UserMessage[] | undefined
  readonly concludesTurn: boolean
}

/** Builds a frozen success from snapshotted parts; empty contexts and a false marker are omitted. */
export function successResult(parts: SuccessParts): ToolExecutionSuccess {
  const result: { -readonly [K in keyof ToolExecutionSuccess]: ToolExecutionSuccess[K] } = {
    isError: false,
    value: parts.value,
    content: parts.content,
  }
  const { meta, contexts } = parts
  if (meta !== undefined) result.meta = meta
  if (contexts !== undefined && contexts.length > 0) result.additionalContexts = contexts
  if (parts.concludesTurn) result.concludesTurn = true
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
  const name = optional(parts, 'name')
  const details = optional(parts, 'details')
  const meta = optional(parts, 'meta')
  const contexts = optional(parts, 'contexts')
  if (name !== undefined) info.name = name
  if (details !== undefined) info.details = details
  const result: { -readonly [K in keyof ToolExecutionFailure]: ToolExecutionFailure[K] } = {
    isError: true,
    error: freeze({ message, info: freeze(info) }),
    content: optional(parts, 'content') ?? textContent(message),
  }
  if (meta !== undefined) result.meta = meta
  if (contexts !== undefined && contexts.length > 0) result.additionalContexts = contexts
  new ResultBrand(result)
  return freeze(result)
}

/**
 * An optional field of a registry-built result or decision, read from its own properties: the
 * objects are ordinary, so an absent field would otherwise be read from a polluted
 * `Object.prototype` and copied, unchecked, into the next result the registry derives.
 */
export function optional<T extends object, K extends keyof T>(record: T, key: K): T[K] | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/** A result equal to `result` except for its content and contexts (already checked snapshots). */
function derive(result: ToolExecutionResult, content: readonly ContentBlock[], contexts: readonly UserMessage[] | undefined): ToolExecutionResult {
  const meta = optional(result, 'meta')
  if (result.isError) {
    const info = optional(result.error, 'info')
    return failureResult(info === undefined ? 'TOOL_ERROR' : info.code, result.error.message, {
      content,
      details: info === undefined ? undefined : optional(info, 'details'),
      name: info === undefined ? undefined : optional(info, 'name'),
      meta,
      contexts,
    })
  }
  return successResult({ value: result.value, content, meta, contexts, concludesTurn: optional(result, 'concludesTurn') === true })
}

/** A result equal to `result` except for its content (already a snapshot of valid blocks). */
export function withContent(result: ToolExecutionResult, content: readonly ContentBlock[]): ToolExecutionResult {
  return derive(result, content, optional(result, 'additionalContexts'))
}

/** A result equal to `result` with `extra` contexts appended after its own. */
export function withContexts(result: ToolExecutionResult, extra: readonly UserMessage[]): ToolExecutionResult {
  if (extra.length === 0) return result
  return derive(result, result.content, joinContexts(optional(result, 'additionalContexts'), extra))
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
