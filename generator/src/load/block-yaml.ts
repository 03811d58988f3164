import { MAX_YAML_VALUES } from './parse-yaml-source.js'
import { pointerTokens } from './read-yaml-json.js'

/** A YAML text read by the fast path: its JSON value and where the root's `name` value is written. */
export interface BlockYaml {
  /** Plain JSON, built as the full path builds it (own data properties, a `__proto__` key stays a key). */
  readonly value: Record<string, unknown>
  /** The 1-based line and column of the root mapping's `name` value, when it is a scalar written on a line. */
  readonly nameAt: { readonly line: number; readonly column: number } | undefined
  /** With `positions`: where a JSON Pointer into `value` points, by locateJsonPointer's rules. */
  readonly locate?: (pointer: string, atKey?: boolean) => { line: number; column: number }
}

/** A 1-based line and column. */
type Position = { readonly line: number; readonly column: number }

/** Where a value is written, and, for a mapping or list, where its members are. */
interface Slot {
  readonly at: Position
  readonly scalar: boolean
  /** A scalar with nothing written (`key:`). */
  readonly empty: boolean
  readonly members?: Map<string, { readonly key: Position; readonly slot: Slot }>
  readonly items?: Slot[]
}

/**
 * Fast path for the block YAML most declarations use, giving the value the full path (yaml, core schema, JSON) gives.
 * Anything it does not handle, or the full path would report, gives `undefined`: it never decides a file is valid.
 */
export function readBlockYaml(text: string, positions = false): BlockYaml | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined
  try {
    return new BlockReader(text, positions).document()
  } catch (error) {
    if (error === DECLINE) return undefined
    throw error
  }
}

// Characters the full path has special rules or errors for (tabs, CR, controls, BOM, separators, lone surrogates).
const UNSUPPORTED_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]|[\ud800-\udfff]/u

// Assignment keeps V8's fast mode; a name on Object.prototype (`__proto__`, a polluted setter) is defined instead.
function define(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key in out) Object.defineProperty(out, key, { __proto__: null, value, enumerable: true, writable: true, configurable: true } as PropertyDescriptor)
  else out[key] = value
}

/** Thrown to give up on the fast path; the full path decides. */
const DECLINE: unique symbol = Symbol('decline')
function decline(): never {
  throw DECLINE
}

// Deeper than any declaration goes; the full path has the real bound.
const MAX_DEPTH = 128
// The first character of a plain scalar (or key) that the fast path accepts: not an indicator, not a space.
const PLAIN_FIRST = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/
const NULL = /^(?:~|[Nn]ull|NULL)?$/
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const INT = /^[-+]?[0-9]+$/
const OCT = /^0o[0-7]+$/
const HEX = /^0x[0-9a-fA-F]+$/
const NOT_FINITE = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/
// Escapes of YAML's double-quoted style that mean the same in JSON; the others (\x, \U, \N, \_, \0, \ …) decline.
const JSON_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

/** A plain scalar's value under the YAML 1.2 core schema, as yaml resolves it (`.inf`/`.nan` decline: not JSON). */
function resolvePlain(source: string): unknown {
  const first = source.charCodeAt(0)
  // Letters other than n/N/t/T/f/F start only strings.
  if ((first >= 0x41 && first <= 0x7a && !'nNtTfF'.includes(source[0] as string)) || first > 0x7f) return source
  if (NULL.test(source)) return null
  if (BOOL.test(source)) return source[0] === 't' || source[0] === 'T'
  if (OCT.test(source)) return finite(parseInt(source.substring(2), 8))
  if (INT.test(source)) return finite(parseInt(source, 10))
  if (HEX.test(source)) return finite(parseInt(source.substring(2), 16))
  if (NOT_FINITE.test(source)) decline()
  if (FLOAT.test(source)) return finite(parseFloat(source))
  return source
}

/** A number JSON can hold; `1e400` overflows to Infinity, which the full path refuses. */
function finite(value: number): number {
  return Number.isFinite(value) ? value : decline()
}

// YAML trims spaces only (tabs never get here): String.prototype.trim would also drop U+00A0 and other spaces.
function trimEnd(text: string): string {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--
  return text.slice(0, end)
}

function trim(text: string): string {
  return trimEnd(text.slice(indentOf(text)))
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c === 0x23) return true // a comment line
    if (c !== 0x20) return false
  }
  return true
}

/** Whether a sequence indicator is at `at`: a `-` before a space or the line's end. */
function isDash(line: string, at: number): boolean {
  return line[at] === '-' && (line[at + 1] === ' ' || line.length === at + 1)
}

