import { checkContentBlocks } from '../content/check-content-blocks.js'
import { checkUserMessage } from '../content/check-user-message.js'
import type { ContentBlock, UserMessage } from '../content/content-block.js'
import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolErrorCode, ToolExecutionResult } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-pointer.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ToolCall } from './call.js'
import { failureResult, invalidOutput, invalidResult, isRegistryResult, successResult } from './results.js'

type JsonRecord = { readonly [key: string]: JsonValue }

const ERROR_CODES: ReadonlySet<string> = new Set<ToolErrorCode>([
  'UNKNOWN_TOOL', 'INVALID_ARGS', 'INVALID_TOOL_OUTPUT', 'DENIED', 'BLOCKED',
  'TOOL_ERROR', 'TIMEOUT', 'ABORTED', 'ABORTED_BEFORE_DISPATCH', 'INVALID_RESULT',
])
const SUCCESS_KEYS: ReadonlySet<string> = new Set(['isError', 'value', 'content', 'meta', 'additionalContexts', 'concludesTurn'])
const FAILURE_KEYS: ReadonlySet<string> = new Set(['isError', 'error', 'content', 'meta', 'additionalContexts'])

/**
 * Accepts the answer of a `tools/execute` wrapper. What `next()` resolved for this call passes as
 * it is. Any other result must keep the tool's output contract: a result the registry built for
 * another call (a cache, another tool's outcome) is already frozen and well-formed, so only a
 * success's `value` is checked against this tool's output schema; a result the wrapper made itself
 * is checked like the body's output: it must be lossless JSON in the exact `ToolExecutionResult`
 * shape (`INVALID_RESULT` otherwise), and a success's `value` must satisfy the output schema
 * (`INVALID_TOOL_OUTPUT`) — a wrapper cannot smuggle in a value the tool could not have returned.
 */
export function acceptWrapperResult(call: ToolCall, answer: unknown): ToolExecutionResult {
  const dispatched = call.dispatched
  if (dispatched !== undefined && answer === dispatched) return dispatched
  return (call.dispatched = checkWrapperResult(call, answer))
}

function checkWrapperResult(call: ToolCall, answer: unknown): ToolExecutionResult {
  if (isRegistryResult(answer)) return answer.isError ? answer : checkValue(call, answer.value, () => answer)
  const snapshot = materializeJson(answer)
  if (!snapshot.ok) return invalidResult(formatIssues('A tools/execute wrapper returned a result that is not lossless JSON', snapshot.issues))
  const value = snapshot.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalidResult(`A tools/execute wrapper returned ${describeValue(value)} instead of a tool result.`)
  }
  const record = value as JsonRecord
  const issues: SchemaIssue[] = []
  const isError = Object.hasOwn(record, 'isError') ? record.isError : undefined
  if (typeof isError !== 'boolean') {
    return invalidResult('A tools/execute wrapper returned a result without a boolean isError.')
  }
  const allowed = isError ? FAILURE_KEYS : SUCCESS_KEYS
  for (const key of Object.keys(record)) if (!allowed.has(key)) issues.push({ path: `/${escapeJsonPointerToken(key)}`, message: 'is not a field of this result kind' })
  const content = read(record, 'content')
  if (content === undefined) issues.push({ path: '/content', message: 'is required' })
  else checkContentBlocks(content, '/content', issues)
  const contexts = readContexts(record, issues)
  const meta = read(record, 'meta')
  if (isError) {
    const error = readError(read(record, 'error'), issues)
    if (issues.length > 0 || error === undefined) return malformed(issues)
    return failureResult(error.code, error.message, {
      content: content as readonly ContentBlock[],
      name: error.name,
      details: error.details,
      meta,
      contexts,
    })
  }
  const concludes = read(record, 'concludesTurn')
  if (concludes !== undefined && concludes !== true) issues.push({ path: '/concludesTurn', message: 'must be true when present' })
  if (!Object.hasOwn(record, 'value')) issues.push({ path: '/value', message: 'is required on a success' })
  if (issues.length > 0) return malformed(issues)
  const result = record.value as JsonValue
  return checkValue(call, result, () =>
    successResult({ value: result, content: content as readonly ContentBlock[], meta, contexts, concludesTurn: concludes === true }),
  )
}

/** `accepted()` when `value` satisfies the tool's output schema, else `INVALID_TOOL_OUTPUT` with every issue. */
function checkValue(call: ToolCall, value: JsonValue, accepted: () => ToolExecutionResult): ToolExecutionResult {
  const validator = call.tool.outputValidator
  if (validator.is(value)) return accepted()
  return invalidOutput(validator.validate(value).errors, call.exec.name)
}

function read(record: JsonRecord, key: string): JsonValue | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

function readContexts(record: JsonRecord, issues: SchemaIssue[]): readonly UserMessage[] | undefined {
  const contexts = read(record, 'additionalContexts')
  if (contexts === undefined) return undefined
  if (!Array.isArray(contexts)) {
    issues.push({ path: '/additionalContexts', message: `must be an array of user messages, found ${describeValue(contexts)}` })
    return undefined
  }
  contexts.forEach((context, index) => checkUserMessage(context, `/additionalContexts/${index}`, issues))
  return contexts as readonly UserMessage[]
}

interface ErrorFields {
  readonly code: ToolErrorCode
  readonly message: string
  readonly name: string | undefined
  readonly details: JsonValue | undefined
}

function readError(error: JsonValue | undefined, issues: SchemaIssue[]): ErrorFields | undefined {
  if (typeof error !== 'object' || error === null || Array.isArray(error)) {
    issues.push({ path: '/error', message: `must be { message, info? }, found ${describeValue(error)}` })
    return undefined
  }
  const message = read(error as JsonRecord, 'message')
  const info = read(error as JsonRecord, 'info')
  if (typeof message !== 'string') issues.push({ path: '/error/message', message: 'must be a string' })
  if (info === undefined) return typeof message === 'string' ? { code: 'TOOL_ERROR', message, name: undefined, details: undefined } : undefined
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    issues.push({ path: '/error/info', message: 'must be { code, name?, details? }' })
    return undefined
  }
  const code = read(info as JsonRecord, 'code')
  const name = read(info as JsonRecord, 'name')
  if (typeof code !== 'string' || !ERROR_CODES.has(code)) issues.push({ path: '/error/info/code', message: 'must be one of the tool error codes' })
  if (name !== undefined && typeof name !== 'string') issues.push({ path: '/error/info/name', message: 'must be a string' })
  if (typeof message !== 'string' || typeof code !== 'string' || !ERROR_CODES.has(code)) return undefined
  return { code: code as ToolErrorCode, message, name: name as string | undefined, details: read(info as JsonRecord, 'details') }
}

function malformed(issues: readonly SchemaIssue[]): ToolExecutionResult {
  return invalidResult(formatIssues('A tools/execute wrapper returned a malformed tool result', issues))
}
