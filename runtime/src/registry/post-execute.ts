import { checkContentBlocks } from '../content/check-content-blocks.js'
import { checkUserMessage } from '../content/check-user-message.js'
import type { ContentBlock } from '../content/content-block.js'
import { formatIssues } from '../errors/json-schema-error.js'
import type { PostToolDecision, ToolExecutionResult } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { escapeJsonPointerToken } from '../json/json-pointer.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import { omitUndefinedDecisionKeys } from '../json/omit-undefined-keys.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ToolCall } from './call.js'
import { acceptValue } from './project-output.js'
import type { RegistryListeners } from './registry-state.js'
import { failureResult, optional, snapshotConstant, textContent, thrownMessage, withContent, withContexts } from './results.js'
import { runWaterfall, type WaterfallSpec } from './waterfall.js'

type PostEntry = RegistryListeners['postExecute']['entries'][number]
type PostListener = PostEntry['fn']
type JsonRecord = { readonly [key: string]: JsonValue }

interface PostRun {
  readonly call: ToolCall
  readonly result: ToolExecutionResult
}

const ACCEPT = snapshotConstant<PostToolDecision>({ kind: 'accept' })
const ACCEPT_KEYS: ReadonlySet<string> = new Set(['kind', 'content', 'value', 'additionalContexts'])
const BLOCK_KEYS: ReadonlySet<string> = new Set(['kind', 'feedback', 'additionalContexts'])
const TOOL_DATA_KEYS: ReadonlySet<string> = new Set(['value', 'content', 'feedback'])

/**
 * Runs the `tools/post-execute` waterfall over a dispatch result and resolves the decision that
 * {@link applyPostDecision} applies: accept
 * unchanged; accept with replacement `content` (value and meta kept); accept with a replacement
 * `value` (revalidated, content and meta recomputed); optional `additionalContexts` appended after
 * the result's own; or block (`BLOCKED`: no value, no meta, the feedback as content, only the
 * decision's contexts — what a block hides must not ride along). A throwing listener or a malformed
 * decision blocks: a policy that failed must not let the result through unexamined.
 */
export function postExecuteDecision(call: ToolCall, result: ToolExecutionResult, reviewers: readonly PostEntry[]): Promise<PostToolDecision> {
  return runWaterfall(reviewers, POST_EXECUTE, { call, result })
}

const POST_EXECUTE: WaterfallSpec<PostRun, PostToolDecision, PostListener> = {
  invoke: (entry, run, next) => entry.fn.call(entry.view, run.call.exec, run.result, next),
  normalize: (_run, answer) => normalizePostDecision(answer),
  fail: (run, error) => run.call.noteFailClosed(block(`A tools/post-execute listener failed, so the result was withheld: ${thrownMessage(error)}`)),
  terminal: () => ACCEPT,
}

/** Applies a normalized post-execute decision to the dispatch result (see {@link postExecuteDecision}). */
export function applyPostDecision(call: ToolCall, result: ToolExecutionResult, decision: PostToolDecision): ToolExecutionResult {
  if (decision === ACCEPT) return result
  if (decision.kind === 'block') {
    const message = blockMessage(decision.feedback)
    const content = decision.feedback.length > 0 ? decision.feedback : textContent(message)
    return failureResult('BLOCKED', message, { content, contexts: optional(decision, 'additionalContexts') })
  }
  let reviewed = result
  const content = optional(decision, 'content')
  if (Object.hasOwn(decision, 'value')) {
    reviewed = acceptValue(call, decision.value, {
      contexts: optional(result, 'additionalContexts'),
      concludesTurn: result.isError ? false : optional(result, 'concludesTurn') === true,
    })
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
  if (!snapshot.ok) return malformed(formatIssues('it is not lossless JSON', snapshot.issues))
  const value = snapshot.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed(`found ${describeValue(value)}`)
  const record = value as JsonRecord
  const issues: SchemaIssue[] = []
  const kind = Object.hasOwn(record, 'kind') ? record.kind : undefined
  if (kind !== 'accept' && kind !== 'block') return malformed('kind must be "accept" or "block"')
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
  if (issues.length > 0) return malformed(formatIssues('it does not have the decision shape', issues))
  return value as unknown as PostToolDecision
}

function malformed(why: string): PostToolDecision {
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
