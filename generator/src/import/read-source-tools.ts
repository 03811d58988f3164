import { isRecord } from '../model/tool-declaration.js'
import { describeFound } from '../load/check-declaration.js'
import { readBfclTools } from './read-bfcl.js'
import { readGeminiTools } from './read-gemini.js'
import { ownEntries, ownValue, setOwn } from './schema-to-spec.js'
import { at, SourceCollector, unknownFields, type SourceAnnotations, type SourceTools } from './source-tools.js'

export type { SourceAnnotations, SourceTool, SourceTools, ToolLoss } from './source-tools.js'

/** The formats `toolsmith import --from` reads. */
export const IMPORT_FORMATS = ['openai', 'anthropic', 'gemini', 'mcp', 'jsonschema', 'bfcl'] as const

/** One of `IMPORT_FORMATS`. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number]

/** Reads the declarations of `format` from the input's JSON value; `fileStem` names a bare schema without a title. */
export function readSourceTools(format: ImportFormat, value: unknown, fileStem: string): SourceTools {
  switch (format) {
    case 'openai':
      return readOpenAiTools(value)
    case 'anthropic':
      return readAnthropicTools(value)
    case 'gemini':
      return readGeminiTools(value)
    case 'mcp':
      return readMcpTools(value)
    case 'jsonschema':
      return readJsonSchemaTools(value, fileStem)
    case 'bfcl':
      return readBfclTools(value)
  }
}

// OpenAI Chat Completions (`function: { … }`) or Responses function tools: the list itself or a request with `tools`.
function readOpenAiTools(value: unknown): SourceTools {
  const collector = new SourceCollector()
  const list = collector.list(isRecord(value) && ownValue(value, 'type') === 'function' ? [value] : value, ['tools'], 'a list of OpenAI tools (or a request with "tools")')
  if (list === undefined) return collector.result()
  list.items.forEach((item, index) => {
    const pointer = Array.isArray(value) || list.pointer !== '' ? at(list.pointer, index) : ''
    if (!isRecord(item)) return collector.refuse(pointer, `an OpenAI tool must be an object, found ${describeFound(item)}`)
    const type = ownValue(item, 'type')
    if (type !== 'function') {
      return collector.refuse(type === undefined ? pointer : at(pointer, 'type'), type === undefined ? 'the tool has no "type" ("function" for a function tool)' : `a ${JSON.stringify(type)} tool is built into OpenAI, not a function declaration; only "function" tools can be imported`)
    }
    const inner = ownValue(item, 'function')
    const chat = inner !== undefined
    if (chat && !isRecord(inner)) return collector.refuse(at(pointer, 'function'), `"function" must be an object, found ${describeFound(inner)}`)
    const tool = chat ? (inner as Record<string, unknown>) : item
    const toolPointer = chat ? at(pointer, 'function') : pointer
    const named = collector.nameAndDescription(tool, toolPointer)
    if (named === undefined) return
    const strict = ownValue(tool, 'strict')
    if (strict !== undefined && strict !== null && typeof strict !== 'boolean') return collector.refuse(at(toolPointer, 'strict'), `"strict" must be true or false, found ${describeFound(strict)}`)
    const losses = [
      ...(chat ? unknownFields(item, pointer, ['type', 'function'], 'OpenAI') : []),
      ...unknownFields(tool, toolPointer, chat ? ['name', 'description', 'parameters', 'strict'] : ['type', 'name', 'description', 'parameters', 'strict'], 'OpenAI'),
    ]
    const parameters = ownValue(tool, 'parameters')
    collector.tools.push({ ...named, pointer, parameters: strict === true ? fromStrictSchema(parameters) : parameters, parametersPointer: at(toolPointer, 'parameters'), ...(strict === true ? { strict } : {}), losses })
  })
  return collector.result()
}

