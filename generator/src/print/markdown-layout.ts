import type { MarkdownBlock } from '../model/code-formatter.js'
import { util } from './prettier.js'

// Markdown as prettier lays out what the catalog writes, under plain prose settings (`proseWrap: preserve`, `\n` line
// ends, no plugins): blocks one blank line apart, text kept as written, GFM tables aligned. test/generator/print/
// markdown-layout.test.ts holds it equal to prettier on every fixture's catalog and on generated hostile text.

// A GFM table as prettier lays it out: every column padded to its widest cell (measured with prettier's own
// `getStringWidth`, at least three), the delimiter row dashes of that width.
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(3, util.getStringWidth(title), ...rows.map((cells) => util.getStringWidth(cells[column] ?? ''))))
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((width, column) => { const cell = cells[column] ?? ''; return cell + ' '.repeat(width - util.getStringWidth(cell)) }).join(' | ')} |`
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)].join('\n')
}

function printBlock(block: MarkdownBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${block.text}`
    case 'paragraph':
      return block.text
    case 'table':
      return table(block.header, block.rows)
    case 'code':
      return `${block.fence}${block.info}\n${block.code}\n${block.fence}`
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n')
  }
}

/** `blocks` as prettier lays them out under plain prose settings (see `CodeFormatter.printMarkdown`); empty ones left out. */
export function printMarkdown(blocks: readonly MarkdownBlock[]): string {
  return `${blocks.map(printBlock).filter((text) => text !== '').join('\n\n')}\n`
}
