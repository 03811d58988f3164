import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'

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
