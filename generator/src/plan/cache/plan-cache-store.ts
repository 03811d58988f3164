import { isAscii } from 'node:buffer'
import { createHash } from 'node:crypto'
import type { PlanCache } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'

// The file is a header line, then the entries as JSON. The header names the format and version, the build that
// wrote it and a checksum of the entries' bytes, so a file of another kind, layout or build, a truncated write or
// flipped bytes are all ignored whole rather than trusted. The entries are written in ASCII (every other character
// as a `\u` escape): a text of one-byte characters converts to and from bytes many times faster than one holding a
// single wider character, which a few descriptions would otherwise make of the whole file.
const FORMAT = 'toolsmith-plan-cache'
const VERSION = 2
const NEWLINE = 0x0a
const NOT_ASCII = /[^\u0000-\u007f]/
const NOT_ASCII_ALL = /[^\u0000-\u007f]/g

const checksum = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url')
// JSON.stringify has already escaped lone surrogates; a pair becomes two escapes, which JSON.parse joins again.
const asciiJson = (text: string): string =>
  NOT_ASCII.test(text) ? text.replace(NOT_ASCII_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : text

/**
 * The entries as the bytes of one ASCII JSON object. Each entry is written, escaped and converted alone, so the few
 * holding a wider character never make the whole text a two-byte string (slow to convert).
 */
function entriesJson(entries: ReadonlyMap<string, unknown>): Buffer {
  const parts: Buffer[] = []
  let separator = '{'
  for (const [key, value] of entries) {
    parts.push(Buffer.from(`${separator}${asciiJson(`${JSON.stringify(key)}:${JSON.stringify(value)}`)}`, 'latin1'))
    separator = ','
  }
  parts.push(Buffer.from(parts.length === 0 ? '{}' : '}', 'latin1'))
  return Buffer.concat(parts)
}

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
      if (header.checksum !== checksum(body) || !isAscii(body)) return empty
      const entries: unknown = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1'))
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

  /** The loader key noted for `declaration` by this run (see `PlanCache.declarationKey`). */
  declarationKey(declaration: ToolDeclaration): string | undefined {
    return this.declarationKeys.get(declaration)
  }

  /** The file's bytes, holding what this run used or stored. */
  serialize(): Buffer {
    return Buffer.concat(this.serializeParts())
  }

  /** The file's bytes in two parts (written with one `writev`, without copying): the header line, then the entries. */
  serializeParts(): [Buffer, Buffer] {
    const body = entriesJson(this.used)
    const header = JSON.stringify({ format: FORMAT, version: VERSION, fingerprint: this.fingerprint, checksum: checksum(body) })
    return [Buffer.from(`${header}\n`), body]
  }
}
