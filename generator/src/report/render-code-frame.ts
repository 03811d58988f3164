import { codeFrameColumns, type BabelCodeFrameOptions } from '@babel/code-frame'
import { terminalSafeText } from './terminal-safe-text.js'

const CONTEXT_LINES = 1

/**
 * A short plain-text excerpt of `source` around a 1-based line and column, with a caret; `undefined`
 * when the line does not exist. Only the lines shown are passed on, split on `\n` as the YAML
 * positions count them (the frame library would also split on U+2028 and lone `\r`).
 */
export function renderCodeFrame(source: string, line: number, column: number): string | undefined {
  const lines = source.split('\n')
  if (line < 1 || line > lines.length) return undefined
  const first = Math.max(1, line - CONTEXT_LINES)
  const shown = lines
    .slice(first - 1, line + CONTEXT_LINES)
    .map((text) => terminalSafeText(text.endsWith('\r') ? text.slice(0, -1) : text))
  // `startLine` numbers the excerpt as the file does (supported by the library, missing from its types).
  const options: BabelCodeFrameOptions & { startLine: number } = {
    highlightCode: false,
    linesAbove: CONTEXT_LINES,
    linesBelow: CONTEXT_LINES,
    startLine: first,
  }
  return codeFrameColumns(shown.join('\n'), { start: { line, column: Math.max(1, column) } }, options)
}
