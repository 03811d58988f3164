import type { JsonSchema, JsonValue, LossEntry } from './export-model.js'

// One walk over a JSON Schema that lowers it to a provider's subset, keyword by keyword, as a
// profile says: keep, rewrite, move into the description, or drop — and records each lossy step.
// Whatever a profile cannot express at all is a blocker (the caller decides: a non-strict
// fallback, or an error). The walk never mutates its input and reads own properties only.

/** How one provider subset treats each keyword; see the targets for the cited rules. */
export interface LowerProfile {
  /** The subset's name for messages, e.g. "OpenAI strict mode". */
  readonly label: string
  /** Keywords copied unchanged. */
  readonly keep: ReadonlySet<string>
  /** `format` values kept; any other format moves into the description. `undefined`: every format is kept (if `format` is in `keep`). */
  readonly formats?: ReadonlySet<string>
  /** Every object is closed (`additionalProperties: false`); an open one that is not the root is a reported rewrite, a free-form one a blocker. */
  readonly closeObjects: boolean
  /** Every property becomes required; an optional one becomes a union with `null` (OpenAI strict). */
  readonly optionalAsNull: boolean
  /** `oneOf` stays, or becomes `anyOf` (reported when the branches may overlap). */
  readonly oneOf: 'keep' | 'anyOf'
  /** `const` stays, or becomes a one-value `enum`. */
  readonly constAsEnum: boolean
  /** Gemini's OpenAPI subset: upper-case types, `nullable` for a null branch, string-only enums, no `additionalProperties`. */
  readonly openApi: boolean
  /** A node with no type (any JSON value) cannot be expressed. */
  readonly blockAnyJson: boolean
  /** Largest `minItems` kept (Anthropic strict: 0 or 1); larger values move into the description. */
  readonly maxMinItems?: number
}

/** A reason a schema cannot be lowered to a subset at all. */
export interface LowerBlocker {
  readonly path: string
  readonly keyword: string
  readonly detail: string
}

/** What one lowering found and counted, for the target's limits. */
export interface LowerTally {
  readonly losses: LossEntry[]
  readonly blockers: LowerBlocker[]
  /** Object properties, all levels. */
  properties: number
  /** Enum values (and consts), all levels. */
  enumValues: number
  /** Deepest object nesting (the root object is 1). */
  depth: number
  /** Properties not required, all levels (before any null lowering). */
  optional: number
  /** `anyOf`/`oneOf` nodes after lowering. */
  unions: number
}

/** Lowers `schema` (found at `path` of tool `tool`) under `profile`. */
export function lowerSchema(tool: string, schema: JsonSchema, path: string, profile: LowerProfile): { schema: JsonSchema; tally: LowerTally } {
  const tally: LowerTally = { losses: [], blockers: [], properties: 0, enumValues: 0, depth: 0, optional: 0, unions: 0 }
  const walk = new Walk(tool, profile, tally)
  return { schema: walk.node(schema, path, 0, true), tally }
}

/** The keywords every profile knows; any other keyword is dropped (and reported). */
const KNOWN = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'oneOf', 'anyOf',
  'description', 'title', 'default', 'examples', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems',
  'minProperties', 'maxProperties',
])

const OPENAPI_TYPES: { readonly [type: string]: string } = {
  string: 'STRING', number: 'NUMBER', integer: 'INTEGER', boolean: 'BOOLEAN', array: 'ARRAY', object: 'OBJECT', null: 'NULL',
}

class Walk {
  constructor(
    private readonly tool: string,
    private readonly profile: LowerProfile,
    private readonly tally: LowerTally,
  ) {}

