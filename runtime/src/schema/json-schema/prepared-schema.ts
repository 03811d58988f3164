import { materializeJson } from '../../json/materialize-json.js'
import { assertSupportedJsonSchema, isSupportedByConstruction } from './check-json-schema.js'
import type { JsonSchemaNode, JsonSchemaScalar, JsonSchemaType } from './json-schema-node.js'
import { type PreparedConstraints, prepareConstraints } from './value-constraints.js'

/** A supported node read once into fields, so validators never look a keyword up (it could be inherited, polluted). */
export interface PreparedNode {
  readonly type: JsonSchemaType | undefined
  readonly hasConst: boolean
  readonly constValue: JsonSchemaScalar
  readonly enumValues: readonly JsonSchemaScalar[] | undefined
  readonly enumSet: ReadonlySet<JsonSchemaScalar> | undefined
  /** Declared properties in declaration order. */
  readonly properties: readonly (readonly [string, PreparedNode])[]
  readonly propertyMap: ReadonlyMap<string, PreparedNode>
  readonly required: readonly string[]
  /** `additionalProperties: false`. */
  readonly closed: boolean
  /** `additionalProperties` as a schema: every undeclared key's value must match it (a typed map). */
  readonly additional: PreparedNode | undefined
  /** The value constraints, or `undefined` when the node has none. */
  readonly constraints: PreparedConstraints | undefined
  /** Whether `properties`, `required` or `additionalProperties` is present. */
  readonly hasObjectKeywords: boolean
  readonly items: PreparedNode | undefined
  readonly oneOf: readonly PreparedNode[] | undefined
  /** Neither `oneOf`, `const` nor `enum`: a container value without structural keywords is checked deeply. */
  readonly unconstrainedContainers: boolean
}

// Schemas are treated as immutable once used: the cache is keyed by the caller's object.
const prepared = new WeakMap<object, PreparedNode>()

/** Asserts `schema` (one JsonSchemaError) and returns its prepared form from a frozen snapshot, cached per object. */
export function prepareJsonSchema(schema: JsonSchemaNode): PreparedNode {
  const cached = typeof schema === 'object' && schema !== null ? prepared.get(schema) : undefined
  if (cached !== undefined) return cached
  const node = prepareTrustedNode(snapshotOf(schema), new Map())
  prepared.set(schema, node)
  return node
}

/** The schema as validators read it: a translated node as it is (frozen, checked when built), else a snapshot. */
function snapshotOf(schema: JsonSchemaNode): JsonSchemaNode {
  if (isSupportedByConstruction(schema)) return schema
  assertSupportedJsonSchema(schema)
  const snapshot = materializeJson(schema)
  if (!snapshot.ok) throw new Error('unreachable: a supported schema failed to materialize')
  return snapshot.value as JsonSchemaNode
}

function own<K extends keyof JsonSchemaNode>(node: JsonSchemaNode, key: K): JsonSchemaNode[K] | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined
}

/** The prepared form of a trusted node (asserted snapshot or translated); `memo` lets a parent reuse its children's. */
export function prepareTrustedNode(node: JsonSchemaNode, memo: Map<JsonSchemaNode, PreparedNode>): PreparedNode {
  const known = memo.get(node)
  if (known !== undefined) return known
  const propertiesRecord = own(node, 'properties')
  const properties: (readonly [string, PreparedNode])[] = []
  if (propertiesRecord !== undefined) {
    for (const key of Object.keys(propertiesRecord)) {
      properties.push([key, prepareTrustedNode(propertiesRecord[key] as JsonSchemaNode, memo)])
    }
  }
  const enumValues = own(node, 'enum')
  const items = own(node, 'items')
  const oneOf = own(node, 'oneOf')
  const hasConst = Object.hasOwn(node, 'const')
  const additional = own(node, 'additionalProperties')
  const result: PreparedNode = {
    type: own(node, 'type'),
    hasConst,
    constValue: hasConst ? (node.const as JsonSchemaScalar) : null,
    enumValues,
    enumSet: enumValues === undefined ? undefined : new Set(enumValues),
    properties,
    propertyMap: new Map(properties),
    required: own(node, 'required') ?? [],
    closed: additional === false,
    additional: typeof additional === 'object' ? prepareTrustedNode(additional, memo) : undefined,
    constraints: prepareConstraints((key) => (Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined)),
    hasObjectKeywords: propertiesRecord !== undefined || Object.hasOwn(node, 'required') || Object.hasOwn(node, 'additionalProperties'),
    items: items === undefined ? undefined : prepareTrustedNode(items, memo),
    oneOf: oneOf === undefined ? undefined : oneOf.map((branch) => prepareTrustedNode(branch, memo)),
    unconstrainedContainers: oneOf === undefined && !hasConst && enumValues === undefined,
  }
  memo.set(node, result)
  return result
}
