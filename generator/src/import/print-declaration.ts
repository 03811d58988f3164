import { isRecord } from '../model/tool-declaration.js'
import { ownEntries } from './schema-to-spec.js'

/** Comment lines to attach to nodes of the written declaration, by JSON Pointer into it. */
export type DeclarationComments = ReadonlyMap<string, readonly string[]>

// Writes the YAML directly: a string is plain only where YAML 1.2 reads it back as that string, else a literal block or
// double-quoted; no line folding, so a diff shows what changed. Tests read random declarations back through the loader.

/** Prints one declaration as a `*.tool.yaml`: the `yaml-language-server` line, the header lines, then the fields. */
export function printDeclaration(declaration: Record<string, unknown>, schemaReference: string, header: readonly string[], comments: DeclarationComments): string {
  const lines = [`yaml-language-server: $schema=${schemaReference}`, ...header, ...(comments.get('') ?? []), ...(comments.get('/name') ?? [])]
  const out: string[] = []
  for (const line of lines) out.push(`# ${commentText(line)}`)
  // Comments about the tool as a whole (`''`, `/name`) went into the header.
  const printer = new Printer(out, comments)
  printer.blockMap(declaration, '', '', true)
  return `${out.join('\n')}\n`
}

/** Comment paths of a declaration that lie strictly below each path (so a node with one is never a flow collection). */
function pathsWithCommentsBelow(comments: DeclarationComments): Set<string> {
  const below = new Set<string>()
  for (const key of comments.keys()) {
    for (let slash = key.lastIndexOf('/'); slash > 0; slash = key.lastIndexOf('/', slash - 1)) below.add(key.slice(0, slash))
    if (key !== '') below.add('')
  }
  return below
}

class Printer {
  readonly #below: Set<string>
  /** Whether any comment is about a node (not the tool as a whole): only then are the nodes' paths needed. */
  readonly #tracking: boolean

  constructor(
    private readonly out: string[],
    private readonly comments: DeclarationComments,
  ) {
    this.#below = pathsWithCommentsBelow(comments)
    this.#tracking = [...comments.keys()].some((path) => path !== '' && path !== '/name')
  }

