import { type CodeFormatter, type JsonPrinter, type LayoutOptions, layoutKeyOf } from '../../model/code-formatter.js'
import { type Diagnostic, messageOf } from '../../model/diagnostic.js'
import { isGeneratorOwnedText, type PlanCache, type PlannedFile, type PlanOptions } from '../../model/plan.js'
import { escapeJsonControls, type ToolDeclaration } from '../../model/tool-declaration.js'
import { cacheKey, DeclarationEntry, isCacheableLayout } from '../cache/cache-key.js'
import { cachedToolValues } from '../cache/cached-values.js'
import { normalizePath } from '../output-paths.js'
import { type Template, templateDiagnostic } from '../template/template-set.js'
import { type CatalogOutputType, type CatalogToolModel, catalogJson, catalogPageHeadBlocks, catalogToolModel, catalogToolName, toolSectionBlocks } from './catalog-model.js'

// Plans the Markdown catalog, the regions of hand-written pages it is copied into, and `catalog.json`.

/** What planning the catalogs needs. */
export interface CatalogContext {
  readonly options: PlanOptions
  readonly formatter: CodeFormatter
  /** Absent when the project's copy does not compile (already reported): then no Markdown is planned. */
  readonly sectionTemplate: Template | undefined
  readonly pageTemplate: Template | undefined
}

/** The catalog files and the problems found making them. */
export interface PlannedCatalogs {
  readonly files: readonly PlannedFile[]
  readonly diagnostics: readonly Diagnostic[]
}

async function formatted(
  formatter: CodeFormatter,
  path: string,
  text: string,
  template: Template,
  embeddedFormatting = true,
): Promise<MarkdownText> {
  try {
    return { ok: true, text: await formatter.format(path, text, { embeddedFormatting }) }
  } catch (error) {
    return { ok: false, diagnostic: templateDiagnostic(template.file, `its output does not format as Markdown: ${messageOf(error)}`) }
  }
}

/** The catalog at `docs`, every region (the same section, byte for byte) and `catalog.json`; `tools` sorted by name. */
export async function planCatalogs(
  tools: readonly ToolDeclaration[],
  outputTypes: readonly CatalogOutputType[],
  context: CatalogContext,
): Promise<PlannedCatalogs> {
  const { options, formatter, sectionTemplate, pageTemplate } = context
  const files: PlannedFile[] = []
  const diagnostics: Diagnostic[] = []

  if (sectionTemplate !== undefined && pageTemplate !== undefined) {
    const markdown = { ...context, sectionTemplate, pageTemplate }
    diagnostics.push(...(await planMarkdown(catalogTools(tools, outputTypes), markdown, files)))
  }

  const json = await planCatalogJson(tools, options, formatter)
  if ('file' in json) files.push(json.file)
  else diagnostics.push(json.diagnostic)
  return { files, diagnostics }
}

/** The tools of the catalog; each model is made when first needed (a part found in the cache needs none). */
interface CatalogTools {
  readonly tools: readonly ToolDeclaration[]
  readonly outputTypes: readonly CatalogOutputType[]
  /** Every tool's heading name, for checking the page. */
  readonly names: readonly Pick<CatalogToolModel, 'name'>[]
  model(index: number): CatalogToolModel
  all(): readonly CatalogToolModel[]
}

function catalogTools(tools: readonly ToolDeclaration[], outputTypes: readonly CatalogOutputType[]): CatalogTools {
  const models: CatalogToolModel[] = []
  const model = (index: number): CatalogToolModel =>
    (models[index] ??= catalogToolModel(tools[index] as ToolDeclaration, outputTypes[index]?.text ?? ''))
  return {
    tools,
    outputTypes,
    names: tools.map((tool) => ({ name: catalogToolName(tool.name) })),
    model,
    all: () => tools.map((_tool, index) => model(index)),
  }
}

