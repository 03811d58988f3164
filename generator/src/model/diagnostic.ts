/** Where command-line problems are reported (they have no file). */
export const COMMAND_LINE = '(command line)'

/** One problem found in the inputs, with the place it was found. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning'
  /** Stable machine code, for example `yaml-syntax`, `unknown-field`, `duplicate-name`. */
  readonly code: string
  readonly message: string
  /** File relative to the working directory, with `/` separators. */
  readonly file: string
  /** 1-based line and column. */
  readonly line: number
  readonly column: number
}

/** Orders diagnostics by file, line and column (code-unit order, so output is the same everywhere). */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
  return [...list].sort((a, b) => compare(a.file, b.file) || a.line - b.line || a.column - b.column)
}

/** The message of a thrown value (an `Error`'s message, anything else as text). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