function indentOf(line: string): number {
  let i = 0
  while (line.charCodeAt(i) === 0x20) i++
  return i
}

/** Where a mapping entry's `:` is on a line from `column` on, or -1 when the text there is not `key:` / `key: …`. */
function keyEnd(line: string, column: number): number {
  const first = line[column]
  if (first === '"' || first === "'") {
    const close = closingQuote(line, column + 1, first)
    if (close < 0) return -1
    let at = close + 1
    while (line[at] === ' ') at++
    return line[at] === ':' && (at + 1 === line.length || line[at + 1] === ' ') ? at : -1
  }
  for (let at = line.indexOf(':', column); at >= 0; at = line.indexOf(':', at + 1)) {
    if (at + 1 === line.length || line[at + 1] === ' ') return at
  }
  return -1
}

function closingQuote(line: string, from: number, quote: string): number {
  for (let i = from; i < line.length; i++) {
    const c = line[i]
    if (quote === '"' && c === '\\') i++
    else if (c === quote) {
      if (quote === "'" && line[i + 1] === "'") i++
      else return i
    }
  }
  return -1
}

function jsonString(raw: string): string {
  // Every backslash must start an escape JSON shares with YAML.
  for (let at = raw.indexOf('\\'); at >= 0; at = raw.indexOf('\\', at)) {
    JSON_ESCAPE.lastIndex = at
    if (!JSON_ESCAPE.test(raw)) decline()
    at = JSON_ESCAPE.lastIndex
  }
  return JSON.parse(`"${raw}"`) as string
}

class BlockReader {
  readonly #lines: string[]
  #line = 0
  #values = 0
  #nameAt: { line: number; column: number } | undefined
  readonly #anchors = new Map<string, { value: unknown; slot: Slot | undefined }>()
  readonly #positions: boolean
  /** The slot of the value the last method returned (with `positions`). */
  #last: Slot | undefined

  constructor(text: string, positions: boolean) {
    this.#lines = text.split('\n')
    this.#positions = positions
  }

  #scalarSlot(index: number, at: number, empty = false): void {
    if (this.#positions) this.#last = { at: { line: index + 1, column: at + 1 }, scalar: true, empty }
  }