// The shipped page is its head, formatted alone (Markdown blocks lay out one by one), then the formatted section;
// a project's copy is rendered with the section and formatted whole.
async function formattedPage(
  template: Template,
  count: number,
  section: string,
  tools: readonly Pick<CatalogToolModel, 'name'>[],
  context: CatalogContext,
): Promise<MarkdownText> {
  const docs = normalizePath(context.options.docs)
  let full: MarkdownText
  if (template.shipped) {
    const headText = context.formatter.printMarkdown(catalogPageHeadBlocks(count))
    const head = isPlainMarkdownLayout(await context.formatter.layoutOptions(docs)) ? { ok: true as const, text: headText } : await formatted(context.formatter, docs, headText, template)
    full = head.ok ? { ok: true, text: catalogPage(head.text, section) } : head
  } else {
    const rendered = render(template, { count, countText: `${count} ${count === 1 ? 'tool' : 'tools'}`, section })
    full = rendered.ok ? await formatted(context.formatter, docs, rendered.text, template) : rendered
  }
  if (!full.ok) return full
  const problem = checkCatalogMarkdown(template, full.text, tools)
  return problem === undefined ? full : { ok: false, diagnostic: problem }
}

// Whether `printMarkdown` lays out as prettier would (prose preserved, `\n`, no plugins), so prettier's Markdown
// pass, the slowest part of a large plan, can be skipped.
function isPlainMarkdownLayout(options: { readonly proseWrap?: string; readonly endOfLine?: string; readonly plugins?: readonly unknown[] }): boolean {
  return (
    (options.proseWrap === undefined || options.proseWrap === 'preserve') &&
    (options.endOfLine === undefined || options.endOfLine === 'lf' || options.endOfLine === 'auto') &&
    (options.plugins === undefined || options.plugins.length === 0)
  )
}

// The shipped template renders each tool alone, so the section is made tool by tool (prettier's Markdown time grows
// faster than linearly); a project's copy may relate tools (one table for all), so it is rendered whole.
async function sectionMarkdown(
  catalog: CatalogTools,
  context: CatalogContext & { readonly sectionTemplate: Template },
): Promise<MarkdownText> {
  const { formatter, sectionTemplate } = context
  const docs = normalizePath(context.options.docs)
  if (!sectionTemplate.shipped) {
    const models = catalog.all()
    const section = renderCatalogTemplate(sectionTemplate, { tools: models }, models)
    return section.ok ? formatted(formatter, docs, section.text, sectionTemplate) : section
  }
  const layoutOptions = await formatter.layoutOptions(docs)
  const layout = layoutKeyOf(layoutOptions)
  const simple = isPlainMarkdownLayout(layoutOptions)
  // A printed part is kept in the declaration's entry under the layout and the output type, all else its model
  // reads; a part prettier formats is kept by the formatter's cache instead.
  const cache = simple && isCacheableLayout(layoutOptions) ? context.options.cache : undefined
  const parts: string[] = []
  for (const [index, tool] of catalog.tools.entries()) {
    const outputType = catalog.outputTypes[index]
    const embeddedFormatting = outputType?.layoutKey !== layout
    if (simple && !embeddedFormatting) {
      const print = (): string => formatter.printMarkdown(toolSectionBlocks(catalog.model(index)))
      if (cache === undefined) parts.push(print())
      else parts.push(new DeclarationEntry(cache, tool).memo('catalog-section', cacheKey(['catalog-section', sectionTemplate.file, layout, outputType?.text ?? '']), cachedToolValues.text, print))
      continue
    }
    const model = catalog.model(index)
    const rendered = renderCatalogTemplate(sectionTemplate, { tools: [model] }, [model])
    const part = rendered.ok ? await formatted(formatter, docs, rendered.text, sectionTemplate, embeddedFormatting) : rendered
    if (!part.ok) return part
    parts.push(part.text)
  }
  // The blank line between sections takes their line ends (prettier's endOfLine crlf), never a bare \n.
  return { ok: true, text: parts.join(parts[0]?.includes('\r\n') === true ? '\r\n' : '\n') }
}

