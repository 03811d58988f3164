import type { Diagnostic } from '../model/diagnostic.js'

/** Orders diagnostics by file, line and column (code-unit order, so output is the same everywhere). */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
  return [...list].sort((a, b) => compare(a.file, b.file) || a.line - b.line || a.column - b.column)
}
