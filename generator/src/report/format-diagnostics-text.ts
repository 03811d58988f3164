import type { Diagnostic } from '../model/diagnostic.js'
import { renderCodeFrame } from './render-code-frame.js'
import { terminalSafeText } from './terminal-safe-text.js'

/** How human-readable diagnostics are printed. */
export interface TextFormatOptions {
  /** ANSI colour for the severity label only (the excerpt stays plain). */
  readonly color: boolean
}

/**
 * `file:line:col: error: message` per diagnostic, each followed by a short code frame when the file's
 * text is known; one blank line between diagnostics.
 */
export function formatDiagnosticsText(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  options: TextFormatOptions,
): string {
  return diagnostics
    .map((diagnostic) => {
      const label = options.color
        ? diagnostic.severity === 'error'
          ? '\u001b[31merror\u001b[39m'
          : '\u001b[33mwarning\u001b[39m'
        : diagnostic.severity
      const head = `${terminalSafeText(diagnostic.file)}:${diagnostic.line}:${diagnostic.column}: ${label}: ${terminalSafeText(diagnostic.message)} [${diagnostic.code}]`
      const source = sources.get(diagnostic.file)
      const frame = source === undefined ? undefined : renderCodeFrame(source, diagnostic.line, diagnostic.column)
      return frame === undefined ? `${head}\n` : `${head}\n${frame}\n`
    })
    .join('\n')
}
