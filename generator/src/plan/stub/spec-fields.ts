import { isRecord, ownValue } from '../../model/tool-declaration.js'

/** The TypeScript primitive a scalar DSL node infers (integer is a number). */
export type ScalarKind = 'string' | 'number' | 'boolean'

/**
 * How a property of a DSL object (or the parameter map) is guaranteed: `required` (always present with the kind),
 * `nullable` (always present, the kind or `null`), `optional` (the kind, `null` or absent).
 */
export type FieldGuarantee = 'required' | 'nullable' | 'optional'

/** The property map of an object node, or `undefined` for any other node. */
export function objectProperties(spec: unknown): { readonly [key: string]: unknown } | undefined {
  if (!isRecord(spec) || ownValue(spec, 'type') !== 'object') return undefined
  const properties = ownValue(spec, 'properties')
  return isRecord(properties) ? properties : {}
}

/** The item spec of an array node, or `undefined`. */
export function arrayItems(spec: unknown): unknown {
  return isRecord(spec) && ownValue(spec, 'type') === 'array' ? ownValue(spec, 'items') : undefined
}

function scalarKind(spec: unknown): ScalarKind | 'null' | undefined {
  if (!isRecord(spec)) return undefined
  const type = ownValue(spec, 'type')
  if (type === 'integer' || type === 'number') return 'number'
  if (type === 'string' || type === 'boolean' || type === 'null') return type
  return undefined
}

/** Whether `spec` is a scalar node of `kind` (any `enum`/`const` narrows it but keeps the kind). */
export function isScalar(spec: unknown, kind: ScalarKind): boolean {
  return scalarKind(spec) === kind
}

/** Whether `spec` is exactly the scalar `kind`, or a `oneOf` of that kind and `null` (then `'nullable'`). */
function matchKind(spec: unknown, kind: ScalarKind): 'exact' | 'nullable' | undefined {
  if (scalarKind(spec) === kind) return 'exact'
  const branches = isRecord(spec) ? ownValue(spec, 'oneOf') : undefined
  if (!Array.isArray(branches)) return undefined
  const kinds = branches.map((branch: unknown) => scalarKind(branch))
  return kinds.includes(kind) && kinds.every((found) => found === kind || found === 'null') ? 'nullable' : undefined
}

/** How the own property `name` of `properties` carries a value of `kind`, or `undefined` when it does not. */
export function scalarField(
  properties: { readonly [key: string]: unknown } | undefined,
  name: string,
  kind: ScalarKind,
): FieldGuarantee | undefined {
  if (properties === undefined || !Object.hasOwn(properties, name)) return undefined
  const spec = ownValue(properties, name)
  const match = matchKind(spec, kind)
  if (match === undefined) return undefined
  const required = isRecord(spec) && ownValue(spec, 'required') === true
  if (!required) return 'optional'
  return match === 'exact' ? 'required' : 'nullable'
}

/** The first of `names` that `properties` declares as a required value of `kind`. */
export function firstRequired(
  properties: { readonly [key: string]: unknown } | undefined,
  names: readonly string[],
  kind: ScalarKind,
): string | undefined {
  return names.find((name) => scalarField(properties, name, kind) === 'required')
}

/** The spec of the own property `name` when it is required, else `undefined`. */
export function requiredProperty(properties: { readonly [key: string]: unknown } | undefined, name: string): unknown {
  if (properties === undefined || !Object.hasOwn(properties, name)) return undefined
  const spec = ownValue(properties, name)
  return isRecord(spec) && ownValue(spec, 'required') === true ? spec : undefined
}