/** The Markdown page and the regions (added to `files`); answers the problems found. */
async function planMarkdown(
  catalog: CatalogTools,
  context: CatalogContext & { readonly sectionTemplate: Template; readonly pageTemplate: Template },
  files: PlannedFile[],
): Promise<Diagnostic[]> {
  const { options, pageTemplate } = context
  const diagnostics: Diagnostic[] = []
  const formattedSection = await sectionMarkdown(catalog, context)
  if (formattedSection.ok) {
    const page = await formattedPage(pageTemplate, catalog.tools.length, formattedSection.text, catalog.names, context)
    // The header is what lets a later run replace the page (a file without it is not toolsmith's to overwrite).
    if (page.ok && !isGeneratorOwnedText(normalizePath(options.docs), page.text)) {
      diagnostics.push(templateDiagnostic(pageTemplate.file, 'its output must start with the line <!-- Generated by toolsmith. Do not edit: run toolsmith generate. --> (it marks the page as generated)'))
    } else if (page.ok) files.push({ path: normalizePath(options.docs), content: page.text, owner: 'generator' })
    else diagnostics.push(page.diagnostic)

    for (const region of [...new Set(options.catalogRegions.map(normalizePath))]) {
      const text = await options.readFile(region)
      if (text === undefined) {
        diagnostics.push({ severity: 'error', code: 'catalog-region', message: 'catalog region file not found', file: region, line: 1, column: 1 })
        continue
      }
      const updated = replaceCatalogRegion(region, text, formattedSection.text)
      if (updated.ok) files.push({ path: region, content: updated.text, owner: 'author' })
      else diagnostics.push(updated.diagnostic)
    }
  } else {
    diagnostics.push(formattedSection.diagnostic)
  }
  return diagnostics
}

/** The shipped `catalog.md.hbs` page: `head`, a blank line, then the section, in `head`'s line ends. */
export function catalogPage(head: string, section: string): string {
  const eol = head.includes('\r\n') ? '\r\n' : '\n'
  const body = section.trim()
  return body === '' ? head : `${head.trimEnd()}${eol}${eol}${body}${eol}`
}

// Printed per tool where the JSON printer knows prettier's layout for the options, else by prettier; either way DEL
// and the C1 controls are escaped.
async function planCatalogJson(
  tools: readonly ToolDeclaration[],
  options: PlanOptions,
  formatter: CodeFormatter,
): Promise<{ readonly file: PlannedFile } | { readonly diagnostic: Diagnostic }> {
  const json = normalizePath(options.catalogJson)
  const layout = await formatter.layoutOptions(json)
  const cache = isCacheableLayout(layout) ? options.cache : undefined
  const layoutKey = cache === undefined ? '' : cacheKey(['catalog-json', layoutKeyOf(layout)])
  try {
    const printer = formatter.jsonPrinter(layout)
    const printed = printer === undefined ? undefined : printCatalogJson(tools, layout, printer, (tool) => (cache === undefined ? undefined : { cache, layoutKey, tool }))
    const content = printed ?? (await formatter.format(json, escapeJsonControls(JSON.stringify(catalogJson(tools), null, 2))))
    return { file: { path: json, content, owner: 'generator' } }
  } catch (error) {
    return { diagnostic: { severity: 'error', code: 'catalog-json', message: `cannot build catalog.json: ${messageOf(error)}`, file: json, line: 1, column: 1 } }
  }
}

// Every tool is a multi-member object, so the array always breaks and each element's layout depends only on its
// own members and depth: elements print, and cache, independently.
function printCatalogJson(
  tools: readonly ToolDeclaration[],
  layout: LayoutOptions,
  printer: JsonPrinter,
  cached: (tool: ToolDeclaration) => { readonly cache: PlanCache; readonly layoutKey: string; readonly tool: ToolDeclaration } | undefined,
): string | undefined {
  if (tools.length === 0) return printer(catalogJson([]), 0, 0, 0)?.concat('\n')
  const unit = layout.useTabs === true ? '\t' : ' '.repeat(layout.tabWidth ?? 2)
  const elements: string[] = []
  for (const tool of tools) {
    const element = toolElement(tool, unit, printer, cached(tool))
    if (element === undefined) return undefined
    elements.push(element)
  }
  return `{\n${unit}"tools": [\n${elements.join(',\n')}\n${unit}]\n}\n`
}

