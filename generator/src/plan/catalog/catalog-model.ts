import { constraintText } from '@toolsmith/providers'
import { jsonText } from '../../print/ts-literals.js'
import { markdownFence, markdownInline, markdownParagraphs, markdownTableCell } from '../../print/markdown-text.js'
import { isRecord, ownEntries, ownValue } from '../../print/own-entries.js'
import { resolveToolAnnotations } from '@toolsmith/runtime'
import { TOOL_NAME_PATTERN, type ToolDeclaration } from '../../model/tool-declaration.js'
import { typeSummary } from './type-summary.js'

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

/** The annotations with MCP's defaults applied: `read-only` or `destructive`/`non-destructive`, idempotence, world. */
function annotationsText(declaration: ToolDeclaration): string {
  const resolved = resolveToolAnnotations(declaration.annotations)
  const parts: string[] = []
  if (resolved.title !== undefined) parts.push(`title “${resolved.title}”`)
  parts.push(resolved.readOnly ? 'read-only' : resolved.destructive ? 'destructive' : 'non-destructive')
  parts.push(resolved.idempotent ? 'idempotent' : 'not idempotent')
  parts.push(resolved.openWorld ? 'open world' : 'closed world')
  return markdownInline(parts.join(', '))
}

/**
 * A tool name as Markdown text. A valid tool name (letters, digits, `_`, `-`, starting with a letter) is literal
 * Markdown as it stands: its underscores are intraword, so they cannot open emphasis. Anything else is escaped.
 */
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
