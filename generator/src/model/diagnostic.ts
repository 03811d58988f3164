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

/** 1-based line and column of `offset` in `text` (columns count UTF-16 units, as editors and tsc do). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1
    lineStart = index + 1
  }
  return { line, column: offset - lineStart + 1 }
}