/** One tool's element of the array, indented; kept in the declaration's entry under the layout for the file. */
function toolElement(tool: ToolDeclaration, unit: string, printer: JsonPrinter, store: { readonly cache: PlanCache; readonly layoutKey: string } | undefined): string | undefined {
  const element = (): string | undefined => {
    const printed = printer(catalogJson([tool]).tools[0], 2, 0, 0)
    return printed === undefined ? undefined : `${unit.repeat(2)}${printed}`
  }
  return store === undefined ? element() : new DeclarationEntry(store.cache, tool).memo('catalog-json', store.layoutKey, cachedToolValues.text, element)
}

/** Markdown made (rendered, formatted, or a region file updated), or the diagnostic saying why there is none. */
type MarkdownText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly diagnostic: Diagnostic }

// Every fence closed, a heading per tool, and no region marker (it would break the regions the section goes into).
function checkCatalogMarkdown(template: Template, text: string, tools: readonly Pick<CatalogToolModel, 'name'>[]): Diagnostic | undefined {
  const structure = scanMarkdown(text)
  if (structure.unclosedFence !== undefined) {
    return templateDiagnostic(template.file, `its output opens a code fence at line ${structure.unclosedFence} that is never closed`)
  }
  // As regions are read: only a marker line outside fences counts; marker text elsewhere is harmless.
  const marker = structure.markers[0]
  if (marker !== undefined) {
    return templateDiagnostic(template.file, `its output has a catalog region marker line (${marker.kind === 'open' ? REGION_OPEN : REGION_CLOSE}) at line ${marker.line}`)
  }
  const headings = new Set(structure.headings.map((heading) => heading.text))
  const missing = tools.find(
    (tool) => !headings.has(tool.name) && !structure.headings.some((heading) => heading.text.includes(tool.name)),
  )
  if (missing !== undefined) return templateDiagnostic(template.file, `its output has no heading for the tool ${missing.name}`)
  return undefined
}

function render(template: Template, model: object): MarkdownText {
  try {
    return { ok: true, text: template.render(model) }
  } catch (error) {
    return { ok: false, diagnostic: templateDiagnostic(template.file, `cannot render: ${messageOf(error)}`) }
  }
}

/** Fills a catalog template and checks the Markdown it produced. */
function renderCatalogTemplate(template: Template, model: object, tools: readonly CatalogToolModel[]): MarkdownText {
  const rendered = render(template, model)
  const diagnostic = rendered.ok ? checkCatalogMarkdown(template, rendered.text, tools) : undefined
  return diagnostic === undefined ? rendered : { ok: false, diagnostic }
}

function problem(file: string, line: number, message: string): MarkdownText {
  return { ok: false, diagnostic: { severity: 'error', code: 'catalog-region', message, file, line, column: 1 } }
}

function lineStart(text: string, line: number): number {
  let offset = 0
  for (let current = 1; current < line; current += 1) offset = text.indexOf('\n', offset) + 1
  return offset
}

/** Replaces the text between the one open and one close region marker line with `section`, every byte outside them
 * untouched; a missing, repeated or unbalanced marker is a diagnostic with its line, and the file is not changed. */
export function replaceCatalogRegion(file: string, text: string, section: string): MarkdownText {
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

/** What a line scan of Markdown found: fences, headings and catalog markers, each with its 1-based line. */
interface MarkdownStructure {
  /** The line of a code fence that is never closed. */
  readonly unclosedFence: number | undefined
  readonly headings: readonly { readonly line: number; readonly text: string }[]
  /** Catalog region markers outside code fences. */
  readonly markers: readonly { readonly line: number; readonly kind: 'open' | 'close' }[]
}

const REGION_OPEN = '<!-- toolsmith:catalog -->'
const REGION_CLOSE = '<!-- /toolsmith:catalog -->'

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
const HEADING = /^ {0,3}#{1,6}(?:\s+(.*))?$/
const LINE_BREAK = /\r?\n/

/** Scans Markdown line by line, as CommonMark reads fences: a fence closes only with the same character, at least as
 * long, and nothing after it; headings and markers inside fenced code do not count (a page may show the markers). */
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
