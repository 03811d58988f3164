import { DeclarationEntry, isCacheableLayout } from '../cache/cache-key.js'
import { cachedToolValues } from '../cache/cached-values.js'
import type { CodeFormatter } from '../../print/code-formatter.js'
import { escapeJsonControls, type JsonLayoutOptions, type JsonPrinter, jsonPrinter } from '../../print/json-layout.js'
import type { Diagnostic } from '../../model/diagnostic.js'
import type { PlanCache, PlannedFile, PlanOptions } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { messageOf } from '../../model/diagnostic.js'
import { normalizePath } from '../output-paths.js'
import { catalogJson } from './catalog-json.js'

/**
 * `catalog.json`, or the problem that stopped it. Printed here when that is exactly prettier's layout for the
 * project's options (see jsonPrinter), else by prettier. Either way DEL and the C1 controls are escaped. The file is
 * `{ "tools": [ ... ] }`, each tool printed as its element of the array (and kept in the plan cache when there is
 * one: see `toolElement`).
 */
export async function planCatalogJson(
  tools: readonly ToolDeclaration[],
  options: PlanOptions,
  formatter: CodeFormatter,
): Promise<{ readonly file: PlannedFile } | { readonly diagnostic: Diagnostic }> {
  const json = normalizePath(options.catalogJson)
  const layout = await formatter.layoutOptions(json)
  const cache = isCacheableLayout(layout) ? options.cache : undefined
  const layoutKey = cache === undefined ? '' : await formatter.layoutKey(json)
  try {
    const printer = jsonPrinter(layout)
    const printed = printer === undefined ? undefined : printCatalogJson(tools, layout, printer, (tool) => (cache === undefined ? undefined : { cache, layoutKey, tool }))
    const content = printed ?? (await formatter.format(json, escapeJsonControls(JSON.stringify(catalogJson(tools), null, 2))))
    return { file: { path: json, content, owner: 'generator' } }
  } catch (error) {
    return { diagnostic: { severity: 'error', code: 'catalog-json', message: `cannot build catalog.json: ${messageOf(error)}`, file: json, line: 1, column: 1 } }
  }
}

/**
 * The file printed from its tools' elements, or `undefined` where the printer does not know prettier's layout. Every
 * tool is an object of several members, so the array always breaks, one element per line at the same depth, and an
 * object's layout depends only on its depth and its own members (never on its neighbours or position).
 */
function printCatalogJson(
  tools: readonly ToolDeclaration[],
  layout: JsonLayoutOptions,
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
  const entry = store === undefined ? undefined : new DeclarationEntry(store.cache, tool)
  const key = store?.layoutKey
  const cached = key === undefined ? undefined : cachedToolValues.text(entry?.get('catalog-json', key))
  if (cached !== undefined) return cached
  const [value] = catalogJson([tool]).tools
  const printed = printer(value, 2, 0, 0)
  if (printed === undefined) return undefined
  const element = `${unit.repeat(2)}${printed}`
  if (key !== undefined) entry?.set('catalog-json', key, element)
  return element
}
