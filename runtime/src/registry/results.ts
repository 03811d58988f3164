import type { ContentBlock, UserMessage } from '../content.js'
import { ToolOutputError } from '../errors.js'
import { describeValue } from '../json/describe-value.js'
import { assignOwn } from '../json/hostile-prototypes.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { OnTarget } from '../json/materialized-snapshots.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ToolErrorCode, ToolErrorInfo, ToolExecutionFailure, ToolExecutionResult, ToolExecutionSuccess } from './runtime-types.js'

const ignore = (): void => {}
// The intrinsic `then`: a promise's own `then` might attach nothing, leaving the rejection unhandled.
const promiseThen = Promise.prototype.then

/** Silences a promise a hook returned where none was expected, so its rejection cannot crash the host. */
export function containRejection(returned: unknown): void {
  if (returned instanceof Promise) promiseThen.call(returned, undefined, ignore)
}

/** A JSON literal of this package as a frozen snapshot (materializeJson's fast path); throws if it is not JSON. */
export function snapshotConstant<T>(value: T): T {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) throw new TypeError(`not a JSON constant: ${snapshot.issues.map((issue) => issue.message).join('; ')}`)
  return snapshot.value as T
}

// The brand of every registry-built result, so one passed back by a wrapper is not rechecked: a private field is
// unforgeable and, unlike a WeakSet, free for the GC. `OnTarget` installs it on the plain object given.
class RegistryResult extends OnTarget {
  readonly #built = true
  static is(value: object): boolean {
    return #built in value
  }
}

const freeze = Object.freeze

/** A frozen success from frozen snapshot parts; empty contexts and a false marker are omitted. */
export function successResult(
  value: JsonValue,
  content: readonly ContentBlock[],
  meta: JsonValue | undefined,
  contexts: readonly UserMessage[] | undefined,
  concludesTurn: boolean,
): ToolExecutionSuccess {
  const result = newSuccess(value, content)
  // The optional keys are defined, not assigned, where Object.prototype has them (a setter there would get the part).
  if (meta !== undefined) assignOwn(result, 'meta', meta)
  if (contexts !== undefined && contexts.length > 0) assignOwn(result, 'additionalContexts', contexts)
  if (concludesTurn) assignOwn(result, 'concludesTurn', true)
  new RegistryResult(result)
  return freeze(result)
}

type MutableSuccess = { -readonly [K in keyof ToolExecutionSuccess]: ToolExecutionSuccess[K] }
const objectPrototype = Object.prototype

// Built key by key, leaving in-object room for the brand; a literal when Object.prototype has one of the keys (an
// assignment would run a setter defined there).
function newSuccess(value: JsonValue, content: readonly ContentBlock[]): MutableSuccess {
  if ('isError' in objectPrototype || 'value' in objectPrototype || 'content' in objectPrototype) return { isError: false, value, content }
  const result = {} as MutableSuccess
  result.isError = false
  result.value = value
  result.content = content
  return result
}

/** Optional parts of a failure; every part must already be a frozen lossless snapshot. */
export interface FailureParts {
  /** Model-facing content; default: one text block with the message. */
  readonly content?: readonly ContentBlock[] | undefined
  readonly details?: JsonValue | undefined
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
  if (name !== undefined) assignOwn(info, 'name', name)
  if (details !== undefined) assignOwn(info, 'details', details)
  const result: { -readonly [K in keyof ToolExecutionFailure]: ToolExecutionFailure[K] } = {
    isError: true,
    error: freeze({ message, info: freeze(info) }),
    content: optional(parts, 'content') ?? textContent(message),
  }
  if (meta !== undefined) assignOwn(result, 'meta', meta)
  if (contexts !== undefined && contexts.length > 0) assignOwn(result, 'additionalContexts', contexts)
  new RegistryResult(result)
  return freeze(result)
}

// The failures every stage builds, in the pipeline's order.

/** `INVALID_ARGS` for a call input breaking the contract the types state (no identity to show listeners). */
export function malformedInput(why: string): ToolExecutionFailure {
  return failureResult('INVALID_ARGS', `Malformed tool call input: ${why}.`)
}

export function denied(message: string): ToolExecutionFailure {
  return failureResult('DENIED', message)
}

/** The `DENIED` failure for an explicit `deny` decision. */
export function policyDenial(reason: string): ToolExecutionFailure {
  return denied(reason === '' ? 'The call was denied by policy.' : `The call was denied by policy: ${reason}`)
}

/** The failure of a call whose body never started because it was cancelled. */
export function abortedBeforeDispatch(): ToolExecutionFailure {
  return failureResult('ABORTED_BEFORE_DISPATCH', 'The call was cancelled before the tool started.')
}

/** The failure of a cancelled call whose body did start (its outcome, if a success, is discarded). */
export function abortedAfterStart(contexts?: readonly UserMessage[]): ToolExecutionFailure {
  return failureResult('ABORTED', 'The call was cancelled; the tool finished, but its result was discarded.', { contexts })
}

/** `INVALID_TOOL_OUTPUT` for a value the tool's output schema (or lossless JSON) refuses, with every issue. */
export function invalidOutput(issues: readonly SchemaIssue[], tool: string, contexts?: readonly UserMessage[]): ToolExecutionFailure {
  return failureResult('INVALID_TOOL_OUTPUT', new ToolOutputError(issues, tool).message, {
    name: 'ToolOutputError',
    details: issueDetails(issues),
    contexts,
  })
}

/** `INVALID_RESULT` with the registry's message, never the rejected fields; the body's own contexts stay. */
export function invalidResult(message: string, contexts?: readonly UserMessage[]): ToolExecutionFailure {
  return failureResult('INVALID_RESULT', message, { contexts })
}

