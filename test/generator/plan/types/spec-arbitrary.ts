import fc from 'fast-check'
import { checkParameterSchemaSpec, checkValueSchemaSpec } from '@toolsmith/runtime'
import { INFERRED_CONTAINER_LEVELS } from '../../../../generator/src/plan/types/type-declaration.js'
import { text as plainText } from '../../print/declaration-arbitrary.js'

// Random DSL specs for the types oracle: every node kind with every annotation the types read (description, bounds),
// hostile names and texts, typed maps, unions that repeat themselves, and nesting past INFERRED_CONTAINER_LEVELS.

/** Descriptions, string values and patterns: the layout texts plus what reaches a JSDoc block or a union's dedup. */
export const text = fc.oneof(
  { weight: 4, arbitrary: plainText },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '*/', '/* x */', '**/', 'a*', '*', ' * ', '@deprecated use x', 'see @link', 'a@b', 'JsonValue', 'a JsonValue b', 'Items: x',
      'Bounds: y.', '\u2028', 'a\u2029b', '\u0000\u0007\u001b\u007f\u0085\u009f', '\r\n', 'x\ry', '\\u2028', '"', "'", '`', '${a}',
      '</script>', '\ufeffbom', '\u3000wide space', ' ', '', 'line\n * star', '\n\n', 'é', 'constructor', '__proto__', 'toString',
    ),
  },
)

/** Property names: the layout keys plus names that break naive code (prototype names, placeholders, quotes). */
export const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', '__k0_', '__kk1_', 'k', '[k: string]', 'a"b', "a'b", 'a\\b', '*/', 'a\u2028b', '\u0000', '\u007f', 'JsonValue', 'café', 'readonly', 'get', 'set', 'undefined', '1', '0x1', '-1', 'a-b', 'a b', '$', '_', '') },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/) },
)

const description = fc.option(text, { nil: undefined, freq: 2 })
const finite = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(0.5, -1.25, 0.1, 1e21, -1e-7, 123456789012, 2.5e-8, -0, 1.5e300), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }))
const count = fc.nat({ max: 40 })

function withNotes<T extends object>(node: T, notes: { description?: string | undefined; [key: string]: unknown }): T {
  const out: Record<string, unknown> = { ...(node as Record<string, unknown>) }
  for (const [name, value] of Object.entries(notes)) if (value !== undefined) out[name] = value
  return out as T
}

/** Two bounds, low first (either may be absent). */
function pair<T>(values: fc.Arbitrary<T>, low: string, high: string): fc.Arbitrary<Record<string, T>> {
  return fc.tuple(values, values, fc.constantFrom('low', 'high', 'both')).map(([a, b, which]) => {
    const [min, max] = [a, b].sort((x, y) => Number(x) - Number(y)) as [T, T]
    return which === 'low' ? { [low]: min } : which === 'high' ? { [high]: max } : { [low]: min, [high]: max }
  })
}

const optionalRecord = <T>(arbitrary: fc.Arbitrary<Record<string, T>>) => fc.option(arbitrary, { nil: {}, freq: 2 })
const numberBounds = fc
  .tuple(optionalRecord(pair(finite, 'minimum', 'maximum')), fc.option(fc.constantFrom(0.01, 1, 2, 0.5), { nil: undefined }))
  .map(([range, multipleOf]) => ({ ...range, ...(multipleOf === undefined ? {} : { multipleOf }) }))
// Patterns are regular expressions (the checker compiles them), with what JSDoc and comments must survive.
const pattern = fc.constantFrom('^[A-Z]{2}-\\d+$', 'a*/b', '[*]/', '/\\*', 'x @deprecated', "it's", '"q"', '\u2028', '.*', '^\\S+$', 'JsonValue')
const stringBounds = fc
  .tuple(optionalRecord(pair(count, 'minLength', 'maxLength')), fc.option(pattern, { nil: undefined }), fc.option(fc.constantFrom('date', 'email', 'uri', 'uuid'), { nil: undefined }))
  .map(([range, regex, format]) => ({ ...range, ...(regex === undefined ? {} : { pattern: regex }), ...(format === undefined ? {} : { format }) }))

/** No narrowing, an `enum`, a `const`, or both (the `const` one of the `enum` members). */
function narrowed<T>(values: fc.Arbitrary<T>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({}) },
    { weight: 2, arbitrary: fc.uniqueArray(values, { minLength: 1, maxLength: 4, comparator: 'SameValueZero' }).map((members) => ({ enum: members })) },
    { weight: 1, arbitrary: values.map((value) => ({ const: value })) },
    { weight: 1, arbitrary: fc.uniqueArray(values, { minLength: 1, maxLength: 3, comparator: 'SameValueZero' }).map((members) => ({ enum: members, const: members[0] })) },
  )
}

