import type { Diagnostic } from '../model/diagnostic.js'

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