/** `TOOL_ERROR` for a defect in the registry itself: the caller still gets a structured result. */
export function registryFailure(error: unknown): ToolExecutionFailure {
  return failureResult('TOOL_ERROR', `The tool registry failed: ${thrownMessage(error)}`)
}

/** An own optional field: an absent one must not be read from a polluted Object.prototype into a derived result. */
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
  return successResult(result.value, content, meta, contexts, optional(result, 'concludesTurn') === true)
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

function joinContexts(first: readonly UserMessage[] | undefined, second: readonly UserMessage[]): readonly UserMessage[] {
  if (first === undefined || first.length === 0) return second
  return freeze([...first, ...second])
}

/** Whether `value` is a result this registry built (and therefore already checked and frozen). */
export function isRegistryResult(value: unknown): value is ToolExecutionResult {
  return typeof value === 'object' && value !== null && RegistryResult.is(value)
}

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

// The codes of ToolArgsError, ToolOutputError and ToolNotFoundError (which a nested dispatch may throw).
const MAPPED_CODES: ReadonlySet<string> = new Set(['INVALID_ARGS', 'INVALID_TOOL_OUTPUT', 'UNKNOWN_TOOL'])
// The Code Mode transport's own codes (a marked `run_code` body only), kept with its own `details`.
const TRANSPORT_CODES: ReadonlySet<string> = new Set([
  'CODE_SYNTAX_ERROR', 'CODE_THREW', 'CODE_TIME_LIMIT', 'CODE_MEMORY_LIMIT', 'CODE_STACK_LIMIT', 'CODE_CALL_LIMIT', 'CODE_OUTPUT_LIMIT', 'ABORTED',
])

/** What a thrown value says about itself, read without running its getters. */
interface ThrownFacts {
  readonly message: string | undefined
  readonly name: string | undefined
  readonly code: unknown
  readonly issues: unknown
  readonly details?: unknown
}

/**
 * A thrown value as a failure: an own `code` of this package's errors is kept (with `issues` as details), else
 * `TOOL_ERROR`. Reads own data only, so a hostile object runs no code here.
 */
export function thrownFailure(error: unknown, contexts?: readonly UserMessage[], transport = false): ToolExecutionFailure {
  const facts = readThrown(error)
  const own = typeof facts.code === 'string' && transport && TRANSPORT_CODES.has(facts.code)
  const code: ToolErrorCode = typeof facts.code === 'string' && (own || MAPPED_CODES.has(facts.code)) ? (facts.code as ToolErrorCode) : 'TOOL_ERROR'
  const message =
    facts.message !== undefined && facts.message.length > 0
      ? facts.message
      : `The tool failed without a message (it threw ${facts.name ?? describeValue(error)})`
  let details: JsonValue | undefined
  if (own && facts.details !== undefined) {
    const snapshot = materializeJson(facts.details)
    if (snapshot.ok) details = snapshot.value
  } else if (code !== 'TOOL_ERROR' && Array.isArray(facts.issues)) {
    const snapshot = materializeJson({ issues: facts.issues })
    if (snapshot.ok) details = snapshot.value
  }
  return failureResult(code, message, { name: facts.name, details, contexts })
}

/** A readable message for any thrown value (used where a listener or service failed). */
export function thrownMessage(error: unknown): string {
  const facts = readThrown(error)
  if (facts.message !== undefined && facts.message.length > 0) return facts.message
  return `it threw ${facts.name ?? describeValue(error)}`
}

// DOMException (abort and timeout reasons) has `message`/`name` getters, not data; the intrinsics run no user code and
// throw for anything that is not a real DOMException.
const domMessage = typeof DOMException === 'function' ? Object.getOwnPropertyDescriptor(DOMException.prototype, 'message')?.get : undefined
const domName = typeof DOMException === 'function' ? Object.getOwnPropertyDescriptor(DOMException.prototype, 'name')?.get : undefined

function readDomException(error: object): ThrownFacts | undefined {
  if (domMessage === undefined || domName === undefined) return undefined
  try {
    const message: unknown = domMessage.call(error)
    const name: unknown = domName.call(error)
    return { message: typeof message === 'string' ? message : undefined, name: typeof name === 'string' ? name : undefined, code: undefined, issues: undefined }
  } catch {
    return undefined
  }
}

function readThrown(error: unknown): ThrownFacts {
  if (typeof error === 'string') return { message: error, name: undefined, code: undefined, issues: undefined }
  if (typeof error !== 'object' || error === null) return { message: undefined, name: undefined, code: undefined, issues: undefined }
  const dom = readDomException(error)
  if (dom !== undefined) return dom
  try {
    return {
      message: ownString(error, 'message'),
      name: error instanceof Error ? errorName(error) : undefined,
      code: ownData(error, 'code'),
      issues: ownData(error, 'issues'),
      details: ownData(error, 'details'),
    }
  } catch {
    // Only a Proxy trap can throw here.
    return { message: undefined, name: undefined, code: undefined, issues: undefined }
  }
}

function ownData(value: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(value, key)
  return descriptor !== undefined && Object.hasOwn(descriptor, 'value') ? descriptor.value : undefined
}

function ownString(value: object, key: string): string | undefined {
  const data = ownData(value, key)
  return typeof data === 'string' ? data : undefined
}

/** The class name of an Error: its own `name`, else the data `name` on its prototype chain. */
function errorName(error: Error): string | undefined {
  for (let target: object | null = error; target !== null; target = Object.getPrototypeOf(target)) {
    const name = ownData(target, 'name')
    if (name !== undefined) return typeof name === 'string' ? name : undefined
  }
  return undefined
}
