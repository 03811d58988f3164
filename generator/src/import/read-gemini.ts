import { isRecord } from '../model/tool-declaration.js'
import { describeFound } from '../load/check-declaration.js'
import { at, SourceCollector, unknownFields, type SourceTools, type ToolLoss } from './source-tools.js'
import { ownEntries, ownValue, setOwn, type ImportRefusal } from './schema-to-spec.js'

// Gemini `functionDeclarations`: `parameters`/`response` are the OpenAPI-subset `Schema`, the `…JsonSchema` forms plain
// JSON Schema. The file may hold the list, `{ functionDeclarations }`, a `Tool` or a request's `tools`.

/** Gemini's `Type` enum and the JSON Schema type each names. */
const GEMINI_TYPES: ReadonlyMap<string, string> = new Map([
  ['STRING', 'string'],
  ['NUMBER', 'number'],
  ['INTEGER', 'integer'],
  ['BOOLEAN', 'boolean'],
  ['ARRAY', 'array'],
  ['OBJECT', 'object'],
  ['NULL', 'null'],
])
/** The int64 fields the REST API writes as decimal strings. */
const COUNTS = new Set(['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'])

/** Reads Gemini function declarations in any of the shapes above. */
export function readGeminiTools(value: unknown): SourceTools {
  const collector = new SourceCollector()
  if (Array.isArray(value) && value.every((entry) => isRecord(entry) && Array.isArray(ownValue(entry, 'functionDeclarations')))) {
    // A request's `tools`: each Tool's declarations, one after another.
    value.forEach((tool, index) => readList(collector, ownValue(tool as Record<string, unknown>, 'functionDeclarations') as unknown[], at(at('', index), 'functionDeclarations')))
  } else if (isRecord(value) && Array.isArray(ownValue(value, 'tools'))) {
    ;(ownValue(value, 'tools') as unknown[]).forEach((tool, index) => {
      const declarations = isRecord(tool) ? ownValue(tool, 'functionDeclarations') : undefined
      if (Array.isArray(declarations)) readList(collector, declarations, at(at('/tools', index), 'functionDeclarations'))
      else collector.refuse(at('/tools', index), 'only Gemini tools with "functionDeclarations" can be imported (not built-in tools such as googleSearch or codeExecution)')
    })
  } else if (isRecord(value) && Array.isArray(ownValue(value, 'functionDeclarations'))) {
    readList(collector, ownValue(value, 'functionDeclarations') as unknown[], '/functionDeclarations')
  } else if (Array.isArray(value)) {
    readList(collector, value, '')
  } else if (isRecord(value) && ownValue(value, 'name') !== undefined) {
    readOne(collector, value, '')
  } else {
    collector.refuse('', `expected Gemini functionDeclarations (a list, { functionDeclarations }, or { tools }), found ${describeFound(value)}`)
  }
  return collector.result()
}

function readList(collector: SourceCollector, items: readonly unknown[], base: string): void {
  items.forEach((item, index) => readOne(collector, item, at(base, index)))
}

function readOne(collector: SourceCollector, item: unknown, pointer: string): void {
  if (!isRecord(item)) return collector.refuse(pointer, `a function declaration must be an object, found ${describeFound(item)}`)
  const named = collector.nameAndDescription(item, pointer)
  if (named === undefined) return
  const losses: ToolLoss[] = unknownFields(item, pointer, ['name', 'description', 'parameters', 'parametersJsonSchema', 'response', 'responseJsonSchema'], 'Gemini')
  const schemaOf = (openApi: string, jsonSchema: string): { schema: unknown; pointer: string } | undefined | null => {
    const a = ownValue(item, openApi)
    const b = ownValue(item, jsonSchema)
    if (a !== undefined && b !== undefined) {
      collector.refuse(at(pointer, jsonSchema), `"${openApi}" and "${jsonSchema}" are both set; Gemini takes one of them`)
      return null
    }
    if (b !== undefined) return { schema: b, pointer: at(pointer, jsonSchema) }
    if (a === undefined) return undefined
    const refusals: ImportRefusal[] = []
    const schema = fromOpenApiSchema(a, at(pointer, openApi), refusals, losses)
    for (const refusal of refusals) collector.refuse(refusal.pointer, refusal.message)
    return refusals.length > 0 ? null : { schema, pointer: at(pointer, openApi) }
  }
  const parameters = schemaOf('parameters', 'parametersJsonSchema')
  const output = schemaOf('response', 'responseJsonSchema')
  if (parameters === null || output === null) return
  collector.tools.push({
    ...named,
    pointer,
    parameters: parameters?.schema,
    parametersPointer: parameters?.pointer ?? at(pointer, 'parameters'),
    ...(output === undefined ? {} : { output }),
    losses,
  })
}

