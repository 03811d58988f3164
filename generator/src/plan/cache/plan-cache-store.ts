import { isAscii } from 'node:buffer'
import { createHash } from 'node:crypto'
import type { PlanCache } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'

// The file is a header line, then one line per entry: its key as a JSON string, a tab, its value as JSON. The header
// names the format and version, the build that wrote it and a checksum of the entries' bytes, so a file of another
// kind, layout or build, a truncated write or flipped bytes are all ignored whole rather than trusted. The entries are
// written in ASCII (every other character as a `\u` escape): a text of one-byte characters converts to and from bytes
// many times faster than one holding a single wider character, which a few descriptions would otherwise make of the
// whole file. JSON text holds no raw tab or newline, so a line splits at its first tab. An entry is parsed only when
// the run asks for it, and one the run used but did not store again is saved as the very text it was read from.
const FORMAT = 'toolsmith-plan-cache'
const VERSION = 3
const NEWLINE = 0x0a
const NOT_ASCII = /[^\u0000-\u007f]/
const NOT_ASCII_ALL = /[^\u0000-\u007f]/g

const checksum = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('base64url')
// JSON.stringify has already escaped lone surrogates; a pair becomes two escapes, which JSON.parse joins again.
const asciiJson = (text: string): string =>
  NOT_ASCII.test(text) ? text.replace(NOT_ASCII_ALL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) : text

/** An entry's line (without its newline): the key, a tab, the value, in ASCII JSON. */
const entryLine = (key: string, value: unknown): string => asciiJson(`${JSON.stringify(key)}\t${JSON.stringify(value)}`)

/** A value of this run: what it is, and the line it was read from while the run has not stored another. */
interface UsedEntry {
  readonly value: unknown
  readonly line: string | undefined
}

/**
 * The lines of an entries text by key, each an entry's whole line; `undefined` when a line is not a JSON string key,
 * a tab and a value.
 */
function entryLines(body: string): Map<string, string> | undefined {
  const lines = new Map<string, string>()
  for (let start = 0; start < body.length; ) {
    let end = body.indexOf('\n', start)
    if (end === -1) end = body.length
    const tab = body.indexOf('\t', start)
    if (tab === -1 || tab > end) return undefined
    const key: unknown = JSON.parse(body.slice(start, tab))
    if (typeof key !== 'string') return undefined
    lines.set(key, body.slice(start, end))
    start = end + 1
  }
  return lines
}

/**
 * The plan cache of one run, in memory: the entries an earlier run saved (only those made by this very generator
 * build, see `fingerprint`), plus what this run stores. Saving keeps exactly the entries this run used or stored,
 * so entries of changed inputs and removed tools are dropped and the cache stays the size of one plan. Values are
 * plain JSON and never changed in place (a changed value is stored again with `set`).
 */
export class PlanCacheStore implements PlanCache {
  private readonly used = new Map<string, UsedEntry>()
  private readonly declarationKeys = new WeakMap<ToolDeclaration, string>()
  private stored = false

  private constructor(
    readonly fingerprint: string,
    private readonly loaded: ReadonlyMap<string, string>,
  ) {}

  /** An empty store for the build `fingerprint`. */
  static empty(fingerprint: string): PlanCacheStore {
    return new PlanCacheStore(fingerprint, new Map())
  }

  /**
   * The store saved as `bytes`, when it is a well-formed cache of this build; otherwise (absent, corrupt, truncated,
   * another format, version or build) an empty store: a cache problem is never an error, only a slower run. An entry
   * whose value does not parse reads as absent.
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
      const lines = entryLines(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1'))
      return lines === undefined ? empty : new PlanCacheStore(fingerprint, lines)
    } catch {
      return empty
    }
  }

  get(key: string): unknown {
    const used = this.used.get(key)
    if (used !== undefined) return used.value
    const line = this.loaded.get(key)
    if (line === undefined) return undefined
    let value: unknown
    try {
      value = JSON.parse(line.slice(line.indexOf('\t') + 1))
    } catch {
      return undefined
    }
    this.used.set(key, { value, line })
    return value
  }

  set(key: string, value: unknown): void {
    this.used.set(key, { value, line: undefined })
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
    const lines: string[] = []
    for (const [key, { value, line }] of this.used) lines.push(line ?? entryLine(key, value))
    const body = Buffer.from(lines.join('\n'), 'latin1')
    const header = JSON.stringify({ format: FORMAT, version: VERSION, fingerprint: this.fingerprint, checksum: checksum(body) })
    return [Buffer.from(`${header}\n`), body]
  }
}
