// The errors the runtime throws at its boundaries, each carrying every issue it found.
import { formatIssues, type SchemaIssue } from './json-schema-error.js'

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

/** Raised for a call to a tool the calling scope cannot see (maps to `UNKNOWN_TOOL`). */
export class ToolNotFoundError extends Error {
  readonly code = 'UNKNOWN_TOOL' as const
  readonly toolName: string

  constructor(toolName: string) {
    super(`Unknown tool: ${JSON.stringify(toolName)}`)
    this.name = 'ToolNotFoundError'
    this.toolName = toolName
  }
}

/**
 * Thrown when the registry refuses an operation (`register`, `restrict`, `presentAs`, `on`,
 * `forAgent`): an invalid definition, a duplicate or reserved name, an empty or unknown restriction,
 * a scoped-only call on the global view. `issues` lists every problem, with JSON Pointer paths into
 * the value that was passed (`''` for the operation itself).
 */
export class ToolRegistryError extends Error {
  /** Every problem found, one per bad path. */
  readonly issues: readonly SchemaIssue[]

  constructor(headline: string, issues: readonly SchemaIssue[]) {
    super(formatIssues(headline, issues))
    this.name = 'ToolRegistryError'
    this.issues = issues
  }
}
