import { checkContentBlocks } from '../content/check-content-blocks.js'
import type { ContentBlock, UserMessage } from '../content/content-block.js'
import { formatIssues } from '../errors/json-schema-error.js'
import type { ToolExecutionResult } from '../execution/execution-types.js'
import type { JsonValue } from '../json/json-value.js'
import { materializeJson } from '../json/materialize-json.js'
import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import type { ToolCall } from './call.js'
import { containRejection, invalidOutput, invalidResult, successResult, thrownMessage } from './results.js'

/** What a successful value carries along besides its projections. */
export interface ProjectionCarry {
  readonly contexts: readonly UserMessage[] | undefined
  readonly concludesTurn: boolean
}

/**
 * The success path for a value the body returned or a post-execute listener substituted: snapshot
 * it (non-JSON → `INVALID_TOOL_OUTPUT`), validate it against the output schema
 * (`INVALID_TOOL_OUTPUT` with every issue), then project it.
 */
export function acceptValue(call: ToolCall, value: unknown, carry: ProjectionCarry): ToolExecutionResult {
  const snapshot = materializeJson(value)
  if (!snapshot.ok) return invalidOutput(snapshot.issues, call.exec.name, carry.contexts)
  const validator = call.tool.outputValidator
  if (!validator.is(snapshot.value)) return invalidOutput(validator.validate(snapshot.value).errors, call.exec.name, carry.contexts)
  return project(call, snapshot.value, carry)
}

/**
 * Calls the pure projectors on a validated, frozen value: `render` always, `presentationMeta` only
 * for a top-level call — a root execution (its root call is itself) that is no transport
 * sub-dispatch (no `parent`); a composite tool's nested dispatch propagates its root call id and so
 * is not top-level. A throwing projector or a projection that is not lossless
 * JSON of the right shape is `INVALID_RESULT`, so observers only ever see durable-safe fields.
 */
export function project(call: ToolCall, value: JsonValue, carry: ProjectionCarry): ToolExecutionResult {
  const tool = call.tool
  const args = call.exec.arguments
  let rendered: unknown
  try {
    rendered = tool.render.call(tool.output, args, value)
  } catch (error) {
    return invalidResult(`The tool's output.render threw: ${thrownMessage(error)}`, carry.contexts)
  }
  const content = materializeJson(rendered)
  const issues: SchemaIssue[] = []
  if (!content.ok) {
    containRejection(rendered)
    return invalidResult(formatIssues("The tool's output.render returned content that is not lossless JSON", content.issues), carry.contexts)
  }
  if (!checkContentBlocks(content.value, '', issues)) return invalidResult(formatIssues("The tool's output.render returned invalid content", issues), carry.contexts)
  let meta: JsonValue | undefined
  const exec = call.exec
  if (tool.presentationMeta !== undefined && exec.parent === undefined && exec.rootCallId === exec.callId) {
    let projected: unknown
    try {
      projected = tool.presentationMeta.call(tool.output, args, value)
    } catch (error) {
      return invalidResult(`The tool's output.presentationMeta threw: ${thrownMessage(error)}`, carry.contexts)
    }
    const snapshot = materializeJson(projected)
    if (!snapshot.ok) {
      containRejection(projected)
      return invalidResult(formatIssues("The tool's output.presentationMeta returned a value that is not lossless JSON", snapshot.issues), carry.contexts)
    }
    meta = snapshot.value
  }
  return successResult({
    value,
    content: content.value as readonly ContentBlock[],
    meta,
    contexts: carry.contexts,
    concludesTurn: carry.concludesTurn,
  })
}
