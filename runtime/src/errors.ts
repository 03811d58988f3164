/** One schema or value problem: a JSON Pointer path and a message. */
export interface SchemaIssue {
  readonly path: string
  readonly message: string
}

/** Thrown when a raw schema or a DSL spec breaks the enforced subset. */
export class JsonSchemaError extends Error {
  /** Every problem found, one per bad path (JSON Pointers into the schema or spec). */
  readonly issues: readonly SchemaIssue[]

  constructor(issues: readonly SchemaIssue[], what = 'schema') {
    super(formatIssues(`Unsupported ${what}`, issues))
    this.name = 'JsonSchemaError'
    this.issues = issues
  }
}

/** Renders issues as one readable message: a headline plus one `path: message` line each. */
export function formatIssues(headline: string, issues: readonly SchemaIssue[]): string {
  const lines = issues.map((issue) => `  ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`)
  return `${headline} (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):\n${lines.join('\n')}`
}

/** Returns `check()`; on a JsonSchemaError, adds its issues to `issues` under `prefix` and returns `undefined`. */
export function collectSchemaIssues<T>(check: () => T, prefix: string, issues: SchemaIssue[]): T | undefined {
  try {
    return check()
  } catch (error) {
    if (!(error instanceof JsonSchemaError)) throw error
    for (const issue of error.issues) issues.push({ path: `${prefix}${issue.path}`, message: issue.message })
    return undefined
  }
}


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

/** Thrown when the registry refuses an operation (a bad definition, option or restriction, a scoped-only call). */
export class ToolRegistryError extends Error {
  /** Every problem, with JSON Pointer paths into the value passed (`''` for the operation itself). */
  readonly issues: readonly SchemaIssue[]

  constructor(headline: string, issues: readonly SchemaIssue[]) {
    super(formatIssues(headline, issues))
    this.name = 'ToolRegistryError'
    this.issues = issues
  }
}
