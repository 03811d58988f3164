import { checkContentBlocks, checkUserMessage, snapshotContentBlocks } from '../content.js'
import type { ContentBlock, UserMessage } from '../content.js'
import { formatIssues } from '../errors.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-value.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { omitUndefinedDecisionKeys } from '../json/omit-undefined-keys.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { isAborted, type ToolCall } from './call.js'
import { type RegistryListeners, runWaterfall, type WaterfallSpec } from './events.js'
import { containRejection, failureResult, invalidOutput, invalidResult, isRegistryResult, optional, registryFailure, snapshotConstant, successResult, textContent, thrownMessage, withContent, withContexts } from './results.js'
import type { PostToolDecision, ToolErrorCode, ToolExecution, ToolExecutionFailure, ToolExecutionResult } from './runtime-types.js'
import type { RegisteredTool } from './tools.js'

// Review: every check a result passes before the caller sees it: the output contract, wrapper results, the
// `tools/post-execute` waterfall, and `finalizeContent`.

/** Snapshots, validates (else `INVALID_TOOL_OUTPUT`) and renders a value. */
export function acceptOutput(call: ToolCall, value: unknown, contexts: readonly UserMessage[] | undefined, concludesTurn: boolean): ToolExecutionResult {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) return invalidOutput(snapshot.issues, call.exec.name, contexts)
  const validator = call.tool.outputValidator
  if (!validator.is(snapshot.value)) return invalidOutput(validator.validate(snapshot.value).errors, call.exec.name, contexts)
  return renderOutput(call, snapshot.value, contexts, concludesTurn)
}

/**
 * Runs `render`, and `presentationMeta` for a top-level call only (its own root, no `parent`); a throwing or malformed
 * projection is `INVALID_RESULT`, so observers only see durable-safe fields.
 */
export function renderOutput(call: ToolCall, value: JsonValue, contexts: readonly UserMessage[] | undefined, concludesTurn: boolean): ToolExecutionResult {
  const tool = call.tool
  const args = call.exec.arguments
  let rendered: unknown
  try {
    rendered = tool.render.call(tool.output, args, value)
  } catch (error) {
    return invalidResult(`The tool's output.render threw: ${thrownMessage(error)}`, contexts)
  }
  const content = contentSnapshot(rendered, 'output.render', contexts)
  if (!isContent(content)) return content
  let meta: JsonValue | undefined
  const exec = call.exec
  if (tool.presentationMeta !== undefined && exec.parent === undefined && exec.rootCallId === exec.callId) {
    let projected: unknown
    try {
      projected = tool.presentationMeta.call(tool.output, args, value)
    } catch (error) {
      return invalidResult(`The tool's output.presentationMeta threw: ${thrownMessage(error)}`, contexts)
    }
    const snapshot = materializeJson(projected)
    if (!snapshot.ok) {
      containRejection(projected)
      return invalidResult(formatIssues("The tool's output.presentationMeta returned a value that is not lossless JSON", snapshot.issues), contexts)
    }
    meta = snapshot.value
  }
  return successResult(value, content, meta, contexts, concludesTurn)
}

type JsonRecord = { readonly [key: string]: JsonValue }

const ERROR_CODES: ReadonlySet<string> = new Set<ToolErrorCode>([
  'UNKNOWN_TOOL', 'INVALID_ARGS', 'INVALID_TOOL_OUTPUT', 'DENIED', 'BLOCKED',
  'TOOL_ERROR', 'TIMEOUT', 'ABORTED', 'ABORTED_BEFORE_DISPATCH', 'INVALID_RESULT',
])
const SUCCESS_KEYS: ReadonlySet<string> = new Set(['isError', 'value', 'content', 'meta', 'additionalContexts', 'concludesTurn'])
const FAILURE_KEYS: ReadonlySet<string> = new Set(['isError', 'error', 'content', 'meta', 'additionalContexts'])

// Results a `tools/execute` wrapper answered.

