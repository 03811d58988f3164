import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { exactJson } from './exact-json.js'

/**
 * What stands for the whole of `declaration` in cache keys: the loader's key of the file it came from when the cache
 * knows it (the same bytes loaded by the same build give the same declaration; see `PlanCache.declarationKey`), else
 * its exact content. The two kinds are prefixed, so they never meet.
 */
export function declarationIdentity(declaration: ToolDeclaration, cache: PlanCache): string {
  const sourceKey = cache.declarationKey?.(declaration)
  return sourceKey === undefined ? `content ${exactJson(declaration)}` : `source ${sourceKey}`
}
