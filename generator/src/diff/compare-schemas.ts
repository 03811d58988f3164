import { escapeJsonPointerToken } from '@toolsmith/runtime'
import { canonicalJson } from './canonical-json.js'

/**
 * How a schema part changed, by the values it accepts (never its text): `narrowed` is fewer, `widened` more, `changed`
 * some of each. Direction-free: diff-checks.ts gives the level per side (parameters break narrowed, outputs widened).
 */
export type SchemaChangeKind =
  | 'type-narrowed'
  | 'type-widened'
  | 'type-changed'
  | 'values-removed'
  | 'values-added'
  | 'branch-removed'
  | 'branch-added'
  | 'branch-added-overlapping'
  | 'branch-removed-overlapping'
  | 'branch-overlap-changed'
  | 'object-closed'
  | 'object-opened'
  | 'became-required'
  | 'became-optional'
  | 'property-added'
  | 'property-removed'
  | 'constraint-narrowed'
  | 'constraint-widened'
  | 'constraint-changed'
  | 'description-changed'
  | 'title-changed'
  | 'default-changed'
  | 'examples-changed'
  | 'keyword-changed'

/** One change found in a schema: where, what, and the two values when they are short. */
export interface SchemaChange {
  readonly kind: SchemaChangeKind
  /** JSON Pointer into the head schema; into the base schema for what head no longer has. */
  readonly pointer: string
  /** What changed, in words, without the level or the side. */
  readonly detail: string
  readonly base?: unknown
  readonly head?: unknown
  /** For `property-added`: the new property is required. */
  readonly required?: boolean
  /** For `property-added`: base rejected the key (a closed object); for `property-removed`: head rejects it. */
  readonly closed?: boolean
  /** For `property-added`: the property accepts any value (as an open base did). */
  readonly unconstrained?: boolean
}

type Schema = { readonly [key: string]: unknown }

// The kinds of JSON value, as bits: a node's `type` (or its values) names a set of them.
const OBJECT = 1
const ARRAY = 2
const STRING = 4
const INTEGER = 8
const FRACTION = 16 // a number that is not an integer
const BOOLEAN = 32
const NULL = 64
const ALL = 127
const TYPE_KINDS: Readonly<Record<string, number>> = {
  object: OBJECT,
  array: ARRAY,
  string: STRING,
  integer: INTEGER,
  number: INTEGER | FRACTION,
  boolean: BOOLEAN,
  null: NULL,
}
const KIND_NAMES: readonly [number, string][] = [
  [OBJECT, 'object'],
  [ARRAY, 'array'],
  [STRING, 'string'],
  [INTEGER | FRACTION, 'number'],
  [INTEGER, 'integer'],
  [BOOLEAN, 'boolean'],
  [NULL, 'null'],
]

/** Keywords this comparison understands; any other keyword is compared by its JSON text alone. */
const KNOWN = new Set([
  'type', 'oneOf', 'anyOf', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'nullable',
  'description', 'title', 'default', 'examples',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
])
const ANNOTATIONS = ['description', 'title', 'default', 'examples'] as const
const ANNOTATION_KINDS: ReadonlySet<SchemaChangeKind> = new Set(['description-changed', 'title-changed', 'default-changed', 'examples-changed'])

/** Accepts nothing: the value of a closed object's undeclared keys. */
const NEVER: Schema = Object.freeze({ not: {} })
const ANY: Schema = Object.freeze({})

/** Every change between two JSON Schemas (enforced subset, lowered provider forms), by what each part accepts. */
export function compareSchemas(base: unknown, head: unknown, pointer = ''): SchemaChange[] {
  const changes: SchemaChange[] = []
  compareNode(asSchema(base), asSchema(head), pointer, changes)
  return changes
}

function asSchema(value: unknown): Schema {
  if (value === false) return NEVER
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : ANY
}

function own(node: Schema, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined
}

function at(pointer: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((path, token) => `${path}/${escapeJsonPointerToken(String(token))}`, pointer)
}

