import { JsonSchemaError, ToolArgsError } from '../../errors.js'
import { type CompiledJsonSchema, compileJsonSchema } from '../json-schema/compile-json-schema.js'
import type { InferArgs } from './infer-value.js'
import type { ParameterSchemaSpec, ValueSchemaSpec } from './value-schema-spec.js'
import { assignOwn } from '../../json/hostile-prototypes.js'
import { appendPointer, MAX_ISSUES, MAX_JSON_DEPTH } from '../../json/json-value.js'
import { materializeJson } from '../../json/materialize-json.js'
import { snapshotHeight } from '../../json/materialized-snapshots.js'
import { JSON_SCHEMA_KEYWORDS, MAX_SCHEMA_NODES, markSupportedByConstruction } from '../json-schema/check-json-schema.js'
import type {
  JsonSchemaNode,
  JsonSchemaScalar,
  JsonSchemaType,
  ObjectJsonSchema,
  SchemaIssue,
} from '../json-schema/json-schema-node.js'
import { DeclaredValuesChecker } from '../json-schema/declared-values.js'
import { hasJsonType } from '../json-schema/deep-json-check.js'
import { CONSTRAINT_KEYWORDS, checkConstraintValues, typeHoldsKind } from '../json-schema/value-constraints.js'
import { describeFound, readSpecArray, readSpecRecord } from './read-spec-record.js'

// One pass checks a DSL spec and builds its raw JSON Schema, kept only if there is no issue. The output satisfies the
// raw subset by construction, so the raw check and the validators do not walk it again; clean translations are cached
// per spec object (specs are immutable declarations), so checking then compiling reads a spec once.

/** The outcome of one translation: the schema when (and only when) there are no issues. */
export type SpecTranslation<T> =
  | { readonly schema: T; readonly issues: readonly [] }
  | { readonly schema: undefined; readonly issues: readonly SchemaIssue[] }

/** Every DSL issue of a `ValueSchemaSpec`, at JSON Pointers into it (e.g. `/items/enum/0`); never throws. */
export function checkValueSchemaSpec(spec: unknown): SchemaIssue[] {
  return [...translateValueSpec(spec).issues]
}

const cleanValueSpecs = new WeakMap<object, JsonSchemaNode>()
const cleanParameterSpecs = new WeakMap<object, ObjectJsonSchema>()

/** Every DSL issue of a `ParameterSchemaSpec`, at JSON Pointers into the map (e.g. `/path/required`); never throws. */
export function checkParameterSchemaSpec(spec: unknown): SchemaIssue[] {
  return [...translateParameterSpec(spec).issues]
}

/** Checks a `ValueSchemaSpec` and builds its frozen raw JSON Schema. */
export function translateValueSpec(spec: unknown): SpecTranslation<JsonSchemaNode> {
  const isObject = typeof spec === 'object' && spec !== null
  const known = isObject ? cleanValueSpecs.get(spec) : undefined
  if (known !== undefined) return { schema: known, issues: [] }
  const walk = new SpecWalk(0)
  const translation = walk.finish(walk.node(spec, '', false, 0)?.node, '')
  if (isObject && translation.schema !== undefined) cleanValueSpecs.set(spec, translation.schema)
  return translation
}

/** Checks a `ParameterSchemaSpec` and builds its frozen implicit open object root. */
export function translateParameterSpec(spec: unknown): SpecTranslation<ObjectJsonSchema> {
  const isObject = typeof spec === 'object' && spec !== null
  const known = isObject ? cleanParameterSpecs.get(spec) : undefined
  if (known !== undefined) return { schema: known, issues: [] }
  const walk = new SpecWalk(1)
  const built = walk.properties(spec, '', 'the parameter map', 0)
  const root = built && (built.required.length > 0 ? { type: 'object', properties: built.properties, required: built.required } : { type: 'object', properties: built.properties })
  const schema = root && (finishNode(root) as ObjectJsonSchema)
  const translation = walk.finish(schema, '/properties')
  if (isObject && translation.schema !== undefined) cleanParameterSpecs.set(spec, translation.schema)
  return translation
}

