import type { UserMessage } from '../content/content-block.js'
import type { ToolErrorCode, ToolExecutionFailure } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { failureResult } from './tool-results.js'

// The codes of this package's error classes: ToolArgsError, ToolOutputError and ToolNotFoundError
// (a composite tool's nested dispatch may throw the last; the spec maps it to UNKNOWN_TOOL).
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
 * Turns a value a tool body (or a `tools/execute` wrapper) threw into a structured failure. An error
 * whose own `code` is one of this package's error codes keeps it — `INVALID_ARGS` (`ToolArgsError`),
 * `INVALID_TOOL_OUTPUT` (`ToolOutputError`), `UNKNOWN_TOOL` (`ToolNotFoundError`) — with its `issues`,
 * if any, as details; anything else is `TOOL_ERROR` with the error's message. Own data properties
 * only: a hostile thrown object (getters, Proxies) can neither run code here nor crash the pipeline.
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

// The platform's own DOMException accessors (its `message` and `name` are getters on the prototype, where an
// Error has data): abort and timeout reasons are DOMExceptions. The intrinsic getters run no user code and throw
// for anything that is not a real DOMException.
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