  node(node: JsonSchema, path: string, depth: number, root: boolean): Record<string, JsonValue> {
    const { profile } = this
    const out: Record<string, JsonValue> = {}
    const moved: string[] = []
    // OpenAPI's nullable: the one value branch of a value-or-null union, merged into this node after its own keywords.
    let merged: { branch: JsonSchema; at: string; lowered: Record<string, JsonValue> } | undefined
    const type = own(node, 'type')
    const isObject = type === 'object' || (type === undefined && own(node, 'properties') !== undefined)
    if (isObject) this.tally.depth = Math.max(this.tally.depth, depth + 1)

    for (const keyword of Object.keys(node)) {
      const value = own(node, keyword)
      if (value === undefined) continue
      const at = `${path}/${escapePointer(keyword)}`
      switch (keyword) {
        case 'type':
          if (profile.openApi && Array.isArray(value)) {
            this.tally.blockers.push({ path: at, keyword: 'type', detail: `${profile.label} takes one type per schema, not a list of types (${JSON.stringify(value)})` })
            continue
          }
          set(out, 'type', profile.openApi && typeof value === 'string' ? (OPENAPI_TYPES[value] ?? value) : value)
          continue
        case 'properties':
        case 'required':
        case 'additionalProperties':
          continue // below, with the object as a whole
        case 'items':
          set(out, 'items', this.node(value as JsonSchema, at, depth + (isObject ? 1 : 0), false))
          continue
        case 'oneOf':
        case 'anyOf':
          merged = this.union(keyword, value as readonly JsonSchema[], at, depth, out)
          continue
        case 'enum':
          this.tally.enumValues += Array.isArray(value) ? value.length : 0
          if (profile.openApi && !(value as readonly JsonValue[]).every((item) => typeof item === 'string')) {
            moved.push(`one of ${(value as readonly JsonValue[]).map((item) => JSON.stringify(item)).join(', ')}`)
            this.loss(at, 'enum', 'moved-to-description', `${profile.label} allows enum on strings only`)
            continue
          }
          set(out, 'enum', value)
          continue
        case 'const':
          this.tally.enumValues++
          if (profile.openApi && typeof value !== 'string') {
            moved.push(`always ${JSON.stringify(value)}`)
            this.loss(at, 'const', 'moved-to-description', `${profile.label} has no const and allows enum on strings only`)
          } else if (profile.constAsEnum) {
            set(out, 'enum', [value]) // a one-value enum accepts exactly what const accepts: not a loss
          } else {
            set(out, 'const', value)
          }
          continue
        case 'description':
          set(out, 'description', value)
          continue
        case 'format':
          if (profile.keep.has('format') && (profile.formats === undefined || profile.formats.has(String(value)))) set(out, 'format', value)
          else this.move(at, keyword, value, moved, `${profile.label} does not support format ${JSON.stringify(value)}`)
          continue
        case 'minItems':
          if (profile.keep.has('minItems') && (profile.maxMinItems === undefined || (value as number) <= profile.maxMinItems)) set(out, 'minItems', value)
          else this.move(at, keyword, value, moved, `${profile.label} does not support minItems ${JSON.stringify(value)}`)
          continue
        default:
          if (profile.keep.has(keyword)) set(out, keyword, value)
          else if (KNOWN.has(keyword)) this.move(at, keyword, value, moved, `${profile.label} does not support ${keyword}`)
          else this.loss(at, keyword, 'dropped', `${JSON.stringify(keyword)} is not a keyword toolsmith lowers`)
      }
    }

    if (merged !== undefined) this.merge(node, merged, out)
    if (isObject) this.object(node, path, depth, root, out)
    else if (type === undefined && own(node, 'oneOf') === undefined && own(node, 'anyOf') === undefined && profile.blockAnyJson) {
      if (own(node, 'enum') === undefined && own(node, 'const') === undefined) {
        this.tally.blockers.push({ path, keyword: 'type', detail: `${path || 'the schema'} accepts any JSON value, which ${profile.label} cannot express (it needs a type)` })
      }
    }
    if (moved.length > 0) {
      const description = own(out, 'description')
      const note = `(${moved.join('; ')})`
      set(out, 'description', typeof description === 'string' && description !== '' ? `${description} ${note}` : note)
    }
    return out
  }