// Per scalar type, how a mismatch message names what fits (whether a value fits is `hasJsonType`'s answer).
const SCALAR_WORDING: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a finite number',
  integer: 'an integer',
  boolean: 'true or false',
  null: 'null',
}
const SPEC_TYPES = 'string, number, integer, boolean, null, array, object or json'
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples'])
// Keywords the DSL knows, with the node kinds that accept them (for "not allowed here" messages).
const PLACED_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['enum', 'string, number, integer, boolean and null nodes'],
  ['const', 'string, number, integer, boolean and null nodes'],
  ['items', 'array nodes'],
  ['properties', 'object nodes'],
  ['additionalProperties', 'object nodes'],
  ['oneOf', 'oneOf nodes (which have no type)'],
  ...[...CONSTRAINT_KEYWORDS].map(([key, kind]) => [key, kind === 'number' ? 'number and integer nodes' : `${kind} nodes`] as const),
])
const constraintsOf = (type: 'number' | 'string' | 'array' | 'object'): string[] =>
  [...CONSTRAINT_KEYWORDS].filter(([, kind]) => typeHoldsKind(type, kind)).map(([key]) => key)
const KEYWORDS_OF: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['scalar', new Set(['type', 'enum', 'const'])],
  ['number', new Set(['type', 'enum', 'const', ...constraintsOf('number')])],
  ['integer', new Set(['type', 'enum', 'const', ...constraintsOf('number')])],
  ['string', new Set(['type', 'enum', 'const', ...constraintsOf('string')])],
  ['array', new Set(['type', 'items', ...constraintsOf('array')])],
  ['object', new Set(['type', 'properties', 'additionalProperties', ...constraintsOf('object')])],
  ['json', new Set(['type'])],
  ['oneOf', new Set(['oneOf'])],
])
// Deeper than any spec a person writes: keeps hostile nesting off the stack limit, and the compiled schema (at most two
// JSON levels per spec level) within MAX_JSON_DEPTH.
const MAX_NESTING = 256

type NodeKind = 'scalar' | 'array' | 'object' | 'json' | 'oneOf'

interface Translated {
  readonly node: JsonSchemaNode
  /** Whether the spec said `required: true` (meaningful for properties only). */
  readonly required: boolean
  /** Schema nodes in the subtree, counted per use. */
  readonly size: number
  /** Nesting levels below this node. */
  readonly height: number
}

interface BuiltProperties {
  readonly properties: { readonly [key: string]: JsonSchemaNode }
  readonly required: readonly string[]
}

class SpecWalk {
  readonly issues: SchemaIssue[] = []
  // The specs on the current path: meeting one again is a cycle.
  readonly #ancestors = new Set<object>()
  // Schema nodes produced so far, counted per use; the parameter root is one node of its own.
  #nodes: number
  // The deepest nesting reached in the subtree being walked (for the memo's height).
  #deepest = 0
  // The deepest nesting reached anywhere, and the tallest annotation value: together they bound the schema's depth.
  #reach = 0
  #tallestValue = 0

  constructor(rootNodes: number) {
    this.#nodes = rootNodes
  }
  // The nodes this walk builds are prepared for the declared-value checks once, children reused.
  readonly #declaredValues = new DeclaredValuesChecker()
  // Sub-specs already translated cleanly, per role (a property may say `required: true`).
  readonly #clean = [new WeakMap<object, Translated>(), new WeakMap<object, Translated>()] as const

  /** The outcome; `rootPath` is where the spec's pointers start in the schema (`/properties` for a parameter map). */
  finish<T>(schema: T | undefined, rootPath: string): SpecTranslation<T> {
    if (this.issues.length === 0 && schema !== undefined) this.#checkWholeDepth(schema, rootPath)
    if (this.issues.length === 0 && schema !== undefined) return { schema, issues: [] }
    return { schema: undefined, issues: this.issues.slice(0, MAX_ISSUES) }
  }

