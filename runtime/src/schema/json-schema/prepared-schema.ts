import { materializeJson } from '../../json/materialize-json.js'
import { assertSupportedJsonSchema, isSupportedByConstruction } from './check-json-schema.js'
import type { JsonSchemaNode, JsonSchemaScalar, JsonSchemaType } from './json-schema-node.js'
import { type PreparedConstraints, prepareConstraints } from './value-constraints.js'

/**
 * A supported schema node read once into explicit fields, so validators never look a keyword up on
 * the schema object (where an inherited, polluted `const` or `items` could otherwise appear).
 * Both the interpreter and the compiler consume this form.
 */
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

/**
 * Asserts `schema` (throwing one JsonSchemaError with every issue) and returns its prepared form,
 * built from a frozen snapshot and cached per schema object. A schema the DSL translation built is
 * neither asserted nor copied again: it is frozen and was checked as it was built.
 */
export function prepareJsonSchema(schema: JsonSchemaNode): PreparedNode {
  const cached = typeof schema === 'object' && schema !== null ? prepared.get(schema) : undefined
  if (cached !== undefined) return cached
  const node = prepareNode(snapshotOf(schema), new Map())
  prepared.set(schema, node)
  return node
}

/** The schema as validators read it: a translation's node as it is (frozen, checked as it was built), else a snapshot. */
function snapshotOf(schema: JsonSchemaNode): JsonSchemaNode {
  if (isSupportedByConstruction(schema)) return schema
  assertSupportedJsonSchema(schema)
  const snapshot = materializeJson(schema)
  // The assertion above proved the schema lossless, so the snapshot cannot fail.
  if (!snapshot.ok) throw new Error('unreachable: a supported schema failed to materialize')
  return snapshot.value as JsonSchemaNode
}

/**
 * The prepared form of a node that is already a supported, frozen, own-data schema (a snapshot
 * prepareJsonSchema asserted, or a node the DSL translator built): no assertion, no snapshot.
 * `memo` carries prepared nodes across calls, so a parent reuses its children's (declared-values.ts).
 */
export function prepareTrustedNode(node: JsonSchemaNode, memo: Map<JsonSchemaNode, PreparedNode>): PreparedNode {
  return prepareNode(node, memo)
}

function own<K extends keyof JsonSchemaNode>(node: JsonSchemaNode, key: K): JsonSchemaNode[K] | undefined {
  return Object.hasOwn(node, key) ? node[key] : undefined
}

function prepareNode(node: JsonSchemaNode, memo: Map<JsonSchemaNode, PreparedNode>): PreparedNode {
  const known = memo.get(node)
  if (known !== undefined) return known
  const propertiesRecord = own(node, 'properties')
  const properties: (readonly [string, PreparedNode])[] = []
  if (propertiesRecord !== undefined) {
    for (const key of Object.keys(propertiesRecord)) {
      properties.push([key, prepareNode(propertiesRecord[key] as JsonSchemaNode, memo)])
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
    additional: typeof additional === 'object' ? prepareNode(additional, memo) : undefined,
    constraints: prepareConstraints((key) => (Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined)),
    hasObjectKeywords: propertiesRecord !== undefined || Object.hasOwn(node, 'required') || Object.hasOwn(node, 'additionalProperties'),
    items: items === undefined ? undefined : prepareNode(items, memo),
    oneOf: oneOf === undefined ? undefined : oneOf.map((branch) => prepareNode(branch, memo)),
    unconstrainedContainers: oneOf === undefined && !hasConst && enumValues === undefined,
  }
  memo.set(node, result)
  return result
}