/** One OpenAPI-subset `Schema` as JSON Schema, its shape kept so later pointers hold. */
export function fromOpenApiSchema(node: unknown, pointer: string, refusals: ImportRefusal[], losses: ToolLoss[]): unknown {
  if (!isRecord(node)) {
    refusals.push({ pointer, message: `a Gemini schema must be an object, found ${describeFound(node)}` })
    return undefined
  }
  const out: Record<string, unknown> = {}
  const set = (key: string, value: unknown): void => setOwn(out, key, value)
  let type: string | undefined
  for (const [key, value] of ownEntries(node)) {
    const where = at(pointer, key)
    if (key === 'type') {
      const upper = typeof value === 'string' ? value.toUpperCase() : undefined
      const mapped = upper === undefined ? undefined : GEMINI_TYPES.get(upper)
      if (mapped === undefined) {
        if (upper !== 'TYPE_UNSPECIFIED') refusals.push({ pointer: where, message: `"type" must be one of ${[...GEMINI_TYPES.keys()].join(', ')}, found ${describeFound(value)}` })
        continue
      }
      type = mapped
      set('type', mapped)
    } else if (key === 'nullable') {
      if (typeof value !== 'boolean') refusals.push({ pointer: where, message: `"nullable" must be true or false, found ${describeFound(value)}` })
    } else if (key === 'properties') {
      if (!isRecord(value)) {
        refusals.push({ pointer: where, message: `"properties" must be an object, found ${describeFound(value)}` })
        continue
      }
      const properties: Record<string, unknown> = {}
      for (const [name, schema] of ownEntries(value)) setOwn(properties, name, fromOpenApiSchema(schema, at(where, name), refusals, losses))
      set('properties', properties)
    } else if (key === 'items') {
      set('items', fromOpenApiSchema(value, where, refusals, losses))
    } else if (key === 'anyOf') {
      if (!Array.isArray(value)) {
        refusals.push({ pointer: where, message: `"anyOf" must be a list, found ${describeFound(value)}` })
        continue
      }
      set('anyOf', value.map((branch, index) => fromOpenApiSchema(branch, at(where, index), refusals, losses)))
    } else if (COUNTS.has(key) && typeof value === 'string') {
      if (!/^(0|[1-9][0-9]*)$/.test(value)) refusals.push({ pointer: where, message: `"${key}" must be a whole number, found ${describeFound(value)}` })
      else set(key, Number(value))
    } else if (key === 'format' && value === 'enum') {
      // Gemini's marker for a STRING with `enum`; the enum says it all.
    } else if (key === 'propertyOrdering') {
      losses.push({ pointer: where, message: `propertyOrdering ${JSON.stringify(value)} dropped (the YAML keeps the properties in the order written)` })
    } else {
      // As written: the same in JSON Schema, or unknown to the Schema object (or `example`; the converter reports the loss).
      set(key, value)
    }
  }
  if (ownValue(node, 'nullable') === true) {
    if (type !== undefined) set('type', [type, 'null'])
    if (Array.isArray(out.enum)) set('enum', [...out.enum, null])
  }
  return out
}