  // Each part is within MAX_JSON_DEPTH, but a deep `default` under deep nodes may not be. A spec level adds at most two
  // schema levels (the parameter root two more), so only a spec near the bound is measured exactly.
  #checkWholeDepth(schema: unknown, rootPath: string): void {
    if (2 * (this.#reach + 2) + this.#tallestValue < MAX_JSON_DEPTH) return
    const whole = materializeJson(schema)
    if (whole.ok) return
    for (const issue of whole.issues) {
      const path = rootPath !== '' && issue.path.startsWith(rootPath) ? issue.path.slice(rootPath.length) : issue.path
      this.#issue(path, `${issue.message} (the compiled schema, annotations included)`)
    }
  }

  #issue(path: string, message: string): void {
    this.issues.push({ path, message })
  }

  /** One value spec; `asProperty` allows `required: true`. */
  node(spec: unknown, path: string, asProperty: boolean, depth: number): Translated | undefined {
    if (this.issues.length >= MAX_ISSUES) return undefined
    if (depth > MAX_NESTING) {
      this.#issue(path, `the spec is nested more than ${MAX_NESTING} levels deep`)
      return undefined
    }
    const memo = this.#clean[asProperty ? 1 : 0]
    if (depth > this.#reach) this.#reach = depth
    if (typeof spec === 'object' && spec !== null) {
      const known = memo.get(spec)
      // A clean sub-spec is reused only where its whole subtree still fits the nesting bound.
      if (known !== undefined && depth + known.height <= MAX_NESTING) {
        this.#deepest = Math.max(this.#deepest, depth + known.height)
        this.#reach = Math.max(this.#reach, depth + known.height)
        return this.#count(path, known.size) ? known : undefined
      }
      if (this.#ancestors.has(spec)) {
        this.#issue(path, 'the spec contains itself (a cycle)')
        return undefined
      }
    }
    if (!this.#count(path, 1)) return undefined
    const read = readSpecRecord(spec, path, 'a schema spec', this.issues)
    if (!read.ok) return undefined
    const record = read.value
    const issuesBefore = this.issues.length
    const nodesBefore = this.#nodes - 1
    const outerDeepest = this.#deepest
    this.#deepest = depth
    this.#ancestors.add(spec as object)
    let node: JsonSchemaNode | undefined
    try {
      node = this.#typedNode(record, path, asProperty, depth)
    } finally {
      this.#ancestors.delete(spec as object)
    }
    const height = this.#deepest - depth
    this.#deepest = Math.max(outerDeepest, this.#deepest)
    if (node !== undefined && this.issues.length === issuesBefore) this.#declaredValues.checkNode(node, path, this.issues)
    if (node === undefined || this.issues.length !== issuesBefore) return undefined
    const translated = { node, required: record.get('required') === true, size: this.#nodes - nodesBefore, height }
    memo.set(spec as object, translated)
    return translated
  }

  // Counts nodes per use, as the raw check does: a sub-spec shared at every level is small but exponential to validate.
  #count(path: string, size: number): boolean {
    const before = this.#nodes
    this.#nodes += size
    if (this.#nodes <= MAX_SCHEMA_NODES) return true
    if (before <= MAX_SCHEMA_NODES) {
      this.#issue(path, `the spec has more than ${MAX_SCHEMA_NODES} nodes (a shared sub-spec counts once per use)`)
    }
    return false
  }

  #typedNode(
    record: ReadonlyMap<string, unknown>,
    path: string,
    asProperty: boolean,
    depth: number,
  ): JsonSchemaNode | undefined {
    const kind = this.#kind(record, path)
    const allowed = kind === undefined ? undefined : KEYWORDS_OF.get(kind === 'scalar' ? String(record.get('type')) : kind) ?? KEYWORDS_OF.get(kind)
    const out: Record<string, unknown> = {}
    for (const [key, value] of record) {
      const at = appendPointer(path, key)
      if (key === 'required') this.#required(value, at, asProperty)
      else if (ANNOTATIONS.has(key)) this.#annotation(key, value, at, out)
      else if (allowed === undefined) {
        // The type is missing or unknown: only keywords the DSL never knows are reported here.
        if (key !== 'type' && !PLACED_KEYWORDS.has(key)) this.#issue(at, `unknown keyword "${key}"`)
      } else if (!allowed.has(key)) {
        const where = PLACED_KEYWORDS.get(key)
        const kindName = kind === 'scalar' ? withArticle(String(record.get('type'))) : withArticle(String(kind))
        if (key === 'type') this.#issue(at, 'a oneOf node has no type key')
        else if (key === 'enum' && kind === 'array')
          this.#issue(at, `"enum" is not allowed on an array node; it belongs on ${where} — did you mean to put \`enum\` on \`items\`?`)
        else if (where !== undefined)
          this.#issue(at, `"${key}" is not allowed on ${kindName} node; it belongs on ${where}`)
        else this.#issue(at, `unknown keyword "${key}"`)
      } else if (CONSTRAINT_KEYWORDS.has(key)) {
        assignOwn(out, key, value)
      }
    }
    if (allowed !== undefined) {
      const bounds = new Map([...record].filter(([key]) => CONSTRAINT_KEYWORDS.has(key) && allowed.has(key)))
      checkConstraintValues(bounds, (key) => appendPointer(path, key), this.issues)
    }
    if (kind === undefined) {
      // The node itself is unusable, but what it holds is still checked: every problem in one report.
      this.#inspectNested(record, path, depth)
      return undefined
    }
    switch (kind) {
      case 'scalar':
        return this.#scalar(record, path, out)
      case 'json':
        return finishNode(out)
      case 'array':
        return this.#array(record, path, out, depth)
      case 'object':
        return this.#object(record, path, out, depth)
      case 'oneOf':
        return this.#oneOf(record, path, out, depth)
    }
  }

  /** Reports the problems inside `properties`, `items` and `additionalProperties` of a node without a usable type. */
  #inspectNested(record: ReadonlyMap<string, unknown>, path: string, depth: number): void {
    if (record.has('properties')) this.properties(record.get('properties'), appendPointer(path, 'properties'), '"properties"', depth + 1)
    if (record.has('items')) this.node(record.get('items'), appendPointer(path, 'items'), false, depth + 1)
    if (record.has('additionalProperties')) this.#openness(record, path, depth)
  }

  /** The record's `additionalProperties`: a boolean, a typed map's node, or `undefined` after an issue. */
  #openness(record: ReadonlyMap<string, unknown>, path: string, depth: number): boolean | JsonSchemaNode | undefined {
    const open = record.get('additionalProperties')
    if (typeof open === 'boolean') return open
    const at = appendPointer(path, 'additionalProperties')
    if (typeof open === 'object' && open !== null && !Array.isArray(open)) return this.node(open, at, false, depth + 1)?.node
    this.#issue(at, `must be true, false or a value spec (a typed map), found ${describeFound(open)}`)
    return undefined
  }

