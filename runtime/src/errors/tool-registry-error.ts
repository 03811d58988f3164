import type { SchemaIssue } from '../schema/json-schema/json-schema-node.js'
import { formatIssues } from './json-schema-error.js'

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
