import { checkContentBlocks } from '../content/check-content-blocks.js'
import type { ContentBlock } from '../content/content-block.js'
import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolExecution, ToolExecutionResult } from '../execution/execution-types.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { RegisteredTool } from './registered-tool.js'
import { containRejection, invalidResult, optional, thrownMessage, withContent } from './results.js'

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
  containRejection(replacement)
  const snapshot = materializeJson(replacement)
  if (!snapshot.ok) return invalidResult(formatIssues("The tool's finalizeContent returned content that is not lossless JSON", snapshot.issues), contexts)
  const issues: SchemaIssue[] = []
  if (!checkContentBlocks(snapshot.value, '', issues)) return invalidResult(formatIssues("The tool's finalizeContent returned invalid content", issues), contexts)
  return withContent(result, snapshot.value as readonly ContentBlock[])
}