function compareNode(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  if (base === head) return
  if (base === NEVER || head === NEVER) {
    if (base !== head) out.push({ kind: base === NEVER ? 'type-widened' : 'type-narrowed', pointer, detail: base === NEVER ? 'now accepts values where none were allowed' : 'now accepts no value' })
    return
  }
  if (canonicalJson(base) === canonicalJson(head)) return
  compareAnnotations(base, head, pointer, out)
  const baseBranches = branchesOf(base)
  const headBranches = branchesOf(head)
  if (baseBranches !== undefined || headBranches !== undefined) {
    compareBranches(base, head, baseBranches, headBranches, pointer, out)
    return
  }
  compareUnknownKeywords(base, head, pointer, out)
  const baseKinds = kindsOf(base)
  const headKinds = kindsOf(head)
  if (baseKinds !== headKinds) {
    const kind = (headKinds & ~baseKinds) === 0 ? 'type-narrowed' : (baseKinds & ~headKinds) === 0 ? 'type-widened' : 'type-changed'
    out.push({ kind, pointer: at(pointer, 'type'), detail: `type ${kindText(baseKinds)} became ${kindText(headKinds)}`, base: kindText(baseKinds), head: kindText(headKinds) })
  }
  compareValues(base, head, pointer, out)
  const common = baseKinds & headKinds
  if ((common & OBJECT) !== 0) compareObject(base, head, pointer, out)
  if ((common & ARRAY) !== 0) {
    compareNode(asSchema(own(base, 'items')), asSchema(own(head, 'items')), at(pointer, 'items'), out)
    compareBound(base, head, pointer, 'minItems', 'lower', out)
    compareBound(base, head, pointer, 'maxItems', 'upper', out)
    compareFlag(base, head, pointer, 'uniqueItems', out)
  }
  if ((common & STRING) !== 0) {
    compareBound(base, head, pointer, 'minLength', 'lower', out)
    compareBound(base, head, pointer, 'maxLength', 'upper', out)
    compareText(base, head, pointer, 'pattern', out)
    compareText(base, head, pointer, 'format', out)
  }
  if ((common & (INTEGER | FRACTION)) !== 0) {
    compareNumericBound(base, head, pointer, 'lower', out)
    compareNumericBound(base, head, pointer, 'upper', out)
    compareMultipleOf(base, head, pointer, out)
  }
}

/** The kinds of value a node admits: its `type` (a name, a list, `nullable`), narrowed by its `enum`/`const`. */
function kindsOf(node: Schema): number {
  if (node === NEVER) return 0
  const type = own(node, 'type')
  let kinds = ALL
  // Lowered schemas may spell types in capitals (Gemini's OpenAPI subset writes STRING, OBJECT, …).
  if (typeof type === 'string') kinds = TYPE_KINDS[type.toLowerCase()] ?? ALL
  else if (Array.isArray(type)) kinds = type.reduce<number>((sum, name) => sum | (typeof name === 'string' ? (TYPE_KINDS[name.toLowerCase()] ?? 0) : 0), 0)
  if (own(node, 'nullable') === true && kinds !== ALL) kinds |= NULL
  const values = valuesOf(node)
  if (values !== undefined) kinds &= values.reduce<number>((sum, value) => sum | kindOfValue(value), 0)
  return kinds
}

function kindOfValue(value: unknown): number {
  if (value === null) return NULL
  if (typeof value === 'string') return STRING
  if (typeof value === 'boolean') return BOOLEAN
  if (typeof value === 'number') return Number.isInteger(value) ? INTEGER : FRACTION
  return Array.isArray(value) ? ARRAY : OBJECT
}

function kindText(kinds: number): string {
  if (kinds === ALL) return 'any'
  if (kinds === 0) return 'nothing'
  const names: string[] = []
  let rest = kinds
  for (const [bits, name] of KIND_NAMES) {
    if ((rest & bits) === bits) {
      names.push(name)
      rest &= ~bits
    }
  }
  if ((rest & FRACTION) !== 0) names.push('non-integer number')
  return names.join('|')
}

