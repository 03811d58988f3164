import { CONSTRAINT_KEYWORDS, checkParameterSchemaSpec, checkValueSchemaSpec, escapeJsonPointerToken } from '@toolsmith/runtime'
import { isRecord } from '../model/tool-declaration.js'
import { describeFound } from '../load/check-declaration.js'
import { pointerTokens } from '../load/read-yaml-json.js'

// JSON Schema (2020-12 and draft-07) → the YAML's ValueSchemaSpec DSL: exact where the DSL can say it; else a loss (the
// keyword only narrows or informs, so the tool accepts a superset) or a refusal (no approximation from above exists).

/** A keyword the importer dropped: where it was in the input and where the YAML comment goes. */
export interface ImportLoss {
  readonly pointer: string
  readonly yamlPath: string
  readonly message: string
  /** A note only (e.g. "no output schema"): a YAML comment, not a loss of what the input said. */
  readonly note?: true
}

/** Why a part of the input cannot be imported, at a JSON Pointer into the input file. */
export interface ImportRefusal {
  readonly pointer: string
  readonly message: string
}

/** A DSL spec under construction (plain JSON, own data properties only). */
export type Spec = Record<string, unknown>

/** The translation of one schema: the spec when nothing was refused. */
export interface SpecConversion {
  readonly spec: Spec | undefined
  readonly losses: readonly ImportLoss[]
  readonly refusals: readonly ImportRefusal[]
  /** With `deferFit`: drops unfit defaults and examples in place, returning the losses; run only when a check fails. */
  readonly fit?: (known?: readonly SpecIssue[]) => ImportLoss[]
}

/** A problem the DSL's checker found in a spec: a JSON Pointer into it and the message. */
export interface SpecIssue {
  readonly path: string
  readonly message: string
}

const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const
type JsonType = (typeof JSON_TYPES)[number]
const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null'])
const ANNOTATIONS = ['title', 'description', 'default', 'examples'] as const

/** Keywords that only narrow or inform: dropped with a comment when the DSL cannot say them. */
const NARROWING = new Set([
  'contains',
  'minContains',
  'maxContains',
  'propertyNames',
  'dependentRequired',
  'dependencies',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$id',
  '$anchor',
  'example',
])
/** Keywords whose meaning the DSL cannot approximate: the schema is refused. */
const REFUSED: ReadonlyMap<string, string> = new Map([
  ['not', 'the YAML has no "not"'],
  ['if', 'the YAML has no conditional schemas (if/then/else)'],
  ['then', 'the YAML has no conditional schemas (if/then/else)'],
  ['else', 'the YAML has no conditional schemas (if/then/else)'],
  ['patternProperties', 'the YAML has no patternProperties'],
  ['dependentSchemas', 'the YAML has no dependentSchemas'],
  ['prefixItems', 'the YAML has no tuples (prefixItems)'],
  ['additionalItems', 'the YAML has no tuples (additionalItems)'],
  ['unevaluatedProperties', 'the YAML has no unevaluatedProperties'],
  ['unevaluatedItems', 'the YAML has no unevaluatedItems'],
  ['$dynamicRef', 'the YAML has no dynamic references'],
  ['$recursiveRef', 'the YAML has no recursive references'],
])
/** Consumed elsewhere: `$defs`/`definitions` through `$ref`, `$schema` names the dialect. */
const STRUCTURAL = new Set(['$schema', '$defs', 'definitions', '$ref', 'type', 'enum', 'const', 'items', 'properties', 'required', 'additionalProperties', 'oneOf', 'anyOf', 'allOf', ...ANNOTATIONS, ...CONSTRAINT_KEYWORDS.keys(), ...NARROWING, ...REFUSED.keys()])

const supportMemo = new Map<string, boolean>()

/** Whether the runtime's DSL accepts `keyword: value` on a node of `type`. */
export function dslAccepts(type: string, keyword: string, value: unknown): boolean {
  const key = `${type}\u0000${keyword}\u0000${JSON.stringify(value)}`
  let known = supportMemo.get(key)
  if (known === undefined) {
    const probe: Spec = type === 'object' ? { type, additionalProperties: true } : type === 'array' ? { type, items: { type: 'json' } } : { type }
    setOwn(probe, keyword, value)
    known = checkValueSchemaSpec(probe).length === 0
    supportMemo.set(key, known)
  }
  return known
}