const scalar = fc
  .oneof(
    fc.tuple(fc.constant('string'), narrowed(text)),
    fc.tuple(fc.constantFrom('number', 'integer'), narrowed(finite)),
    fc.tuple(fc.constant('boolean'), narrowed(fc.boolean())),
    fc.tuple(fc.constant('null'), narrowed(fc.constant(null))),
    fc.tuple(fc.constant('json'), fc.constant({})),
  )
  .chain(([type, narrowing]) => {
    // Bounds only where nothing narrows the value (each member must fit them).
    const free = Object.keys(narrowing).length === 0
    const bounds = !free ? fc.constant({}) : type === 'string' ? stringBounds : type === 'number' || type === 'integer' ? numberBounds : fc.constant({})
    return fc.tuple(description, bounds).map(([notes, limits]) => withNotes({ type, ...narrowing }, { description: notes, ...limits }))
  })

function record(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of entries) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
  return out
}

const specs = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc
      .tuple(tie('node'), description, optionalRecord(pair(count, 'minItems', 'maxItems')), fc.boolean())
      .map(([items, notes, bounds, unique]) => withNotes({ type: 'array', items }, { description: notes, ...bounds, ...(unique ? { uniqueItems: true } : {}) })),
    fc
      .tuple(
        fc.oneof(fc.boolean(), tie('node')),
        fc.uniqueArray(fc.tuple(key, tie('property')), { maxLength: 4, selector: ([name]) => name }),
        description,
        optionalRecord(pair(count, 'minProperties', 'maxProperties')),
      )
      .map(([extra, entries, notes, bounds]) => withNotes({ type: 'object', additionalProperties: extra, properties: record(entries) }, { description: notes, ...bounds })),
    // A typed map with declared properties: json2ts widened its index signature by their types.
    fc
      .tuple(tie('node'), fc.uniqueArray(fc.tuple(key, tie('property')), { minLength: 1, maxLength: 3, selector: ([name]) => name }), description)
      .map(([extra, entries, notes]) => withNotes({ type: 'object', additionalProperties: extra, properties: record(entries) }, { description: notes })),
    fc.tuple(fc.array(tie('node'), { minLength: 2, maxLength: 4 }), description).map(([branches, notes]) => withNotes({ oneOf: branches }, { description: notes })),
    // A branch list that repeats itself: json2ts dropped repeated members by their text.
    fc.tuple(tie('node'), description).map(([branch, notes]) => withNotes({ oneOf: [branch, branch, { type: 'string' }] }, { description: notes })),
  ),
  property: fc.tuple(tie('node'), fc.boolean()).map(([node, required]) => (required ? { ...(node as object), required: true } : node)),
}))

/** A chain of containers `depth` deep (around INFERRED_CONTAINER_LEVELS), ending in `leaf`. */
const deep = fc
  .tuple(fc.integer({ min: INFERRED_CONTAINER_LEVELS - 3, max: INFERRED_CONTAINER_LEVELS + 4 }), specs.node, fc.array(fc.constantFrom('array', 'object', 'map', 'oneOf'), { minLength: 24, maxLength: 24 }), description)
  .map(([depth, leaf, kinds, notes]) => {
    let node: unknown = leaf
    for (let level = depth - 1; level >= 0; level--) {
      const kind = kinds[level]
      if (kind === 'array') node = { type: 'array', items: node }
      else if (kind === 'object') node = { type: 'object', additionalProperties: level % 2 === 0, properties: { next: { ...(node as object), required: true } } }
      else if (kind === 'map') node = { type: 'object', additionalProperties: node }
      else node = { oneOf: [node, { type: 'null' }] }
    }
    return withNotes(node as object, { description: notes })
  })

/** A valid output spec. */
export const valueSpec = fc.oneof({ weight: 4, arbitrary: specs.node }, { weight: 1, arbitrary: deep }).filter((spec) => checkValueSchemaSpec(spec).length === 0)

/** A valid parameter map. */
export const parameterSpec = fc
  .uniqueArray(fc.tuple(key, fc.oneof({ weight: 4, arbitrary: specs.property }, { weight: 1, arbitrary: deep })), { maxLength: 5, selector: ([name]) => name })
  .map(record)
  .filter((parameters) => checkParameterSchemaSpec(parameters).length === 0)
