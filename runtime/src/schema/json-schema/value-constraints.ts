import { describeValue } from '../../json/describe-value.js'
import type { JsonSchemaType, SchemaIssue } from './json-schema-node.js'
import { isStringFormat, matchesFormat, STRING_FORMATS, type StringFormat } from './string-formats.js'
import { boundMessage, formatMessage, patternMessage } from './validation-messages.js'

// The value constraints: which keyword bounds which kind, the checks on the bounds (shared by the raw checker and the
// DSL, so a bound means the same in both), their prepared form, and the helpers both validators call.

/** The kind of value a constraint keyword bounds; on another kind, or without `type`, it does not apply. */
export type ConstraintKind = 'number' | 'string' | 'array' | 'object'

/** Every value-constraint keyword with the kind of value it bounds. */
export const CONSTRAINT_KEYWORDS: ReadonlyMap<string, ConstraintKind> = new Map([
  ['minimum', 'number'],
  ['maximum', 'number'],
  ['exclusiveMinimum', 'number'],
  ['exclusiveMaximum', 'number'],
  ['multipleOf', 'number'],
  ['minLength', 'string'],
  ['maxLength', 'string'],
  ['pattern', 'string'],
  ['format', 'string'],
  ['minItems', 'array'],
  ['maxItems', 'array'],
  ['uniqueItems', 'array'],
  ['minProperties', 'object'],
  ['maxProperties', 'object'],
])

/** Whether a node of `type` can hold values of `kind` (`integer` nodes hold numbers). */
export function typeHoldsKind(type: JsonSchemaType, kind: ConstraintKind): boolean {
  return kind === 'number' ? type === 'number' || type === 'integer' : type === kind
}

/** Strings longer than this (UTF-16 code units) fail a `pattern` without running it: the bound on a pattern's work. */
export const MAX_PATTERN_INPUT = 1024

/** The prepared constraints of one node, read once from its own keywords. */
export interface PreparedConstraints {
  readonly minimum: number | undefined
  readonly maximum: number | undefined
  readonly exclusiveMinimum: number | undefined
  readonly exclusiveMaximum: number | undefined
  readonly multipleOf: number | undefined
  readonly minLength: number | undefined
  readonly maxLength: number | undefined
  readonly pattern: string | undefined
  readonly patternRegExp: RegExp | undefined
  readonly format: StringFormat | undefined
  readonly minItems: number | undefined
  readonly maxItems: number | undefined
  readonly uniqueItems: boolean
  readonly minProperties: number | undefined
  readonly maxProperties: number | undefined
  readonly numeric: boolean
  readonly textual: boolean
  readonly counted: boolean
  readonly keyed: boolean
}

/** The prepared constraints of a supported node read through `own`, or `undefined` when it has none. */
export function prepareConstraints(own: (key: string) => unknown): PreparedConstraints | undefined {
  const num = (key: string): number | undefined => {
    const value = own(key)
    return typeof value === 'number' ? value : undefined
  }
  const pattern = own('pattern')
  const format = own('format')
  const c: PreparedConstraints = {
    minimum: num('minimum'),
    maximum: num('maximum'),
    exclusiveMinimum: num('exclusiveMinimum'),
    exclusiveMaximum: num('exclusiveMaximum'),
    multipleOf: num('multipleOf'),
    minLength: num('minLength'),
    maxLength: num('maxLength'),
    pattern: typeof pattern === 'string' ? pattern : undefined,
    patternRegExp: typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined,
    format: isStringFormat(format) ? format : undefined,
    minItems: num('minItems'),
    maxItems: num('maxItems'),
    uniqueItems: own('uniqueItems') === true,
    minProperties: num('minProperties'),
    maxProperties: num('maxProperties'),
    numeric: false,
    textual: false,
    counted: false,
    keyed: false,
  }
  const numeric = [c.minimum, c.maximum, c.exclusiveMinimum, c.exclusiveMaximum, c.multipleOf].some((v) => v !== undefined)
  const textual = c.minLength !== undefined || c.maxLength !== undefined || c.pattern !== undefined || c.format !== undefined
  const counted = c.minItems !== undefined || c.maxItems !== undefined || c.uniqueItems
  const keyed = c.minProperties !== undefined || c.maxProperties !== undefined
  if (!numeric && !textual && !counted && !keyed) return undefined
  return { ...c, numeric, textual, counted, keyed }
}

// ---- checking the keywords when a schema is accepted ----

