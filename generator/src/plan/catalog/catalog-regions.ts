import type { Diagnostic } from '../../model/diagnostic.js'
import { REGION_CLOSE, REGION_OPEN, scanMarkdown } from './markdown-structure.js'

/** A region file with its generated section replaced, or the problem that left it untouched. */
export type RegionUpdate = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly diagnostic: Diagnostic }

function problem(file: string, line: number, message: string): RegionUpdate {
  return { ok: false, diagnostic: { severity: 'error', code: 'catalog-region', message, file, line, column: 1 } }
}

function lineStart(text: string, line: number): number {
  let offset = 0
  for (let current = 1; current < line; current += 1) offset = text.indexOf('\n', offset) + 1
  return offset
}

/**
 * Replaces the text between the one `<!-- toolsmith:catalog -->` line and the one `<!-- /toolsmith:catalog -->`
 * line of a hand-written Markdown file with `section` (blank-line separated), leaving every byte outside the
 * marker lines untouched. The section is the same text in every file; only its line ends follow the file's own
 * (those of the opening marker line), so a CRLF page does not end up with mixed line ends. Markers inside fenced code are text, not markers. A missing, repeated or unbalanced
 * marker is a diagnostic with its line, and the file is not changed.
 */
export function replaceCatalogRegion(file: string, text: string, section: string): RegionUpdate {
  const { markers } = scanMarkdown(text)
  const opens = markers.filter((marker) => marker.kind === 'open')
  const closes = markers.filter((marker) => marker.kind === 'close')
  const [open] = opens
  const [close] = closes
  if (opens.length > 1) return problem(file, opens[1]?.line ?? 1, `a second ${REGION_OPEN} marker: one catalog region per file`)
  if (closes.length > 1) return problem(file, closes[1]?.line ?? 1, `a second ${REGION_CLOSE} marker: one catalog region per file`)
  if (open === undefined && close === undefined) return problem(file, 1, `no ${REGION_OPEN} ... ${REGION_CLOSE} region in this file`)
  if (open === undefined) return problem(file, close?.line ?? 1, `${REGION_CLOSE} without a ${REGION_OPEN} before it`)
  if (close === undefined) return problem(file, open.line, `${REGION_OPEN} is never closed by ${REGION_CLOSE}`)
  if (close.line < open.line) return problem(file, close.line, `${REGION_CLOSE} comes before ${REGION_OPEN} (line ${open.line})`)
  const before = text.slice(0, lineStart(text, open.line + 1))
  const after = text.slice(lineStart(text, close.line))
  // The section takes the line ends of the marker line, so a CRLF page stays CRLF throughout.
  const eol = before.endsWith('\r\n') ? '\r\n' : '\n'
  const body = section.replace(/\r\n?/g, '\n').trim().replaceAll('\n', eol)
  return { ok: true, text: body === '' ? `${before}${eol}${after}` : `${before}${eol}${body}${eol}${eol}${after}` }
}
