import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { formatIssues } from './json-schema-error.js'

/** Thrown when a call's arguments do not match the tool's parameters (`INVALID_ARGS`). */
export class ToolArgsError extends Error {
  readonly code = 'INVALID_ARGS' as const
  /** Every mismatch, with JSON Pointer paths into the arguments. */
  readonly issues: readonly SchemaIssue[]

  constructor(issues: readonly SchemaIssue[], toolName?: string) {
    super(formatIssues(toolName === undefined ? 'Invalid arguments' : `Invalid arguments for ${toolName}`, issues))
    this.name = 'ToolArgsError'
    this.issues = issues
  }
}