  #kind(record: ReadonlyMap<string, unknown>, path: string): NodeKind | undefined {
    if (record.has('oneOf')) return 'oneOf'
    if (!record.has('type')) {
      this.#issue(path, `a schema spec needs "type" (${SPEC_TYPES}) or "oneOf"`)
      return undefined
    }
    const type = record.get('type')
    if (typeof type === 'string' && Object.hasOwn(SCALAR_WORDING, type)) return 'scalar'
    if (type === 'array' || type === 'object' || type === 'json') return type
    this.#issue(appendPointer(path, 'type'), `must be one of ${SPEC_TYPES}, found ${describeFound(type)}`)
    return undefined
  }

  #required(value: unknown, at: string, asProperty: boolean): void {
    if (!asProperty) {
      this.#issue(at, '"required" is only allowed on a property (of the parameters or of an object node)')
    } else if (value === false) {
      this.#issue(at, '"required: false" is not allowed; omit "required" for an optional property')
    } else if (Array.isArray(value)) {
      this.#issue(at, 'a list of required names is not part of the DSL; mark each property with "required: true"')
    } else if (value !== true) {
      this.#issue(at, `"required" must be true, found ${describeFound(value)}`)
    }
  }

  #annotation(key: string, value: unknown, at: string, out: Record<string, unknown>): void {
    if (key === 'description' || key === 'title') {
      if (typeof value === 'string') assignOwn(out, key, value)
      else this.#issue(at, `must be a string, found ${describeFound(value)}`)
      return
    }
    const materialized = materializeJson(value)
    if (materialized.ok) {
      assignOwn(out, key, materialized.value)
      const height = typeof materialized.value === 'object' && materialized.value !== null ? (snapshotHeight(materialized.value) ?? MAX_JSON_DEPTH) : 0
      if (height > this.#tallestValue) this.#tallestValue = height
    }
    else for (const issue of materialized.issues) this.#issue(at + issue.path, issue.message)
  }

  #scalar(
    record: ReadonlyMap<string, unknown>,
    path: string,
    out: Record<string, unknown>,
  ): JsonSchemaNode | undefined {
    const type = record.get('type') as string
    assignOwn(out, 'type', type)
    let members: JsonSchemaScalar[] | undefined
    if (record.has('enum')) {
      const at = appendPointer(path, 'enum')
      const read = readSpecArray(record.get('enum'), at, '"enum"', this.issues)
      if (read.ok) {
        if (read.value.length === 0) this.#issue(at, '"enum" must list at least one value')
        members = []
        const seen = new Set<JsonSchemaScalar>()
        read.value.forEach((member, index) => {
          const scalar = this.#scalarOf(type, member, appendPointer(at, index))
          if (scalar === undefined) return
          if (seen.has(scalar)) this.#issue(appendPointer(at, index), `duplicate enum value ${JSON.stringify(scalar)}`)
          seen.add(scalar)
          members?.push(scalar)
        })
        assignOwn(out, 'enum', Object.freeze(members))
      }
    }
    if (record.has('const')) {
      const at = appendPointer(path, 'const')
      const scalar = this.#scalarOf(type, record.get('const'), at)
      if (scalar !== undefined) {
        assignOwn(out, 'const', scalar)
        if (members !== undefined && members.length > 0 && !members.includes(scalar)) {
          this.#issue(at, 'is not one of the "enum" values, so no value could match')
        }
      }
    }
    return finishNode(out)
  }

  /** The scalar as the raw schema stores it (`-0` as `0`), or `undefined` after an issue. */
  #scalarOf(type: string, value: unknown, at: string): JsonSchemaScalar | undefined {
    if (hasJsonType(type as JsonSchemaType, value)) return value === 0 ? 0 : (value as JsonSchemaScalar)
    // A string where a boolean or number belongs ("True", "1") usually means the node is a string.
    const found = describeFound(value) + (typeof value === 'string' && type !== 'null' ? '; did you mean `type: string`?' : '')
    this.#issue(at, `must be ${SCALAR_WORDING[type]} to match type "${type}", found ${found}`)
    return undefined
  }

  #array(record: ReadonlyMap<string, unknown>, path: string, out: Record<string, unknown>, depth: number) {
    assignOwn(out, 'type', 'array')
    if (!record.has('items')) {
      this.#issue(path, 'an array node needs "items" (use { type: json } for any item)')
      return undefined
    }
    const items = this.node(record.get('items'), appendPointer(path, 'items'), false, depth + 1)
    if (items !== undefined) assignOwn(out, 'items', items.node)
    return finishNode(out)
  }

  #object(record: ReadonlyMap<string, unknown>, path: string, out: Record<string, unknown>, depth: number) {
    assignOwn(out, 'type', 'object')
    if (!record.has('additionalProperties')) {
      this.#issue(path, 'an object node must declare "additionalProperties: true", "additionalProperties: false" or a value spec for a typed map')
    } else {
      const open = this.#openness(record, path, depth)
      if (open !== undefined) assignOwn(out, 'additionalProperties', open)
    }
    const built = record.has('properties')
      ? this.properties(record.get('properties'), appendPointer(path, 'properties'), '"properties"', depth + 1)
      : { properties: Object.freeze({}), required: [] }
    if (built !== undefined) {
      assignOwn(out, 'properties', built.properties)
      if (built.required.length > 0) assignOwn(out, 'required', built.required)
    }
    return finishNode(out)
  }

  /** A property map (object `properties` or the parameter root); own keys stay own data keys. */
  properties(spec: unknown, path: string, what: string, depth: number): BuiltProperties | undefined {
    const read = readSpecRecord(spec, path, what, this.issues)
    if (!read.ok) return undefined
    const properties: Record<string, JsonSchemaNode> = {}
    const required: string[] = []
    let complete = true
    for (const [key, value] of read.value) {
      const translated = this.node(value, appendPointer(path, key), true, depth)
      if (translated === undefined) {
        complete = false
        continue
      }
      assignOwn(properties, key, translated.node)
      if (translated.required) required.push(key)
    }
    if (!complete) return undefined
    return { properties: Object.freeze(properties), required: Object.freeze(required) }
  }

  #oneOf(record: ReadonlyMap<string, unknown>, path: string, out: Record<string, unknown>, depth: number) {
    const at = appendPointer(path, 'oneOf')
    const read = readSpecArray(record.get('oneOf'), at, '"oneOf"', this.issues)
    if (!read.ok) return undefined
    if (read.value.length < 2) this.#issue(at, `"oneOf" needs at least two branches, found ${read.value.length}`)
    const branches: JsonSchemaNode[] = []
    read.value.forEach((branch, index) => {
      const translated = this.node(branch, appendPointer(at, index), false, depth + 1)
      if (translated !== undefined) branches.push(translated.node)
    })
    assignOwn(out, 'oneOf', Object.freeze(branches))
    return finishNode(out)
  }
}

