import { codeFrameColumns, type BabelCodeFrameOptions } from '@babel/code-frame'
import { terminalSafeText } from './terminal-safe-text.js'

const CONTEXT_LINES = 1
// Lines longer than this are shown as a window around the column, so one long line (minified YAML) cannot flood the terminal.
const MAX_SHOWN = 160
const HALF = MAX_SHOWN / 2

/**
 * A short plain-text excerpt of `source` around a 1-based line and column, with a caret; `undefined`
 * when the line does not exist. Only the lines shown are passed on, split on `\n` as the YAML
 * positions count them (the frame library would also split on U+2028 and lone `\r`).
 */
export function renderCodeFrame(source: string, line: number, column: number): string | undefined {
  const lines = source.split('\n')
  if (line < 1 || line > lines.length) return undefined
  const first = Math.max(1, line - CONTEXT_LINES)
  let shown = lines.slice(first - 1, line + CONTEXT_LINES).map((text) => (text.endsWith('\r') ? text.slice(0, -1) : text))
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
  return codeFrameColumns(shown.join('\n'), { start: { line, column: at } }, options)
}
