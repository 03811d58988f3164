import { constraintText } from '@toolsmith/providers'
import { resolveToolAnnotations } from '@toolsmith/runtime'
import type { MarkdownBlock } from '../../model/code-formatter.js'
import { isRecord, jsonText, ownEntries, ownValue, TOOL_NAME_PATTERN, type ToolDeclaration } from '../../model/tool-declaration.js'
import { declarationSurface } from '../exports/export-declarations.js'

// The catalog's model: the escaped Markdown values the templates are filled with, the shipped blocks, catalog.json.

// Escaping every character that can open inline syntax or start a block turns any text literal (CommonMark lets a
// backslash escape any ASCII punctuation); `<`, `>`, `&` become entities, so raw HTML and region markers never form.
const INLINE_SPECIAL = /[\\`*_[\]|~$]/g
const HTML_SPECIAL = /[<>&]/g
const ENTITIES: { readonly [char: string]: string } = { '<': '&lt;', '>': '&gt;', '&': '&amp;' }
const BLOCK_START = /^([#+=-])|^(\d+)([.)])/
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/

// Markdown renders a run of spaces or tabs as one space, and prettier writes it as one.
const SPACE_RUN = /[ \t]+/g
// Control characters become numeric references: they render the same, but raw they break terminals, diffs and tools.
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g
const reference = (char: string): string => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`

/** One line of literal text for Markdown: syntax escaped, HTML and controls as entities, space runs single. */
export function markdownInline(text: string): string {
  const escaped = text
    .replace(SPACE_RUN, ' ')
    .replace(HTML_SPECIAL, (char) => ENTITIES[char] ?? char)
    .replace(CONTROL, reference)
    .replace(INLINE_SPECIAL, (char) => `\\${char}`)
  return escaped.replace(BLOCK_START, (_match, marker: string | undefined, digits: string, delimiter: string) =>
    marker === undefined ? `${digits}\\${delimiter}` : `\\${marker}`,
  )
}

/** Literal text as Markdown paragraphs: lines trimmed (no indented code), blank lines kept as paragraph breaks. */
export function markdownParagraphs(text: string): string {
  const paragraphs: string[][] = [[]]
  for (const raw of text.split(LINE_BREAK)) {
    const line = raw.trim()
    const current = paragraphs[paragraphs.length - 1] ?? []
    if (line === '') {
      if (current.length > 0) paragraphs.push([])
    } else current.push(markdownInline(line))
  }
  return paragraphs
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n')
}

/** Literal text for one GFM table cell: one line (breaks become `<br>`), pipes escaped. */
export function markdownTableCell(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => markdownInline(line.trim()))
    .filter((line) => line !== '')
    .join('<br>')
}

const BACKTICK_RUN = /`+/g

/** A backtick fence longer than any backtick run in `code` (at least three), so the block cannot end early. */
export function markdownFence(code: string): string {
  let longest = 0
  for (const run of code.match(BACKTICK_RUN) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}

// A short type for the parameter table, as plain text (the caller escapes it).
function typeSummary(spec: unknown): string {
  if (!isRecord(spec)) return 'json'
  const branches = ownValue(spec, 'oneOf')
  if (Array.isArray(branches)) return branches.map((branch: unknown) => typeSummary(branch)).join(' | ')
  const type = ownValue(spec, 'type')
  if (Object.hasOwn(spec, 'const')) return jsonText(ownValue(spec, 'const'))
  const members = ownValue(spec, 'enum')
  if (Array.isArray(members)) return members.map((member: unknown) => jsonText(member)).join(' | ')
  if (type === 'array') {
    const item = typeSummary(ownValue(spec, 'items'))
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`
  }
  const extra = ownValue(spec, 'additionalProperties')
  if (type === 'object' && isRecord(extra)) return `{ [key: string]: ${typeSummary(extra)} }`
  return typeof type === 'string' ? type : 'json'
}

/** A tool's output type declaration for the catalog, and the layout it is already formatted with (if any). */
export interface CatalogOutputType {
  readonly text: string
  /** The formatter's layout key the text was formatted with; `undefined` when it is json2ts's raw output. */
  readonly layoutKey: string | undefined
}

/** One parameter row of the catalog; every cell already escaped for a GFM table. */
export interface CatalogParameterRow {
  readonly name: string
  readonly type: string
  readonly required: string
  readonly default: string
  readonly description: string
}

/** One tool as the catalog templates see it; every value already escaped for where the template puts it. */
export interface CatalogToolModel {
  /** The tool name as Markdown text (headings). */
  readonly name: string
  /** The description as Markdown paragraphs. */
  readonly description: string
  readonly hasParameters: boolean
  readonly parameters: readonly CatalogParameterRow[]
  /** A backtick fence long enough for `outputType`. */
  readonly outputFence: string
  /** The `<Name>Output` TypeScript declaration (code, inside the fence). */
  readonly outputType: string
  readonly timeout: string
  readonly concurrency: string
  readonly presentation: string
  /** The annotations with MCP's defaults applied, as Markdown text. */
  readonly annotations: string
  /** The approval, as Markdown text. */
  readonly approval: string
}