export interface ConvertOptions {
  readonly pointer: string
  /** JSON Pointer of the spec in the declaration being written (`/parameters`, `/output`). */
  readonly yamlPath: string
  /** The provider's strict mode closed the root, so its `additionalProperties: false` is not the author's. */
  readonly strictRoot?: boolean
  /** Leave dropping unfit defaults and examples to the caller (`fit` in the result). */
  readonly deferFit?: boolean
}

/** Converts a tool's parameters schema (an object root) into the YAML's parameter map. */
export function convertParameters(schema: unknown, options: ConvertOptions): SpecConversion {
  const walk = new ConvertWalk(schema, options.pointer, options.strictRoot === true)
  const root = walk.deref(schema, options.pointer)
  let spec: Spec | undefined
  if (root !== undefined) {
    const { node, at } = root
    if (!isRecord(node)) {
      walk.refuse(at, node === true ? 'the parameters schema is `true`; a tool takes an object of named parameters (write {"type":"object"})' : `the parameters schema must be an object schema, found ${describeFound(node)}`)
    } else {
      const type = ownValue(node, 'type')
      if (type !== undefined && type !== 'object') {
        walk.refuse(`${at}/type`, `the parameters schema must have type "object" (a tool's arguments are an object), found ${JSON.stringify(type)}`)
      } else {
        walk.pointers.set(options.yamlPath, at)
        spec = walk.objectRoot(node, at, options.yamlPath)
      }
    }
  }
  return walk.finish(spec, options, (fitted, known) => walk.fitAnnotations(fitted, checkParameterSchemaSpec, options.yamlPath, true, known))
}

/** Converts any value schema (a tool's output) into a ValueSchemaSpec. */
export function convertValue(schema: unknown, options: ConvertOptions): SpecConversion {
  const walk = new ConvertWalk(schema, options.pointer)
  const spec = walk.node(schema, options.pointer, options.yamlPath)
  return walk.finish(spec, options, (fitted, known) => walk.fitAnnotations(fitted, checkValueSchemaSpec, options.yamlPath, false, known))
}

const objectPrototype = Object.prototype

/** A JSON object's entries (from `JSON.parse` or the importer: own data properties only, `__proto__` a plain key). */
export function ownEntries(record: object): [string, unknown][] {
  const keys = Object.keys(record)
  const entries: [string, unknown][] = new Array(keys.length)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string
    entries[index] = [key, (record as Record<string, unknown>)[key]]
  }
  return entries
}

/** An own property of a JSON object, never an inherited one. */
export function ownValue(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined
}

/** Sets an own data property (defined, not assigned, when Object.prototype has the key: `__proto__` stays a key). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key in objectPrototype) Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}

const child = (pointer: string, key: string | number): string => `${pointer}/${escapeJsonPointerToken(String(key))}`

/** The JSON types a converted spec may accept (`integer` is inside `number`). */
function typesOf(spec: Spec): ReadonlySet<string> {
  const oneOf = ownValue(spec, 'oneOf')
  if (Array.isArray(oneOf)) return new Set(oneOf.flatMap((branch) => [...typesOf(branch as Spec)]))
  const type = ownValue(spec, 'type') as string
  if (type === 'json') return new Set(['string', 'number', 'boolean', 'null', 'array', 'object'])
  return new Set([type === 'integer' ? 'number' : type])
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as JsonType
}

/** Whether `value` belongs to JSON type `type` (an integer is also a number). */
function isOfType(value: unknown, type: string): boolean {
  const found = jsonTypeOf(value)
  return found === type || (type === 'number' && found === 'integer')
}

class ConvertWalk {
  readonly losses: ImportLoss[] = []
  readonly refusals: ImportRefusal[] = []
  /** Whether any node kept a `default` or `examples` (only then can one fail to fit its node). */
  annotatedValues = false
  /** Where each converted node came from: its path in the declaration → its pointer in the input. */
  readonly pointers = new Map<string, string>()
  readonly #refs: string[] = []

  constructor(
    private readonly root: unknown,
    private readonly rootPointer: string,
    private readonly strictRoot = false,
  ) {}

