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
