import type { Alias, Document, ParsedNode, YAMLMap } from 'yaml'
import { decodeSource } from './decode-source.js'
import { MAX_YAML_DEPTH, MAX_YAML_VALUES, parseYamlSource, yaml } from './parse-yaml-source.js'
import { MAX_SOURCE_BYTES } from './read-source-file.js'
import { SourceDiagnostics } from './source-diagnostics.js'

/** A YAML file read as JSON, or every problem that stopped it. */
export type YamlJsonSource =
  | {
      readonly ok: true
      readonly value: unknown
      readonly text: string
      /** The offset a JSON Pointer into `value` stands for in the text (with `atKey`, a member's key). */
      readonly locate: (pointer: string, atKey?: boolean) => number
      /** Where `key`, missing from the root mapping, belongs in the order of `fields`, and the field it follows. */
      readonly locateMissing: (key: string, fields: readonly string[]) => { offset: number; after: string | undefined }
      /** A hint to add to a problem at this offset (a value cut off by a comma), or ''. */
      readonly hintAt: (offset: number) => string
      /** Where further problems go; it may already hold recoverable ones (then the file is invalid). */
      readonly diagnostics: SourceDiagnostics
    }
  | { readonly ok: false; readonly text: string; readonly diagnostics: SourceDiagnostics }

const COMMA_HINT = ' (inside { } a comma ends the value before it, so the rest became a key: quote text that holds a comma)'

/** The bytes of one YAML file (a declaration or the config) as plain JSON with positions, or every problem found. */
export function readYamlJson(file: string, bytes: Uint8Array): YamlJsonSource {
  if (bytes.length > MAX_SOURCE_BYTES) {
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(1, 1, 'file-too-large', `the file is ${bytes.length} bytes; toolsmith reads YAML files of at most ${MAX_SOURCE_BYTES} bytes`)
    return { ok: false, text: '', diagnostics }
  }
  const decoded = decodeSource(bytes)
  if (!decoded.ok) {
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(decoded.line, decoded.column, 'invalid-utf8', decoded.message)
    return { ok: false, text: decoded.text, diagnostics }
  }
  const text = decoded.text
  let parsed: ReturnType<typeof parseYamlSource>
  let json: ReturnType<typeof yamlToJson>
  try {
    parsed = parseYamlSource(text, file)
    if (parsed.document === undefined) return { ok: false, text, diagnostics: parsed.diagnostics }
    json = yamlToJson(parsed.document, parsed.diagnostics)
  } catch (error) {
    // No input may crash the run: a parser failure becomes this file's error.
    const diagnostics = new SourceDiagnostics(file, undefined)
    diagnostics.errorAt(1, 1, 'yaml-syntax', `the YAML parser failed on this file: ${error instanceof Error ? error.message : String(error)}`)
    return { ok: false, text, diagnostics }
  }
  const { diagnostics } = parsed
  // Recoverable problems (already in `diagnostics`) leave a value whose other problems are still worth finding.
  if (json.stopped) return { ok: false, text, diagnostics }
  const root = parsed.document.contents
  const locate = (pointer: string, atKey = false): number =>
    root === null ? (parsed.document?.range[0] ?? 0) : locateJsonPointer(root, pointer, json.aliases, atKey)
  const locateMissing = (key: string, fields: readonly string[]): { offset: number; after: string | undefined } => locateMissingMember(root, key, fields, text)
  const hintAt = (offset: number): string => (json.commaSplitKeys.has(offset) ? COMMA_HINT : '')
  return { ok: true, value: json.value, text, locate, locateMissing, hintAt, diagnostics }
}

/** A document's content as plain JSON, plus where each alias points. */
export interface YamlJson {
  /** Plain JSON, own data properties only; after a recoverable problem, what remains without the offending part. */
  readonly value: unknown
  /** A bound or a bad alias stopped the walk (then `value` is `undefined`). */
  readonly stopped: boolean
  readonly aliases: ReadonlyMap<Alias, ParsedNode>
  /** Offsets of valueless plain keys with a space in a flow mapping: text cut by a comma (`{ description: A, B }`). */
  readonly commaSplitKeys: ReadonlySet<number>
}