  /** The result; `fitValues` drops unfit defaults and examples, now or (`deferFit`) when the caller asks. */
  finish(spec: Spec | undefined, options: ConvertOptions, fitValues: (spec: Spec, known?: readonly SpecIssue[]) => void): SpecConversion {
    if (spec === undefined || this.refusals.length > 0) return { spec: undefined, losses: this.losses, refusals: this.refusals }
    if (!this.annotatedValues) return { spec, losses: this.losses, refusals: this.refusals }
    if (options.deferFit !== true) {
      fitValues(spec)
      return { spec, losses: this.losses, refusals: this.refusals }
    }
    const losses = [...this.losses]
    const fit = (known?: readonly SpecIssue[]): ImportLoss[] => {
      const before = this.losses.length
      fitValues(spec, known)
      return this.losses.slice(before)
    }
    return { spec, losses, refusals: this.refusals, fit }
  }

  refuse(pointer: string, message: string): undefined {
    this.refusals.push({ pointer, message })
    return undefined
  }

  lose(pointer: string, yamlPath: string, message: string): void {
    this.losses.push({ pointer, yamlPath, message })
  }

  /** Follows `$ref` chains to the node they name (local `#…` pointers only); `undefined` after a refusal. */
  deref(node: unknown, at: string): { node: unknown; at: string; siblings?: Spec } | undefined {
    if (!isRecord(node) || ownValue(node, '$ref') === undefined) return { node, at }
    const ref = ownValue(node, '$ref')
    if (typeof ref !== 'string' || !ref.startsWith('#')) {
      return this.refuse(`${at}/$ref`, `only references inside the same schema ("#/$defs/…") can be imported, found ${describeFound(ref)}`)
    }
    if (this.#refs.includes(ref)) return this.refuse(`${at}/$ref`, `the reference ${JSON.stringify(ref)} is recursive; the YAML has no references, so a recursive schema cannot be written out`)
    const tokens = ref === '#' ? [] : ref.slice(1).split('/').slice(1).map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'))
    if (ref !== '#' && !ref.startsWith('#/')) return this.refuse(`${at}/$ref`, `only JSON Pointer references ("#/…") can be imported, found ${JSON.stringify(ref)}`)
    let target: unknown = this.root
    for (const token of tokens) {
      target = isRecord(target) || Array.isArray(target) ? ownValue(target, token) : undefined
      if (target === undefined) return this.refuse(`${at}/$ref`, `the reference ${JSON.stringify(ref)} names nothing in the schema`)
    }
    const siblings: Spec = {}
    for (const [key, value] of ownEntries(node)) if (key !== '$ref') setOwn(siblings, key, value)
    this.#refs.push(ref)
    try {
      const resolved = this.deref(target, this.rootPointer + ref.slice(1))
      return resolved === undefined ? undefined : { ...resolved, siblings }
    } finally {
      this.#refs.pop()
    }
  }

  /** Drops each unfit `default`/`examples` member, with a loss; `known`: the caller's check result (one round). */
  fitAnnotations(spec: Spec, check: (spec: unknown) => readonly SpecIssue[], yamlPath: string, parameterMap: boolean, known?: readonly SpecIssue[]): void {
    for (let round = 0; round < (known === undefined ? 8 : 1); round++) {
      const unfit: { node: Spec; nodePath: string; key: 'default' | 'examples'; index: number; message: string }[] = []
      for (const issue of known ?? check(spec)) {
        const found = annotationAt(spec, issue.path, parameterMap)
        if (found !== undefined) unfit.push({ ...found, nodePath: yamlPath + found.nodePath, message: issue.message })
      }
      if (unfit.length === 0) return
      // Later examples first, so the indexes of earlier ones still hold.
      unfit.sort((a, b) => b.index - a.index)
      const done = new Set<string>()
      for (const { node, nodePath, key, index, message } of unfit) {
        const id = `${nodePath} ${key} ${index}`
        if (done.has(id)) continue
        done.add(id)
        const pointer = this.pointers.get(nodePath) ?? this.rootPointer
        const why = message.includes('does not fit') ? message.slice(message.indexOf('does not fit')) : message
        if (key === 'examples') {
          const examples = ownValue(node, 'examples') as unknown[]
          if (examples[index] === undefined) continue
          this.lose(child(child(pointer, 'examples'), index), nodePath, `example ${short(examples[index])} dropped (it ${why}; the YAML's examples must be valid values)`)
          const kept = examples.filter((_, position) => position !== index)
          if (kept.length > 0) setOwn(node, 'examples', kept)
          else delete (node as Record<string, unknown>).examples
        } else if (Object.hasOwn(node, 'default')) {
          this.lose(child(pointer, 'default'), nodePath, `default ${short(ownValue(node, 'default'))} dropped (it ${why}; the YAML's default must be a valid value)`)
          delete (node as Record<string, unknown>).default
        }
      }
    }
  }

  node(schema: unknown, at: string, yamlPath: string): Spec | undefined {
    this.pointers.set(yamlPath, at)
    const resolved = this.deref(schema, at)
    if (resolved === undefined) return undefined
    const ref = isRecord(schema) ? ownValue(schema, '$ref') : undefined
    if (ref !== undefined) {
      this.#refs.push(ref as string)
      try {
        return this.#withSiblings(resolved.node, resolved.at, resolved.siblings ?? {}, at, yamlPath)
      } finally {
        this.#refs.pop()
      }
    }
    return this.#plain(resolved.node, resolved.at, yamlPath)
  }

  /** A `$ref` with sibling keywords: annotations override the target's; anything else is refused. */
  #withSiblings(target: unknown, targetAt: string, siblings: Spec, at: string, yamlPath: string): Spec | undefined {
    for (const key of Object.keys(siblings)) {
      if (!(ANNOTATIONS as readonly string[]).includes(key)) return this.refuse(child(at, key), `"${key}" beside "$ref" cannot be imported; the YAML has no references to combine it with`)
    }
    const spec = this.#plain(target, targetAt, yamlPath)
    if (spec === undefined) return undefined
    for (const key of ANNOTATIONS) this.#copyAnnotation(spec, siblings, key, at, yamlPath)
    return spec
  }

