import { checkContentBlocks } from '../content/check-content-blocks.js'
import type { ContentBlock } from '../content/content-block.js'
import type { Agent, CodeDispatchEvent, CodeDispatchLog, ToolExecution } from '../execution/execution-types.js'
import { describeValue } from '../json/describe-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { RegistryListeners, RegistryState } from './registry-state.js'
import { containRejection, optional } from './results.js'
import { readScopeChain } from './scope-chain.js'
import { runWaterfall, type WaterfallSpec } from './waterfall.js'

type LogListener = RegistryListeners['codeDispatchLog']['entries'][number]['fn']

/**
 * Runs the `tools/code-dispatch-log` waterfall for one settled `run_code` sub-dispatch. The
 * listeners that apply are the global ones and those scoped to `dispatch.agent`'s chain. Each sees
 * a frozen copy of the dispatch; `next()` resolves the content unchanged (or as inner listeners
 * replaced it). A listener's replacement must be lossless content blocks; a throwing listener or
 * a malformed replacement falls back to the original settled content, as the spec requires.
 * Then emits the durable `tool/code-dispatch` event (global listeners and those of the dispatch's
 * agent) with the logged content; an event listener's failure is contained.
 * Resolves the frozen content to log; rejects only for a malformed `dispatch` (a bridge defect).
 */
export function logCodeDispatch(state: RegistryState, dispatch: unknown): Promise<readonly ContentBlock[]> {
  const frozen = freezeDispatch(dispatch)
  if (typeof frozen === 'string') return Promise.reject(new TypeError(`logCodeDispatch: ${frozen}`))
  const agent = optional(frozen, 'agent')
  const chain = agent === undefined ? undefined : readScopeChain(agent)
  if (agent !== undefined && chain === undefined) {
    return Promise.reject(new TypeError("logCodeDispatch: the agent's scope chain is unreadable or cyclic"))
  }
  const entries = state.listeners.codeDispatchLog.forChain(chain)
  if (entries.length === 0) return Promise.resolve(emitCodeDispatch(state, chain, frozen, frozen.content))
  return runWaterfall(entries, CODE_DISPATCH_LOG, frozen).then((content) => emitCodeDispatch(state, chain, frozen, content))
}

/** Emits `tool/code-dispatch` for the logged content; returns that content. */
function emitCodeDispatch(
  state: RegistryState,
  chain: readonly Agent[] | undefined,
  dispatch: CodeDispatchLog,
  content: readonly ContentBlock[],
): readonly ContentBlock[] {
  const list = state.listeners.codeDispatch
  if (list.entries.length === 0) return content
  const event: CodeDispatchEvent = Object.freeze({ ...dispatch, content })
  const entries = list.forChain(chain)
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]
    if (entry === undefined) continue
    try {
      containRejection(entry.fn.call(entry.view, event))
    } catch {
      // An observer failure is contained by contract.
    }
  }
  return content
}

const CODE_DISPATCH_LOG: WaterfallSpec<CodeDispatchLog, readonly ContentBlock[], LogListener> = {
  invoke: (entry, dispatch, next) => entry.fn.call(entry.view, dispatch, next),
  normalize: (dispatch, answer) => {
    if (answer === dispatch.content) return dispatch.content
    const snapshot = materializeJson(answer)
    const issues: SchemaIssue[] = []
    if (!snapshot.ok || !checkContentBlocks(snapshot.value, '', issues)) return dispatch.content
    return snapshot.value as readonly ContentBlock[]
  },
  fail: (dispatch) => dispatch.content,
  terminal: (dispatch) => dispatch.content,
}

/** A frozen copy of the dispatch with snapshotted content, or a message naming what is malformed. */
function freezeDispatch(dispatch: unknown): CodeDispatchLog | string {
  if (typeof dispatch !== 'object' || dispatch === null) return `the dispatch must be an object, found ${describeValue(dispatch)}`
  try {
    const record = dispatch as { readonly [key: string]: unknown }
    const own = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined)
    const exec = own('exec')
    const agent = own('agent')
    const subCallId = own('subCallId')
    const name = own('name')
    const isError = own('isError')
    if (typeof exec !== 'object' || exec === null) return 'exec must be the outer ToolExecution'
    if (agent !== undefined && (typeof agent !== 'object' || agent === null)) return 'agent must be an Agent when given'
    if (typeof subCallId !== 'string') return 'subCallId must be a string'
    if (typeof name !== 'string') return 'name must be a string'
    if (typeof isError !== 'boolean') return 'isError must be a boolean'
    const content = materializeJson(own('content'))
    const issues: SchemaIssue[] = []
    if (!content.ok || !checkContentBlocks(content.value, '/content', issues)) return 'content must be lossless content blocks'
    const frozen: { -readonly [K in keyof CodeDispatchLog]: CodeDispatchLog[K] } = {
      exec: exec as ToolExecution,
      subCallId,
      name,
      isError,
      content: content.value as readonly ContentBlock[],
    }
    if (agent !== undefined) frozen.agent = agent as Agent
    return Object.freeze(frozen)
  } catch {
    return 'the dispatch could not be read (a getter or Proxy trap threw)'
  }
}