  private object(node: JsonSchema, path: string, depth: number, root: boolean, out: Record<string, JsonValue>): void {
    const { profile } = this
    const properties = own(node, 'properties') as { readonly [key: string]: JsonSchema } | undefined
    const keys = properties === undefined ? [] : Object.keys(properties)
    const required = new Set((own(node, 'required') as readonly string[] | undefined) ?? [])
    const additional = own(node, 'additionalProperties')
    this.tally.properties += keys.length
    const lowered: Record<string, JsonValue> = {}
    for (const key of keys) {
      const at = `${path}/properties/${escapePointer(key)}`
      const child = properties?.[key] as JsonSchema
      let schema = this.node(child, at, depth + 1, false)
      if (required.has(key) && profile.optionalAsNull && acceptsNull(child)) {
        // Already what an optional key is lowered to (required, null allowed): the two look the same from here on.
        this.loss(at, 'required', 'rewritten', `required and nullable: ${profile.label} sends an optional key the same way (required, null allowed), so nothing tells the model that null here is a value and not "not given"; fromStrictArgs keeps this key's null (the declaration requires the key), and a reader of the export (toolsmith import) takes the key for an optional one`)
      }
      if (!required.has(key)) {
        this.tally.optional++
        if (profile.optionalAsNull) {
          if (acceptsNull(child)) {
            this.loss(at, 'required', 'rewritten', `optional and nullable: ${profile.label} needs every key, so a null answer reads as "not given", not as null`)
          } else {
            schema = { anyOf: [schema, { type: 'null' }] }
            this.tally.unions++
          }
        }
      }
      set(lowered, key, schema)
    }
    const allRequired = profile.optionalAsNull ? keys : keys.filter((key) => required.has(key))
    if (properties !== undefined) set(out, 'properties', lowered)
    if (allRequired.length > 0) set(out, 'required', allRequired)

    const at = `${path}/additionalProperties`
    if (profile.closeObjects) {
      if (typeof additional === 'object' && additional !== null) {
        this.tally.blockers.push({ path: at, keyword: 'additionalProperties', detail: `${path || 'the root'} is a map of schema-checked values, which ${profile.label} cannot express (every object must be closed)` })
      } else if (keys.length === 0 && additional !== false && !root) {
        this.tally.blockers.push({ path: at, keyword: 'additionalProperties', detail: `${path || 'the root'} is a free-form object, which ${profile.label} cannot express (every object must be closed)` })
      } else if (additional !== false && !root) {
        // The parameters root is open only so a host tolerates extra keys; no declared key is lost by closing it.
        this.loss(at, 'additionalProperties', 'rewritten', `the open object is closed (${profile.label} needs additionalProperties: false): undeclared keys are no longer accepted`)
      }
      set(out, 'additionalProperties', false)
    } else if (profile.openApi) {
      if (additional === false) {
        this.loss(at, 'additionalProperties', 'dropped', `${profile.label} has no additionalProperties: undeclared keys are no longer refused`)
      } else if (typeof additional === 'object' && additional !== null) {
        this.loss(at, 'additionalProperties', 'dropped', `${profile.label} has no additionalProperties: the values' schema is not sent`)
      }
    } else if (additional !== undefined) {
      set(out, 'additionalProperties', typeof additional === 'object' && additional !== null ? this.node(additional as JsonSchema, at, depth + 1, false) : additional)
    }
  }

  /**
   * Merges the value branch of a value-or-null union into the union's node (OpenAPI's nullable). A keyword both
   * say is a loss: two descriptions are joined (the union's first), any other keyword keeps the union's value and
   * the branch's is dropped.
   */
  private merge(node: JsonSchema, merged: { branch: JsonSchema; at: string; lowered: Record<string, JsonValue> }, out: Record<string, JsonValue>): void {
    const { profile } = this
    for (const key of Object.keys(merged.lowered)) {
      const value = merged.lowered[key] as JsonValue
      if (!Object.hasOwn(out, key)) {
        set(out, key, value)
        continue
      }
      const mine = out[key] as JsonValue
      if (JSON.stringify(mine) === JSON.stringify(value)) continue
      if (key === 'description' && typeof mine === 'string' && typeof value === 'string') {
        set(out, 'description', `${mine} ${value}`)
        if (own(node, 'description') !== undefined && own(merged.branch, 'description') !== undefined) {
          this.loss(`${merged.at}/description`, 'description', 'rewritten', `${profile.label} says "or null" with nullable, so the value branch merges into the union: the two descriptions are joined into one (the union's first)`)
        }
        continue
      }
      this.loss(`${merged.at}/${escapePointer(key)}`, key, 'dropped', `${profile.label} says "or null" with nullable, so the value branch merges into the union, whose own ${key} (${JSON.stringify(mine)}) is kept`)
    }
  }

