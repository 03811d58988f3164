import type { JsonSchema } from './export-model.js'
import { own, set } from './lower-schema.js'

/**
 * Undoes OpenAI's strict lowering on a model's arguments: a `null` for a key the original
 * `parameters` schema does not require means "not given", so the key is removed — at every level the
 * schema describes (nested objects, array items, the one object branch of a union). Everything else
 * is copied as it is, so the result validates against the original schema exactly when the strict
 * answer meant a valid call. `args` is not changed.
 *
 * The original schema decides, never the lowered one (where every key is required):
 * - an optional key's `null` is removed, also when the key itself accepts null (the export reports
 *   that such a key cannot receive a null value);
 * - a required key's `null` is kept: for a required nullable key it is the value null (the export
 *   reports that the model cannot tell this key from an optional one), for any other required key
 *   the validator refuses it.
 */
export function fromStrictArgs(parameters: JsonSchema, args: unknown): unknown {
  return normalize(parameters, args)
}

function normalize(schema: unknown, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || typeof schema !== 'object' || schema === null) return value
  if (Array.isArray(value)) {
    const items = own(schema, 'items')
    return items === undefined ? value : value.map((item) => normalize(items, item))
  }
  const branch = objectBranch(schema)
  if (branch === undefined) return value
  const properties = own(branch, 'properties') as Record<string, unknown> | undefined
  const required = own(branch, 'required')
  const requiredKeys = new Set(Array.isArray(required) ? (required as string[]) : [])
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    const declared = properties !== undefined && Object.hasOwn(properties, key)
    if (declared && item === null && !requiredKeys.has(key)) continue
    set(out, key, declared ? normalize(properties[key], item) : item)
  }
  return out
}

/** The schema's object node: itself, or the single object branch of a union. */
function objectBranch(schema: unknown): unknown {
  if (own(schema, 'type') === 'object' || own(schema, 'properties') !== undefined) return schema
  const union = own(schema, 'oneOf') ?? own(schema, 'anyOf')
  if (!Array.isArray(union)) return undefined
  const objects = union.filter((branch) => objectBranch(branch) !== undefined)
  return objects.length === 1 ? objectBranch(objects[0]) : undefined
}