  #plain(schema: unknown, at: string, yamlPath: string): Spec | undefined {
    if (schema === true) return { type: 'json' }
    if (schema === false) return this.refuse(at, 'the schema `false` accepts no value at all; the YAML cannot say that')
    if (!isRecord(schema)) return this.refuse(at, `a schema must be an object or a boolean, found ${describeFound(schema)}`)
    if (this.#keywords(schema, at, yamlPath, at === this.rootPointer) === undefined) return undefined
    const combinator = (['oneOf', 'anyOf', 'allOf'] as const).filter((key) => ownValue(schema, key) !== undefined)
    if (combinator.length > 0) return this.#combination(schema, at, yamlPath, combinator)
    const types = this.#types(schema, at)
    if (types === undefined) return undefined
    if (types.length === 0) {
      for (const keyword of CONSTRAINT_KEYWORDS.keys()) {
        const value = ownValue(schema, keyword)
        if (value !== undefined) this.lose(child(at, keyword), yamlPath, `${keyword}: ${short(value)} dropped (on a schema without "type"; the YAML's json node has no constraints)`)
      }
      return this.#finishAnnotations({ type: 'json' }, schema, at, yamlPath)
    }
    if (types.length === 1) return this.#single(schema, types[0] as JsonType, at, yamlPath, true)
    // Several JSON types are disjoint (integer folded into number), so exactly one branch matches: oneOf is exact.
    const branches: Spec[] = []
    let index = 0
    for (const type of types) {
      const branch = this.#single(schema, type, at, `${yamlPath}/oneOf/${index++}`, false)
      if (branch === undefined) return undefined
      branches.push(branch)
    }
    return this.#finishAnnotations({ oneOf: branches }, schema, at, yamlPath)
  }