/** Undoes OpenAI strict mode's optional parameters (sent required as `anyOf: [schema, { type: 'null' }]`). */
export function fromStrictSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of ownEntries(schema)) {
    if (key === 'items' || key === 'additionalProperties') setOwn(out, key, fromStrictSchema(value))
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) setOwn(out, key, value.map(fromStrictSchema))
    else if (key === 'properties' && isRecord(value)) {
      const properties: Record<string, unknown> = {}
      for (const [name, property] of ownEntries(value)) setOwn(properties, name, fromStrictSchema(property))
      setOwn(out, key, properties)
    } else setOwn(out, key, value)
  }
  const properties = ownValue(out, 'properties')
  const required = ownValue(out, 'required')
  if (!isRecord(properties) || !Array.isArray(required)) return out
  const optional = new Set<string>()
  for (const [name, property] of ownEntries(properties)) {
    const branch = nullUnionBranch(property)
    if (branch !== undefined && required.includes(name)) {
      optional.add(name)
      setOwn(properties, name, branch)
    }
  }
  if (optional.size > 0) setOwn(out, 'required', required.filter((name) => !optional.has(name as string)))
  return out
}

/** The schema of `{ anyOf: [schema, { type: 'null' }] }` (nothing else on the node), else `undefined`. */
function nullUnionBranch(node: unknown): unknown {
  if (!isRecord(node) || Object.keys(node).length !== 1) return undefined
  const union = ownValue(node, 'anyOf')
  if (!Array.isArray(union) || union.length !== 2) return undefined
  const last = union[1]
  return isRecord(last) && Object.keys(last).length === 1 && ownValue(last, 'type') === 'null' ? union[0] : undefined
}

// Anthropic Messages `tools: [{ name, description, input_schema, strict? }]`; server tools are not declarations.
function readAnthropicTools(value: unknown): SourceTools {
  const collector = new SourceCollector()
  const list = collector.list(isRecord(value) && ownValue(value, 'input_schema') !== undefined ? [value] : value, ['tools'], 'a list of Anthropic tools (or a request with "tools")')
  if (list === undefined) return collector.result()
  list.items.forEach((item, index) => {
    const pointer = Array.isArray(value) || list.pointer !== '' ? at(list.pointer, index) : ''
    if (!isRecord(item)) return collector.refuse(pointer, `an Anthropic tool must be an object, found ${describeFound(item)}`)
    const type = ownValue(item, 'type')
    if (type !== undefined && type !== 'custom') return collector.refuse(at(pointer, 'type'), `a ${JSON.stringify(type)} tool is one of Anthropic's own tools, not a declaration; only custom tools (with "input_schema") can be imported`)
    const named = collector.nameAndDescription(item, pointer)
    if (named === undefined) return
    if (ownValue(item, 'input_schema') === undefined) return collector.refuse(pointer, 'the tool has no "input_schema"')
    const strict = ownValue(item, 'strict')
    if (strict !== undefined && typeof strict !== 'boolean') return collector.refuse(at(pointer, 'strict'), `"strict" must be true or false, found ${describeFound(strict)}`)
    const losses = unknownFields(item, pointer, ['type', 'name', 'description', 'input_schema', 'strict'], 'Anthropic')
    // Anthropic's strict tool use keeps optional properties optional: nothing to undo but the closed root.
    collector.tools.push({ ...named, pointer, parameters: ownValue(item, 'input_schema'), parametersPointer: at(pointer, 'input_schema'), ...(strict === true ? { strict } : {}), losses })
  })
  return collector.result()
}

/** MCP's annotation hints and their YAML names. */
const MCP_HINTS = [
  ['readOnlyHint', 'readOnly'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'openWorld'],
] as const

