// The vocabulary of `toolsmith diff`: levels and the stable check ids a project's config and ignore file name.

/** How much a finding matters: ERR breaks someone, WARN needs a look, INFO is safe. */
export type DiffLevel = 'ERR' | 'WARN' | 'INFO'

/** The levels from the most to the least severe. */
export const DIFF_LEVELS: readonly DiffLevel[] = ['ERR', 'WARN', 'INFO']

/** Whether `level` is at least as severe as `threshold`. */
export function atLeast(level: DiffLevel, threshold: DiffLevel): boolean {
  return DIFF_LEVELS.indexOf(level) <= DIFF_LEVELS.indexOf(threshold)
}

/** Every check id with its level and meaning: narrower parameters break senders, wider outputs break readers. */
export const DIFF_CHECKS = {
  'tool-removed': ['ERR', 'a tool was removed (or renamed: then it is also reported as added, with a hint)'],
  'tool-added': ['INFO', 'a tool was added'],
  'description-changed': ['WARN', "the tool's description changed: the model is told something else"],
  'title-changed': ['WARN', "the tool's title changed"],
  'read-only-relaxed': ['ERR', 'readOnly went from true to false'],
  'read-only-tightened': ['INFO', 'readOnly went from false to true'],
  'destructive-relaxed': ['ERR', 'destructive went from false to true'],
  'destructive-tightened': ['INFO', 'destructive went from true to false'],
  'idempotent-relaxed': ['ERR', 'idempotent went from true to false'],
  'idempotent-tightened': ['INFO', 'idempotent went from false to true'],
  'open-world-relaxed': ['ERR', 'openWorld went from false to true'],
  'open-world-tightened': ['INFO', 'openWorld went from true to false'],
  'approval-relaxed': ['ERR', 'approval went from always to never'],
  'approval-tightened': ['INFO', 'approval went from never to always'],
  'timeout-longer': ['ERR', 'timeoutMs grew, or the timeout was removed'],
  'timeout-shorter': ['INFO', 'timeoutMs shrank, or a timeout was added'],
  'concurrency-relaxed': ['ERR', 'concurrencySafe went from false to true'],
  'concurrency-tightened': ['INFO', 'concurrencySafe went from true to false'],
  'target-unexportable': ['ERR', 'the tool can no longer be exported to a configured target'],
  'target-exportable': ['INFO', 'the tool can now be exported to a configured target'],

  'parameter-required-added': ['ERR', 'a new required parameter: calls without it are rejected'],
  'parameter-added': ['INFO', 'a new optional parameter where the key was rejected before (a closed object) or that accepts any value'],
  'parameter-added-open-object': ['WARN', 'a new optional parameter in an open object: a caller already sending that key with another value is rejected'],
  'parameter-removed': ['ERR', 'a parameter was removed from a closed object: calls sending it are rejected'],
  'parameter-removed-open-object': ['WARN', 'a parameter was removed from an open object: still accepted, but no longer declared (the tool ignores it)'],
  'parameter-became-required': ['ERR', 'an optional parameter became required'],
  'parameter-became-optional': ['INFO', 'a required parameter became optional'],
  'parameter-type-narrowed': ['ERR', 'a parameter accepts fewer types'],
  'parameter-type-widened': ['INFO', 'a parameter accepts more types'],
  'parameter-type-changed': ['ERR', 'a parameter accepts other types'],
  'parameter-value-removed': ['ERR', 'an enum or const value was removed (or a restriction to values was added)'],
  'parameter-value-added': ['INFO', 'an enum value was added (or the restriction to values was removed)'],
  'parameter-branch-removed': ['ERR', 'a oneOf branch was removed'],
  'parameter-branch-added': ['INFO', 'a oneOf branch was added'],
  'parameter-branch-added-overlapping': ['ERR', 'a oneOf branch was added that overlaps another: values matching both are rejected'],
  'parameter-branch-removed-overlapping': ['ERR', 'a oneOf branch that overlapped another was removed'],
  'parameter-branch-overlap-changed': ['ERR', 'oneOf branches that overlap changed: values matching exactly one branch changed both ways'],
  'parameter-object-closed': ['ERR', 'an object now rejects undeclared keys'],
  'parameter-object-opened': ['INFO', 'an object now accepts undeclared keys'],
  'parameter-constraint-narrowed': ['ERR', 'a value constraint (minimum, maxLength, pattern, …) accepts less'],
  'parameter-constraint-widened': ['INFO', 'a value constraint accepts more'],
  'parameter-constraint-changed': ['ERR', 'a value constraint accepts other values (a pattern or format changed)'],
  'parameter-description-changed': ['WARN', "a parameter's description changed: the model is told something else"],
  'parameter-title-changed': ['WARN', "a parameter's title changed"],
  'parameter-default-changed': ['WARN', "a parameter's default changed"],
  'parameter-examples-changed': ['WARN', "a parameter's examples changed"],
  'parameter-keyword-changed': ['WARN', 'a keyword this check does not compare by value changed'],

  'output-field-removed': ['ERR', 'an output field was removed: typed callers reading it break'],
  'output-field-added': ['INFO', 'an output field was added where the object was open'],
  'output-field-added-closed-object': ['WARN', 'an output field was added to a closed object: a reader validating against the old schema rejects it'],
  'output-became-optional': ['ERR', 'a required output field became optional'],
  'output-became-required': ['INFO', 'an optional output field became required'],
  'output-type-widened': ['ERR', 'an output value may have more types'],
  'output-type-narrowed': ['INFO', 'an output value has fewer types'],
  'output-type-changed': ['ERR', 'an output value has other types'],
  'output-value-added': ['ERR', 'an output enum value was added (or the restriction to values was removed)'],
  'output-value-removed': ['INFO', 'an output enum value was removed'],
  'output-branch-added': ['ERR', 'an output oneOf branch was added'],
  'output-branch-removed': ['INFO', 'an output oneOf branch was removed'],
  'output-branch-added-overlapping': ['ERR', 'an output oneOf branch was added that overlaps another'],
  'output-branch-removed-overlapping': ['ERR', 'an output oneOf branch that overlapped another was removed: values matching both are now produced'],
  'output-branch-overlap-changed': ['ERR', 'output oneOf branches that overlap changed: values matching exactly one branch changed both ways'],
  'output-object-opened': ['ERR', 'an output object may now hold undeclared keys'],
  'output-object-closed': ['INFO', 'an output object no longer holds undeclared keys'],
  'output-constraint-widened': ['ERR', 'an output value constraint accepts more'],
  'output-constraint-narrowed': ['INFO', 'an output value constraint accepts less'],
  'output-constraint-changed': ['ERR', 'an output value constraint accepts other values'],
  'output-description-changed': ['INFO', "an output field's description changed"],
  'output-title-changed': ['INFO', "an output field's title changed"],
  'output-default-changed': ['INFO', "an output field's default changed"],
  'output-examples-changed': ['INFO', "an output field's examples changed"],
  'output-keyword-changed': ['WARN', 'an output keyword this check does not compare by value changed'],
} as const satisfies Record<string, readonly [DiffLevel, string]>

/** A stable check id. */
export type DiffCheckId = keyof typeof DIFF_CHECKS

export function isDiffCheckId(id: string): id is DiffCheckId {
  return Object.hasOwn(DIFF_CHECKS, id)
}

export function defaultLevel(id: DiffCheckId): DiffLevel {
  return DIFF_CHECKS[id][0]
}
