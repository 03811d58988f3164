import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { formatIssues } from './json-schema-error.js'

/** Thrown when a tool body or a post-policy produced a value its output schema rejects (`INVALID_TOOL_OUTPUT`). */
export class ToolOutputError extends Error {
  readonly code = 'INVALID_TOOL_OUTPUT' as const
  /** Every mismatch, with JSON Pointer paths into the value. */
  readonly issues: readonly SchemaIssue[]

  constructor(issues: readonly SchemaIssue[], toolName?: string) {
    super(formatIssues(toolName === undefined ? 'Invalid tool output' : `Invalid output from ${toolName}`, issues))
    this.name = 'ToolOutputError'
    this.issues = issues
  }
}
