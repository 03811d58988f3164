import { hash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import type { KnownText, PlanCache } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import type { ToolPaths } from '../output-paths.js'
import { type CodeFormatter, layoutKeyOf } from '../../model/code-formatter.js'

/** SHA-256 over `parts` (texts or bytes), each length-prefixed so `['ab', 'c']` and `['a', 'bc']` differ. */
export function cacheKey(parts: readonly (string | Uint8Array)[]): string {
  // Bytes are prefixed `5b:`, texts `5:`. One-shot hashing of the joined text gives the streaming digest, cheaper.
  let text = ''
  for (const part of parts) {
    if (typeof part !== 'string') return bytesKey(parts)
    text += `${part.length}:${part}`
  }
  return hash('sha256', text, 'base64url')
}

function bytesKey(parts: readonly (string | Uint8Array)[]): string {
  const buffers = parts.map((part) => (typeof part === 'string' ? Buffer.from(`${part.length}:${part}`) : Buffer.concat([Buffer.from(`${part.length}b:`), part])))
  return hash('sha256', Buffer.concat(buffers), 'base64url')
}

/** Whether output formatted with these options may be cached: not with plugins, whose upgrade the key cannot see. */
export function isCacheableLayout(options: { readonly plugins?: readonly unknown[] }): boolean {
  return options.plugins === undefined || options.plugins.length === 0
}

/** A cache-key text telling apart any two values the emitters could render differently: own data properties in order
 * (an own `__proto__` is a key), `-0` apart from `0`, and non-JSON values spelled so they cannot pass for JSON. */
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

/** Whether `value` survives a JSON round trip with the same `exactJson` (`-0` does not); others are not cached. */
export function survivesJson(value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) return value.every((item: unknown) => survivesJson(item))
  if (typeof value !== 'object' || Object.getOwnPropertySymbols(value).length > 0) return false
  const descriptors = Object.getOwnPropertyDescriptors(value)
  return Object.values(descriptors).every((descriptor) => descriptor.enumerable === true && 'value' in descriptor && survivesJson(descriptor.value))
}

/** What a declaration's entry holds planned from it. */
export type PlannedPart = 'module' | 'stub' | 'catalog-section' | 'catalog-json' | 'code-mode-sdk'

/** One declaration's plan cache entry (its file's bytes, else its exact JSON), holding every part planned from it, each
 * under a key of the other inputs its planning read, so a part planned under other inputs is not found. */
export class DeclarationEntry {
  readonly key: string

  constructor(
    private readonly cache: PlanCache,
    declaration: ToolDeclaration,
  ) {
    this.key = cache.declarationKey?.(declaration) ?? cacheKey([cache.fingerprint, 'declaration', exactJson(declaration)])
  }

  /** The part stored under `partKey`, unchecked (the caller checks its shape), or `undefined`. */
  get(part: PlannedPart, partKey: string): unknown {
    return this.cache.get(this.partEntry(part, partKey))
  }

  /** Stores `value` (plain JSON; a text is kept as it is) as the part planned under `partKey`. */
  set(part: PlannedPart, partKey: string, value: unknown): void {
    this.cache.set(this.partEntry(part, partKey), value)
  }

  /** The part under `partKey` if `read` accepts it, else what `make` answers, stored unless `undefined`. */
  memo<T>(part: PlannedPart, partKey: string, read: (value: unknown) => T | undefined, make: () => T): T {
    const cached = read(this.get(part, partKey))
    if (cached !== undefined) return cached
    const made = make()
    if (made !== undefined) this.set(part, partKey, made)
    return made
  }

  // Every part key is a `cacheKey` (a hash), so an entry's keys stay short whatever the inputs.
  private partEntry(part: PlannedPart, partKey: string): string {
    return `${this.key}\u0000${part}\u0000${partKey}`
  }
}

/** A file's size, times (ns), inode and device as one text: any write changes the ctime, which no tool can set back. */
export const statText = (stats: BigIntStats): string => `${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino} ${stats.dev}`

const SECOND = 1_000_000_000n
// Sub-second file systems tick every few ms at most; whole-second ones may tick every 2 s (FAT).
const FINE_TICK = 100_000_000n
const COARSE_TICK = 2n * SECOND

/** Whether both times are older than the file system's tick before `now` (ns), so any later write changes them; only a
 * settled stat may stand for a file's text. Whole-second mtimes mean a coarse tick. */
export function isSettled(stats: Pick<BigIntStats, 'mtimeNs' | 'ctimeNs'>, now: bigint): boolean {
  const before = now - (stats.mtimeNs % SECOND === 0n ? COARSE_TICK : FINE_TICK)
  return stats.mtimeNs < before && stats.ctimeNs < before
}

/** The cache key of an output text kept by its `textHash`. */
export const textKey = (hash: string): string => `text\u0000${hash}`

/** The base64url SHA-256 of `text`'s UTF-8 bytes, as output records hold it. */
export const textHash = (text: string): string => hash('sha256', text, 'base64url')

/** Where one tool's outputs are kept in the plan cache; `undefined` where an output may not be cached. */
export interface ToolCacheKeys {
  /** The declaration's entry (see `DeclarationEntry`), when there is a cache. */
  readonly entry: DeclarationEntry | undefined
  /** The part key of the generated module and its output type. */
  readonly module: string | undefined
  /** The stub's: a part of the entry when created from the declaration, a key of its own when merged. */
  readonly stub: { readonly part: string } | { readonly key: string } | undefined
}

/** What a tool's keys are made from besides its declaration. */
export interface ToolCacheInputs {
  readonly cache: PlanCache | undefined
  readonly formatter: CodeFormatter
  readonly paths: ToolPaths
  /** The stub on disk, `undefined` when there is none. */
  readonly existingStub: KnownText | undefined
  /** The shipped template by name (its text is in the fingerprint), a project's copy by name and text; `''`: none. */
  readonly stubTemplate: string
}

/** The keys of a tool's outputs: what its planning reads besides the declaration (path, layout, a created stub's
 * template). A merge reads only the stub's text, so a changed declaration still finds it. */
export async function toolCacheKeys(declaration: ToolDeclaration, inputs: ToolCacheInputs): Promise<ToolCacheKeys> {
  const { cache, formatter, paths, existingStub } = inputs
  if (cache === undefined) return { entry: undefined, module: undefined, stub: undefined }
  const moduleLayout = await formatter.layoutOptions(paths.generated)
  const stubLayout = await formatter.layoutOptions(paths.stub)
  const [moduleKey, stubKey] = [layoutKeyOf(moduleLayout), layoutKeyOf(stubLayout)]
  const stub = !isCacheableLayout(stubLayout)
    ? undefined
    : existingStub === undefined
      ? { part: cacheKey(['stub', paths.stub, stubKey, inputs.stubTemplate]) }
      : { key: cacheKey([cache.fingerprint, 'stub-merge', paths.stub, stubKey, existingStub.hash]) }
  return {
    entry: new DeclarationEntry(cache, declaration),
    module: isCacheableLayout(moduleLayout) ? cacheKey(['module', paths.generated, moduleKey]) : undefined,
    stub,
  }
}