  /** Refuses a keyword the YAML cannot approximate (`undefined`); drops the ones it cannot say, `$schema` unless `atRoot`. */
  #keywords(schema: Spec, at: string, yamlPath: string, atRoot: boolean): true | undefined {
    for (const [key, value] of ownEntries(schema)) {
      const reason = REFUSED.get(key)
      if (reason !== undefined) return this.refuse(child(at, key), `"${key}" cannot be imported: ${reason}`)
      if (!STRUCTURAL.has(key)) this.lose(child(at, key), yamlPath, `${key}: ${short(value)} dropped (${key.startsWith('x-') ? 'an extension keyword' : 'not a JSON Schema keyword the YAML has'}; validation ignores it)`)
      else if (NARROWING.has(key)) this.lose(child(at, key), yamlPath, `${key}: ${short(value)} dropped (the YAML has no "${key}")`)
      else if (key === '$schema' && !atRoot) this.lose(child(at, key), yamlPath, `$schema: ${short(value)} dropped (only meaningful at the root)`)
    }
    return true
  }

  /** The JSON types the node admits: from `type`, else from `enum`/`const`, else none (any value). */
  #types(schema: Spec, at: string): JsonType[] | undefined {
    const type = ownValue(schema, 'type')
    let listed: JsonType[]
    if (type === undefined) {
      const members = this.#members(schema)
      if (members === undefined) {
        const objectish = ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'].find((key) => ownValue(schema, key) !== undefined)
        const arrayish = ['items', 'minItems', 'maxItems', 'uniqueItems'].find((key) => ownValue(schema, key) !== undefined)
        const found = objectish ?? arrayish
        if (found !== undefined) {
          return this.refuse(child(at, found), `"${found}" on a schema without "type": JSON Schema lets every non-${objectish !== undefined ? 'object' : 'array'} value through, which the YAML cannot say; add "type": "${objectish !== undefined ? 'object' : 'array'}" if that is what is meant`)
        }
        return []
      }
      listed = [...new Set(members.map((member) => (jsonTypeOf(member) === 'integer' ? 'number' : jsonTypeOf(member))))]
    } else {
      const raw = Array.isArray(type) ? type : [type]
      if (raw.length === 0) return this.refuse(child(at, 'type'), '"type" lists no type, so no value matches')
      listed = []
      for (const [index, entry] of raw.entries()) {
        if (typeof entry !== 'string' || !(JSON_TYPES as readonly string[]).includes(entry)) {
          return this.refuse(Array.isArray(type) ? child(child(at, 'type'), index) : child(at, 'type'), `"type" must be one of ${JSON_TYPES.join(', ')}, found ${describeFound(entry)}`)
        }
        listed.push(entry as JsonType)
      }
      if (listed.includes('number')) listed = listed.filter((entry) => entry !== 'integer')
      listed = [...new Set(listed)]
      // With several types, a type none of the enum/const members has can never match: leaving it out is exact.
      const members = this.#members(schema)
      if (members !== undefined && listed.length > 1) {
        const kept = listed.filter((entry) => members.some((member) => isOfType(member, entry)))
        if (kept.length === 0) return this.refuse(child(at, Object.hasOwn(schema, 'const') ? 'const' : 'enum'), `no "${Object.hasOwn(schema, 'const') ? 'const' : 'enum'}" value has one of the listed types, so no value could match`)
        listed = kept
      }
    }
    return JSON_TYPES.filter((entry) => listed.includes(entry))
  }

  #members(schema: Spec): unknown[] | undefined {
    if (Object.hasOwn(schema, 'const')) return [ownValue(schema, 'const')]
    const members = ownValue(schema, 'enum')
    return Array.isArray(members) ? members : undefined
  }

  /** One typed node (a branch when the node lists several types). */
  #single(schema: Spec, type: JsonType, at: string, yamlPath: string, annotate: boolean): Spec | undefined {
    const spec: Spec = { type }
    if (annotate) for (const key of ANNOTATIONS) this.#copyAnnotation(spec, schema, key, at, yamlPath)
    if (SCALARS.has(type)) {
      if (!this.#values(spec, schema, type, at)) return undefined
    } else {
      for (const key of ['enum', 'const']) {
        if (Object.hasOwn(schema, key)) return this.refuse(child(at, key), `"${key}" on ${type === 'array' ? 'an array' : 'an object'} cannot be imported: the YAML's ${key} holds scalars only${type === 'array' ? ' (for a list of allowed strings, put the enum on "items")' : ''}`)
      }
    }
    for (const [keyword, applies] of CONSTRAINT_KEYWORDS) {
      const value = ownValue(schema, keyword)
      if (value === undefined) continue
      if (applies !== (type === 'integer' ? 'number' : type)) continue // JSON Schema: the keyword ignores other types
      if (dslAccepts(type, keyword, value)) setOwn(spec, keyword, value)
      else this.lose(child(at, keyword), yamlPath, `${keyword}: ${short(value)} dropped (the YAML cannot say it)`)
    }
    if (type === 'array') return this.#array(spec, schema, at, yamlPath)
    if (type === 'object') return this.#object(spec, schema, at, yamlPath)
    return spec
  }

  /** `enum`/`const` on a scalar node: members of other types can never match, so dropping them is exact. */
  #values(spec: Spec, schema: Spec, type: string, at: string): boolean {
    if (Object.hasOwn(schema, 'const')) {
      const value = ownValue(schema, 'const')
      if (!isOfType(value, type)) {
        this.refuse(child(at, 'const'), `"const" ${short(value)} is not of type "${type}", so no value could match`)
        return false
      }
      setOwn(spec, 'const', value)
    }
    const members = ownValue(schema, 'enum')
    if (members === undefined) return true
    if (!Array.isArray(members)) {
      this.refuse(child(at, 'enum'), `"enum" must be a list, found ${describeFound(members)}`)
      return false
    }
    const kept: unknown[] = []
    const seen = new Set<string>()
    for (const member of members) {
      if (!isOfType(member, type)) continue
      const key = JSON.stringify(member === 0 ? 0 : member)
      if (seen.has(key)) continue
      seen.add(key)
      kept.push(member)
    }
    if (kept.length === 0) {
      this.refuse(child(at, 'enum'), members.length === 0 ? '"enum" is empty, so no value could match' : `"enum" holds no value of type "${type}" (${short(members)}), so no value could match`)
      return false
    }
    // On a null node, `enum: [null]` says nothing the type does not (Gemini's nullable enums end up here).
    if (type !== 'null') setOwn(spec, 'enum', kept)
    return true
  }

  #array(spec: Spec, schema: Spec, at: string, yamlPath: string): Spec | undefined {
    const items = ownValue(schema, 'items')
    if (Array.isArray(items)) return this.refuse(child(at, 'items'), '"items" as a list is a tuple; the YAML has no tuples')
    if (items === false) return this.refuse(child(at, 'items'), '"items": false allows only the empty list; the YAML cannot say that')
    const converted = items === undefined ? { type: 'json' } : this.node(items, child(at, 'items'), `${yamlPath}/items`)
    if (converted === undefined) return undefined
    setOwn(spec, 'items', converted)
    return spec
  }

  #object(spec: Spec, schema: Spec, at: string, yamlPath: string): Spec | undefined {
    const open = this.#openness(schema, at, yamlPath)
    if (open === undefined) return undefined
    setOwn(spec, 'additionalProperties', open)
    const properties = this.#properties(schema, at, yamlPath, `${yamlPath}/properties`, open)
    if (properties === undefined) return undefined
    if (Object.keys(properties).length > 0) setOwn(spec, 'properties', properties)
    return spec
  }

  /** The parameters root: the YAML's implicit open object, as its property map. */
  objectRoot(schema: Spec, at: string, yamlPath: string): Spec | undefined {
    if (this.#keywords(schema, at, yamlPath, true) === undefined) return undefined
    for (const key of ['oneOf', 'anyOf', 'allOf', 'enum', 'const']) {
      if (ownValue(schema, key) !== undefined) return this.refuse(child(at, key), `"${key}" on the parameters root cannot be imported: the YAML's parameters are a plain map of named parameters`)
    }
    for (const key of ANNOTATIONS) {
      const value = ownValue(schema, key)
      if (value !== undefined) this.lose(child(at, key), yamlPath, `the parameters object's ${key} ${short(value)} dropped (the YAML's parameters are a map without annotations)`)
    }
    for (const [keyword, applies] of CONSTRAINT_KEYWORDS) {
      const value = ownValue(schema, keyword)
      if (value !== undefined && applies === 'object') this.lose(child(at, keyword), yamlPath, `${keyword}: ${short(value)} on the parameters object dropped (the YAML cannot say it there)`)
    }
    const additional = ownValue(schema, 'additionalProperties')
    let open: Spec | true = true
    if (additional === false && this.strictRoot) {
      // Strict mode closes every root; the YAML's parameters are open, which the exporter lowers back to this.
    } else if (additional === false) {
      this.lose(child(at, 'additionalProperties'), yamlPath, 'additionalProperties: false on the parameters object dropped (the YAML\'s parameters are always an open object; the runtime still validates every declared parameter)')
    } else if (additional !== undefined && additional !== true) {
      const converted = this.node(additional, child(at, 'additionalProperties'), yamlPath)
      if (converted === undefined) return undefined
      if (ownValue(converted, 'type') !== 'json') this.lose(child(at, 'additionalProperties'), yamlPath, `additionalProperties: ${short(additional)} on the parameters object dropped (the YAML's parameters are always an open object)`)
      open = converted
    }
    return this.#properties(schema, at, yamlPath, yamlPath, open === true ? true : open)
  }

  /** `additionalProperties` of an object node: true, false, or a schema when the YAML can say one. */
  #openness(schema: Spec, at: string, yamlPath: string): boolean | Spec | undefined {
    const additional = ownValue(schema, 'additionalProperties')
    if (additional === undefined || additional === true) return true
    if (additional === false) return false
    const converted = this.node(additional, child(at, 'additionalProperties'), `${yamlPath}/additionalProperties`)
    if (converted === undefined) return undefined
    if (ownValue(converted, 'type') === 'json' && Object.keys(converted).length === 1) return true
    if (dslAccepts('object', 'additionalProperties', converted)) return converted
    this.lose(child(at, 'additionalProperties'), yamlPath, `additionalProperties: ${short(additional)} became true (the YAML's additionalProperties is true or false)`)
    return true
  }

  /** A property map with `required: true` marks; a required name without a schema gets additionalProperties' one. */
  #properties(schema: Spec, at: string, yamlPath: string, mapPath: string, open: boolean | Spec): Spec | undefined {
    const properties = ownValue(schema, 'properties')
    if (properties !== undefined && !isRecord(properties)) return this.refuse(child(at, 'properties'), `"properties" must be an object, found ${describeFound(properties)}`)
    const required = ownValue(schema, 'required')
    const requiredNames = new Set<string>()
    if (required !== undefined) {
      if (!Array.isArray(required)) return this.refuse(child(at, 'required'), `"required" must be a list of names, found ${describeFound(required)}`)
      for (const [index, name] of required.entries()) {
        if (typeof name !== 'string') return this.refuse(child(child(at, 'required'), index), `a required name must be a string, found ${describeFound(name)}`)
        requiredNames.add(name)
      }
    }
    const out: Spec = {}
    let ok = true
    for (const [name, value] of properties === undefined ? [] : ownEntries(properties)) {
      const converted = this.node(value, child(child(at, 'properties'), name), child(mapPath, name))
      if (converted === undefined) {
        ok = false
        continue
      }
      setOwn(out, name, requiredNames.has(name) ? withRequired(converted) : converted)
    }
    for (const name of requiredNames) {
      if (Object.hasOwn(out, name) || (properties !== undefined && Object.hasOwn(properties, name))) continue
      if (open === false) {
        ok = false
        this.refuse(child(at, 'required'), `"${name}" is required but the object is closed and has no such property, so no value could match`)
        continue
      }
      setOwn(out, name, withRequired(open === true ? { type: 'json' } : { ...open }))
      this.losses.push({ pointer: child(at, 'required'), yamlPath: child(mapPath, name), message: `"${name}" is required without a schema of its own, so any value the object allows (${open === true ? 'any JSON' : 'its additionalProperties schema'}) will do`, note: true })
    }
    return ok ? out : undefined
  }

  /** `oneOf`, `anyOf`, `allOf`: exact when the DSL's oneOf means the same. */
  #combination(schema: Spec, at: string, yamlPath: string, keys: readonly ('oneOf' | 'anyOf' | 'allOf')[]): Spec | undefined {
    const validating = ownEntries(schema).filter(([key]) => !(ANNOTATIONS as readonly string[]).includes(key) && !keys.includes(key as 'oneOf') && STRUCTURAL.has(key) && !NARROWING.has(key) && key !== '$schema' && key !== '$defs' && key !== 'definitions')
    const key = keys[0] as 'oneOf' | 'anyOf' | 'allOf'
    if (keys.length > 1 || validating.length > 0) {
      const other = keys.length > 1 ? keys[1] : validating[0]?.[0]
      return this.refuse(child(at, key), `"${key}" beside "${other}" cannot be imported: the YAML's oneOf stands alone on its node`)
    }
    const list = ownValue(schema, key)
    if (!Array.isArray(list) || list.length === 0) return this.refuse(child(at, key), `"${key}" must be a non-empty list of schemas, found ${describeFound(list)}`)
    if (list.length > 1 && key === 'allOf') return this.refuse(child(at, key), '"allOf" with several schemas cannot be imported: the YAML has no intersection')
    if (list.length === 1) {
      // One branch is the branch itself; the node's own annotations win.
      const only = this.node(list[0], child(child(at, key), 0), yamlPath)
      return only === undefined ? undefined : this.#finishAnnotations(only, schema, at, yamlPath)
    }
    const branches: Spec[] = []
    for (const [index, branch] of list.entries()) {
      const converted = this.node(branch, child(child(at, key), index), `${yamlPath}/oneOf/${index}`)
      if (converted === undefined) return undefined
      branches.push(converted)
    }
    if (key === 'anyOf') {
      // anyOf equals oneOf when no value can match two branches: their JSON types must be disjoint.
      const seen = new Set<string>()
      for (const [index, branch] of branches.entries()) {
        const types = typesOf(branch)
        for (const type of types) {
          if (seen.has(type)) {
            return this.refuse(child(child(at, key), index), `"anyOf" branches that may both match (both accept ${type === 'number' ? 'numbers' : `${type}s`}) cannot be imported: the YAML's oneOf would reject a value matching two branches`)
          }
        }
        for (const type of types) seen.add(type)
      }
    }
    return this.#finishAnnotations({ oneOf: branches }, schema, at, yamlPath)
  }

  #finishAnnotations(spec: Spec, schema: Spec, at: string, yamlPath: string): Spec {
    const out: Spec = {}
    for (const key of ANNOTATIONS) this.#copyAnnotation(out, schema, key, at, yamlPath)
    for (const [key, value] of ownEntries(spec)) if (!Object.hasOwn(out, key)) setOwn(out, key, value)
    return reorder(out)
  }

  #copyAnnotation(spec: Spec, schema: Spec, key: string, at: string, yamlPath: string): void {
    const value = ownValue(schema, key)
    if (value !== undefined) this.#annotation(spec, key, value, child(at, key), yamlPath)
  }

  #annotation(spec: Spec, key: string, value: unknown, at: string, yamlPath: string): void {
    if ((key === 'title' || key === 'description') && typeof value !== 'string') {
      this.lose(at, yamlPath, `${key}: ${short(value)} dropped (must be a string)`)
      return
    }
    if (key === 'default' || key === 'examples') this.annotatedValues = true
    setOwn(spec, key, value)
  }
}

