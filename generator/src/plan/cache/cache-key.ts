import { hash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import { processMemo } from '../../base/bounded.js'
import type { KnownText, PlanCache } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'
import type { ToolPaths } from '../output-paths.js'
import { type CodeFormatter, layoutKeyOf } from '../../model/code-formatter.js'

/** Whether `value` is a JSON object (what cached values are read back as, before their fields are checked). */
export const isObject = (value: unknown): value is { readonly [key: string]: unknown } => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The cache key of a value made from `parts` (texts or bytes): SHA-256 over each part prefixed with its length, so no two different
 * lists of parts share a key (`['ab', 'c']` and `['a', 'bc']` do not).
 */
export function cacheKey(parts: readonly (string | Uint8Array)[]): string {
  // Texts and bytes are told apart too, by their length prefix (`5:` against `5b:`). The parts are hashed as one
  // input (the same digest as feeding them one by one): a one-shot hash of a run's thousands of small keys costs a
  // third of a streaming one.
  let text = ''
  for (const part of parts) {
    if (typeof part !== 'string') return bytesKey(parts)
    text += `${part.length}:${part}`
  }
  return hash('sha256', text, 'base64url')
}

/** `cacheKey` of parts some of which are bytes. */
function bytesKey(parts: readonly (string | Uint8Array)[]): string {
  const buffers = parts.map((part) => (typeof part === 'string' ? Buffer.from(`${part.length}:${part}`) : Buffer.concat([Buffer.from(`${part.length}b:`), part])))
  return hash('sha256', Buffer.concat(buffers), 'base64url')
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

/** What a declaration's entry holds planned from it. */
export type PlannedPart = 'module' | 'stub' | 'catalog-section' | 'catalog-json' | 'code-mode-sdk'

/**
 * One declaration's entry in the plan cache. For a declaration loaded through the cache it is the entry of its file
 * (the generator build, the file's name and bytes; see `cachedDeclarationSource`, whose fields it keeps), else one
 * keyed by the declaration's exact content. It holds everything planned from it: the generated module, the stub
 * created from it, its part of the catalog section, of catalog.json and of the Code Mode SDK, each stored under a key
 * of what else its planning read (the layout options for its path, the template, the output type), so a part planned
 * under other inputs is not found, and is dropped once no run uses it. Each part is an entry of the cache of its own,
 * read only when asked for. A stub that already exists is merged from its own text, not from the declaration: that
 * merge is kept under a key of the stub's text instead (see `toolCacheKeys`).
 */
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

  // The part's key in the cache: the entry's, the part and the part key (hashed when longer than a hash).
  private partEntry(part: PlannedPart, partKey: string): string {
    return `${this.key}\u0000${part}\u0000${partKey.length <= HASH_LENGTH ? partKey : `#${hashedKey(partKey)}`}`
  }
}

// The length of a base64url SHA-256, the length of most part keys; a longer one (a layout key) is hashed, once.
const HASH_LENGTH = 43
function hashedKey(key: string): string {
  let hashed = processMemo.get<string>('part-key', key)
  if (hashed === undefined) {
    hashed = cacheKey([key])
    processMemo.set('part-key', key, hashed)
  }
  return hashed
}

/**
 * A file's identity and times as one text (size, modification and change times in nanoseconds, inode, device), for
 * records of what a run saw: any write changes the ctime, which no tool can set back.
 */
export const statText = (stats: BigIntStats): string => `${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino} ${stats.dev}`

const SECOND = 1_000_000_000n
// A file system that keeps sub-second times keeps them to a few milliseconds at most (the Linux ones to the kernel's
// tick, NTFS, APFS); one that keeps whole seconds may keep them to 2 s (FAT; HFS+ and ext3 keep 1 s).
const FINE_TICK = 100_000_000n
const COARSE_TICK = 2n * SECOND

/**
 * Whether a file whose stat is `stats` was last changed long enough before `now` (nanoseconds since the epoch) that
 * any later write gives it other times: both its modification and change times are older than its file system's
 * timestamp tick, judged by its modification time (a sub-second part means a fine one; whole seconds, 2 s). A record
 * of an earlier stat stands for the file's text only when that stat was settled.
 */
export function isSettled(stats: Pick<BigIntStats, 'mtimeNs' | 'ctimeNs'>, now: bigint): boolean {
  const before = now - (stats.mtimeNs % SECOND === 0n ? COARSE_TICK : FINE_TICK)
  return stats.mtimeNs < before && stats.ctimeNs < before
}

/** The key of a text kept by its SHA-256 (`textHash`): an output's text, kept so a later run need not print or read it. */
export const textKey = (hash: string): string => `text\u0000${hash}`

/** The SHA-256 of `text` (its UTF-8 bytes), base64url: the hash the output records hold and texts are kept under. */
export const textHash = (text: string): string => hash('sha256', text, 'base64url')

/** Where one tool's outputs are kept in the plan cache; `undefined` where an output may not be cached. */
export interface ToolCacheKeys {
  /** The declaration's entry (see `DeclarationEntry`), when there is a cache. */
  readonly entry: DeclarationEntry | undefined
  /** The entry's part key of `<out>/generated/<name>.ts` and its output type for the catalog. */
  readonly module: string | undefined
  /** The planned stub `<out>/<name>.ts` and the problems found planning it: a part of the entry when it is created from the declaration, its own key when it is merged from the stub on disk. */
  readonly stub: { readonly part: string } | { readonly key: string } | undefined
}

/** What a tool's keys are made from besides its declaration. */
export interface ToolCacheInputs {
  readonly cache: PlanCache | undefined
  readonly formatter: CodeFormatter
  readonly paths: ToolPaths
  /** The stub on disk, `undefined` when there is none. */
  readonly existingStub: KnownText | undefined
  /** Identifies the stub template: the shipped one by name (its text is in the fingerprint), a project's copy by name and text; `''` when there is none. */
  readonly stubTemplate: string
}

/**
 * The keys of a tool's outputs, each a hash of everything its planning reads besides the declaration (which its
 * entry stands for: its file's bytes, or its exact JSON):
 * - generated module: its path (which holds `out`) and the resolved prettier options for that path;
 * - a stub created from the declaration: its path, the resolved prettier options for that path and the stub template;
 * - a stub merged: the generator build, its path, the resolved prettier options and the hash of the stub's exact
 *   text (a merge reads nothing else, so a changed declaration finds it still).
 * A stub's path fixes the tool's name, from which its wiring names derive (`toolIdentifiers`), so they are not keyed apart.
 * Generated TypeScript laid out with prettier plugins is never cached (see `isCacheableLayout`).
 */
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