/** Adds an issue per bad or contradictory constraint among a node's own keywords; placement is the caller's rule. */
export function checkConstraintValues(values: ReadonlyMap<string, unknown>, at: (key: string) => string, issues: SchemaIssue[]): void {
  const numbers = new Map<string, number>()
  for (const [key, value] of values) {
    const kind = CONSTRAINT_KEYWORDS.get(key)
    if (kind === undefined) continue
    const problem = valueProblem(key, value)
    if (problem !== undefined) issues.push({ path: at(key), message: problem })
    else if (typeof value === 'number') numbers.set(key, value)
  }
  const contradiction = (lowKey: string, highKey: string, strict: boolean, what: string): void => {
    const low = numbers.get(lowKey)
    const high = numbers.get(highKey)
    if (low === undefined || high === undefined) return
    if (strict ? low >= high : low > high) {
      issues.push({ path: at(lowKey), message: `${lowKey} ${low} is ${strict ? 'not below' : 'above'} ${highKey} ${high}, so no ${what} could match` })
    }
  }
  contradiction('minimum', 'maximum', false, 'number')
  contradiction('exclusiveMinimum', 'maximum', true, 'number')
  contradiction('minimum', 'exclusiveMaximum', true, 'number')
  contradiction('exclusiveMinimum', 'exclusiveMaximum', true, 'number')
  contradiction('minLength', 'maxLength', false, 'string')
  contradiction('minItems', 'maxItems', false, 'array')
  contradiction('minProperties', 'maxProperties', false, 'object')
}

function valueProblem(key: string, value: unknown): string | undefined {
  switch (key) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `${key} must be a finite number, found ${describeValue(value)}`
    case 'multipleOf':
      return typeof value === 'number' && Number.isFinite(value) && value > 0
        ? undefined
        : `multipleOf must be a number greater than 0, found ${describeValue(value)}`
    case 'uniqueItems':
      return typeof value === 'boolean' ? undefined : `uniqueItems must be true or false, found ${describeValue(value)}`
    case 'pattern':
      return typeof value === 'string' ? patternProblem(value) : `pattern must be a string, found ${describeValue(value)}`
    case 'format':
      return isStringFormat(value) ? undefined : `format must be one of ${STRING_FORMATS.join(', ')}, found ${describeValue(value)}`
    default:
      return Number.isSafeInteger(value) && (value as number) >= 0
        ? undefined
        : `${key} must be a non-negative integer, found ${describeValue(value)}`
  }
}

/**
 * Why `pattern` is unusable, or undefined: it must compile with the `u` flag and have no exponential-backtracking shape
 * (a repeated group holding a repetition or alternation, `(a+)+`, `(a|ab)*`; a backreference).
 */
export function patternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u')
  } catch (error) {
    return `pattern is not a valid regular expression with the u flag: ${error instanceof Error ? error.message : String(error)}`
  }
  const shape = backtrackingShape(pattern)
  return shape === undefined
    ? undefined
    : `pattern ${JSON.stringify(pattern)} can backtrack catastrophically (${shape}); rewrite it without repeating a group that repeats or alternates`
}

interface GroupScan {
  repeats: boolean
  alternates: boolean
}

/** A short description of the first catastrophic shape in a pattern known to be valid, or `undefined`. */
function backtrackingShape(pattern: string): string | undefined {
  const stack: GroupScan[] = [{ repeats: false, alternates: false }]
  let closed: GroupScan | undefined // the group that just closed, if the previous atom was a group
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string
    const top = stack[stack.length - 1] as GroupScan
    if (c === '\\') {
      const next = pattern[i + 1] ?? ''
      if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) return 'a backreference'
      i += next === 'u' && pattern[i + 2] === '{' ? pattern.indexOf('}', i) - i : next === 'p' || next === 'P' ? pattern.indexOf('}', i) - i : 1
      closed = undefined
      continue
    }
    if (c === '[') {
      // A character class is one atom: skip to its closing bracket.
      let j = i + 1
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1
      i = j
      closed = undefined
      continue
    }
    if (c === '(') {
      stack.push({ repeats: false, alternates: false })
      closed = undefined
      continue
    }
    if (c === ')') {
      closed = stack.pop()
      const parent = stack[stack.length - 1] as GroupScan
      if (closed?.repeats === true) parent.repeats = true
      continue
    }
    if (c === '|') {
      top.alternates = true
      closed = undefined
      continue
    }
    const repeat = repetition(pattern, i)
    if (repeat !== undefined) {
      if (repeat.many) {
        if (closed !== undefined && closed.repeats) return 'a repeated group that repeats'
        if (closed !== undefined && closed.alternates) return 'a repeated group that alternates'
        top.repeats = true
      }
      i = repeat.end
      if (pattern[i + 1] === '?') i++ // lazy
      closed = undefined
      continue
    }
    closed = undefined
  }
  return undefined
}

/** The quantifier at `i`, if any: whether it repeats more than once, and its last index. */
function repetition(pattern: string, i: number): { many: boolean; end: number } | undefined {
  const c = pattern[i]
  if (c === '*' || c === '+') return { many: true, end: i }
  if (c === '?') return { many: false, end: i }
  if (c !== '{') return undefined
  const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i))
  if (match === null) return undefined
  const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3])
  return { many: max > 1, end: i + match[0].length - 1 }
}

