import { JsonSchemaError } from '../../errors.js'
import { describeValue } from '../../json/describe-value.js'
import { escapeJsonPointerToken, MAX_JSON_DEPTH } from '../../json/json-value.js'
import { materializeJson } from '../../json/materialize-json.js'
import { OnTarget } from '../../json/materialized-snapshots.js'
import { hasJsonType, isJsonScalar } from './deep-json-check.js'
import type { JsonSchemaNode, JsonSchemaType, ObjectJsonSchema, SchemaIssue } from './json-schema-node.js'
import { readOwnEntries, readOwnItems } from './read-own-data.js'
import { CONSTRAINT_KEYWORDS, checkConstraintValues, type ConstraintKind, typeHoldsKind } from './value-constraints.js'

/** Most schema nodes one schema may have, counting a shared sub-schema once per place it is used. */
export const MAX_SCHEMA_NODES = 20_000

const TYPES: readonly JsonSchemaType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']
/** The keywords of the enforced subset, in the order compiled schemas print them (deterministic output). */
export const JSON_SCHEMA_KEYWORDS = [
  'type',
  'title',
  'description',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
  'examples',
] as const

const KEYWORDS: ReadonlySet<string> = new Set(JSON_SCHEMA_KEYWORDS)
// The keywords that apply to one kind of value only, rejected under a `type` that cannot hold it.
const KIND_KEYWORDS: ReadonlyMap<string, ConstraintKind> = new Map([
  ['properties', 'object'],
  ['required', 'object'],
  ['additionalProperties', 'object'],
  ['items', 'array'],
  ...CONSTRAINT_KEYWORDS,
])

interface Check {
  readonly issues: SchemaIssue[]
  readonly ancestors: Set<object>
  nodes: number
}

/**
 * Every way `node` breaks the enforced raw JSON Schema subset, at JSON Pointers into the schema; empty means supported.
 * Never throws. The subset: `JsonSchemaNode`'s keywords, one type name per `type`, no boolean schemas; `oneOf` of two
 * or more branches, conjunctive with its siblings; `required` names unique and in `properties`; `enum` non-empty and
 * unique; `enum`/`const` scalars of the node's `type`; `default`/`examples` lossless JSON. Object keywords, `items` and
 * value constraints are rejected under another `type`, and apply only to their kind without one; bad or
 * contradictory bounds are issues. The schema itself must be lossless JSON (no getters, no cycles).
 */
export function checkJsonSchema(node: unknown): SchemaIssue[] {
  if (isSupportedByConstruction(node)) return []
  const check: Check = { issues: [], ancestors: new Set(), nodes: 0 }
  checkNode(node, '', 0, check)
  if (check.issues.length === 0) {
    // The parts passed alone; validators snapshot the whole, which must fit the depth limit too (deep `default`s).
    const whole = materializeJson(node)
    if (!whole.ok) check.issues.push(...whole.issues)
  }
  return check.issues
}

// A node the DSL translation built satisfies the subset by construction, so walking it again proves nothing. The mark
// is a private-field brand (unforgeable, invisible to reflection); a test keeps the translation and this check in step.
class SupportedBrand extends OnTarget {
  readonly #supported = true

  static has(value: object): boolean {
    return #supported in value
  }
}

/** Marks a node the DSL translation is building, before it freezes it; only translate-spec.ts calls this. */
export function markSupportedByConstruction<T extends object>(node: T): T {
  new SupportedBrand(node)
  return node
}

/** Whether `node` is a node the DSL translation built: supported, frozen, lossless JSON (no walk needed). */
export function isSupportedByConstruction(node: unknown): node is JsonSchemaNode {
  return typeof node === 'object' && node !== null && SupportedBrand.has(node)
}

/** Throws one {@link JsonSchemaError} listing every issue {@link checkJsonSchema} finds in `node` (any JSON root). */
export function assertSupportedJsonSchema(node: unknown): asserts node is JsonSchemaNode {
  const issues = checkJsonSchema(node)
  if (issues.length > 0) throw new JsonSchemaError(issues)
}

