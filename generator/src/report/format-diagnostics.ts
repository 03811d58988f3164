import { createRequire } from 'node:module'
import type { BabelCodeFrameOptions } from '@babel/code-frame'
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

/** GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), one per line, escaped. */
export function formatDiagnosticsGithub(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => `::${d.severity} file=${escapeProperty(d.file)},line=${d.line},col=${d.column},title=${escapeProperty(`toolsmith ${d.code}`)}::${escapeData(d.message)}\n`)
    .join('')
}

// The runner's escaping: `%`, CR and LF everywhere, plus `:` and `,` in properties.
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

// Controls, line separators and bidi overrides: YAML text must not steer the terminal or reorder it (Trojan Source).
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g

/** Replaces every character that could steer a terminal with U+FFFD, one for one (columns stay right). */
export function terminalSafeText(text: string): string {
  return text.replace(UNSAFE, '\uFFFD')
}

// Loaded on the first code frame, not with the module: a run without diagnostics never needs it.
const require = createRequire(import.meta.url)
let codeFrameColumns: (typeof import('@babel/code-frame'))['codeFrameColumns'] | undefined

/** How human-readable diagnostics are printed. */
export interface TextFormatOptions {
  /** ANSI colour for the severity label only (the excerpt stays plain). */
  readonly color: boolean
}

/** `file:line:col: error: message [code]` per diagnostic, with a code frame when the file's text is known. */
export function formatDiagnosticsText(
  diagnostics: readonly Diagnostic[],
  sources: ReadonlyMap<string, string>,
  options: TextFormatOptions,
): string {
  // Line starts once per source: an import can report thousands of diagnostics in one large file.
  const lines = new Map<string, number[]>()
  return diagnostics
    .map((diagnostic) => {
      const label = options.color
        ? diagnostic.severity === 'error'
          ? '\u001b[31merror\u001b[39m'
          : '\u001b[33mwarning\u001b[39m'
        : diagnostic.severity
      const head = `${terminalSafeText(diagnostic.file)}:${diagnostic.line}:${diagnostic.column}: ${label}: ${terminalSafeText(diagnostic.message)} [${diagnostic.code}]`
      const source = sources.get(diagnostic.file)
      let starts = lines.get(diagnostic.file)
      if (source !== undefined && starts === undefined) lines.set(diagnostic.file, (starts = lineStarts(source)))
      const frame = source === undefined ? undefined : renderCodeFrame(source, diagnostic.line, diagnostic.column, starts)
      return frame === undefined ? `${head}\n` : `${head}\n${frame}\n`
    })
    .join('\n')
}

const CONTEXT_LINES = 1
// Longer lines show as a window around the column: one long line (minified YAML) cannot flood the terminal.
const MAX_SHOWN = 160
const HALF = MAX_SHOWN / 2

// After each `\n` only, as YAML positions count lines (the frame library would also split on U+2028 and lone `\r`).
function lineStarts(source: string): number[] {
  const starts = [0]
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1)
  return starts
}

/** A plain-text excerpt around a 1-based line and column, with a caret; `undefined` when the line does not exist. */
export function renderCodeFrame(source: string, line: number, column: number, starts = lineStarts(source)): string | undefined {
  if (line < 1 || line > starts.length) return undefined
  const first = Math.max(1, line - CONTEXT_LINES)
  const last = Math.min(starts.length, line + CONTEXT_LINES)
  let shown: string[] = []
  for (let at = first; at <= last; at++) {
    const text = source.slice(starts[at - 1], at < starts.length ? (starts[at] as number) - 1 : source.length)
    shown.push(text.endsWith('\r') ? text.slice(0, -1) : text)
  }
  let at = Math.max(1, column)
  if (shown.some((text) => text.length > MAX_SHOWN)) {
    // The same window on every shown line, so the caret stays under its character.
    const start = Math.max(0, at - 1 - HALF)
    shown = shown.map((text) => {
      const cut = text.slice(start, start + MAX_SHOWN)
      return `${start > 0 ? '…' : ''}${cut}${start + MAX_SHOWN < text.length ? '…' : ''}`
    })
    at = at - start + (start > 0 ? 1 : 0)
  }
  shown = shown.map((text) => terminalSafeText(text))
  // `startLine` numbers the excerpt as the file does (supported by the library, missing from its types).
  const options: BabelCodeFrameOptions & { startLine: number } = {
    highlightCode: false,
    linesAbove: CONTEXT_LINES,
    linesBelow: CONTEXT_LINES,
    startLine: first,
  }
  codeFrameColumns ??= (require('@babel/code-frame') as typeof import('@babel/code-frame')).codeFrameColumns
  return codeFrameColumns(shown.join('\n'), { start: { line, column: at } }, options)
}