  document(): BlockYaml | undefined {
    const start = this.#nextContent()
    if (start < 0) return undefined
    const line = this.#lines[start] as string
    const column = indentOf(line)
    if (keyEnd(line, column) < 0) return undefined
    const value = this.#map(start, column, 0, true)
    if (this.#nextContent() >= 0) decline()
    const root = this.#last
    if (!this.#positions || root === undefined) return { value, nameAt: this.#nameAt }
    return { value, nameAt: this.#nameAt, locate: (pointer, atKey = false) => locateSlot(root, pointer, atKey) }
  }

  /** The next line with content (not blank or only a comment) from the current one; -1 at the end. */
  #nextContent(): number {
    while (this.#line < this.#lines.length && isBlank(this.#lines[this.#line] as string)) this.#line++
    return this.#line < this.#lines.length ? this.#line : -1
  }

  #count(): void {
    if (++this.#values > MAX_YAML_VALUES) decline()
  }

  /** For the flow reader: count a value, and record (with `positions`) the slot of the value just read. */
  flowValue(slot: () => Slot): void {
    this.#count()
    if (this.#positions) this.#last = slot()
  }

  get positions(): boolean {
    return this.#positions
  }

  get last(): Slot | undefined {
    return this.#last
  }

  /** A block mapping whose keys start at `column`; its first key is on line `start` (maybe after `- `). */
  #map(start: number, column: number, depth: number, root = false): Record<string, unknown> {
    if (depth > MAX_DEPTH) decline()
    this.#count()
    const out: Record<string, unknown> = {}
    const seen = new Set<string>()
    const members = this.#positions ? new Map<string, { key: Position; slot: Slot }>() : undefined
    const slot: Slot | undefined = members === undefined ? undefined : { at: { line: start + 1, column: column + 1 }, scalar: false, empty: false, members }
    let index = start
    for (;;) {
      const line = this.#lines[index] as string
      if (line.startsWith('---') || line.startsWith('...')) decline()
      const colon = keyEnd(line, column)
      if (colon < 0) decline()
      const key = this.#key(line.slice(column, colon))
      if (seen.has(key)) decline()
      seen.add(key)
      let at = colon + 1
      while (line[at] === ' ') at++
      this.#line = index + 1
      let value: unknown
      const anchor = line[at] === '&' ? this.#anchorName(line, at) : undefined
      if (anchor !== undefined) {
        at += anchor.length + 1
        while (line[at] === ' ') at++
        if (root && key === 'name') decline()
      }
      if (at === line.length || line[at] === '#') {
        if (at < line.length && line[at - 1] !== ' ') decline()
        value = this.#nested(column, depth, true)
      } else {
        if (anchor !== undefined && keyEnd(line, at) >= 0) decline()
        if (root && key === 'name') this.#nameAt = { line: index + 1, column: at + 1 }
        value = this.#inline(index, at, column, depth)
      }
      if (anchor !== undefined) this.#anchor(anchor, value)
      define(out, key, value)
      if (members !== undefined) members.set(key, { key: { line: index + 1, column: column + 1 }, slot: this.#last as Slot })
      this.#last = slot
      const next = this.#nextContent()
      if (next < 0) return out
      const indent = indentOf(this.#lines[next] as string)
      if (indent < column) return out
      if (indent > column) decline()
      index = next
    }
  }

  /** A mapping key: a plain or quoted scalar that resolves to a string (as the full path requires). */
  #key(written: string): string {
    const source = trimEnd(written)
    if (source.length === 0 || source.length > 1024) decline()
    const first = source[0]
    if (first === '"' || first === "'") {
      const close = closingQuote(source, 1, first)
      if (close !== source.length - 1) decline()
      return first === '"' ? jsonString(source.slice(1, -1)) : source.slice(1, -1).replaceAll("''", "'")
    }
    if (!PLAIN_FIRST.test(source) || source.includes(' #') || source === '<<') decline()
    const key = resolvePlain(source)
    if (typeof key !== 'string') decline()
    return key
  }

  /** The value after `key:` (or `-`) with nothing more on its line: the block below it, or null. */
  #nested(column: number, depth: number, inMap: boolean): unknown {
    const next = this.#nextContent()
    if (next >= 0) {
      const line = this.#lines[next] as string
      const indent = indentOf(line)
      // A block below, or `- item` at a key's own indentation (the sequence is the key's value).
      if (isDash(line, indent) && (indent > column || (inMap && indent === column))) return this.#seq(next, indent, depth + 1)
      if (indent > column) return keyEnd(line, indent) >= 0 ? this.#map(next, indent, depth + 1) : decline()
    }
    this.#count()
    // yaml places the empty scalar where the line's content ends; the locator shows it at its key anyway.
    this.#scalarSlot(this.#line - 1, (this.#lines[this.#line - 1] as string).length, true)
    return null
  }

  /** A block sequence whose `-` indicators are at `column`, the first on line `start`. */
  #seq(start: number, column: number, depth: number): unknown[] {
    if (depth > MAX_DEPTH) decline()
    this.#count()
    const out: unknown[] = []
    const items: Slot[] | undefined = this.#positions ? [] : undefined
    const slot: Slot | undefined = items === undefined ? undefined : { at: { line: start + 1, column: column + 1 }, scalar: false, empty: false, items }
    let index = start
    for (;;) {
      const line = this.#lines[index] as string
      if (line.startsWith('---') || line.startsWith('...')) decline()
      let at = column + 1
      while (line[at] === ' ') at++
      this.#line = index + 1
      const anchor = line[at] === '&' ? this.#anchorName(line, at) : undefined
      if (anchor !== undefined) {
        at += anchor.length + 1
        while (line[at] === ' ') at++
      }
      let item: unknown
      if (at === line.length || line[at] === '#') {
        if (at < line.length && line[at - 1] !== ' ') decline()
        item = this.#nested(column, depth, false)
      } else if (isDash(line, at)) {
        if (anchor !== undefined) decline()
        item = this.#seq(index, at, depth + 1)
      } else if (line[at] === '{' || line[at] === '[') {
        item = this.#inline(index, at, column, depth)
      } else if (keyEnd(line, at) >= 0) {
        if (anchor !== undefined) decline()
        item = this.#map(index, at, depth + 1)
      } else {
        item = this.#inline(index, at, column, depth)
      }
      if (anchor !== undefined) this.#anchor(anchor, item)
      out.push(item)
      items?.push(this.#last as Slot)
      this.#last = slot
      const next = this.#nextContent()
      if (next < 0) return out
      const nextLine = this.#lines[next] as string
      const indent = indentOf(nextLine)
      if (indent < column) return out
      if (indent > column) decline()
      if (!isDash(nextLine, indent)) return out
      index = next
    }
  }

  #anchorName(line: string, at: number): string {
    let end = at + 1
    while (end < line.length && line[end] !== ' ') end++
    const name = line.slice(at + 1, end)
    if (name === '' || /[,[\]{}]/.test(name)) decline()
    return name
  }

  #anchor(name: string, value: unknown): void {
    if (this.#anchors.has(name)) decline()
    this.#anchors.set(name, { value, slot: this.#last })
  }

  /** A copy of an anchored value, as the full path builds one per use (counted against the same bound). */
  #copy(value: unknown): unknown {
    this.#count()
    if (typeof value !== 'object' || value === null) return value
    if (Array.isArray(value)) return value.map((item) => this.#copy(item))
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value)) {
      define(out, key, this.#copy((value as Record<string, unknown>)[key]))
    }
    return out
  }

  /** A scalar, flow collection or alias at `at` of line `index`, inside a node at `parent`; may run over lines. */
  #inline(index: number, at: number, parent: number, _depth: number): unknown {
    const line = this.#lines[index] as string
    const first = line[at] as string
    if (first === '*') {
      // An alias (of an anchor defined before, and closed: a value containing its own alias is not in the map yet).
      const name = this.#anchorName(line, at)
      const rest = line.slice(at + 1 + name.length)
      if (trim(rest) !== '' && !/^ +#/.test(rest)) decline()
      const anchored = this.#anchors.get(name)
      if (anchored === undefined) decline()
      this.#last = anchored.slot
      return this.#copy(anchored.value)
    }
    this.#count()
    this.#scalarSlot(index, at)
    if (first === '"' || first === "'") return this.#quoted(index, at, parent, first)
    if (first === '{' || first === '[') {
      const flow = new FlowReader(this, line, index)
      const value = flow.node(at, 0)
      const rest = line.slice(flow.at)
      if (trim(rest) !== '' && !/^ +#/.test(rest)) decline()
      return value
    }
    if (!PLAIN_FIRST.test(first) && !(first === '-' && /[^\s\-?:,[\]{}#&*!|>'"%@`]/.test(line[at + 1] ?? ' '))) decline()
    const comment = line.indexOf(' #', at)
    const text = trimEnd(comment < 0 ? line.slice(at) : line.slice(at, comment))
    if (text.includes(': ') || text.endsWith(':')) decline()
    // More-indented continuation lines fold in: a space per line break, a line break per blank line.
    let value = text
    let blanks = 0
    for (let i = index + 1; i < this.#lines.length; i++) {
      const next = this.#lines[i] as string
      const trimmed = trim(next)
      if (trimmed === '') {
        blanks++
        continue
      }
      if (indentOf(next) <= parent || trimmed[0] === '#') break
      // A comment ends a plain scalar: a more indented line after it is an error (the full path reports it).
      if (comment >= 0) decline()
      if (trimmed.includes(': ') || trimmed.endsWith(':') || trimmed.includes(' #') || isDash(trimmed, 0)) decline()
      value += blanks === 0 ? ` ${trimmed}` : '\n'.repeat(blanks)
      if (blanks > 0) value += trimmed
      blanks = 0
      this.#line = i + 1
    }
    return resolvePlain(value)
  }

  /** A single- or double-quoted scalar opening at `at` of line `index`, closed on that line or a later one. */
  #quoted(index: number, at: number, parent: number, quote: string): string {
    let line = this.#lines[index] as string
    let close = closingQuote(line, at + 1, quote)
    let raw: string
    if (close >= 0) {
      raw = line.slice(at + 1, close)
    } else {
      // Folded like a plain scalar; a blank line is written as the `\n` escape so `raw` stays one JSON string body.
      const newline = quote === '"' ? '\\n' : '\n'
      const end = (segment: string): string => {
        const trimmed = trimEnd(segment)
        // An escaped line break or escaped trailing space means something else: the full path decides.
        if (quote === '"' && trimmed.endsWith('\\')) decline()
        return trimmed
      }
      raw = end(line.slice(at + 1))
      let blanks = 0
      for (let i = index + 1; ; i++) {
        if (i >= this.#lines.length) decline()
        line = this.#lines[i] as string
        if (line.startsWith('---') || line.startsWith('...')) decline()
        if (trim(line) === '') {
          blanks++
          continue
        }
        const indent = indentOf(line)
        if (indent <= parent) decline()
        close = closingQuote(line, indent, quote)
        const segment = close >= 0 ? line.slice(indent, close) : end(line.slice(indent))
        raw += blanks === 0 ? ` ${segment}` : newline.repeat(blanks) + segment
        blanks = 0
        if (close >= 0) {
          this.#line = i + 1
          break
        }
      }
    }
    const after = line.slice(close + 1)
    if (trim(after) !== '' && !/^ +#/.test(after)) decline()
    return quote === '"' ? jsonString(raw) : raw.replaceAll("''", "'")
  }
}

/** The position a pointer stands for, by locateJsonPointer's rules (the full path's locator). */
function locateSlot(root: Slot, pointer: string, atKey: boolean): Position {
  let slot = root
  let key: Position | undefined
  for (const name of pointerTokens(pointer)) {
    let next: Slot | undefined
    let nextKey: Position | undefined
    if (slot.members !== undefined) {
      const member = slot.members.get(name)
      if (member === undefined) break
      next = member.slot
      nextKey = member.key
    } else if (slot.items !== undefined && /^(0|[1-9][0-9]*)$/.test(name)) {
      next = slot.items[Number(name)]
    }
    if (next === undefined) break
    slot = next
    key = nextKey
  }
  if ((atKey || !slot.scalar || slot.empty) && key !== undefined) return key
  return slot.at
}

/** A one-line flow collection (`{ type: string }`, `[a, "b"]`); trailing commas, empty keys, line breaks decline. */
class FlowReader {
  at = 0

  constructor(
    private readonly reader: BlockReader,
    private readonly line: string,
    private readonly index: number,
  ) {}

  #spaces(): void {
    while (this.line[this.at] === ' ') this.at++
  }

  /** After a member: whether `close` ends the collection here; else past the `,` (a trailing comma declines). */
  #closes(close: string): boolean {
    this.#spaces()
    if (this.line[this.at] === close) return true
    if (this.line[this.at] !== ',') decline()
    this.at++
    this.#spaces()
    if (this.line[this.at] === close) decline()
    return false
  }

  #position(at: number): Position {
    return { line: this.index + 1, column: at + 1 }
  }

  node(at: number, depth: number): unknown {
    if (depth > MAX_DEPTH) decline()
    this.at = at
    const first = this.line[at]
    if (first === '{') return this.#map(depth)
    if (first === '[') return this.#seq(depth)
    const value = this.#scalar()
    this.reader.flowValue(() => ({ at: this.#position(at), scalar: true, empty: false }))
    return value
  }

  #scalar(): unknown {
    const line = this.line
    const start = this.at
    const first = line[start]
    if (first === '"' || first === "'") {
      const close = closingQuote(line, start + 1, first)
      if (close < 0) decline()
      this.at = close + 1
      const raw = line.slice(start + 1, close)
      return first === '"' ? jsonString(raw) : raw.replaceAll("''", "'")
    }
    if (first === undefined || !(PLAIN_FIRST.test(first) || (first === '-' && /[\w.]/.test(line[start + 1] ?? ' ')))) decline()
    let end = start
    while (end < line.length && !',[]{}:#'.includes(line[end] as string)) end++
    if (line[end] === '#') decline()
    this.at = end
    const text = trimEnd(line.slice(start, end))
    return resolvePlain(text)
  }

  #map(depth: number): Record<string, unknown> {
    const open = this.at
    this.at++
    const out: Record<string, unknown> = {}
    const members = this.reader.positions ? new Map<string, { key: Position; slot: Slot }>() : undefined
    const slot: Slot | undefined = members === undefined ? undefined : { at: this.#position(open), scalar: false, empty: false, members }
    this.#spaces()
    if (this.line[this.at] !== '}') {
      do {
        const keyAt = this.at
        const key = this.#scalar()
        if (typeof key !== 'string' || (this.line[keyAt] !== '"' && this.line[keyAt] !== "'" && key === '<<') || Object.hasOwn(out, key)) decline()
        this.#spaces()
        if (this.line[this.at] !== ':' || this.line[this.at + 1] !== ' ') decline()
        this.at++
        this.#spaces()
        const value = this.node(this.at, depth + 1)
        define(out, key, value)
        if (members !== undefined) members.set(key, { key: this.#position(keyAt), slot: this.reader.last as Slot })
      } while (!this.#closes('}'))
    }
    this.at++
    this.reader.flowValue(() => slot as Slot)
    return out
  }

  #seq(depth: number): unknown[] {
    const open = this.at
    this.at++
    const out: unknown[] = []
    const items: Slot[] | undefined = this.reader.positions ? [] : undefined
    const slot: Slot | undefined = items === undefined ? undefined : { at: this.#position(open), scalar: false, empty: false, items }
    this.#spaces()
    if (this.line[this.at] !== ']') {
      do {
        out.push(this.node(this.at, depth + 1))
        items?.push(this.reader.last as Slot)
      } while (!this.#closes(']'))
    }
    this.at++
    this.reader.flowValue(() => slot as Slot)
    return out
  }
}
