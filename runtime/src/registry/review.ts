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

// Review: every check a result passes before it reaches the caller. The output contract for a value a
// body returned (snapshot, validate, render), the check of a result a `tools/execute` wrapper made, the
// `tools/post-execute` waterfall and its decision, and the definition's `finalizeContent`, once.

// The output contract: a value a body returned (or a post-execute listener substituted).

/**
 * The success path for a value the body returned or a post-execute listener substituted: snapshot
 * it (non-JSON → `INVALID_TOOL_OUTPUT`), validate it against the output schema
 * (`INVALID_TOOL_OUTPUT` with every issue), then project it. `contexts` and `concludesTurn` are what
 * the value carries along besides its projections.
 */
export function acceptOutput(call: ToolCall, value: unknown, contexts: readonly UserMessage[] | undefined, concludesTurn: boolean): ToolExecutionResult {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) return invalidOutput(snapshot.issues, call.exec.name, contexts)
  const validator = call.tool.outputValidator
  if (!validator.is(snapshot.value)) return invalidOutput(validator.validate(snapshot.value).errors, call.exec.name, contexts)
  return renderOutput(call, snapshot.value, contexts, concludesTurn)
}

/**
 * Calls the pure projectors on a validated, frozen value: `render` always, `presentationMeta` only
 * for a top-level call — a root execution (its root call is itself) that is no transport
 * sub-dispatch (no `parent`); a composite tool's nested dispatch propagates its root call id and so
 * is not top-level. A throwing projector or a projection that is not lossless
 * JSON of the right shape is `INVALID_RESULT`, so observers only ever see durable-safe fields.
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

/**
 * The `tools/post-execute` review of a dispatch result by `reviewers` (see {@link POST_EXECUTE}), then
 * `then` with the reviewed result in the reaction that settles the decision; resolves what `then`
 * returns. A reviewer that failed under a caller abort (most likely observing it, as it must) leaves
 * the outcome to the cancellation rule, instead of blocking it.
 */
export function reviewThrough<R>(
  call: ToolCall,
  result: ToolExecutionResult,
  reviewers: readonly PostEntry[],
  then: (call: ToolCall, reviewed: ToolExecutionResult) => R,
): Promise<Awaited<R>> {
  return runWaterfall(reviewers, POST_EXECUTE, { call, result, then }, afterReview) as Promise<Awaited<R>>
}

/** The decision arrived (in the reaction that settled it): apply it, then the next stage. */
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

/**
 * The `tools/post-execute` waterfall over a dispatch result resolves the decision that
 * {@link applyPostDecision} applies: accept
 * unchanged; accept with replacement `content` (value and meta kept); accept with a replacement
 * `value` (revalidated, content and meta recomputed); optional `additionalContexts` appended after
 * the result's own; or block (`BLOCKED`: no value, no meta, the feedback as content, only the
 * decision's contexts — what a block hides must not ride along). A throwing listener or a malformed
 * decision blocks: a policy that failed must not let the result through unexamined.
 */
const POST_EXECUTE: WaterfallSpec<PostRun, PostToolDecision, PostListener> = {
  invoke: (entry, run, next) => entry.fn.call(entry.view, run.call.exec, run.result, next),
  normalize: (_run, answer) => normalizePostDecision(answer),
  fail: (run, error) => run.call.noteFailClosed(block(`A tools/post-execute listener failed, so the result was withheld: ${thrownMessage(error)}`)),
  terminal: () => ACCEPT,
}

/** Applies a normalized post-execute decision to the dispatch result (see {@link POST_EXECUTE}). */
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
  // An undefined key (`additionalContexts: extra.length ? extra : undefined`) is absent, in the decision and its
  // contexts; a replacement `value` or `content` is tool data and stays strict (undefined there blocks).
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
  if (Object.hasOwn(record, 'additionalContexts')) {
    const contexts = record.additionalContexts
    if (!Array.isArray(contexts)) issues.push({ path: '/additionalContexts', message: `must be an array, found ${describeValue(contexts)}` })
    else contexts.forEach((context, index) => checkUserMessage(context, `/additionalContexts/${index}`, issues))
  }
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
 * Calls the definition's `finalizeContent` — captured when the call started — exactly once on the
 * normalized outcome. `undefined` (or the same content) keeps the content; a replacement must be
 * lossless content blocks and replaces only `content`. The spec requires the callback to be total;
 * when it throws or returns something else the result becomes `INVALID_RESULT` carrying only the
 * registry's message — failing closed, because the callback may be the tool's content boundary
 * (a redaction or a size cap), and keeping the content it could not process would bypass it.
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

/**
 * What `returned` (what the tool's `who` returned) is as content: its frozen snapshot, or the `INVALID_RESULT` saying
 * it is not lossless JSON (a rejected promise among it is contained) or not content blocks.
 */
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