function withArticle(kind: string): string {
  return kind === 'array' || kind === 'object' || kind === 'integer' ? `an ${kind}` : `a ${kind}`
}

/** The finished node: in keyword order, marked as built by the translation, frozen. */
function finishNode(out: Record<string, unknown>): JsonSchemaNode {
  return Object.freeze(markSupportedByConstruction(orderNode(out)))
}

function orderNode(out: Record<string, unknown>): JsonSchemaNode {
  const node: Record<string, unknown> = {}
  for (const key of JSON_SCHEMA_KEYWORDS) if (Object.hasOwn(out, key)) assignOwn(node, key, out[key])
  return node as JsonSchemaNode
}

/** A `ValueSchemaSpec`'s frozen raw JSON Schema, cached per spec; throws one `JsonSchemaError` with every DSL issue. */
export function valueSchemaSpecToJsonSchema(spec: ValueSchemaSpec): JsonSchemaNode {
  const translation = translateValueSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'value schema spec')
  return translation.schema
}

/**
 * A `ParameterSchemaSpec`'s frozen root `{ type: 'object', properties, required? }` (`required` only if non-empty; no
 * `additionalProperties`: the root stays open), cached per spec; throws one `JsonSchemaError` with every DSL issue.
 */
export function parameterSchemaSpecToJsonSchema(spec: ParameterSchemaSpec): ObjectJsonSchema {
  const translation = translateParameterSpec(spec)
  if (translation.schema === undefined) throw new JsonSchemaError(translation.issues, 'parameter schema spec')
  return translation.schema
}

/** Returns `args` typed if they match the parameter spec, else throws one `ToolArgsError` listing every mismatch. */
export function validateArgs<const P extends ParameterSchemaSpec>(parameters: P, args: unknown, toolName?: string): InferArgs<P> {
  return checkArgs<InferArgs<P>>(compileJsonSchema(parameterSchemaSpecToJsonSchema(parameters)), args, toolName)
}

/** The check behind {@link validateArgs}, for callers that already hold the compiled validator (`defineTool`). */
export function checkArgs<A>(validator: CompiledJsonSchema, args: unknown, toolName?: string): A {
  if (validator.is(args)) return args as A
  throw new ToolArgsError(validator.validate(args).errors, toolName)
}
