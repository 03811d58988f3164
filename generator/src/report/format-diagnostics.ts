import type { Diagnostic } from '../model/diagnostic.js'

/** The output formats of `--format`. */
export const DIAGNOSTIC_FORMATS = ['text', 'json', 'github'] as const

/** One of `DIAGNOSTIC_FORMATS`. */
export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number]

/** The diagnostics as a JSON array (2-space indented, fixed key order), ending in a newline. */
export function formatDiagnosticsJson(diagnostics: readonly Diagnostic[]): string {
  const plain = diagnostics.map(({ severity, code, file, line, column, message }) => ({ severity, code, file, line, column, message }))
  return `${JSON.stringify(plain, null, 2)}\n`
}

/**
 * GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), one per line,
 * escaped as the runner requires: `%`, CR and LF everywhere, plus `:` and `,` in properties.
 */
export function formatDiagnosticsGithub(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const properties = [
        `file=${escapeProperty(d.file)}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `title=${escapeProperty(`toolsmith ${d.code}`)}`,
      ].join(',')
      return `::${d.severity} ${properties}::${escapeData(d.message)}\n`
    })
    .join('')
}

function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

// C0/C1 controls (tab excepted), line/paragraph separators and bidi overrides: text from a YAML file
// must not move the cursor, recolour the terminal, or reorder what a reviewer sees (Trojan Source).
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g

/** Replaces every character that could steer a terminal with U+FFFD, one for one (columns stay right). */
export function terminalSafeText(text: string): string {
  return text.replace(UNSAFE, '\uFFFD')
}
