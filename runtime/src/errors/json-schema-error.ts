/** One schema or value problem: a JSON Pointer path and a message. */
export interface SchemaIssue {
  readonly path: string
  readonly message: string
}

/** Thrown when a raw schema or a DSL spec breaks the enforced subset; lists every bad path. */
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

/**
 * Runs a check that throws one JsonSchemaError and returns its result, or adds the error's issues to `issues`
 * under `prefix` (the path of the schema or spec inside a larger declaration) and returns `undefined`.
 */
export function collectSchemaIssues<T>(check: () => T, prefix: string, issues: SchemaIssue[]): T | undefined {
  try {
    return check()
  } catch (error) {
    if (!(error instanceof JsonSchemaError)) throw error
    for (const issue of error.issues) issues.push({ path: `${prefix}${issue.path}`, message: issue.message })
    return undefined
  }
}
