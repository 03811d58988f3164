import type { SchemaIssue } from '../json-schema/json-schema-node.js'
import { translateParameterSpec, translateValueSpec } from './translate-spec.js'

/**
 * Checks a `ValueSchemaSpec` against every DSL rule without throwing; each issue's
 * path is a JSON Pointer into the spec (e.g. `/items/enum/0`). Empty means valid.
 */
export function checkValueSchemaSpec(spec: unknown): SchemaIssue[] {
  return [...translateValueSpec(spec).issues]
}

/**
 * Checks a `ParameterSchemaSpec` (the implicit open root's property map) without
 * throwing; paths point into the map (e.g. `/path/required`). Empty means valid.
 */
export function checkParameterSchemaSpec(spec: unknown): SchemaIssue[] {
  return [...translateParameterSpec(spec).issues]
}
