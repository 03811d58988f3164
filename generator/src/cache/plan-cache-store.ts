import { createHash } from 'node:crypto'
import type { PlanCache } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'

// The file is a header line, then the entries as JSON. The header names the format and version, the build that
// wrote it and a checksum of the entries' bytes, so a file of another kind, layout or build, a truncated write or
// flipped bytes are all ignored whole rather than trusted.
const FORMAT = 'toolsmith-plan-cache'
const VERSION = 1
const NEWLINE = 0x0a

const checksum = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url')

/**
 * The plan cache of one run, in memory: the entries an earlier run saved (only those made by this very generator
 * build, see `fingerprint`), plus what this run stores. Saving keeps exactly the entries this run used or stored,
 * so entries of changed inputs and removed tools are dropped and the cache stays the size of one plan.
 */
export class PlanCacheStore implements PlanCache {
  private readonly used = new Map<string, unknown>()
  private readonly declarationKeys = new WeakMap<ToolDeclaration, string>()
  private stored = false

  private constructor(
    readonly fingerprint: string,
    private readonly loaded: ReadonlyMap<string, unknown>,
  ) {}

  /** An empty store for the build `fingerprint`. */
  static empty(fingerprint: string): PlanCacheStore {
    return new PlanCacheStore(fingerprint, new Map())
  }

  /**
   * The store saved as `bytes`, when it is a well-formed cache of this build; otherwise (absent, corrupt, truncated,
   * another format, version or build) an empty store: a cache problem is never an error, only a slower run.
   */
  static parse(bytes: Uint8Array | undefined, fingerprint: string): PlanCacheStore {
    const empty = PlanCacheStore.empty(fingerprint)
    const newline = bytes?.indexOf(NEWLINE) ?? -1
    if (bytes === undefined || newline === -1) return empty
    try {
      const decoder = new TextDecoder('utf-8', { fatal: true })
      const header = JSON.parse(decoder.decode(bytes.subarray(0, newline))) as { format?: unknown; version?: unknown; fingerprint?: unknown; checksum?: unknown }
      if (typeof header !== 'object' || header === null) return empty
      if (header.format !== FORMAT || header.version !== VERSION || header.fingerprint !== fingerprint) return empty
      const body = bytes.subarray(newline + 1)
      if (header.checksum !== checksum(body)) return empty
      const entries: unknown = JSON.parse(decoder.decode(body))
      if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return empty
      return new PlanCacheStore(fingerprint, new Map(Object.entries(entries)))
    } catch {
      return empty
    }
  }

  get(key: string): unknown {
    const value = this.used.get(key) ?? this.loaded.get(key)
    if (value !== undefined) this.used.set(key, value)
    return value
  }

  set(key: string, value: unknown): void {
    this.used.set(key, value)
    this.stored = true
  }

  /** Whether saving would change the file: something was stored, or a loaded entry went unused (and is dropped). */
  get changed(): boolean {
    return this.stored || this.used.size !== this.loaded.size
  }

  /** The entries loaded and the entries used or stored by this run. */
  get size(): { readonly loaded: number; readonly used: number } {
    return { loaded: this.loaded.size, used: this.used.size }
  }

  /** Records that `declaration` was loaded from the file of loader cache key `key` (see `declarationKey`). */
  noteDeclarationSource(declaration: ToolDeclaration, key: string): void {
    this.declarationKeys.set(declaration, key)
  }

  declarationKey(declaration: ToolDeclaration): string | undefined {
    return this.declarationKeys.get(declaration)
  }

  /** The file's bytes, holding what this run used or stored. */
  serialize(): Buffer {
    const body = Buffer.from(JSON.stringify(Object.fromEntries(this.used)))
    const header = JSON.stringify({ format: FORMAT, version: VERSION, fingerprint: this.fingerprint, checksum: checksum(body) })
    return Buffer.concat([Buffer.from(`${header}\n`), body])
  }
}
