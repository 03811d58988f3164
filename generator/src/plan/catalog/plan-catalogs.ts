import type { CodeFormatter } from '../../print/code-formatter.js'
import type { Diagnostic } from '../../model/diagnostic.js'
import type { PlannedFile, PlanOptions } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { isGeneratorOwnedText } from '../generated-header.js'
import { normalizePath } from '../output-paths.js'
import { messageOf } from '../../model/diagnostic.js'
import { type Template, templateDiagnostic } from '../template/template-set.js'
import { catalogPage, catalogPageHead, printToolSection } from './print-catalog-markdown.js'
import { cacheKey, DeclarationEntry, isCacheableLayout } from '../cache/cache-key.js'
import { cachedToolValues } from '../cache/cached-values.js'
import { planCatalogJson } from './plan-catalog-json.js'
import { type CatalogOutputType, type CatalogToolModel, catalogToolModel, catalogToolName } from './catalog-model.js'
import { replaceCatalogRegion } from './catalog-regions.js'
import { checkCatalogMarkdown, type RenderedMarkdown, renderCatalogTemplate } from './render-catalog.js'

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
): Promise<{ ok: true; text: string } | { ok: false; diagnostic: Diagnostic }> {
  try {
    return { ok: true, text: await formatter.format(path, text, { embeddedFormatting }) }
  } catch (error) {
    return { ok: false, diagnostic: templateDiagnostic(template.file, `its output does not format as Markdown: ${messageOf(error)}`) }
  }
}

/**
 * The Markdown catalog at `docs`, every catalog region (the same generated section, byte for byte, in each
 * file) and `catalog.json`. `tools` are sorted by name; `outputTypes` are their output type declarations, in order.
 */
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

/**
 * The formatted page. The shipped template's is its head (printed here under plain prose settings, else formatted
 * by prettier) and the formatted section after it: Markdown blocks are laid out one by one, so formatting the head
 * alone gives the text formatting the whole page gives. A project's copy of the template is rendered with the
 * section and formatted whole. The result is checked like any rendered catalog.
 */
async function formattedPage(
  template: Template,
  count: number,
  section: string,
  tools: readonly Pick<CatalogToolModel, 'name'>[],
  context: CatalogContext,
): Promise<RenderedMarkdown> {
  const docs = normalizePath(context.options.docs)
  let full: RenderedMarkdown
  if (template.shipped) {
    const head = isPlainMarkdownLayout(await context.formatter.layoutOptions(docs))
      ? { ok: true as const, text: catalogPageHead(count) }
      : await formatted(context.formatter, docs, catalogPageHead(count), template)
    full = head.ok ? { ok: true, text: catalogPage(head.text, section) } : head
  } else {
    const countText = `${count} ${count === 1 ? 'tool' : 'tools'}`
    let text: string
    try {
      text = template.render({ count, countText, section })
    } catch (error) {
      return { ok: false, diagnostic: templateDiagnostic(template.file, `cannot render: ${messageOf(error)}`) }
    }
    full = await formatted(context.formatter, docs, text, template)
  }
  if (!full.ok) return full
  const problem = checkCatalogMarkdown(template, full.text, tools)
  return problem === undefined ? full : { ok: false, diagnostic: problem }
}

/**
 * Whether prettier would change nothing in the shipped templates' Markdown but its tables: prose kept as written,
 * `\n` line ends, no plugins. Then the page and the section are printed here from the model in prettier's layout
 * (see print-catalog-markdown.ts), and prettier's Markdown pass, the slowest part of a large plan, is skipped.
 */
function isPlainMarkdownLayout(options: { readonly proseWrap?: string; readonly endOfLine?: string; readonly plugins?: readonly unknown[] }): boolean {
  return (
    (options.proseWrap === undefined || options.proseWrap === 'preserve') &&
    (options.endOfLine === undefined || options.endOfLine === 'lf' || options.endOfLine === 'auto') &&
    (options.plugins === undefined || options.plugins.length === 0)
  )
}

/**
 * The formatted generated section. From the shipped template it is made tool by tool: the template renders each
 * tool on its own (`{{#each tools}}`), and formatting each tool's Markdown alone gives the same text as formatting
 * them together, while prettier's Markdown formatting grows faster than linearly with the document. Where a tool's
 * output type is already formatted with the catalog's own layout and the prose settings are plain, its part is
 * printed from its model; else the template renders it and prettier formats it (its code too when needed).
 * A project's copy of the template may relate tools to each other (one table for all), so it is rendered and
 * formatted as a whole.
 */
async function sectionMarkdown(
  catalog: CatalogTools,
  context: CatalogContext & { readonly sectionTemplate: Template },
): Promise<RenderedMarkdown> {
  const { formatter, sectionTemplate } = context
  const docs = normalizePath(context.options.docs)
  if (!sectionTemplate.shipped) {
    const models = catalog.all()
    const section = renderCatalogTemplate(sectionTemplate, { tools: models }, models)
    return section.ok ? formatted(formatter, docs, section.text, sectionTemplate) : section
  }
  const layout = await formatter.layoutKey(docs)
  const layoutOptions = await formatter.layoutOptions(docs)
  const simple = isPlainMarkdownLayout(layoutOptions)
  // A part printed here is kept in the declaration's entry of the plan cache (which stands for the generator build,
  // holding the shipped template's text and the printer, and for the declaration) under a key of the layout for
  // `docs` and the output type's text (its model, every value the template sees, is made from the declaration and
  // that text). A part prettier formats is kept by the formatter's own cache instead.
  const cache = simple && isCacheableLayout(layoutOptions) ? context.options.cache : undefined
  const parts: string[] = []
  for (const [index, tool] of catalog.tools.entries()) {
    const outputType = catalog.outputTypes[index]
    const embeddedFormatting = outputType?.layoutKey !== layout
    const entry = cache === undefined || embeddedFormatting ? undefined : new DeclarationEntry(cache, tool)
    const key = entry === undefined ? undefined : cacheKey(['catalog-section', sectionTemplate.file, layout, outputType?.text ?? ''])
    const cached = key === undefined ? undefined : cachedToolValues.text(entry?.get('catalog-section', key))
    if (cached !== undefined) {
      parts.push(cached)
      continue
    }
    const model = catalog.model(index)
    let part: RenderedMarkdown
    if (simple && !embeddedFormatting) {
      part = { ok: true, text: printToolSection(model) }
    } else {
      const rendered = renderCatalogTemplate(sectionTemplate, { tools: [model] }, [model])
      part = rendered.ok ? await formatted(formatter, docs, rendered.text, sectionTemplate, embeddedFormatting) : rendered
    }
    if (!part.ok) return part
    if (key !== undefined) entry?.set('catalog-section', key, part.text)
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
