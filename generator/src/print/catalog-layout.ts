import type { JsonPrinter, MarkdownBlock } from '../model/code-formatter.js'
import { escapeJsonControls, isRecord, ownEntries } from '../model/tool-declaration.js'
import { util } from './prettier.js'

// The catalogs' JSON and Markdown, printed exactly as prettier lays them out, without prettier.

/** The prettier options JSON layout depends on. */
export interface JsonLayoutOptions {
  readonly printWidth?: number
  readonly tabWidth?: number
  readonly useTabs?: boolean
  readonly endOfLine?: string
  readonly objectWrap?: string
  readonly plugins?: readonly unknown[]
}

function scalar(value: unknown): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  const text = JSON.stringify(value)
  // Prettier rewrites exponents (`1e+21` to `1e21`); JSON.stringify writes them only for huge or tiny numbers.
  if (text === undefined || (typeof value === 'number' && /e/i.test(text))) return undefined
  return escapeJsonControls(text)
}

/** The value on one line, or `undefined` when it cannot be: a non-empty object always breaks. */
function flat(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => flat(item))
    return items.every((item) => item !== undefined) ? `[${items.join(', ')}]` : undefined
  }
  if (isRecord(value)) return ownEntries(value).length === 0 ? '{}' : undefined
  return scalar(value)
}

const entries = (value: unknown): number => (Array.isArray(value) ? value.length : isRecord(value) ? ownEntries(value).length : 0)

/** A printer laying out JSON as prettier does `JSON.stringify(v, null, 2)`; `undefined` for options it cannot model. */
export function jsonPrinter(options: JsonLayoutOptions = {}): JsonPrinter | undefined {
  if (options.endOfLine === 'crlf' || options.endOfLine === 'cr' || options.objectWrap === 'collapse') return undefined
  // A plugin may print JSON its own way (sorting keys, say).
  if (options.plugins !== undefined && options.plugins.length > 0) return undefined
  const width = options.printWidth ?? 80
  const tabWidth = options.tabWidth ?? 2
  const unit = options.useTabs === true ? '\t' : ' '.repeat(tabWidth)

  // Answers `undefined` for values prettier lays out otherwise (number arrays it fills, exponents).
  const print: JsonPrinter = (node, level, column, trailing) => {
    const inner = unit.repeat(level + 1)
    const innerColumn = (level + 1) * tabWidth
    const close = unit.repeat(level)
    if (isRecord(node)) {
      const members = ownEntries(node)
      if (members.length === 0) return '{}'
      const lines: string[] = []
      for (const [index, [key, item]] of members.entries()) {
        const name = scalar(key) as string
        const last = index === members.length - 1
        const printed = print(item, level + 1, innerColumn + util.getStringWidth(name) + 2, last ? 0 : 1)
        if (printed === undefined) return undefined
        lines.push(`${inner}${name}: ${printed}${last ? '' : ','}`)
      }
      return `{\n${lines.join('\n')}\n${close}}`
    }
    if (!Array.isArray(node)) return scalar(node)
    if (node.length === 0) return '[]'
    const forced = node.length > 1 && node.every((item: unknown) => (Array.isArray(item) || isRecord(item)) && entries(item) > 1)
    const oneLine = flat(node)
    if (!forced && oneLine !== undefined && column + util.getStringWidth(oneLine) + trailing <= width) return oneLine
    if (node.length > 1 && node.every((item: unknown) => typeof item === 'number')) return undefined
    const lines: string[] = []
    for (const [index, item] of node.entries()) {
      const last = index === node.length - 1
      const printed = print(item, level + 1, innerColumn, last ? 0 : 1)
      if (printed === undefined) return undefined
      lines.push(`${inner}${printed}${last ? '' : ','}`)
    }
    return `[\n${lines.join('\n')}\n${close}]`
  }
  return print
}

/** `value` as a JSON file laid out as prettier would (see `jsonPrinter`), or `undefined` where that is not known. */
export function layOutJson(value: unknown, options: JsonLayoutOptions = {}): string | undefined {
  const printed = jsonPrinter(options)?.(value, 0, 0, 0)
  return printed === undefined ? undefined : `${printed}\n`
}

// A GFM table as prettier lays it out: every column padded to its widest cell (at least three).
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

/** `blocks` as prettier lays them out under plain prose settings, empty ones left out. */
export function printMarkdown(blocks: readonly MarkdownBlock[]): string {
  return `${blocks.map(printBlock).filter((text) => text !== '').join('\n\n')}\n`
}
