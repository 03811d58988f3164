/** What a line scan of Markdown found: fences, headings and catalog markers, each with its 1-based line. */
export interface MarkdownStructure {
  /** The line of a code fence that is never closed. */
  readonly unclosedFence: number | undefined
  readonly headings: readonly { readonly line: number; readonly text: string }[]
  /** Catalog region markers outside code fences. */
  readonly markers: readonly { readonly line: number; readonly kind: 'open' | 'close' }[]
}

/** The marker that opens a catalog region in a hand-written Markdown file. */
export const REGION_OPEN = '<!-- toolsmith:catalog -->'
/** The marker that closes it. */
export const REGION_CLOSE = '<!-- /toolsmith:catalog -->'

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
const HEADING = /^ {0,3}#{1,6}(?:\s+(.*))?$/
const LINE_BREAK = /\r?\n/

/**
 * Scans Markdown line by line, as CommonMark reads fences: a fence closes only with the same character, at least as
 * long, and nothing after it; headings and markers inside fenced code do not count (a page may show the markers).
 */
export function scanMarkdown(text: string): MarkdownStructure {
  const headings: { line: number; text: string }[] = []
  const markers: { line: number; kind: 'open' | 'close' }[] = []
  let fence: { readonly marker: string; readonly line: number } | undefined
  text.split(LINE_BREAK).forEach((content, index) => {
    const line = index + 1
    const fenceMatch = FENCE.exec(content)
    if (fence !== undefined) {
      const closing = fenceMatch?.[1]
      if (
        closing !== undefined &&
        closing[0] === fence.marker[0] &&
        closing.length >= fence.marker.length &&
        (fenceMatch?.[2] ?? '').trim() === ''
      ) {
        fence = undefined
      }
      return
    }
    const opening = fenceMatch?.[1]
    if (opening !== undefined && !(opening[0] === '`' && (fenceMatch?.[2] ?? '').includes('`'))) {
      fence = { marker: opening, line }
      return
    }
    const heading = HEADING.exec(content)
    if (heading !== null) headings.push({ line, text: (heading[1] ?? '').trim() })
    const trimmed = content.trim()
    if (trimmed === REGION_OPEN) markers.push({ line, kind: 'open' })
    else if (trimmed === REGION_CLOSE) markers.push({ line, kind: 'close' })
  })
  return { unclosedFence: fence?.line, headings, markers }
}