// The core-schema tags that only restate a JSON type; any other explicit tag is refused.
const JSON_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`))

/** Thrown to unwind the walk once a bound is hit; the reason is already recorded. */
class Stop extends Error {}

/** Converts a parsed document into plain JSON, reporting each non-JSON construct where it is; an alias is a copy. */
export function yamlToJson(document: Document.Parsed<ParsedNode, true>, diagnostics: SourceDiagnostics): YamlJson {
  const walk = new JsonWalk(diagnostics)
  let value: unknown
  let stopped = false
  try {
    value = document.contents === null ? null : walk.value(document.contents, 0, false)
  } catch (error) {
    if (!(error instanceof Stop)) throw error
    stopped = true
  }
  return { value, stopped, aliases: walk.aliases, commaSplitKeys: walk.commaSplitKeys }
}

class JsonWalk {
  readonly aliases = new Map<Alias, ParsedNode>()
  readonly commaSplitKeys = new Set<number>()
  readonly #anchors = new Map<string, ParsedNode>()
  readonly #open = new Set<ParsedNode>()
  #values = 0

  constructor(private readonly diagnostics: SourceDiagnostics) {}

  value(node: ParsedNode, depth: number, inAlias: boolean): unknown {
    if (++this.#values > MAX_YAML_VALUES) {
      this.#stop(node, 'yaml-too-large', `the document expands to more than ${MAX_YAML_VALUES} values (aliases count once per use)`)
    }
    if (depth > MAX_YAML_DEPTH) {
      this.#stop(node, 'yaml-too-deep', `the document is nested more than ${MAX_YAML_DEPTH} levels deep (aliases included)`)
    }
    if (yaml().isAlias(node)) return this.#alias(node, depth)
    if (node.anchor !== undefined && !inAlias) this.#anchors.set(node.anchor, node)
    if (node.tag !== undefined && !JSON_TAGS.has(node.tag) && !this.#tagReportedBefore(node.range[0])) {
      this.diagnostics.error(node.range[0], 'yaml-tag', `YAML tags are not supported in toolsmith files (found ${node.tag})`)
    }
    if (yaml().isScalar(node)) return this.#scalar(node.value, node.range[0])
    this.#open.add(node)
    try {
      if (yaml().isSeq(node)) return node.items.map((item) => this.value(item, depth + 1, inAlias))
      if (yaml().isMap(node)) return this.#map(node, depth, inAlias)
    } finally {
      this.#open.delete(node)
    }
    return this.#stop(node, 'yaml-syntax', 'unsupported YAML node')
  }

  #alias(node: Alias.Parsed, depth: number): unknown {
    const target = this.#anchors.get(node.source)
    if (target === undefined) return this.#stop(node, 'yaml-alias', `alias *${node.source} has no anchor before it`)
    this.aliases.set(node, target)
    if (this.#open.has(target)) {
      return this.#stop(node, 'yaml-alias', `alias *${node.source} refers to a value that contains it (a cycle)`)
    }
    return this.value(target, depth, true)
  }

  #scalar(value: unknown, offset: number): unknown {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      this.diagnostics.error(offset, 'yaml-number', `${String(value)} is not a JSON number`)
      return null
    }
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
    this.diagnostics.error(offset, 'yaml-value', `unsupported YAML value ${String(value)}`)
    return null
  }

  #map(node: YAMLMap.Parsed, depth: number, inAlias: boolean): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    const seen = new Map<string, number>()
    for (const pair of node.items) {
      const keyNode = pair.key
      const keyOffset = keyNode?.range[0] ?? node.range[0]
      const key = keyNode !== null && yaml().isScalar(keyNode) ? keyNode.value : undefined
      if (typeof key !== 'string') {
        this.diagnostics.error(keyOffset, 'yaml-key', 'mapping keys must be strings (quote the key)')
        continue
      }
      if (keyNode !== null && yaml().isScalar(keyNode) && keyNode.type === 'PLAIN' && key === '<<') {
        this.diagnostics.error(keyOffset, 'yaml-merge-key', 'merge keys (<<) are not supported; write the keys out or use an alias as a whole value')
        continue
      }
      const first = seen.get(key)
      if (first !== undefined) {
        const at = this.diagnostics.position(first)
        this.diagnostics.error(keyOffset, 'duplicate-key', `duplicate key ${JSON.stringify(key)} (first at line ${at.line}, column ${at.column})`)
        continue
      }
      seen.set(key, keyOffset)
      const valueless = pair.value === null || (yaml().isScalar(pair.value) && pair.value.value === null && pair.value.source === '')
      if (node.flow === true && valueless && yaml().isScalar(keyNode) && keyNode.type === 'PLAIN' && key.includes(' ')) this.commaSplitKeys.add(keyOffset)
      const value = pair.value === null ? null : this.value(pair.value, depth + 1, inAlias)
      // defineProperty keeps `__proto__` an own key; a null-prototype descriptor ignores a polluted get/set.
      Object.defineProperty(out, key, { __proto__: null, value, enumerable: true, writable: true, configurable: true } as PropertyDescriptor)
    }
    return out
  }

  /** Whether the parser already reported an unresolved tag on the line of this node (at the tag itself). */
  #tagReportedBefore(offset: number): boolean {
    const { line, column } = this.diagnostics.position(offset)
    return this.diagnostics.list.some((d) => d.code === 'yaml-tag' && d.line === line && d.column <= column)
  }

  #stop(node: ParsedNode, code: string, message: string): never {
    this.diagnostics.error(node.range[0], code, message)
    throw new Stop(message)
  }
}

/** The offset in the YAML text a JSON Pointer into the converted value stands for; with `atKey`, the member's key. */
export function locateJsonPointer(
  root: ParsedNode,
  pointer: string,
  aliases: ReadonlyMap<Alias, ParsedNode>,
  atKey = false,
): number {
  let node = follow(root, aliases)
  // The key of the pair holding `node`, when it is a mapping value (a container is shown at its key).
  let keyOffset: number | undefined
  for (const name of pointerTokens(pointer)) {
    let next: ParsedNode | null | undefined
    let nextKey: number | undefined
    if (yaml().isMap(node)) {
      const pair = node.items.find((item) => yaml().isScalar(item.key) && item.key.value === name)
      if (pair === undefined) break
      next = pair.value
      nextKey = pair.key?.range[0]
      if (next === null) return nextKey ?? node.range[0]
    } else if (yaml().isSeq(node) && /^(0|[1-9][0-9]*)$/.test(name)) {
      next = node.items[Number(name)]
      nextKey = undefined
    }
    if (next === undefined || next === null) break
    node = follow(next, aliases)
    keyOffset = nextKey
  }
  // A scalar is shown where it is written; a mapping or list at the key that introduces it.
  if ((atKey || !yaml().isScalar(node)) && keyOffset !== undefined) return keyOffset
  // An empty value (`name:`) is shown at its key; a written `null` or `~` where it is written.
  if (yaml().isScalar(node) && node.value === null && node.range[1] <= node.range[0] && keyOffset !== undefined) return keyOffset
  return node.range[0]
}

/** The decoded reference tokens of a JSON Pointer (RFC 6901: `~1` → `/`, `~0` → `~`; `''` has none). */
export function pointerTokens(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

function follow(node: ParsedNode, aliases: ReadonlyMap<Alias, ParsedNode>): ParsedNode {
  return yaml().isAlias(node) ? (aliases.get(node) ?? node) : node
}

/**
 * Where a member missing from the root mapping belongs in the order of `fields` (right after the nearest earlier field
 * present, named in `after`): users read the position as "type it here", not as a problem with the first key.
 */
export function locateMissingMember(root: ParsedNode | null, key: string, fields: readonly string[], text: string): { offset: number; after: string | undefined } {
  if (root === null || !yaml().isMap(root)) return { offset: root?.range[0] ?? 0, after: undefined }
  const items = root.items
  const indexOf = (name: string): number => items.findIndex((item) => yaml().isScalar(item.key) && item.key.value === name)
  for (let f = fields.indexOf(key) - 1; f >= 0; f--) {
    const at = indexOf(fields[f] as string)
    if (at < 0) continue
    const pair = items[at]!
    const next = items[at + 1]?.key
    if (next !== undefined && next !== null) return { offset: next.range[0], after: fields[f] }
    const end = pair.value?.range[1] ?? pair.key?.range[1] ?? root.range[0]
    const newline = text.indexOf('\n', Math.max(0, end - 1))
    // The line after the last member; a file without a final line break keeps the mapping's start.
    if (newline >= 0 && root.flow !== true) return { offset: newline + 1, after: fields[f] }
    break
  }
  return { offset: root.range[0], after: undefined }
}