/**
 * A wrapper's answer: what `next()` gave passes; another registry result has its value rechecked; anything else must be
 * an exact lossless `ToolExecutionResult`. A wrapper cannot smuggle in a value the tool could not have returned.
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
    if (issues.length > 0 || error === undefined) return malformedWrapperResult(issues)
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
  if (issues.length > 0) return malformedWrapperResult(issues)
  const result = record.value as JsonValue
  return checkValue(call, result, () =>
    successResult(result, content as readonly ContentBlock[], meta, contexts, concludes === true),
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

function readContexts(record: JsonRecord, issues: SchemaIssue[], expected = 'an array of user messages'): readonly UserMessage[] | undefined {
  const contexts = read(record, 'additionalContexts')
  if (contexts === undefined) return undefined
  if (!Array.isArray(contexts)) {
    issues.push({ path: '/additionalContexts', message: `must be ${expected}, found ${describeValue(contexts)}` })
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

function malformedWrapperResult(issues: readonly SchemaIssue[]): ToolExecutionResult {
  return invalidResult(formatIssues('A tools/execute wrapper returned a malformed tool result', issues))
}

// The `tools/post-execute` review.

type PostEntry = RegistryListeners['postExecute']['entries'][number]
type PostListener = PostEntry['fn']

interface PostRun {
  readonly call: ToolCall
  readonly result: ToolExecutionResult
  readonly then: (call: ToolCall, reviewed: ToolExecutionResult) => unknown
}

const ACCEPT = snapshotConstant<PostToolDecision>({ kind: 'accept' })
const ACCEPT_KEYS: ReadonlySet<string> = new Set(['kind', 'content', 'value', 'additionalContexts'])
const BLOCK_KEYS: ReadonlySet<string> = new Set(['kind', 'feedback', 'additionalContexts'])
const TOOL_DATA_KEYS: ReadonlySet<string> = new Set(['value', 'content', 'feedback'])

/** The `tools/post-execute` listeners that apply to the call; with none, its dispatch result stands as it is. */
export function reviewersOf(call: ToolCall): readonly PostEntry[] {
  return call.state.listeners.postExecute.forChain(call.chain)
}

/** Reviews a result through `reviewers`, then `then`; a reviewer failing under a caller abort defers to the abort. */
export function reviewThrough<R>(
  call: ToolCall,
  result: ToolExecutionResult,
  reviewers: readonly PostEntry[],
  then: (call: ToolCall, reviewed: ToolExecutionResult) => R,
): Promise<Awaited<R>> {
  return runWaterfall(reviewers, POST_EXECUTE, { call, result, then }, afterReview) as Promise<Awaited<R>>
}

function afterReview(run: PostRun, decision: PostToolDecision): unknown {
  const { call, result } = run
  let reviewed: ToolExecutionResult
  try {
    reviewed = call.isFailClosed(decision) && isAborted(call.exec.signal) ? result : applyPostDecision(call, result, decision)
  } catch (error) {
    reviewed = registryFailure(error)
  }
  return run.then(call, reviewed)
}

/** A throwing listener or malformed decision blocks: a failed policy must not pass the result unexamined. */
const POST_EXECUTE: WaterfallSpec<PostRun, PostToolDecision, PostListener> = {
  invoke: (entry, run, next) => entry.fn.call(entry.view, run.call.exec, run.result, next),
  normalize: (_run, answer) => normalizePostDecision(answer),
  fail: (run, error) => run.call.noteFailClosed(block(`A tools/post-execute listener failed, so the result was withheld: ${thrownMessage(error)}`)),
  terminal: () => ACCEPT,
}

/** Applies a decision; a block keeps only the decision's contexts (what it hides must not ride along). */
function applyPostDecision(call: ToolCall, result: ToolExecutionResult, decision: PostToolDecision): ToolExecutionResult {
  if (decision === ACCEPT) return result
  if (decision.kind === 'block') {
    const message = blockMessage(decision.feedback)
    const content = decision.feedback.length > 0 ? decision.feedback : textContent(message)
    return failureResult('BLOCKED', message, { content, contexts: optional(decision, 'additionalContexts') })
  }
  let reviewed = result
  const content = optional(decision, 'content')
  if (Object.hasOwn(decision, 'value')) {
    reviewed = acceptOutput(call, decision.value, optional(result, 'additionalContexts'), result.isError ? false : optional(result, 'concludesTurn') === true)
  } else if (content !== undefined) {
    reviewed = withContent(result, content)
  }
  const contexts = optional(decision, 'additionalContexts')
  return contexts === undefined ? reviewed : withContexts(reviewed, contexts)
}

