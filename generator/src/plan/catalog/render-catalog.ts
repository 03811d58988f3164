import type { Diagnostic } from '../../model/diagnostic.js'
import { messageOf } from '../../model/diagnostic.js'
import { type Template, templateDiagnostic } from '../template/template-set.js'
import type { CatalogToolModel } from './catalog-model.js'
import { REGION_CLOSE, REGION_OPEN, scanMarkdown } from './markdown-structure.js'

/** Rendered Markdown, or the diagnostic naming the template that produced broken Markdown. */
export type RenderedMarkdown = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly diagnostic: Diagnostic }

/**
 * Checks what a catalog template produced: every fence closed, a heading naming every tool, and no catalog region
 * marker (which would break the regions the section is copied into). Problems name the template file.
 */
export function checkCatalogMarkdown(template: Template, text: string, tools: readonly Pick<CatalogToolModel, 'name'>[]): Diagnostic | undefined {
  const structure = scanMarkdown(text)
  if (structure.unclosedFence !== undefined) {
    return templateDiagnostic(template.file, `its output opens a code fence at line ${structure.unclosedFence} that is never closed`)
  }
  // Read as the regions are read: a marker is a line of its own outside code fences. Marker text inside a fence or
  // within a line (an output type's literal, a description in a type's JSDoc) is text, and harmless.
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

/** Fills a catalog template and checks the Markdown it produced. */
export function renderCatalogTemplate(template: Template, model: object, tools: readonly CatalogToolModel[]): RenderedMarkdown {
  let text: string
  try {
    text = template.render(model)
  } catch (error) {
    return { ok: false, diagnostic: templateDiagnostic(template.file, `cannot render: ${messageOf(error)}`) }
  }
  const diagnostic = checkCatalogMarkdown(template, text, tools)
  return diagnostic === undefined ? { ok: true, text } : { ok: false, diagnostic }
}
