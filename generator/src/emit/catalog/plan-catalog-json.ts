import { declarationIdentity, cacheKey, isCacheableLayout } from '../../cache/cache-key.js'
import { cachedToolValues } from '../../cache/cached-values.js'
import type { CodeFormatter } from '../../format/code-formatter.js'
import { layOutJson } from '../../format/json-layout.js'
import type { Diagnostic } from '../../model/diagnostic.js'
import type { PlanCache, PlannedFile, PlanOptions } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import { messageOf } from '../../model/diagnostic.js'
import { normalizePath } from '../output-paths.js'
import { catalogJson } from './catalog-json.js'

/**
 * `catalog.json`, or the problem that stopped it. Laid out here when that is exactly prettier's layout for the
 * project's options (see layOutJson), else by prettier. With a plan cache, each tool's part is kept: see `fromParts`.
 */
export async function planCatalogJson(
  tools: readonly ToolDeclaration[],
  options: PlanOptions,
  formatter: CodeFormatter,
): Promise<{ readonly file: PlannedFile } | { readonly diagnostic: Diagnostic }> {
  const json = normalizePath(options.catalogJson)
  const layout = await formatter.layoutOptions(json)
  const cache = options.cache
  const parts = cache === undefined || tools.length === 0 || !isCacheableLayout(layout) ? undefined : fromParts(tools, layout, await formatter.layoutKey(json), cache)
  if (parts !== undefined) return { file: { path: json, content: parts, owner: 'generator' } }
  try {
    const value = catalogJson(tools)
    const content = layOutJson(value, layout) ?? (await formatter.format(json, JSON.stringify(value, null, 2)))
    return { file: { path: json, content, owner: 'generator' } }
  } catch (error) {
    return { diagnostic: { severity: 'error', code: 'catalog-json', message: `cannot build catalog.json: ${messageOf(error)}`, file: json, line: 1, column: 1 } }
  }
}

/**
 * The laid-out file put together from each tool's part, or `undefined` where that cannot be done (then the whole is
 * made as without a cache). The file is `{ "tools": [ ... ] }`; every tool is an object of several members, so the
 * array always breaks, one element per line at the same depth, and an object's layout depends only on its depth and
 * its own members (never on its neighbours or position). So each tool's part is its element as laid out in a file
 * of that tool alone, and the file is the opening lines, the parts joined by `,\n`, and the closing lines. A part is
 * checked to sit between exactly those lines before it is used or kept; anything else (a layout here not supported,
 * a spec that does not compile) falls back to the whole. Kept under the generator build, the layout for the file and
 * the declaration.
 */
function fromParts(tools: readonly ToolDeclaration[], layout: Parameters<typeof layOutJson>[1] & object, layoutKey: string, cache: PlanCache): string | undefined {
  const unit = layout.useTabs === true ? '\t' : ' '.repeat(layout.tabWidth ?? 2)
  const open = `{\n${unit}"tools": [\n`
  const close = `\n${unit}]\n}\n`
  const parts: string[] = []
  for (const tool of tools) {
    const key = cacheKey([cache.fingerprint, 'catalog-json-tool', layoutKey, declarationIdentity(tool, cache)])
    let part = cachedToolValues.text(cache.get(key))
    if (part === undefined) {
      let alone: string | undefined
      try {
        alone = layOutJson(catalogJson([tool]), layout)
      } catch {
        return undefined
      }
      if (alone === undefined || !alone.startsWith(open) || !alone.endsWith(close) || alone.length < open.length + close.length) return undefined
      part = alone.slice(open.length, alone.length - close.length)
      cache.set(key, part)
    }
    parts.push(part)
  }
  return `${open}${parts.join(',\n')}${close}`
}
