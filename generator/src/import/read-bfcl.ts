import { isRecord } from '../model/tool-declaration.js'
import { describeFound } from '../load/check-declaration.js'
import { at, SourceCollector, type SourceTools } from './source-tools.js'
import { ownEntries, ownValue, setOwn, type ImportRefusal } from './schema-to-spec.js'

// BFCL declarations in its dialect (Python, Java and JS type names, nonstandard `optional`): JSON Lines of test entries
// `{ function: [declaration, …] }`, a list, one declaration, or the vendored corpus `{ functions: [{ declaration }] }`.

/** BFCL type names → JSON Schema types, as BFCL's `GORILLA_TO_OPENAPI` but `any` is any JSON value (not `string`). */
export const BFCL_TYPES: ReadonlyMap<string, string | undefined> = new Map([
  ['string', 'string'],
  ['integer', 'integer'],
  ['number', 'number'],
  ['float', 'number'],
  ['boolean', 'boolean'],
  ['bool', 'boolean'],
  ['array', 'array'],
  ['list', 'array'],
  ['tuple', 'array'],
  ['dict', 'object'],
  ['object', 'object'],
  ['any', undefined],
  ['Any', undefined],
  // Java and JavaScript categories.
  ['String', 'string'],
  ['char', 'string'],
  ['Boolean', 'boolean'],
  ['byte', 'integer'],
  ['short', 'integer'],
  ['long', 'integer'],
  ['Bigint', 'integer'],
  ['double', 'number'],
  ['Array', 'array'],
  ['ArrayList', 'array'],
  ['Queue', 'array'],
  ['Stack', 'array'],
  ['HashMap', 'object'],
  ['Hashtable', 'object'],
])

const TRUE_WORDS = new Set(['true', 'yes'])
const FALSE_WORDS = new Set(['false', 'no'])

/** Reads BFCL declarations in any of the shapes above. */
export function readBfclTools(value: unknown): SourceTools {
  const collector = new SourceCollector()
  const declaration = (item: unknown, pointer: string): void => readDeclaration(collector, item, pointer)
  const entry = (item: unknown, pointer: string): void => {
    if (isRecord(item) && Array.isArray(ownValue(item, 'function'))) {
      ;(ownValue(item, 'function') as unknown[]).forEach((inner, index) => declaration(inner, at(at(pointer, 'function'), index)))
    } else if (isRecord(item) && isRecord(ownValue(item, 'declaration'))) {
      declaration(ownValue(item, 'declaration'), at(pointer, 'declaration'))
    } else {
      declaration(item, pointer)
    }
  }
  if (isRecord(value) && Array.isArray(ownValue(value, 'functions'))) {
    ;(ownValue(value, 'functions') as unknown[]).forEach((item, index) => entry(item, at('/functions', index)))
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => entry(item, at('', index)))
  } else if (isRecord(value)) {
    entry(value, '')
  } else {
    collector.refuse('', `expected BFCL declarations or test entries, found ${describeFound(value)}`)
  }
  return collector.result()
}

function readDeclaration(collector: SourceCollector, item: unknown, pointer: string): void {
  if (!isRecord(item)) return collector.refuse(pointer, `a BFCL declaration must be an object, found ${describeFound(item)}`)
  const named = collector.nameAndDescription(item, pointer)
  if (named === undefined) return
  const refusals: ImportRefusal[] = []
  const raw = ownValue(item, 'parameters')
  const parameters = raw === undefined ? undefined : fromBfclSchema(raw, at(pointer, 'parameters'), refusals)
  for (const refusal of refusals) collector.refuse(refusal.pointer, refusal.message)
  if (refusals.length > 0) return
  const losses = ownEntries(item)
    .filter(([key]) => !['name', 'description', 'parameters'].includes(key))
    .map(([key]) => ({ pointer: at(pointer, key), message: `BFCL field "${key}" dropped (the YAML has no place for it)` }))
  collector.tools.push({ ...named, pointer, parameters, parametersPointer: at(pointer, 'parameters'), losses })
}

/** One BFCL schema node as JSON Schema, its shape kept so pointers hold; refuses a name both required and optional. */
export function fromBfclSchema(node: unknown, pointer: string, refusals: ImportRefusal[]): unknown {
  if (!isRecord(node)) {
    refusals.push({ pointer, message: `a BFCL schema must be an object, found ${describeFound(node)}` })
    return undefined
  }
  const out: Record<string, unknown> = {}
  const set = (key: string, value: unknown): void => setOwn(out, key, value)
  const optionalNames = new Set<string>()
  for (const [key, value] of ownEntries(node)) {
    const where = at(pointer, key)
    if (key === 'type') {
      if (typeof value !== 'string' || !BFCL_TYPES.has(value)) {
        refusals.push({ pointer: where, message: `"type" must be a BFCL type (${[...BFCL_TYPES.keys()].join(', ')}), found ${describeFound(value)}` })
        continue
      }
      const mapped = BFCL_TYPES.get(value)
      if (mapped !== undefined) set('type', mapped)
    } else if (key === 'optional') {
      // The property-level flag is read by the parent (below); an object's list names its optional properties.
      if (Array.isArray(value)) {
        for (const [index, name] of value.entries()) {
          if (typeof name === 'string') optionalNames.add(name)
          else refusals.push({ pointer: at(where, index), message: `an optional name must be a string, found ${describeFound(name)}` })
        }
      } else if (optionalFlag(value) === undefined) {
        refusals.push({ pointer: where, message: `"optional" must be true, false or a list of property names, found ${describeFound(value)}` })
      }
    } else if (key === 'properties' && isRecord(value)) {
      const properties: Record<string, unknown> = {}
      for (const [name, schema] of ownEntries(value)) {
        if (isRecord(schema) && optionalFlag(ownValue(schema, 'optional')) === true) optionalNames.add(name)
        setOwn(properties, name, fromBfclSchema(schema, at(where, name), refusals))
      }
      set('properties', properties)
    } else if ((key === 'items' || key === 'additionalProperties') && isRecord(value)) {
      set(key, fromBfclSchema(value, where, refusals))
    } else {
      set(key, value)
    }
  }
  const required = ownValue(out, 'required')
  if (optionalNames.size > 0 && Array.isArray(required)) {
    const both = required.filter((name) => typeof name === 'string' && optionalNames.has(name))
    for (const name of both) {
      const index = required.indexOf(name)
      refusals.push({ pointer: at(at(pointer, 'required'), index), message: `"${String(name)}" is both required and optional; the declaration contradicts itself` })
    }
  }
  return out
}

/** BFCL's `optional` flag: true, false, or their spellings as text ("True", "yes"); `undefined` when it is neither. */
function optionalFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return undefined
  const word = value.trim().toLowerCase()
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined
}
