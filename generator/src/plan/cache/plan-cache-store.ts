import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { PlanCache } from '../../model/plan.js'
import type { ToolDeclaration } from '../../model/tool-declaration.js'

// Format: a JSON header line (format, version, fingerprint, a random `generation` per file written anew), then one
// segment per save: the values (texts as UTF-8, others as JSON), index lines `<t|j><offset>,<length>\t<key>` (offset
// `+n` from the segment's start, so a segment appends without knowing where it lands) or `-\t<key>` for a drop, and a
// fixed-length trailer `#<values length> <index length> <crc32> <generation>`. The reader walks back from the last
// trailer checking each crc: a torn append, truncation or flipped bytes read as an empty cache, never as other values.
const FORMAT = 'toolsmith-plan-cache'
const VERSION = 4
const NEWLINE = 0x0a
const TRAILER = /^#(\d{12}) (\d{12}) (\d{10}) ([0-9a-f]{16})\n$/
const TRAILER_LENGTH = 55
const digits = (value: number, width: number): string => String(value).padStart(width, '0')
// A key is written as is when it is ASCII without a tab or line break and does not start with a quote; else as JSON
// in ASCII (every other character as a `\u` escape), so that the index is ASCII and splits at its line breaks.
const PLAIN_KEY = /^(?!")[\u0000-\u0008\u000b\u000c\u000e-\u007f]*$/
const NOT_ASCII = /[^\u0000-\u007f]/g
const keyText = (key: string): string =>
  PLAIN_KEY.test(key) ? key : JSON.stringify(key).replace(NOT_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
// A lone surrogate has no UTF-8 form: a text holding any surrogate is kept as JSON, which escapes it.
const SURROGATE = /[\ud800-\udfff]/

// The value is not kept but decoded on each read (nearly all are read once), so the cache keeps nothing alive.
class ReadEntry {
  used = false
  broken = false

  constructor(
    readonly kind: 't' | 'j',
    readonly start: number,
    readonly length: number,
  ) {}
}

/** A file read: its bytes, its generation, and its index (`null` for an entry whose value lies where none may). */
interface ReadFile {
  readonly bytes: Buffer
  readonly generation: string
  readonly index: ReadonlyMap<string, ReadEntry | null>
}

/** What saving writes: a segment to append to the file read, or a whole file. */
export interface PlanCacheSave {
  readonly append: boolean
  readonly parts: readonly Buffer[]
}

/** A segment's place in the file: where its values, its index lines and its trailer start. */
interface Segment {
  readonly start: number
  readonly indexStart: number
  readonly end: number
}

/** The file's segments, first to last, each checked against its trailer; `undefined` unless they cover the body. */
function segmentsOf(bytes: Buffer, bodyStart: number, generation: string): Segment[] | undefined {
  const segments: Segment[] = []
  for (let end = bytes.length; end > bodyStart; ) {
    if (end - TRAILER_LENGTH < bodyStart) return undefined
    const trailer = TRAILER.exec(bytes.toString('latin1', end - TRAILER_LENGTH, end))
    if (trailer === null || trailer[4] !== generation) return undefined
    const indexStart = end - TRAILER_LENGTH - Number(trailer[2])
    const start = indexStart - Number(trailer[1])
    if (start < bodyStart || crc32(bytes.subarray(start, end - TRAILER_LENGTH)) !== Number(trailer[3])) return undefined
    segments.unshift({ start, indexStart, end: end - TRAILER_LENGTH })
    end = start
  }
  return segments.length === 0 ? undefined : segments
}

const [QUOTE, PLUS, DASH, TEXT, JSON_VALUE] = [0x22, 0x2b, 0x2d, 0x74, 0x6a]

function wholeNumber(text: string, start: number, end: number): number | undefined {
  const value = end > start ? Number(text.slice(start, end)) : Number.NaN
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** Applies a segment's index lines to `index` (`null` for a value outside where the segment may point); `false` on a
 * malformed line. Split by string searches: a large index has tens of thousands of lines, read before anything else. */
function applyIndex(index: Map<string, ReadEntry | null>, lines: string, segment: Segment, bodyStart: number): boolean {
  for (let at = 0; at < lines.length; ) {
    const end = lines.indexOf('\n', at)
    const tab = lines.indexOf('\t', at)
    if (end === -1 || tab === -1 || tab > end) return false
    const kind = lines.charCodeAt(at)
    let ref: ReadEntry | null | undefined
    if (kind === DASH) {
      if (tab !== at + 1) return false
    } else {
      if (kind !== TEXT && kind !== JSON_VALUE) return false
      const relative = lines.charCodeAt(at + 1) === PLUS
      const comma = lines.indexOf(',', at)
      if (comma === -1 || comma > tab) return false
      const offset = wholeNumber(lines, relative ? at + 2 : at + 1, comma)
      const length = wholeNumber(lines, comma + 1, tab)
      if (offset === undefined || length === undefined) return false
      const start = relative ? segment.start + offset : offset
      const inside = relative ? start + length <= segment.indexStart : start >= bodyStart && start + length <= segment.start
      ref = inside ? new ReadEntry(kind === TEXT ? 't' : 'j', start, length) : null
    }
    const key: unknown = lines.charCodeAt(tab + 1) === QUOTE ? JSON.parse(lines.slice(tab + 1, end)) : lines.slice(tab + 1, end)
    if (typeof key !== 'string') return false
    if (ref === undefined) index.delete(key)
    else index.set(key, ref)
    at = end + 1
  }
  return true
}

/** One run's plan cache: what an earlier run of this build saved, plus what this run stores. Saving keeps exactly the
 * entries this run used or stored. Values are plain JSON, never changed in place (store again with `set`). */
export class PlanCacheStore implements PlanCache {
  // What this run stored (read entries it used are marked in the index itself: one lookup per read).
  private readonly stored = new Map<string, unknown>()
  private readonly declarationKeys = new WeakMap<ToolDeclaration, string>()
  private usedCount = 0

  private constructor(
    readonly fingerprint: string,
    private readonly file: ReadFile | undefined,
  ) {}

  /** An empty store for the build `fingerprint`. */
  static empty(fingerprint: string): PlanCacheStore {
    return new PlanCacheStore(fingerprint, undefined)
  }

  /** The store saved as `bytes` if a well-formed cache of this build, else empty: a cache problem is never an error. */
  static parse(bytes: Uint8Array | undefined, fingerprint: string): PlanCacheStore {
    const empty = PlanCacheStore.empty(fingerprint)
    if (bytes === undefined) return empty
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const newline = buffer.indexOf(NEWLINE)
    if (newline === -1) return empty
    try {
      const header = JSON.parse(buffer.toString('utf8', 0, newline)) as { format?: unknown; version?: unknown; fingerprint?: unknown; generation?: unknown }
      if (typeof header !== 'object' || header === null) return empty
      if (header.format !== FORMAT || header.version !== VERSION || header.fingerprint !== fingerprint || typeof header.generation !== 'string') return empty
      const segments = segmentsOf(buffer, newline + 1, header.generation)
      if (segments === undefined) return empty
      const index = new Map<string, ReadEntry | null>()
      for (const segment of segments) {
        if (!applyIndex(index, buffer.toString('latin1', segment.indexStart, segment.end), segment, newline + 1)) return empty
      }
      return new PlanCacheStore(fingerprint, { bytes: buffer, generation: header.generation, index })
    } catch {
      return empty
    }
  }

  get(key: string): unknown {
    if (this.stored.has(key)) return this.stored.get(key)
    const entry = this.file?.index.get(key)
    if (entry === undefined || entry === null || entry.broken) return undefined
    let value: unknown
    try {
      const text = (this.file as ReadFile).bytes.toString('utf8', entry.start, entry.start + entry.length)
      value = entry.kind === 't' ? text : JSON.parse(text)
    } catch {
      entry.broken = true
      if (entry.used) {
        entry.used = false
        this.usedCount -= 1
      }
      return undefined
    }
    this.use(entry)
    return value
  }

  text(key: string): (() => string) | undefined {
    if (this.stored.has(key)) {
      const value = this.stored.get(key)
      return typeof value === 'string' ? () => value : undefined
    }
    const entry = this.file?.index.get(key)
    if (entry === undefined || entry === null) return undefined
    // A text (not a JSON value) decodes whatever its bytes: it is kept as read, and decoded when first asked for.
    if (entry.kind !== 't') {
      const value = this.get(key)
      return typeof value === 'string' ? () => value : undefined
    }
    this.use(entry)
    return () => this.get(key) as string
  }

  set(key: string, value: unknown): void {
    this.stored.set(key, value)
  }

  private use(entry: ReadEntry): void {
    if (!entry.used) {
      entry.used = true
      this.usedCount += 1
    }
  }

  /** Whether saving would change the file: something was stored, or a loaded entry went unused (and is dropped). */
  get changed(): boolean {
    return this.stored.size > 0 || this.usedCount !== (this.file?.index.size ?? 0)
  }

  /** The entries loaded and the entries used or stored by this run. */
  get size(): { readonly loaded: number; readonly used: number } {
    return { loaded: this.file?.index.size ?? 0, used: this.kept().length }
  }

  /** The entries saving keeps: those read and used, then those stored (each key once). */
  private kept(): readonly [string, ReadEntry | { readonly stored: unknown }][] {
    const kept: [string, ReadEntry | { readonly stored: unknown }][] = []
    for (const [key, entry] of this.file?.index ?? []) if (entry?.used === true && !this.stored.has(key)) kept.push([key, entry])
    for (const [key, value] of this.stored) kept.push([key, { stored: value }])
    return kept
  }

  /** The keys of the entries the file read holds (for tests and tools that look into a cache). */
  keys(): readonly string[] {
    return [...(this.file?.index.keys() ?? [])]
  }

  /** Records that `declaration` was loaded from the file of loader cache key `key` (see `declarationKey`). */
  noteDeclarationSource(declaration: ToolDeclaration, key: string): void {
    this.declarationKeys.set(declaration, key)
  }

  /** The loader key noted for `declaration` by this run (see `PlanCache.declarationKey`). */
  declarationKey(declaration: ToolDeclaration): string | undefined {
    return this.declarationKeys.get(declaration)
  }

  /** A whole file holding what this run used or stored (one segment, under a new generation). */
  serialize(): Buffer {
    return Buffer.concat(this.whole().parts)
  }

  /** A segment to append while the file stays at most twice the bytes its entries use, else a whole file. Appending is
   * right only while the file on disk is still the one read (other runs may have appended); the caller checks that. */
  saving(): PlanCacheSave {
    const file = this.file
    if (file === undefined) return this.whole()
    const values: Buffer[] = []
    const lines: string[] = []
    let appended = 0
    // The bytes the entries kept take: their values, and about a line of this length each in an index written anew.
    let live = 0
    file.index.forEach((entry, key) => {
      if (this.stored.has(key)) return
      if (entry?.used === true) live += entry.length + key.length + 24
      else lines.push(`-\t${keyText(key)}\n`)
    })
    for (const [key, value] of this.stored) {
      const encoded = encode(value)
      if (encoded === undefined) continue
      lines.push(`${encoded.kind}+${appended},${encoded.bytes.length}\t${keyText(key)}\n`)
      values.push(encoded.bytes)
      appended += encoded.bytes.length
      live += encoded.bytes.length + key.length + 24
    }
    const segment = this.segment(values, appended, lines, file.generation)
    return file.bytes.length + segment.length <= 2 * live ? { append: true, parts: segment.parts } : this.whole()
  }

  /** The file anew: a header, then one segment holding every value used or stored (those read are copied as read). */
  private whole(): PlanCacheSave {
    const generation = randomBytes(8).toString('hex')
    const header = Buffer.from(`${JSON.stringify({ format: FORMAT, version: VERSION, fingerprint: this.fingerprint, generation })}\n`)
    const values: Buffer[] = []
    const lines: string[] = []
    let offset = 0
    for (const [key, entry] of this.kept()) {
      const encoded =
        entry instanceof ReadEntry
          ? { kind: entry.kind, bytes: (this.file as ReadFile).bytes.subarray(entry.start, entry.start + entry.length) }
          : encode(entry.stored)
      if (encoded === undefined) continue
      values.push(encoded.bytes)
      lines.push(`${encoded.kind}+${offset},${encoded.bytes.length}\t${keyText(key)}\n`)
      offset += encoded.bytes.length
    }
    const segment = this.segment(values, offset, lines, generation)
    return { append: false, parts: [header, ...segment.parts] }
  }

  /** A segment: its values, its index lines and the trailer naming the file's generation. */
  private segment(values: readonly Buffer[], valuesLength: number, lines: readonly string[], generation: string): { readonly parts: Buffer[]; readonly length: number } {
    const index = Buffer.from(lines.join(''), 'latin1')
    let crc = 0
    for (const value of values) crc = crc32(value, crc)
    crc = crc32(index, crc)
    const trailer = Buffer.from(`#${digits(valuesLength, 12)} ${digits(index.length, 12)} ${digits(crc, 10)} ${generation}\n`, 'latin1')
    return { parts: [...values, index, trailer], length: valuesLength + index.length + trailer.length }
  }
}

/** A text (without surrogates) as UTF-8, anything else as JSON; `undefined` for what JSON cannot hold. */
function encode(value: unknown): { readonly kind: 't' | 'j'; readonly bytes: Buffer } | undefined {
  if (typeof value === 'string' && !SURROGATE.test(value)) return { kind: 't', bytes: Buffer.from(value, 'utf8') }
  const json = JSON.stringify(value) as string | undefined
  return json === undefined ? undefined : { kind: 'j', bytes: Buffer.from(json, 'utf8') }
}