// ---- helpers both validators call ----

/** The length of a string in Unicode code points, as JSON Schema counts `minLength`/`maxLength`. */
export function codePointLength(value: string): number {
  let length = value.length
  for (let i = 0; i < value.length - 1; i++) {
    const code = value.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--
        i++
      }
    }
  }
  return length
}

/** Whether `value` is a multiple of `divisor` (the quotient is an integer; an infinite quotient is not). */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor
  if (Number.isInteger(quotient)) return true
  // A decimal divisor such as 0.0001 rarely divides exactly in binary: accept a quotient within rounding.
  return Number.isFinite(quotient) && Math.abs(quotient - Math.round(quotient)) < 1e-9 * Math.max(1, Math.abs(quotient))
}

/** Whether `regexp` (the node's `pattern`) accepts `value`, within the input bound. */
export function matchesPattern(regexp: RegExp, value: string): boolean {
  return value.length <= MAX_PATTERN_INPUT && regexp.test(value)
}

/** Whether a JSON array has two equal items (key order ignored); interning structures keeps it linear. */
export function hasDuplicateItems(items: readonly unknown[]): boolean {
  if (items.length < 2) return false
  const interned = new Map<string, number>()
  const ids = new Map<object, number>()
  const idOf = (value: unknown): number => {
    let key: string
    if (typeof value !== 'object' || value === null) {
      key = typeof value === 'number' ? `n${value === 0 ? 0 : value}` : typeof value === 'string' ? `s${value}` : String(value)
    } else {
      const known = ids.get(value)
      if (known !== undefined) return known
      if (Array.isArray(value)) key = `[${value.map(idOf).join(',')}]`
      else {
        const record = value as Record<string, unknown>
        key = `{${Object.keys(record)
          .sort()
          .map((name) => `${JSON.stringify(name)}:${idOf(record[name])}`)
          .join(',')}}`
      }
    }
    let id = interned.get(key)
    if (id === undefined) interned.set(key, (id = interned.size))
    if (typeof value === 'object' && value !== null) ids.set(value, id)
    return id
  }
  const seen = new Set<number>()
  for (const item of items) {
    const id = idOf(item)
    if (seen.has(id)) return true
    seen.add(id)
  }
  return false
}

// ---- the interpreter's checks (the compiled validators emit the same tests in the same order) ----

/** Reports each bound `value` breaks, in keyword order (`report` returns true to stop); whether all held. */
export function checkBoundsBefore(c: PreparedConstraints, value: unknown, report: (message: string) => boolean): boolean {
  let ok = true
  const fail = (message: string): boolean => {
    ok = false
    return report(message)
  }
  if (typeof value === 'number') {
    if (!c.numeric) return true
    if (c.minimum !== undefined && value < c.minimum && fail(boundMessage('minimum', c.minimum))) return false
    if (c.maximum !== undefined && value > c.maximum && fail(boundMessage('maximum', c.maximum))) return false
    if (c.exclusiveMinimum !== undefined && value <= c.exclusiveMinimum && fail(boundMessage('exclusiveMinimum', c.exclusiveMinimum))) return false
    if (c.exclusiveMaximum !== undefined && value >= c.exclusiveMaximum && fail(boundMessage('exclusiveMaximum', c.exclusiveMaximum))) return false
    if (c.multipleOf !== undefined && !isMultipleOf(value, c.multipleOf) && fail(boundMessage('multipleOf', c.multipleOf))) return false
  } else if (typeof value === 'string') {
    if (!c.textual) return true
    const length = c.minLength !== undefined || c.maxLength !== undefined ? codePointLength(value) : 0
    if (c.minLength !== undefined && length < c.minLength && fail(boundMessage('minLength', c.minLength))) return false
    if (c.maxLength !== undefined && length > c.maxLength && fail(boundMessage('maxLength', c.maxLength))) return false
    if (c.patternRegExp !== undefined && !matchesPattern(c.patternRegExp, value)) {
      if (fail(patternMessage(c.pattern as string, value.length > MAX_PATTERN_INPUT, MAX_PATTERN_INPUT))) return false
    }
    if (c.format !== undefined && !matchesFormat(c.format, value) && fail(formatMessage(c.format))) return false
  } else if (Array.isArray(value)) {
    if (c.minItems !== undefined && value.length < c.minItems && fail(boundMessage('minItems', c.minItems))) return false
    if (c.maxItems !== undefined && value.length > c.maxItems && fail(boundMessage('maxItems', c.maxItems))) return false
  } else if (typeof value === 'object' && value !== null && c.keyed) {
    const count = Object.keys(value).length
    if (c.minProperties !== undefined && count < c.minProperties && fail(boundMessage('minProperties', c.minProperties))) return false
    if (c.maxProperties !== undefined && count > c.maxProperties && fail(boundMessage('maxProperties', c.maxProperties))) return false
  }
  return ok
}