/** The values `enum` and `const` allow (both: the intersection), or `undefined` when they restrict nothing. */
function valuesOf(node: Schema): readonly unknown[] | undefined {
  const list = own(node, 'enum')
  const hasConst = Object.hasOwn(node, 'const')
  let values: unknown[] | undefined = Array.isArray(list) ? [...list] : undefined
  if (hasConst) {
    const only = node['const']
    values = values === undefined ? [only] : values.filter((value) => canonicalJson(value) === canonicalJson(only))
  }
  // A list of every value the type has (`null: [null]`, `boolean: [true, false]`) restricts nothing.
  if (values !== undefined) {
    const type = own(node, 'type')
    const finite = type === 'null' ? [null] : type === 'boolean' ? [true, false] : undefined
    if (finite !== undefined && finite.every((value) => values?.includes(value) === true)) return undefined
  }
  return values
}

function compareValues(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  const before = valuesOf(base)
  const after = valuesOf(head)
  if (before === undefined && after === undefined) return
  const where = at(pointer, Object.hasOwn(head, 'enum') || (!Object.hasOwn(head, 'const') && Object.hasOwn(base, 'enum')) ? 'enum' : 'const')
  if (before === undefined) {
    out.push({ kind: 'values-removed', pointer: where, detail: `now restricted to ${listText(after ?? [])}`, head: after })
    return
  }
  if (after === undefined) {
    out.push({ kind: 'values-added', pointer: where, detail: `no longer restricted to ${listText(before)}`, base: before })
    return
  }
  // Only values of kinds both sides admit: a value whose kind went away is reported by the type change.
  const headKinds = kindsOf(typeOnly(head))
  const baseKinds = kindsOf(typeOnly(base))
  const afterKeys = new Set(after.map(canonicalJson))
  const beforeKeys = new Set(before.map(canonicalJson))
  const removed = before.filter((value) => !afterKeys.has(canonicalJson(value)) && (kindOfValue(value) & headKinds) !== 0)
  const added = after.filter((value) => !beforeKeys.has(canonicalJson(value)) && (kindOfValue(value) & baseKinds) !== 0)
  if (removed.length > 0) out.push({ kind: 'values-removed', pointer: where, detail: `${plural(removed.length, 'value')} removed: ${listText(removed)}`, base: removed })
  if (added.length > 0) out.push({ kind: 'values-added', pointer: where, detail: `${plural(added.length, 'value')} added: ${listText(added)}`, head: added })
}

function typeOnly(node: Schema): Schema {
  const result: Record<string, unknown> = {}
  for (const key of ['type', 'nullable']) if (Object.hasOwn(node, key)) result[key] = node[key]
  return result
}

function listText(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map((value) => JSON.stringify(value))
  return values.length > 8 ? `${shown.join(', ')} and ${values.length - 8} more` : shown.join(', ')
}

