import type { ToolPaths } from '../emit/output-paths.js'
import type { WiringNames } from '../emit/stub/find-stub-wiring.js'
import type { CodeFormatter } from '../format/code-formatter.js'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { cacheKey } from './cache-key.js'
import { isCacheableLayout } from './cacheable-layout.js'
import { declarationIdentity } from './declaration-identity.js'
import { exactJson } from './exact-json.js'

/** The plan cache keys of one tool's two outputs; `undefined` where its output may not be cached. */
export interface ToolCacheKeys {
  /** Of `<out>/generated/<name>.ts` and its output type for the catalog. */
  readonly module: string | undefined
  /** Of the planned stub `<out>/<name>.ts` and the problems found planning it. */
  readonly stub: string | undefined
}

/** What a tool's keys are made from besides its declaration. */
export interface ToolCacheInputs {
  readonly cache: PlanCache | undefined
  readonly formatter: CodeFormatter
  readonly paths: ToolPaths
  readonly names: WiringNames
  /** The stub on disk, `undefined` when there is none. */
  readonly existingStub: string | undefined
  /** Identifies the stub template: the shipped one by name (its text is in the fingerprint), a project's copy by name and text; `''` when there is none. */
  readonly stubTemplate: string
}

/**
 * The keys of a tool's outputs, each a hash of everything its planning reads:
 * - generated module: the generator build, the declaration (its exact JSON: names, texts, specs, limits, hints,
 *   source file; or the key of the bytes it was loaded from, see `PlanCache.declarationKey`), its path (which holds
 *   `out`) and the resolved prettier options for that path;
 * - stub: the generator build, its path, the wiring names, the resolved prettier options for that path, and then
 *   either the stub's exact text (a merge reads nothing else) or, when there is none yet, the declaration and the
 *   stub template it would be created from.
 * Generated TypeScript laid out with prettier plugins is never cached (see `isCacheableLayout`).
 */
export async function toolCacheKeys(declaration: ToolDeclaration, inputs: ToolCacheInputs): Promise<ToolCacheKeys> {
  const { cache, formatter, paths, names, existingStub } = inputs
  if (cache === undefined) return { module: undefined, stub: undefined }
  const [moduleLayout, moduleKey, stubLayout, stubKey] = await Promise.all([
    formatter.layoutOptions(paths.generated),
    formatter.layoutKey(paths.generated),
    formatter.layoutOptions(paths.stub),
    formatter.layoutKey(paths.stub),
  ])
  const declared = declarationIdentity(declaration, cache)
  const stubSource = existingStub === undefined ? ['absent', declared, inputs.stubTemplate] : ['present', existingStub]
  return {
    module: isCacheableLayout(moduleLayout) ? cacheKey([cache.fingerprint, 'module', paths.generated, moduleKey, declared]) : undefined,
    stub: isCacheableLayout(stubLayout) ? cacheKey([cache.fingerprint, 'stub', paths.stub, exactJson(names), stubKey, ...stubSource]) : undefined,
  }
}