  private union(keyword: 'oneOf' | 'anyOf', branches: readonly JsonSchema[], at: string, depth: number, out: Record<string, JsonValue>): { branch: JsonSchema; at: string; lowered: Record<string, JsonValue> } | undefined {
    const { profile } = this
    this.tally.unions++
    let list = branches.map((branch, index) => ({ branch, index }))
    if (profile.openApi) {
      // OpenAPI 3.0 says "may be null" with nullable, not with a null branch.
      const nonNull = list.filter(({ branch }) => own(branch, 'type') !== 'null')
      if (nonNull.length < list.length && nonNull.length > 0) {
        set(out, 'nullable', true)
        list = nonNull
      }
      if (list.length === 1) {
        const only = list[0] as { branch: JsonSchema; index: number }
        return { branch: only.branch, at: `${at}/${only.index}`, lowered: this.node(only.branch, `${at}/${only.index}`, depth, false) }
      }
    }
    const lowered = list.map(({ branch, index }) => this.node(branch, `${at}/${index}`, depth, false))
    const name = keyword === 'oneOf' && profile.oneOf === 'anyOf' ? 'anyOf' : keyword
    if (keyword === 'oneOf' && name === 'anyOf' && !disjoint(branches)) {
      this.loss(at, 'oneOf', 'rewritten', `${profile.label} has anyOf, not oneOf: a value matching several branches is no longer refused`)
    }
    set(out, name, lowered)
    return undefined
  }

  private move(at: string, keyword: string, value: JsonValue, moved: string[], why: string): void {
    moved.push(`${keyword}: ${JSON.stringify(value)}`)
    this.loss(at, keyword, 'moved-to-description', why)
  }

  private loss(path: string, keyword: string, action: LossEntry['action'], detail: string): void {
    this.tally.losses.push({ tool: this.tool, path, keyword, action, detail })
  }
}

/** Whether the branches of a union can never both match: each names a type, and no two types overlap. */
function disjoint(branches: readonly JsonSchema[]): boolean {
  const seen = new Set<string>()
  for (const branch of branches) {
    const type = own(branch, 'type')
    if (typeof type !== 'string' || seen.has(type)) return false
    seen.add(type)
  }
  return !(seen.has('integer') && seen.has('number'))
}

/** Whether a schema may accept `null` (conservatively: untyped nodes and unions with a null branch do). */
export function acceptsNull(schema: JsonSchema): boolean {
  const type = own(schema, 'type')
  if (type === 'null') return true
  const union = own(schema, 'oneOf') ?? own(schema, 'anyOf')
  if (Array.isArray(union)) return union.some((branch) => acceptsNull(branch as JsonSchema))
  if (type !== undefined) return false
  const values = own(schema, 'enum')
  if (Array.isArray(values)) return values.includes(null)
  if (Object.hasOwn(schema, 'const')) return own(schema, 'const') === null
  return true
}

/** An own property of a schema node, never an inherited one. */
export function own(node: unknown, key: string): JsonValue | undefined {
  return typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? ((node as Record<string, JsonValue>)[key] as JsonValue) : undefined
}

const objectPrototype = Object.prototype

/** Sets an own enumerable property, even `__proto__` (plain assignment unless Object.prototype has the key). */
export function set(target: Record<string, unknown>, key: string, value: unknown): void {
  // A null-prototype descriptor: a polluted Object.prototype.get/set would make a literal one an accessor, and throw.
  if (key in objectPrototype) Object.defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor)
  else target[key] = value
}

/** A JSON Pointer token. */
export function escapePointer(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** A deep copy of plain JSON whose keys all stay own properties. */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(cloneJson) as T
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) set(copy, key, cloneJson((value as Record<string, unknown>)[key]))
  return copy as T
}