/** A well-formed frozen decision, or a block naming what was wrong with the answer. */
function normalizePostDecision(answer: unknown): PostToolDecision {
  if (answer === ACCEPT) return ACCEPT
  // An undefined key is absent, except in tool data (`value`, `content`), which stays strict.
  const snapshot = materializeJson(omitUndefinedDecisionKeys(answer, TOOL_DATA_KEYS))
  if (!snapshot.ok) return malformedDecision(formatIssues('it is not lossless JSON', snapshot.issues))
  const value = snapshot.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformedDecision(`found ${describeValue(value)}`)
  const record = value as JsonRecord
  const issues: SchemaIssue[] = []
  const kind = Object.hasOwn(record, 'kind') ? record.kind : undefined
  if (kind !== 'accept' && kind !== 'block') return malformedDecision('kind must be "accept" or "block"')
  const allowed = kind === 'accept' ? ACCEPT_KEYS : BLOCK_KEYS
  for (const key of Object.keys(record)) if (!allowed.has(key)) issues.push({ path: `/${escapeJsonPointerToken(key)}`, message: `is not a field of a ${kind} decision` })
  readContexts(record, issues, 'an array')
  if (kind === 'block') {
    if (!Object.hasOwn(record, 'feedback')) issues.push({ path: '/feedback', message: 'is required' })
    else checkContentBlocks(record.feedback as JsonValue, '/feedback', issues)
  } else {
    if (Object.hasOwn(record, 'content') && Object.hasOwn(record, 'value')) {
      issues.push({ path: '', message: 'replaces content or value, never both' })
    }
    if (Object.hasOwn(record, 'content')) checkContentBlocks(record.content as JsonValue, '/content', issues)
  }
  if (issues.length > 0) return malformedDecision(formatIssues('it does not have the decision shape', issues))
  return value as unknown as PostToolDecision
}

function malformedDecision(why: string): PostToolDecision {
  return block(`A tools/post-execute listener returned a malformed decision, so the result was withheld: ${why}`)
}

function block(message: string): PostToolDecision {
  return snapshotConstant<PostToolDecision>({ kind: 'block', feedback: [{ type: 'text', text: message }] })
}

function blockMessage(feedback: readonly ContentBlock[]): string {
  const texts: string[] = []
  for (const block of feedback) if (block.type === 'text') texts.push(block.text)
  return texts.length > 0 ? texts.join('\n') : 'The result was blocked by policy.'
}

// The definition's content boundary.

/**
 * Runs the captured `finalizeContent` once. A throw or non-content answer is `INVALID_RESULT`: the callback may be a
 * content boundary (redaction, a size cap), and keeping content it could not process would bypass it.
 */
export function finalizeContent(tool: RegisteredTool, exec: ToolExecution, result: ToolExecutionResult): ToolExecutionResult {
  const finalize = tool.finalizeContent
  if (finalize === undefined) return result
  // The content is withheld; the call's own contexts are not content and stay.
  const contexts = optional(result, 'additionalContexts')
  let replacement: unknown
  try {
    replacement = finalize.call(tool.definition, exec, result)
  } catch (error) {
    return invalidResult(`The tool's finalizeContent threw, so its content was withheld: ${thrownMessage(error)}`, contexts)
  }
  if (replacement === undefined || replacement === result.content) return result
  const content = contentSnapshot(replacement, 'finalizeContent', contexts)
  return isContent(content) ? withContent(result, content) : content
}

/** What the tool's `who` returned, as a content snapshot or the `INVALID_RESULT` saying why not. */
function contentSnapshot(returned: unknown, who: string, contexts: readonly UserMessage[] | undefined): readonly ContentBlock[] | ToolExecutionFailure {
  const fast = snapshotContentBlocks(returned)
  if (fast !== undefined) return fast
  const snapshot = materializeJson(returned)
  if (!snapshot.ok) {
    containRejection(returned)
    return invalidResult(formatIssues(`The tool's ${who} returned content that is not lossless JSON`, snapshot.issues), contexts)
  }
  const issues: SchemaIssue[] = []
  if (!checkContentBlocks(snapshot.value, '', issues)) return invalidResult(formatIssues(`The tool's ${who} returned invalid content`, issues), contexts)
  return snapshot.value
}

function isContent(value: readonly ContentBlock[] | ToolExecutionFailure): value is readonly ContentBlock[] {
  return Array.isArray(value)
}