function checkNode(node: unknown, path: string, depth: number, check: Check): void {
  const issues = check.issues
  if (typeof node === 'boolean') {
    issues.push({ path, message: `boolean schemas are not supported; use {} for any JSON value` })
    return
  }
  if (++check.nodes > MAX_SCHEMA_NODES) {
    if (check.nodes === MAX_SCHEMA_NODES + 1) {
      issues.push({ path, message: `the schema has more than ${MAX_SCHEMA_NODES} nodes (a shared sub-schema counts once per use)` })
    }
    return
  }
  if (depth >= MAX_JSON_DEPTH) {
    issues.push({ path, message: `the schema nests deeper than ${MAX_JSON_DEPTH} levels` })
    return
  }
  if (typeof node === 'object' && node !== null && check.ancestors.has(node)) {
    issues.push({ path, message: 'is a cycle: a schema node contains itself' })
    return
  }
  const entries = readOwnEntries(node, path, 'a schema node', issues)
  if (entries === undefined) return
  const schema = node as object
  check.ancestors.add(schema)
  const at = (key: string): string => `${path}/${escapeJsonPointerToken(key)}`
  const values = new Map<string, unknown>()
  for (const [key, value] of entries) {
    if (KEYWORDS.has(key)) values.set(key, value)
    else issues.push({ path: at(key), message: `unsupported keyword ${JSON.stringify(key)}` })
  }

  let type: JsonSchemaType | undefined
  if (values.has('type')) {
    const value = values.get('type')
    if (typeof value === 'string' && (TYPES as readonly string[]).includes(value)) type = value as JsonSchemaType
    else if (Array.isArray(value)) issues.push({ path: at('type'), message: 'type arrays are not supported; use oneOf' })
    else issues.push({ path: at('type'), message: `type must be one of ${TYPES.join(', ')}` })
  }
  for (const [key, kind] of KIND_KEYWORDS) {
    if (type !== undefined && values.has(key) && !typeHoldsKind(type, kind)) {
      const types = kind === 'number' ? 'number and integer' : kind
      issues.push({ path: at(key), message: `${key} applies only to type ${types}, but this node's type is ${type}` })
    }
  }
  checkConstraintValues(values, at, issues)

  let declared: Set<string> | undefined
  if (values.has('properties')) {
    const properties = readOwnEntries(values.get('properties'), at('properties'), 'properties', issues)
    if (properties !== undefined) {
      declared = new Set()
      for (const [key, child] of properties) {
        declared.add(key)
        checkNode(child, `${at('properties')}/${escapeJsonPointerToken(key)}`, depth + 2, check)
      }
    }
  }
  if (values.has('required')) {
    const names = readOwnItems(values.get('required'), at('required'), 'required', issues)
    const seen = new Set<string>()
    const propertiesReadable = declared !== undefined || !values.has('properties')
    names?.forEach((name, i) => {
      const itemPath = `${at('required')}/${i}`
      if (typeof name !== 'string') {
        issues.push({ path: itemPath, message: `required names must be strings, found ${describeValue(name)}` })
      } else if (seen.has(name)) {
        issues.push({ path: itemPath, message: `duplicate required name ${JSON.stringify(name)}` })
      } else {
        seen.add(name)
        if (propertiesReadable && declared?.has(name) !== true) {
          issues.push({ path: itemPath, message: `${JSON.stringify(name)} is not declared in properties (required names must appear in properties)` })
        }
      }
    })
  }
  if (values.has('additionalProperties')) {
    const value = values.get('additionalProperties')
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) checkNode(value, at('additionalProperties'), depth + 1, check)
    else if (typeof value !== 'boolean') {
      issues.push({ path: at('additionalProperties'), message: `additionalProperties must be true, false or a schema, found ${describeValue(value)}` })
    }
  }
  if (values.has('items')) {
    const items = values.get('items')
    if (Array.isArray(items)) issues.push({ path: at('items'), message: 'tuple items (an array of schemas) are not supported; items is one schema' })
    else checkNode(items, at('items'), depth + 1, check)
  }
  if (values.has('oneOf')) {
    const branches = readOwnItems(values.get('oneOf'), at('oneOf'), 'oneOf', issues)
    if (branches !== undefined) {
      if (branches.length < 2) issues.push({ path: at('oneOf'), message: `oneOf needs at least 2 branches, found ${branches.length}` })
      branches.forEach((branch, i) => checkNode(branch, `${at('oneOf')}/${i}`, depth + 2, check))
    }
  }
  if (values.has('enum')) {
    const members = readOwnItems(values.get('enum'), at('enum'), 'enum', issues)
    if (members !== undefined) {
      if (members.length === 0) issues.push({ path: at('enum'), message: 'enum must not be empty (no value could match)' })
      const seen = new Set<unknown>()
      members.forEach((member, i) => {
        const itemPath = `${at('enum')}/${i}`
        const problem = scalarProblem(member, type)
        if (problem !== undefined) issues.push({ path: itemPath, message: `enum ${problem}` })
        else if (seen.has(member)) issues.push({ path: itemPath, message: `duplicate enum value ${JSON.stringify(member)}` })
        else seen.add(member)
      })
    }
  }
  if (values.has('const')) {
    const problem = scalarProblem(values.get('const'), type)
    if (problem !== undefined) issues.push({ path: at('const'), message: `const ${problem}` })
  }
  for (const key of ['description', 'title']) {
    if (values.has(key) && typeof values.get(key) !== 'string') {
      issues.push({ path: at(key), message: `${key} must be a string, found ${describeValue(values.get(key))}` })
    }
  }
  for (const key of ['default', 'examples']) {
    if (!values.has(key)) continue
    const result = materializeJson(values.get(key))
    if (!result.ok) for (const issue of result.issues) issues.push({ path: at(key) + issue.path, message: issue.message })
  }
  check.ancestors.delete(schema)
}

