import type { CodeFormatter } from '../../format/code-formatter.js'
import type { Diagnostic } from '../../model/diagnostic.js'
import type { PlanOptions } from '../../model/plan.js'
import type { PlannedFile } from '../../model/planned-file.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { normalizePath } from '../output-paths.js'
import { messageOf, type Template, templateDiagnostic } from '../template/template-set.js'
import { emitCatalogJson } from './catalog-json.js'
import { type CatalogToolModel, catalogToolModel } from './catalog-model.js'
import { replaceCatalogRegion } from './catalog-regions.js'
import { renderCatalogTemplate } from './render-catalog.js'

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
): Promise<{ ok: true; text: string } | { ok: false; diagnostic: Diagnostic }> {
  try {
    return { ok: true, text: await formatter.format(path, text) }
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
  outputTypes: readonly string[],
  context: CatalogContext,
): Promise<PlannedCatalogs> {
  const { options, formatter, sectionTemplate, pageTemplate } = context
  const files: PlannedFile[] = []
  const diagnostics: Diagnostic[] = []
  const models = tools.map((tool, index) => catalogToolModel(tool, outputTypes[index] ?? ''))

  if (sectionTemplate !== undefined && pageTemplate !== undefined) {
    diagnostics.push(...(await planMarkdown(models, { ...context, sectionTemplate, pageTemplate }, files)))
  }

  const json = normalizePath(options.catalogJson)
  try {
    files.push({ path: json, content: await formatter.format(json, emitCatalogJson(tools)), owner: 'generator' })
  } catch (error) {
    diagnostics.push({ severity: 'error', code: 'catalog-json', message: `cannot build catalog.json: ${messageOf(error)}`, file: json, line: 1, column: 1 })
  }
  return { files, diagnostics }
}

/** The Markdown page and the regions (added to `files`); answers the problems found. */
async function planMarkdown(
  models: readonly CatalogToolModel[],
  context: CatalogContext & { readonly sectionTemplate: Template; readonly pageTemplate: Template },
  files: PlannedFile[],
): Promise<Diagnostic[]> {
  const { options, formatter, sectionTemplate, pageTemplate } = context
  const diagnostics: Diagnostic[] = []
  const docs = normalizePath(options.docs)
  const section = renderCatalogTemplate(sectionTemplate, { tools: models }, models)
  const formattedSection = section.ok ? await formatted(formatter, docs, section.text, sectionTemplate) : section
  if (formattedSection.ok) {
    const countText = `${models.length} ${models.length === 1 ? 'tool' : 'tools'}`
    const page = renderCatalogTemplate(pageTemplate, { count: models.length, countText, section: formattedSection.text }, models)
    const formattedPage = page.ok ? await formatted(formatter, docs, page.text, pageTemplate) : page
    if (formattedPage.ok) files.push({ path: docs, content: formattedPage.text, owner: 'generator' })
    else diagnostics.push(formattedPage.diagnostic)

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
