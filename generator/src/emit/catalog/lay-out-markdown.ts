import { util } from 'prettier'

// A cell ends at a `|` that is not escaped (preceded by an even number of backslashes).
const CELL_SEPARATOR = /(?<!\\)((?:\\\\)*)\|/g
const DELIMITER_CELL = /^-+$/

function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(CELL_SEPARATOR, '$1\u0000')
  const parts = inner.split('\u0000')
  if (parts.at(-1)?.trim() === '') parts.pop()
  return parts.map((cell) => cell.trim())
}

function alignTable(rows: readonly string[]): string[] {
  const table = rows.map(cells)
  const widths: number[] = []
  table.forEach((row, index) => {
    if (index === 1) return
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 3, util.getStringWidth(cell))
    })
  })
  return table.map((row, index) =>
    index === 1
      ? `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`
      : `| ${widths.map((width, column) => { const cell = row[column] ?? ''; return cell + ' '.repeat(width - util.getStringWidth(cell)) }).join(' | ')} |`,
  )
}

const FENCE = /^(`{3,}|~{3,})/

/**
 * Lays out the shipped catalog section's Markdown exactly as prettier does: GFM tables with every column padded to
 * its widest cell (measured with prettier's own `getStringWidth`) and the delimiter row as dashes of that width (at
 * least three); runs of blank lines outside code fences as one; the text trimmed and ended by one newline. Every
 * other line is left as it is, which is all prettier does to that template's output with plain prose settings (the
 * tests compare the two). Only tables without column alignment are known: a delimiter row with a `:` answers
 * `undefined`, and the caller lets prettier do it.
 */
export function layOutMarkdown(markdown: string): string | undefined {
  const lines = markdown.trim().split('\n')
  const out: string[] = []
  let fence: string | undefined
  for (let index = 0; index < lines.length; ) {
    const header = lines[index] ?? ''
    const marker = FENCE.exec(header)?.[1]
    if (fence !== undefined || marker !== undefined) {
      if (fence === undefined) fence = marker
      else if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && header.trim() === marker) fence = undefined
      out.push(header)
      index += 1
      continue
    }
    if (header.trim() === '' && (out.at(-1) ?? '').trim() === '') {
      index += 1
      continue
    }
    const delimiter = lines[index + 1] ?? ''
    const isTable = header.startsWith('|') && delimiter.startsWith('|') && /^[|\s:-]+$/.test(delimiter)
    if (isTable && !cells(delimiter).every((cell) => DELIMITER_CELL.test(cell))) return undefined
    if (!isTable) {
      out.push(header)
      index += 1
      continue
    }
    let end = index + 2
    while ((lines[end] ?? '').startsWith('|')) end += 1
    out.push(...alignTable(lines.slice(index, end)))
    index = end
  }
  return `${out.join('\n')}\n`
}