/** Why `value` cannot be an `enum` member or `const` of a node of `type`, or `undefined` if it can. */
function scalarProblem(value: unknown, type: JsonSchemaType | undefined): string | undefined {
  if (!isJsonScalar(value)) return `values must be JSON scalars (string, finite number, boolean, null), found ${describeValue(value)}`
  if (type === undefined || hasJsonType(type, value)) return undefined
  return `value ${JSON.stringify(value)} does not match type ${type}`
}

/** {@link assertSupportedJsonSchema} plus a root `type: 'object'` (tool parameters, structured outputs); one error. */
export function assertObjectJsonSchema(node: unknown): asserts node is ObjectJsonSchema {
  const issues: SchemaIssue[] = checkJsonSchema(node)
  const rootType = readRootType(node)
  // A type that is not a type name at all is already an issue at /type; do not report it twice.
  const alreadyReported = issues.some((issue) => issue.path === '/type')
  if (rootType.readable && rootType.type !== 'object' && !alreadyReported) {
    issues.unshift(
      rootType.type === undefined
        ? { path: '', message: 'an object-rooted schema must declare type: "object"' }
        : { path: '/type', message: 'an object-rooted schema must have type "object"' },
    )
  }
  if (issues.length > 0) throw new JsonSchemaError(issues)
}

/** Reads the root's own `type` through its descriptor; unreadable roots are already issues. */
function readRootType(node: unknown): { readable: boolean; type?: unknown } {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return { readable: false }
  try {
    const descriptor = Object.getOwnPropertyDescriptor(node, 'type')
    if (descriptor === undefined) return { readable: true }
    return Object.hasOwn(descriptor, 'value') ? { readable: true, type: descriptor.value } : { readable: false }
  } catch {
    return { readable: false }
  }
}
