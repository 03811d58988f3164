import type { SchemaChange, SchemaChangeKind } from './compare-schemas.js'

// The ids and levels live in model/ (the config checks against them too).
export { atLeast, DIFF_CHECKS, DIFF_LEVELS, type DiffCheckId, type DiffLevel, defaultLevel, isDiffCheckId } from '../model/diff-check-ids.js'
import type { DiffCheckId, DiffLevel } from '../model/diff-check-ids.js'

/** Which part of a tool a finding is about. */
export type DiffPart = 'tool' | 'parameters' | 'output'

/** One change between base and head, with its stable check id and level. */
export interface DiffFinding {
  /** Stable kebab-case check id (one of `DIFF_CHECKS`). */
  readonly id: string
  readonly level: DiffLevel
  readonly tool: string
  readonly part: DiffPart
  /** JSON Pointer into the part's schema ('' for the tool itself or the schema root). */
  readonly pointer: string
  readonly message: string
  /** For the per-target checks: the export target whose lowered schemas this is about. */
  readonly target?: string
  readonly base?: unknown
  readonly head?: unknown
  /** A hint, such as a possible rename. */
  readonly hint?: string
  /** Where the finding is in the head side's declaration (the base side's for what head no longer has). */
  readonly location?: { readonly file: string; readonly line: number; readonly column: number; readonly revision?: string }
}

const PARAMETER_IDS: Record<Exclude<SchemaChangeKind, 'property-added' | 'property-removed'>, DiffCheckId> = {
  'type-narrowed': 'parameter-type-narrowed',
  'type-widened': 'parameter-type-widened',
  'type-changed': 'parameter-type-changed',
  'values-removed': 'parameter-value-removed',
  'values-added': 'parameter-value-added',
  'branch-removed': 'parameter-branch-removed',
  'branch-added': 'parameter-branch-added',
  'branch-added-overlapping': 'parameter-branch-added-overlapping',
  'branch-removed-overlapping': 'parameter-branch-removed-overlapping',
  'branch-overlap-changed': 'parameter-branch-overlap-changed',
  'object-closed': 'parameter-object-closed',
  'object-opened': 'parameter-object-opened',
  'became-required': 'parameter-became-required',
  'became-optional': 'parameter-became-optional',
  'constraint-narrowed': 'parameter-constraint-narrowed',
  'constraint-widened': 'parameter-constraint-widened',
  'constraint-changed': 'parameter-constraint-changed',
  'description-changed': 'parameter-description-changed',
  'title-changed': 'parameter-title-changed',
  'default-changed': 'parameter-default-changed',
  'examples-changed': 'parameter-examples-changed',
  'keyword-changed': 'parameter-keyword-changed',
}

const OUTPUT_IDS: Record<Exclude<SchemaChangeKind, 'property-added' | 'property-removed'>, DiffCheckId> = {
  'type-narrowed': 'output-type-narrowed',
  'type-widened': 'output-type-widened',
  'type-changed': 'output-type-changed',
  'values-removed': 'output-value-removed',
  'values-added': 'output-value-added',
  'branch-removed': 'output-branch-removed',
  'branch-added': 'output-branch-added',
  'branch-added-overlapping': 'output-branch-added-overlapping',
  'branch-removed-overlapping': 'output-branch-removed-overlapping',
  'branch-overlap-changed': 'output-branch-overlap-changed',
  'object-closed': 'output-object-closed',
  'object-opened': 'output-object-opened',
  'became-required': 'output-became-required',
  'became-optional': 'output-became-optional',
  'constraint-narrowed': 'output-constraint-narrowed',
  'constraint-widened': 'output-constraint-widened',
  'constraint-changed': 'output-constraint-changed',
  'description-changed': 'output-description-changed',
  'title-changed': 'output-title-changed',
  'default-changed': 'output-default-changed',
  'examples-changed': 'output-examples-changed',
  'keyword-changed': 'output-keyword-changed',
}

/** The check a schema change is, on the side it is on. */
export function schemaCheckId(part: 'parameters' | 'output', change: SchemaChange): DiffCheckId {
  if (change.kind === 'property-added') {
    if (part === 'parameters') return change.required === true ? 'parameter-required-added' : change.closed === true || change.unconstrained === true ? 'parameter-added' : 'parameter-added-open-object'
    return change.closed === true ? 'output-field-added-closed-object' : 'output-field-added'
  }
  if (change.kind === 'property-removed') {
    if (part === 'parameters') return change.closed === true ? 'parameter-removed' : 'parameter-removed-open-object'
    return 'output-field-removed'
  }
  return (part === 'parameters' ? PARAMETER_IDS : OUTPUT_IDS)[change.kind]
}

/** Who a change of this level on this side concerns, said after what changed. */
export function consequence(part: DiffPart, level: DiffLevel): string {
  if (part === 'parameters') {
    return level === 'ERR' ? 'calls the base accepted (from the model or programmatic callers) may now be rejected' : level === 'WARN' ? 'what the model is told or sends may change' : 'every call the base accepted is still accepted'
  }
  if (part === 'output') {
    return level === 'ERR' ? 'typed callers and Code Mode programs may now read values they were not written for' : level === 'WARN' ? 'readers holding the base schema may see values it rejects' : 'every value produced is one the base schema allowed'
  }
  return ''
}