function presentationText(declaration: ToolDeclaration): string {
  const hints = declaration.presentation
  if (hints === undefined) return 'default'
  const parts: string[] = []
  if (hints.card !== undefined) parts.push(`${hints.card} card${hints.shape === undefined ? '' : ` (${hints.shape})`}`)
  if (hints.kind !== undefined) parts.push(`kind ${hints.kind}`)
  return markdownInline(parts.length === 0 ? 'default' : parts.join(', '))
}

function annotationsText(declaration: ToolDeclaration): string {
  const resolved = resolveToolAnnotations(declaration.annotations)
  const parts: string[] = []
  if (resolved.title !== undefined) parts.push(`title “${resolved.title}”`)
  parts.push(resolved.readOnly ? 'read-only' : resolved.destructive ? 'destructive' : 'non-destructive')
  parts.push(resolved.idempotent ? 'idempotent' : 'not idempotent')
  parts.push(resolved.openWorld ? 'open world' : 'closed world')
  return markdownInline(parts.join(', '))
}

/** A tool name as Markdown text; a valid one is literal as it stands (its underscores are intraword). */
export function catalogToolName(name: string): string {
  return TOOL_NAME_PATTERN.test(name) ? name : markdownInline(name)
}

/** The catalog model of one tool; `outputType` is its generated output type declaration. */
export function catalogToolModel(declaration: ToolDeclaration, outputType: string): CatalogToolModel {
  const parameters = ownEntries(declaration.parameters).map(([name, spec]): CatalogParameterRow => {
    const description = isRecord(spec) ? ownValue(spec, 'description') : undefined
    const hasDefault = isRecord(spec) && Object.hasOwn(spec, 'default')
    // The bounds the runtime enforces, stated the way the JSDoc and the Code Mode SDK state them.
    const bounds = constraintText(spec)
    const text = [typeof description === 'string' ? description : '', bounds === '' ? '' : `Bounds: ${bounds}.`].filter((part) => part !== '').join(' ')
    return {
      name: markdownTableCell(name),
      type: markdownTableCell(typeSummary(spec)),
      required: isRecord(spec) && ownValue(spec, 'required') === true ? 'yes' : 'no',
      default: hasDefault ? markdownTableCell(jsonText(ownValue(spec, 'default'))) : '',
      description: markdownTableCell(text),
    }
  })
  return {
    name: catalogToolName(declaration.name),
    description: markdownParagraphs(declaration.description),
    hasParameters: parameters.length > 0,
    parameters,
    outputFence: markdownFence(outputType),
    outputType,
    timeout: declaration.timeoutMs === undefined ? 'none' : `${declaration.timeoutMs} ms`,
    concurrency: declaration.concurrencySafe === true ? 'parallel-safe (`concurrencySafe: true`)' : 'exclusive',
    presentation: presentationText(declaration),
    annotations: annotationsText(declaration),
    approval: declaration.approval === 'always' ? 'always (the host asks before every call)' : 'never',
  }
}

const COLUMNS = ['Parameter', 'Type', 'Required', 'Default', 'Description'] as const

/** One tool's catalog section as blocks, equal to what the shipped `catalog-section.md.hbs` renders once formatted
 * (test/generator/print/catalog-layout-markdown.test.ts holds the two equal). */
export function toolSectionBlocks(tool: CatalogToolModel): MarkdownBlock[] {
  return [
    { kind: 'heading', level: 2, text: tool.name },
    { kind: 'paragraph', text: tool.description },
    tool.hasParameters
      ? { kind: 'table', header: COLUMNS, rows: tool.parameters.map((row) => [row.name, row.type, row.required, row.default, row.description]) }
      : { kind: 'paragraph', text: 'No parameters.' },
    { kind: 'paragraph', text: 'Output:' },
    { kind: 'code', fence: tool.outputFence, info: 'ts', code: tool.outputType },
    {
      kind: 'list',
      items: [
        `Timeout: ${tool.timeout}`,
        `Concurrency: ${tool.concurrency}`,
        `Presentation: ${tool.presentation}`,
        `Annotations: ${tool.annotations}`,
        `Approval: ${tool.approval}`,
      ],
    },
  ]
}

/** The head of the shipped `catalog.md.hbs` (everything above the section) for `count` tools, as blocks. */
export function catalogPageHeadBlocks(count: number): MarkdownBlock[] {
  return [
    { kind: 'paragraph', text: '<!-- Generated by toolsmith. Do not edit: run toolsmith generate. -->' },
    { kind: 'heading', level: 1, text: 'Tools' },
    { kind: 'paragraph', text: `${count} tools, generated from their YAML declarations (sorted by name).` },
  ]
}

/** The value of `catalog.json`: per tool, in this key order, the compiled schemas a model is sent and the resolved
 * metadata (an own `__proto__` stays data). Throws `JsonSchemaError` for a spec the loader should have rejected. */
export function catalogJson(sorted: readonly ToolDeclaration[]): { readonly tools: readonly object[] } {
  const tools = sorted.map((declaration) => {
    const { annotations, approval, ...surface } = declarationSurface(declaration)
    return { ...surface, timeoutMs: declaration.timeoutMs ?? null, concurrencySafe: declaration.concurrencySafe === true, annotations, approval }
  })
  return { tools }
}
