import { isAlias, isMap, isScalar, isSeq, type Alias, type Document, type ParsedNode, type YAMLMap } from 'yaml'
import type { SourceDiagnostics } from './source-diagnostics.js'
import { MAX_YAML_DEPTH, MAX_YAML_VALUES } from './source-limits.js'

/** A document's content as plain JSON, plus where each alias points (for locating issues later). */
export interface YamlJson {
  /**
   * Plain JSON: own data properties only (a `__proto__` key stays a key). After a recoverable problem (a duplicate
   * or non-string key, a merge key, a tag, a number JSON cannot hold) it is what remains without the offending
   * part, so the file's other problems can be found too; `undefined` once a bound or a bad alias stopped the walk.
   */
  readonly value: unknown
  /** Whether a bound or a bad alias stopped the walk (then `value` is `undefined`). */
  readonly stopped: boolean
  /** Each alias node and the anchored node it stands for. */
  readonly aliases: ReadonlyMap<Alias, ParsedNode>
  /**
   * Offsets of keys that look like text cut off by a comma: a plain key with a space and no value,
   * inside a flow mapping (`{ description: A, B }` makes `B` a key). Used to explain errors there.
   */
  readonly commaSplitKeys: ReadonlySet<number>
}

// The core-schema tags that only restate a JSON type; any other explicit tag is refused.
const JSON_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`))

/** Thrown to unwind the walk once a bound is hit; the reason is already recorded. */
class Stop extends Error {}

/**
 * Converts a parsed document into plain JSON. Refused, each with its location: keys that are not
 * strings, duplicate keys, `<<` merge keys, explicit tags other than the JSON ones, numbers JSON
 * cannot hold (`.inf`, `.nan`), aliases that contain themselves, and documents that nest or expand
 * (aliases counted per use) beyond the bounds. Anchors and aliases are otherwise allowed: an alias
 * is a copy of the anchored value.
 */
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
    if (isAlias(node)) return this.#alias(node, depth)
    if (node.anchor !== undefined && !inAlias) this.#anchors.set(node.anchor, node)
    if (node.tag !== undefined && !JSON_TAGS.has(node.tag) && !this.#tagReportedBefore(node.range[0])) {
      this.diagnostics.error(node.range[0], 'yaml-tag', `YAML tags are not supported in toolsmith files (found ${node.tag})`)
    }
    if (isScalar(node)) return this.#scalar(node.value, node.range[0])
    this.#open.add(node)
    try {
      if (isSeq(node)) return node.items.map((item) => this.value(item, depth + 1, inAlias))
      if (isMap(node)) return this.#map(node, depth, inAlias)
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
      const key = keyNode !== null && isScalar(keyNode) ? keyNode.value : undefined
      if (typeof key !== 'string') {
        this.diagnostics.error(keyOffset, 'yaml-key', 'mapping keys must be strings (quote the key)')
        continue
      }
      if (keyNode !== null && isScalar(keyNode) && keyNode.type === 'PLAIN' && key === '<<') {
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
      const valueless = pair.value === null || (isScalar(pair.value) && pair.value.value === null && pair.value.source === '')
      if (node.flow === true && valueless && isScalar(keyNode) && keyNode.type === 'PLAIN' && key.includes(' ')) this.commaSplitKeys.add(keyOffset)
      const value = pair.value === null ? null : this.value(pair.value, depth + 1, inAlias)
      // defineProperty, not assignment: a `__proto__` key must stay an own data property. A null-prototype
      // descriptor, so a polluted Object.prototype.get/set cannot make it an accessor (defineProperty would throw).
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
