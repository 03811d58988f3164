import type { Diagnostic } from '../model/diagnostic.js'

/** The diagnostics as a JSON array (2-space indented, fixed key order), ending in a newline. */
export function formatDiagnosticsJson(diagnostics: readonly Diagnostic[]): string {
  const plain = diagnostics.map(({ severity, code, file, line, column, message }) => ({ severity, code, file, line, column, message }))
  return `${JSON.stringify(plain, null, 2)}\n`
}