// MCP: the `tools` of a `tools/list` result, the result itself, or its JSON-RPC response.
function readMcpTools(value: unknown): SourceTools {
  const collector = new SourceCollector()
  let container = value
  let base = ''
  if (isRecord(value) && isRecord(ownValue(value, 'result'))) {
    container = ownValue(value, 'result')
    base = '/result'
  }
  const list = collector.list(container, ['tools'], 'an MCP tools list, a tools/list result or its JSON-RPC response')
  if (list === undefined) return collector.result()
  list.items.forEach((item, index) => {
    const pointer = at(base + list.pointer, index)
    if (!isRecord(item)) return collector.refuse(pointer, `an MCP tool must be an object, found ${describeFound(item)}`)
    const named = collector.nameAndDescription(item, pointer)
    if (named === undefined) return
    if (ownValue(item, 'inputSchema') === undefined) return collector.refuse(pointer, 'the tool has no "inputSchema"')
    const losses = unknownFields(item, pointer, ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'], 'MCP')
    const annotations: Record<string, unknown> = {}
    const title = ownValue(item, 'title')
    if (title !== undefined) {
      if (typeof title !== 'string') return collector.refuse(at(pointer, 'title'), `"title" must be a string, found ${describeFound(title)}`)
      annotations.title = title
    }
    const hints = ownValue(item, 'annotations')
    if (hints !== undefined) {
      if (!isRecord(hints)) return collector.refuse(at(pointer, 'annotations'), `"annotations" must be an object, found ${describeFound(hints)}`)
      for (const [key, hint] of ownEntries(hints)) {
        const where = at(at(pointer, 'annotations'), key)
        const yamlName = MCP_HINTS.find(([mcp]) => mcp === key)?.[1]
        if (key === 'title') {
          if (typeof hint !== 'string') return collector.refuse(where, `"title" must be a string, found ${describeFound(hint)}`)
          if (annotations.title === undefined) annotations.title = hint
          else if (annotations.title !== hint) losses.push({ pointer: where, message: `annotations.title ${JSON.stringify(hint)} dropped (the tool's own title wins)` })
        } else if (yamlName !== undefined) {
          if (typeof hint !== 'boolean') return collector.refuse(where, `"${key}" must be true or false, found ${describeFound(hint)}`)
          annotations[yamlName] = hint
        } else {
          losses.push({ pointer: where, message: `MCP annotation "${key}" dropped (the YAML has no such annotation)` })
        }
      }
    }
    const output = ownValue(item, 'outputSchema')
    collector.tools.push({
      ...named,
      pointer,
      parameters: ownValue(item, 'inputSchema'),
      parametersPointer: at(pointer, 'inputSchema'),
      ...(output === undefined ? {} : { output: { schema: output, pointer: at(pointer, 'outputSchema') } }),
      ...(Object.keys(annotations).length === 0 ? {} : { annotations: annotations as SourceAnnotations }),
      losses,
    })
  })
  return collector.result()
}

// Bare JSON Schemas: one (named by its "title", else the file), a list of titled ones, or an object of name → schema.
function readJsonSchemaTools(value: unknown, fileStem: string): SourceTools {
  const collector = new SourceCollector()
  const isSchema = (candidate: unknown): candidate is Record<string, unknown> =>
    isRecord(candidate) && ['type', 'properties', '$schema', 'required', 'additionalProperties', '$ref', 'title'].some((key) => Object.hasOwn(candidate, key))
  const add = (schema: unknown, pointer: string, name: string | undefined): void => {
    if (!isRecord(schema)) return collector.refuse(pointer, `a tool's schema must be an object schema, found ${describeFound(schema)}`)
    const title = ownValue(schema, 'title')
    const toolName = name ?? (typeof title === 'string' && title !== '' ? title : undefined)
    if (toolName === undefined) return collector.refuse(pointer, 'a schema in a list needs a "title" to name its tool')
    const description = ownValue(schema, 'description')
    if (description !== undefined && typeof description !== 'string') return collector.refuse(at(pointer, 'description'), `"description" must be a string, found ${describeFound(description)}`)
    // The root's title (when it named the tool) and description are the tool's, not the parameters'.
    const parameters: Record<string, unknown> = {}
    for (const [key, member] of ownEntries(schema)) {
      if (key === 'description' || (key === 'title' && name === undefined)) continue
      setOwn(parameters, key, member)
    }
    collector.tools.push({ name: toolName, description, pointer, parameters, parametersPointer: pointer, losses: [] })
  }
  if (isSchema(value)) {
    const title = ownValue(value, 'title')
    add(value, '', typeof title === 'string' && title !== '' ? undefined : fileStem)
  } else if (Array.isArray(value)) {
    value.forEach((schema, index) => add(schema, at('', index), undefined))
  } else if (isRecord(value)) {
    const entries = ownEntries(value)
    if (entries.length === 0) collector.refuse('', 'the file maps no tool names to schemas')
    for (const [name, schema] of entries) add(schema, at('', name), name)
  } else {
    collector.refuse('', `expected a JSON Schema, a list of titled schemas or an object of named schemas, found ${describeFound(value)}`)
  }
  return collector.result()
}