/** The node whose `default`/`examples` an issue path is about, walking the spec (a property may be named "default"). */
function annotationAt(spec: Spec, path: string, parameterMap: boolean): { node: Spec; nodePath: string; key: 'default' | 'examples'; index: number } | undefined {
  const tokens = pointerTokens(path)
  let node: unknown = spec
  let position = 0
  const walked: string[] = []
  const step = (count: number): void => {
    for (let i = 0; i < count; i++) {
      const token = tokens[position++] as string
      walked.push(escapeJsonPointerToken(token))
      node = isRecord(node) || Array.isArray(node) ? ownValue(node, token) : undefined
    }
  }
  if (parameterMap) step(1)
  while (position < tokens.length && isRecord(node)) {
    const token = tokens[position] as string
    if (token === 'default') return { node, nodePath: walked.length === 0 ? '' : `/${walked.join('/')}`, key: 'default', index: 0 }
    if (token === 'examples') return { node, nodePath: walked.length === 0 ? '' : `/${walked.join('/')}`, key: 'examples', index: Number(tokens[position + 1] ?? 0) }
    if (token === 'properties' || token === 'oneOf') step(2)
    else if (token === 'items' || token === 'additionalProperties') step(1)
    else return undefined
  }
  return undefined
}

/** The spec with `required: true` right after `type` (where the README's examples put it). */
function withRequired(spec: Spec): Spec {
  const out: Spec = {}
  const entries = ownEntries(spec)
  const first = entries[0]
  if (first !== undefined && first[0] === 'type') setOwn(out, 'type', first[1])
  setOwn(out, 'required', true)
  for (const [key, value] of entries) if (!(key === 'type' && out.type === value) && key !== 'required') setOwn(out, key, value)
  return out
}

/** type, annotations, then the rest, in a fixed order. */
function reorder(spec: Spec): Spec {
  const out: Spec = {}
  for (const key of ['type', 'required', 'title', 'description', 'default', 'examples']) if (Object.hasOwn(spec, key)) setOwn(out, key, ownValue(spec, key))
  for (const [key, value] of ownEntries(spec)) if (!Object.hasOwn(out, key)) setOwn(out, key, value)
  return out
}

/** A short rendering of a dropped value for a comment. */
export function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
