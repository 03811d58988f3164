import { checkUserMessage } from '../content/check-user-message.js'
import type { UserMessage } from '../content/content-block.js'
import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolExecutionResult } from '../execution/execution-types.js'
import { materializeJson } from '../json/materialize-json.js'
import { omitUndefinedKeys } from '../json/omit-undefined-keys.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { abortedAfterStart } from './dispatch.js'
import { acceptValue } from './project-output.js'
import { abortReason, isAborted } from './signals.js'
import { thrownFailure, failureResult } from './results.js'
import type { ToolCall } from './call.js'

const CONTEXT_DATA_KEYS: ReadonlySet<string> = new Set(['content'])

/**
 * One invocation of a tool body (a `tools/execute` wrapper that retries makes several): what its
 * `ToolRunContext` deferred and whether it concluded the turn belong to this attempt's result only,
 * and a context deferred after the attempt settled is ignored.
 */
export class BodyAttempt {
  /** Once the body settled, `deferContext`/`concludeTurn` are ignored. */
  settled = false
  private concludes = false
  /** Deferred contexts, each a frozen snapshot, in call order. */
  private contexts: UserMessage[] | undefined = undefined
  /** Problems with deferred contexts that were not lossless user messages. */
  private contextIssues: SchemaIssue[] | undefined = undefined
  /** How many contexts the body deferred, accepted or not (for the issue paths). */
  private deferred = 0

  constructor(readonly call: ToolCall) {}

  /** `ToolRunContext.deferContext`: snapshots now, so the body may reuse its object at once. */
  defer(context: unknown): void {
    if (this.settled) return
    // `{ role: 'user', content, source: undefined }` has no source (an undefined key is absent); its content stays strict.
    const snapshot = materializeJson(omitUndefinedKeys(context, CONTEXT_DATA_KEYS))
    const issues: SchemaIssue[] = []
    const at = `/additionalContexts/${this.deferred++}`
    if (!snapshot.ok) {
      for (const issue of snapshot.issues) issues.push({ path: `${at}${issue.path}`, message: issue.message })
    } else if (checkUserMessage(snapshot.value, at, issues)) {
      ;(this.contexts ??= []).push(snapshot.value as unknown as UserMessage)
      return
    }
    ;(this.contextIssues ??= []).push(...issues)
  }

  /** `ToolRunContext.concludeTurn`: only marks; the marker survives only on a success. */
  conclude(): void {
    if (!this.settled) this.concludes = true
  }

  /**
   * The normalized outcome of the settled body: a deferred context that was not a lossless user
   * message makes it `INVALID_RESULT`; a throw becomes a structured failure; a value goes through
   * the output contract. From here on the attempt can no longer defer contexts or conclude the turn.
   */
  result(fulfilled: boolean, outcome: unknown): ToolExecutionResult {
    this.settled = true
    const contexts = this.contexts === undefined ? undefined : Object.freeze(this.contexts)
    if (this.contextIssues !== undefined) {
      // The well-formed contexts stay, as on every failed call; the malformed ones are named in the message.
      return failureResult('INVALID_RESULT', formatIssues('The tool deferred a context that is not a lossless user message', this.contextIssues), { contexts })
    }
    if (!fulfilled) {
      // A body honouring cancellation by rejecting with the caller's own abort reason reports the
      // cancellation itself, not an error of its own; any other error after an abort stays the tool's.
      const caller = this.call.exec.signal
      if (isAborted(caller) && outcome === abortReason(caller)) return abortedAfterStart(contexts)
      return thrownFailure(outcome, contexts, this.call.tool.transport)
    }
    return acceptValue(this.call, outcome, { contexts, concludesTurn: this.concludes })
  }
}