function plural(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count} ${noun}s`
}

function compareAnnotations(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  for (const key of ANNOTATIONS) {
    const before = own(base, key)
    const after = own(head, key)
    if (before === undefined && after === undefined) continue
    if (canonicalJson(before) === canonicalJson(after)) continue
    const kind = `${key === 'examples' ? 'examples' : key}-changed` as SchemaChangeKind
    out.push({ kind, pointer: at(pointer, key), detail: `${key} changed`, ...(before === undefined ? {} : { base: before }), ...(after === undefined ? {} : { head: after }) })
  }
}

function compareUnknownKeywords(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  const keys = new Set([...Object.keys(base), ...Object.keys(head)])
  for (const key of keys) {
    if (KNOWN.has(key)) continue
    const before = own(base, key)
    const after = own(head, key)
    if (canonicalJson(before) === canonicalJson(after)) continue
    out.push({ kind: 'keyword-changed', pointer: at(pointer, key), detail: `keyword ${JSON.stringify(key)} changed (not compared by what it accepts)`, ...(before === undefined ? {} : { base: before }), ...(after === undefined ? {} : { head: after }) })
  }
}

interface Branch {
  readonly node: Schema
  readonly pointer: string
}

function branchesOf(node: Schema): readonly Schema[] | undefined {
  const list = own(node, 'oneOf') ?? own(node, 'anyOf')
  return Array.isArray(list) ? list.map(asSchema) : undefined
}

function stripAnnotations(node: Schema): Schema {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) if (!(ANNOTATIONS as readonly string[]).includes(key)) result[key] = value
  return result
}

function compareBranches(
  base: Schema,
  head: Schema,
  baseList: readonly Schema[] | undefined,
  headList: readonly Schema[] | undefined,
  pointer: string,
  out: SchemaChange[],
): void {
  const keyword = (node: Schema): string => (Object.hasOwn(node, 'oneOf') ? 'oneOf' : 'anyOf')
  // A node without branches is its own one branch (its annotations were compared with the outer node).
  const listOf = (node: Schema, list: readonly Schema[] | undefined): Branch[] =>
    list === undefined ? [{ node: stripAnnotations(node), pointer }] : list.map((branch, i) => ({ node: branch, pointer: at(pointer, keyword(node), i) }))
  const before = listOf(base, baseList)
  const after = listOf(head, headList)
  const pairs: [Branch, Branch][] = []
  const freeBefore = new Set(before)
  const freeAfter = new Set(after)
  const pairBy = (match: (a: Branch, b: Branch) => boolean): void => {
    for (const a of [...freeBefore]) {
      for (const b of freeAfter) {
        if (match(a, b)) {
          pairs.push([a, b])
          freeBefore.delete(a)
          freeAfter.delete(b)
          break
        }
      }
    }
  }
  const bare = new Map<Schema, string>()
  const bareText = (node: Schema): string => {
    let text = bare.get(node)
    if (text === undefined) bare.set(node, (text = canonicalJson(stripAnnotations(node))))
    return text
  }
  pairBy((a, b) => bareText(a.node) === bareText(b.node))
  pairBy((a, b) => kindsOf(a.node) === kindsOf(b.node) && sameDiscriminator(a.node, b.node))
  pairBy((a, b) => kindsOf(a.node) === kindsOf(b.node))
  pairBy((a, b) => (kindsOf(a.node) & kindsOf(b.node)) !== 0)
  const exactlyOne = (node: Schema, list: readonly Schema[] | undefined): boolean => list !== undefined && Object.hasOwn(node, 'oneOf')
  // Under oneOf a value matching two branches is rejected, so a changed branch overlapping another moves that overlap.
  const overlapsOther = (branch: Branch, list: readonly Branch[]): boolean => list.some((other) => other !== branch && !disjoint(branch.node, other.node))
  let moved = false
  for (const [a, b] of pairs) {
    const inner: SchemaChange[] = []
    compareNode(a.node, b.node, b.pointer, inner)
    out.push(...inner)
    if (inner.some((change) => !ANNOTATION_KINDS.has(change.kind))) {
      moved ||= (exactlyOne(base, baseList) && overlapsOther(a, before)) || (exactlyOne(head, headList) && overlapsOther(b, after))
    }
  }
  if (moved) {
    out.push({ kind: 'branch-overlap-changed', pointer: at(pointer, 'oneOf'), detail: 'branches that overlap changed, so which values match exactly one branch changed in both directions' })
  }
  for (const a of freeBefore) {
    const overlaps = exactlyOne(base, baseList) && before.some((other) => other !== a && !disjoint(a.node, other.node))
    out.push({
      kind: overlaps ? 'branch-removed-overlapping' : 'branch-removed',
      pointer: a.pointer,
      detail: `branch ${branchText(a.node)} removed${overlaps ? ' (it overlapped another branch, so values matching both, rejected by oneOf before, are now accepted)' : ''}`,
      base: a.node,
    })
  }
  for (const b of freeAfter) {
    const overlaps = exactlyOne(head, headList) && after.some((other) => other !== b && !disjoint(b.node, other.node))
    out.push({
      kind: overlaps ? 'branch-added-overlapping' : 'branch-added',
      pointer: b.pointer,
      detail: `branch ${branchText(b.node)} added${overlaps ? ' (it overlaps another branch, so values matching both are now rejected by oneOf)' : ''}`,
      head: b.node,
    })
  }
}

function branchText(node: Schema): string {
  const values = valuesOf(node)
  if (values !== undefined) return listText(values)
  return kindText(kindsOf(node))
}

/** Two object branches told apart by a required property whose constant values differ (a discriminator). */
function sameDiscriminator(a: Schema, b: Schema): boolean {
  const pa = properties(a)
  const pb = properties(b)
  for (const key of Object.keys(pa)) {
    if (!Object.hasOwn(pb, key)) continue
    const va = valuesOf(asSchema(pa[key]))
    const vb = valuesOf(asSchema(pb[key]))
    if (va !== undefined && vb !== undefined && va.length === 1 && vb.length === 1) return canonicalJson(va[0]) === canonicalJson(vb[0])
  }
  return true
}

/** True when no value can match both schemas (told by kinds, values, and required properties that cannot agree). */
export function disjoint(a: Schema, b: Schema): boolean {
  if (a === NEVER || b === NEVER) return true
  const ba = branchesOf(a)
  const bb = branchesOf(b)
  if (ba !== undefined) return ba.every((branch) => disjoint(branch, b))
  if (bb !== undefined) return bb.every((branch) => disjoint(a, branch))
  const common = kindsOf(a) & kindsOf(b)
  if (common === 0) return true
  const va = valuesOf(a)
  const vb = valuesOf(b)
  if (va !== undefined && vb !== undefined) {
    const keys = new Set(va.map(canonicalJson))
    return !vb.some((value) => keys.has(canonicalJson(value)))
  }
  if (common === OBJECT) {
    const pa = properties(a)
    const pb = properties(b)
    const ra = requiredOf(a)
    const rb = requiredOf(b)
    for (const key of ra) {
      if (rb.has(key) && Object.hasOwn(pa, key) && Object.hasOwn(pb, key) && disjoint(asSchema(pa[key]), asSchema(pb[key]))) return true
      if (!Object.hasOwn(pb, key) && additionalOf(b) === NEVER) return true
    }
    for (const key of rb) if (!Object.hasOwn(pa, key) && additionalOf(a) === NEVER) return true
  }
  return false
}

function properties(node: Schema): { readonly [key: string]: unknown } {
  const value = own(node, 'properties')
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {}
}

function requiredOf(node: Schema): ReadonlySet<string> {
  const value = own(node, 'required')
  return new Set(Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [])
}

/** What undeclared keys may hold: NEVER for a closed object, ANY for an open one, else the schema. */
function additionalOf(node: Schema): Schema {
  const value = own(node, 'additionalProperties')
  if (value === false) return NEVER
  if (value === undefined || value === true) return ANY
  return asSchema(value)
}

function isAny(node: Schema): boolean {
  if (node === ANY) return true
  for (const key of Object.keys(node)) if (!(ANNOTATIONS as readonly string[]).includes(key)) return false
  return true
}

function compareObject(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  const before = properties(base)
  const after = properties(head)
  const requiredBefore = requiredOf(base)
  const requiredAfter = requiredOf(head)
  const restBefore = additionalOf(base)
  const restAfter = additionalOf(head)
  const restAt = at(pointer, 'additionalProperties')
  if (restBefore === NEVER && restAfter !== NEVER) {
    out.push({ kind: 'object-opened', pointer: restAt, detail: 'the object now accepts undeclared keys', base: false, head: own(head, 'additionalProperties') ?? true })
  } else if (restBefore !== NEVER && restAfter === NEVER) {
    out.push({ kind: 'object-closed', pointer: restAt, detail: 'the object now rejects undeclared keys', base: own(base, 'additionalProperties') ?? true, head: false })
  } else if (restBefore !== NEVER && restAfter !== NEVER) {
    compareNode(restBefore, restAfter, restAt, out)
  }
  for (const key of Object.keys(before)) {
    const keyAt = at(pointer, 'properties', key)
    if (Object.hasOwn(after, key)) {
      compareNode(asSchema(before[key]), asSchema(after[key]), keyAt, out)
      const was = requiredBefore.has(key)
      const is = requiredAfter.has(key)
      if (was && !is) out.push({ kind: 'became-optional', pointer: keyAt, detail: `${JSON.stringify(key)} became optional`, base: true, head: false })
      if (!was && is) out.push({ kind: 'became-required', pointer: keyAt, detail: `${JSON.stringify(key)} became required`, base: false, head: true })
    } else {
      const closed = restAfter === NEVER
      out.push({
        kind: 'property-removed',
        pointer: keyAt,
        detail: `${JSON.stringify(key)} removed${closed ? ' (the object is closed, so the key is now rejected)' : ' (the object is open, so the key is still accepted, with any value)'}`,
        closed,
        required: requiredBefore.has(key),
        base: before[key],
      })
      // Undeclared keys must now match `additionalProperties`: compare the key's old schema with it.
      if (!closed && !isAny(restAfter)) compareNode(asSchema(before[key]), restAfter, keyAt, out)
    }
  }
  for (const key of Object.keys(after)) {
    if (Object.hasOwn(before, key)) continue
    const required = requiredAfter.has(key)
    const closed = restBefore === NEVER
    const schema = asSchema(after[key])
    const unconstrained = !closed && isAny(schema)
    out.push({
      kind: 'property-added',
      pointer: at(pointer, 'properties', key),
      detail: `${required ? 'required' : 'optional'} ${JSON.stringify(key)} added${closed ? '' : unconstrained ? '' : ' (the object was open, so the key was accepted with any value before)'}`,
      required,
      closed,
      unconstrained,
      head: after[key],
    })
    // The key had to match `additionalProperties` before: compare that with the new property's schema.
    if (!closed && !isAny(restBefore)) compareNode(restBefore, schema, at(pointer, 'properties', key), out)
  }
  compareBound(base, head, pointer, 'minProperties', 'lower', out)
  compareBound(base, head, pointer, 'maxProperties', 'upper', out)
}

function numberAt(node: Schema, key: string): number | undefined {
  const value = own(node, key)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** A lower bound (`minLength`, `minItems`, `minProperties`) or upper bound (`maxLength`, …): absent is unbounded. */
function compareBound(base: Schema, head: Schema, pointer: string, key: string, side: 'lower' | 'upper', out: SchemaChange[]): void {
  const before = numberAt(base, key)
  const after = numberAt(head, key)
  if (before === after) return
  const tighter = side === 'lower' ? (after ?? -Infinity) > (before ?? -Infinity) : (after ?? Infinity) < (before ?? Infinity)
  out.push({
    kind: tighter ? 'constraint-narrowed' : 'constraint-widened',
    pointer: at(pointer, key),
    detail: `${key} ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}: ${before ?? 'none'} → ${after ?? 'none'}`,
    ...(before === undefined ? {} : { base: before }),
    ...(after === undefined ? {} : { head: after }),
  })
}

function compareFlag(base: Schema, head: Schema, pointer: string, key: string, out: SchemaChange[]): void {
  const before = own(base, key) === true
  const after = own(head, key) === true
  if (before === after) return
  out.push({ kind: after ? 'constraint-narrowed' : 'constraint-widened', pointer: at(pointer, key), detail: `${key} ${after ? 'added' : 'removed'}`, base: before, head: after })
}

/** `pattern`, `format`: adding one narrows, removing one widens, changing one does some of each. */
function compareText(base: Schema, head: Schema, pointer: string, key: string, out: SchemaChange[]): void {
  const before = own(base, key)
  const after = own(head, key)
  if (before === after) return
  const kind = before === undefined ? 'constraint-narrowed' : after === undefined ? 'constraint-widened' : 'constraint-changed'
  out.push({
    kind,
    pointer: at(pointer, key),
    detail: `${key} ${before === undefined ? `added: ${JSON.stringify(after)}` : after === undefined ? `removed: ${JSON.stringify(before)}` : `changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`}`,
    ...(before === undefined ? {} : { base: before }),
    ...(after === undefined ? {} : { head: after }),
  })
}

interface NumericBound {
  readonly value: number
  readonly exclusive: boolean
  readonly key: string
}

function numericBound(node: Schema, side: 'lower' | 'upper'): NumericBound | undefined {
  const inclusiveKey = side === 'lower' ? 'minimum' : 'maximum'
  const exclusiveKey = side === 'lower' ? 'exclusiveMinimum' : 'exclusiveMaximum'
  const inclusive = numberAt(node, inclusiveKey)
  const exclusive = numberAt(node, exclusiveKey)
  const a = inclusive === undefined ? undefined : { value: inclusive, exclusive: false, key: inclusiveKey }
  const b = exclusive === undefined ? undefined : { value: exclusive, exclusive: true, key: exclusiveKey }
  if (a === undefined || b === undefined) return a ?? b
  return tighterBound(a, b, side) ? a : b
}

/** Whether bound `a` admits fewer values than `b` on this side (equal value: exclusive is tighter). */
function tighterBound(a: NumericBound, b: NumericBound, side: 'lower' | 'upper'): boolean {
  if (a.value !== b.value) return side === 'lower' ? a.value > b.value : a.value < b.value
  return a.exclusive && !b.exclusive
}

function boundText(bound: NumericBound | undefined): string {
  return bound === undefined ? 'none' : `${bound.key} ${bound.value}`
}

function compareNumericBound(base: Schema, head: Schema, pointer: string, side: 'lower' | 'upper', out: SchemaChange[]): void {
  const before = numericBound(base, side)
  const after = numericBound(head, side)
  if (before === undefined && after === undefined) return
  if (before !== undefined && after !== undefined && before.value === after.value && before.exclusive === after.exclusive) return
  const tighter = before === undefined ? true : after === undefined ? false : tighterBound(after, before, side)
  const key = (after ?? before)?.key ?? (side === 'lower' ? 'minimum' : 'maximum')
  out.push({
    kind: tighter ? 'constraint-narrowed' : 'constraint-widened',
    pointer: at(pointer, key),
    detail: `${side} bound changed: ${boundText(before)} → ${boundText(after)}`,
    ...(before === undefined ? {} : { base: before.value }),
    ...(after === undefined ? {} : { head: after.value }),
  })
}

function compareMultipleOf(base: Schema, head: Schema, pointer: string, out: SchemaChange[]): void {
  const before = numberAt(base, 'multipleOf')
  const after = numberAt(head, 'multipleOf')
  if (before === after) return
  // Multiples of `after` are all multiples of `before` exactly when after / before is an integer.
  const divides = (coarse: number, fine: number): boolean => Number.isInteger(coarse / fine)
  const kind =
    before === undefined ? 'constraint-narrowed' : after === undefined ? 'constraint-widened' : divides(after, before) ? 'constraint-narrowed' : divides(before, after) ? 'constraint-widened' : 'constraint-changed'
  out.push({
    kind,
    pointer: at(pointer, 'multipleOf'),
    detail: `multipleOf changed: ${before ?? 'none'} → ${after ?? 'none'}`,
    ...(before === undefined ? {} : { base: before }),
    ...(after === undefined ? {} : { head: after }),
  })
}