  #child(path: string, token: string): string {
    return this.#tracking ? `${path}/${token.replaceAll('~', '~0').replaceAll('/', '~1')}` : ''
  }

  #comment(path: string, indent: string, skipWhole: boolean): void {
    if (!this.#tracking || (skipWhole && (path === '' || path === '/name'))) return
    const lines = this.comments.get(path)
    if (lines !== undefined) for (const line of lines) this.out.push(`${indent}# ${commentText(line)}`)
  }

  /** A block mapping at `indent` (its keys' comments first). */
  blockMap(value: Record<string, unknown>, path: string, indent: string, top = false): void {
    for (const [key, member] of ownEntries(value)) {
      const memberPath = this.#child(path, key)
      this.#comment(memberPath, indent, top)
      const written = scalar(key, 'key')
      if (written.length > MAX_IMPLICIT_KEY) {
        // YAML reads an implicit key of at most 1,024 characters: a longer one is an explicit `? key` line.
        this.out.push(`${indent}? ${written}`)
        this.#value(member, memberPath, indent, `${indent}:`)
      } else {
        this.#value(member, memberPath, indent, `${indent}${written}:`)
      }
    }
  }

  /** `head` (a key with its colon, or a sequence dash) followed by the value: inline, or as a block below. */
  #value(member: unknown, path: string, indent: string, head: string): void {
    if (Array.isArray(member)) {
      if (member.length === 0 || (!this.#below.has(path) && member.every(isFlowScalar))) {
        this.out.push(`${head} ${flowSeq(member)}`)
        return
      }
      this.out.push(head)
      this.#blockSeq(member, path, `${indent}  `)
      return
    }
    if (isRecord(member)) {
      if (Object.keys(member).length === 0 || (!this.#below.has(path) && isLeafSpec(member))) {
        this.out.push(`${head} ${flowMap(member)}`)
        return
      }
      this.out.push(head)
      this.blockMap(member, path, `${indent}  `)
      return
    }
    if (typeof member === 'string' && head.endsWith(':')) {
      const block = literalBlock(member, `${indent}  `)
      if (block !== undefined) {
        this.out.push(`${head} ${block}`)
        return
      }
    }
    this.out.push(`${head} ${scalar(member, 'block')}`)
  }

  /** A block sequence at `indent`: each item after `- `, its comment on the line before. */
  #blockSeq(items: readonly unknown[], path: string, indent: string): void {
    items.forEach((item, index) => {
      const itemPath = this.#child(path, String(index))
      this.#comment(itemPath, indent, false)
      if (isRecord(item) && Object.keys(item).length > 0 && (this.#below.has(itemPath) || !isLeafSpec(item))) {
        // The mapping's first line follows the dash; the rest line up under it.
        const start = this.out.length
        this.blockMap(item, itemPath, `${indent}  `)
        const first = this.out[start] as string
        if (first.trimStart().startsWith('#')) {
          // A comment on the item's first key: the key goes on the line after a bare dash.
          this.out.splice(start, 0, `${indent}-`)
        } else {
          this.out[start] = `${indent}- ${first.slice(indent.length + 2)}`
        }
        return
      }
      if (Array.isArray(item) && item.length > 0 && (this.#below.has(itemPath) || !item.every(isFlowScalar))) {
        this.out.push(`${indent}-`)
        this.#blockSeq(item, itemPath, `${indent}  `)
        return
      }
      this.#value(item, itemPath, indent, `${indent}-`)
    })
  }
}

/** Longest key written as an implicit key (YAML's limit is 1,024 characters, counted after escaping). */
const MAX_IMPLICIT_KEY = 1000
/** Longest key in a flow mapping (escaping can make a key up to six times longer). */
const MAX_FLOW_KEY = 160

/** A spec small enough for one line: nothing nested but a list of scalars, and no line breaks in its texts. */
function isLeafSpec(value: Record<string, unknown>): boolean {
  for (const key of Object.keys(value)) {
    if (key.length > MAX_FLOW_KEY) return false
    const member = value[key]
    if (Array.isArray(member)) {
      if (!member.every(isFlowScalar)) return false
    } else if (!isFlowScalar(member)) return false
  }
  return true
}

/** A scalar that may stand in a flow collection on one line (no line breaks in a string). */
function isFlowScalar(value: unknown): boolean {
  if (typeof value === 'string') return !value.includes('\n') && !value.includes('\r')
  return value === null || typeof value !== 'object'
}

function flowSeq(items: readonly unknown[]): string {
  if (items.length === 0) return '[]'
  return `[ ${items.map((item) => (Array.isArray(item) ? flowSeq(item) : isRecord(item) ? flowMap(item) : scalar(item, 'flow'))).join(', ')} ]`
}

function flowMap(value: Record<string, unknown>): string {
  const entries = ownEntries(value)
  if (entries.length === 0) return '{}'
  return `{ ${entries.map(([key, member]) => `${scalar(key, 'flow-key')}: ${Array.isArray(member) ? flowSeq(member) : isRecord(member) ? flowMap(member) : scalar(member, 'flow')}`).join(', ')} }`
}

// Plain scalars, conservatively: a letter first, never `:` or `#` (so no `: ` or ` #`), in flow also no `,[]{}`.
const PLAIN_BLOCK = /^[A-Za-z][A-Za-z0-9 _.,;()'/+\-=<>?!&*%@$^|[\]{}]*$/
const PLAIN_FLOW = /^[A-Za-z][A-Za-z0-9 _.;()'/+\-=<>?!&*%@$^|]*$/
/** Words the YAML 1.2 core schema (or a YAML 1.1 reader) would read as something other than a string. */
const RESERVED_WORDS = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n'])

/** A scalar (a key, a string, a number, a boolean or null) written so the loader reads back exactly the value. */
function scalar(value: unknown, context: 'key' | 'block' | 'flow' | 'flow-key'): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`internal: ${value} is not a JSON number`)
    return Object.is(value, -0) ? '-0' : String(value)
  }
  if (typeof value !== 'string') throw new Error(`internal: ${typeof value} is not a JSON scalar`)
  const plain = context === 'block' || context === 'key' ? PLAIN_BLOCK : PLAIN_FLOW
  // A trailing space would be cut; every reserved word is at most 5 letters.
  if (plain.test(value) && !value.endsWith(' ') && !(value.length <= 5 && RESERVED_WORDS.has(value.toLowerCase()))) return value
  return quoted(value)
}

/** Double-quoted: JSON's escapes (YAML reads them alike) plus `\uXXXX` for what YAML forbids raw or misreads. */
function quoted(value: string): string {
  const json = JSON.stringify(value)
  return UNQUOTABLE.test(json) ? json.replace(UNQUOTABLE_ALL, unicodeEscape) : json
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
const UNQUOTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/
const UNQUOTABLE_ALL = new RegExp(UNQUOTABLE.source, 'g')
// biome-ignore lint/suspicious/noControlCharactersInRegex: a comment cannot hold them
const UNCOMMENTABLE = /[\u0000-\u001f\u007f\u2028\u2029]/
const UNCOMMENTABLE_ALL = new RegExp(UNCOMMENTABLE.source, 'g')

const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`

/** Multi-line text as a literal block where exact (printable, no CR, tab or leading space); else `undefined`. */
function literalBlock(value: string, indent: string): string | undefined {
  if (!value.includes('\n')) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a literal block cannot hold them
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/.test(value) || /[\ud800-\udfff]/.test(value)) return undefined
  const body = value.replace(/\n+$/, '')
  const trailing = value.length - body.length
  if (body === '') return undefined
  const lines = body.split('\n')
  for (const line of lines) if (line.startsWith(' ')) return undefined
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+'
  const trailingLines = trailing > 1 ? `\n${'\n'.repeat(trailing - 2)}` : ''
  return `|${chomp}\n${lines.map((line) => (line === '' ? '' : `${indent}${line}`)).join('\n')}${trailingLines}`
}

/** One comment line, control characters escaped (a line break would end the comment early, others hide text). */
function commentText(line: string): string {
  return UNCOMMENTABLE.test(line) ? line.replace(UNCOMMENTABLE_ALL, unicodeEscape) : line
}
