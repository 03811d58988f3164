import { createHash } from 'node:crypto'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import type { ToolPaths } from '../emit/output-paths.js'
import type { WiringNames } from '../emit/stub/find-stub-wiring.js'
import type { CodeFormatter } from '../format/code-formatter.js'

/**
 * The cache key of a value made from `parts` (texts or bytes): SHA-256 over each part prefixed with its length, so no two different
 * lists of parts share a key (`['ab', 'c']` and `['a', 'bc']` do not).
 */
export function cacheKey(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256')
  // Texts and bytes are told apart too, by their length prefix (`5:` against `5b:`).
  for (const part of parts) hash.update(typeof part === 'string' ? `${part.length}:` : `${part.length}b:`).update(part)
  return hash.digest('base64url')
}

/**
 * Whether output formatted with these resolved prettier options may be cached under their key. Not with plugins:
 * the options name a plugin, not its code, so an upgraded plugin would leave the key as it was.
 */
export function isCacheableLayout(options: { readonly plugins?: readonly unknown[] }): boolean {
  return options.plugins === undefined || options.plugins.length === 0
}

/**
 * A text that tells apart every two JSON values the emitters could render differently, for cache keys: own data
 * properties in insertion order (an own `__proto__` key is a key), `-0` apart from `0`, and anything that is not
 * JSON (`undefined`, `NaN`, a function) spelled so it cannot pass for a JSON value.
 */
export function exactJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? JSON.stringify(value) : `#${String(value)}`
  if (Array.isArray(value)) return `[${value.map((item: unknown) => exactJson(item)).join(',')}]`
  if (typeof value === 'object') {
    const members: string[] = []
    for (const key of Object.keys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)
      members.push(`${JSON.stringify(key)}:${descriptor !== undefined && 'value' in descriptor ? exactJson(descriptor.value) : '#accessor'}`)
    }
    return `{${members.join(',')}}`
  }
  return `#${typeof value}`
}

/**
 * Whether `value` comes back from `JSON.stringify` then `JSON.parse` as the same value (`exactJson` alike): only
 * null, booleans, strings, finite numbers other than `-0` (which JSON writes as `0`), arrays and objects of own data
 * properties. A value that would not is not cached.
 */
export function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every((item: unknown) => survivesJson(item))
  if (typeof value !== 'object' || Object.getOwnPropertySymbols(value).length > 0) return false
  const descriptors = Object.getOwnPropertyDescriptors(value)
  return Object.values(descriptors).every((descriptor) => descriptor.enumerable === true && 'value' in descriptor && survivesJson(descriptor.value))
}

/**
 * What stands for the whole of `declaration` in cache keys: the loader's key of the file it came from when the cache
 * knows it (the same bytes loaded by the same build give the same declaration; see `PlanCache.declarationKey`), else
 * its exact content. The two kinds are prefixed, so they never meet.
 */
export function declarationIdentity(declaration: ToolDeclaration, cache: PlanCache): string {
  const sourceKey = cache.declarationKey?.(declaration)
  return sourceKey === undefined ? `content ${exactJson(declaration)}` : `source ${sourceKey}`
}

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
