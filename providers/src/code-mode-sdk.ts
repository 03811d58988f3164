// The Code Mode SDK: the TypeScript declaration of the `tools` object a `run_code` program calls,
// printed from tool surfaces. One printer for both sides: `toolsmith generate` emits it from the
// YAML, and the runtime side prints it for the tools the calling agent sees, so the two agree.

import { constraintText } from './constraint-text.js'
import type { JsonSchema, ToolSurface } from './export-model.js'

/** A JSON Schema node as the printer reads it (only own properties are read). */
export type CodeModeSdkSchema = JsonSchema

/** What the SDK printer reads of a tool: a `ToolSurface` (a runtime `ToolDescription` fits it). */
export type CodeModeSdkTool = ToolSurface

/** The failure codes a sub-dispatch can reach the program with. */
export const CODE_MODE_TOOL_ERROR_CODES = [
  'UNKNOWN_TOOL',
  'INVALID_ARGS',
  'INVALID_TOOL_OUTPUT',
  'DENIED',
  'BLOCKED',
  'TOOL_ERROR',
  'TIMEOUT',
  'ABORTED',
  'ABORTED_BEFORE_DISPATCH',
  'INVALID_RESULT',
] as const

const PREAMBLE = `/**
 * The tools a run_code program calls. The program is the body of an async function (JavaScript or
 * TypeScript): \`const result = await tools.name(args)\`, then \`return\` a JSON value. Calls may run
 * concurrently with Promise.all. console.log output is returned beside the value.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** The code a failed tool call carries. */
export type ToolErrorCode = ${CODE_MODE_TOOL_ERROR_CODES.map((code) => JSON.stringify(code)).join(' | ')}

/**
 * A failed tool call reaches the program as a thrown ToolError (never the host's error or its
 * stack). Catch it to recover: the results of earlier calls are kept.
 */
export declare class ToolError extends Error {
  readonly name: 'ToolError'
  /** Why the call failed: DENIED when a person or a policy refused it, INVALID_ARGS for bad arguments, … */
  readonly code: ToolErrorCode
  readonly message: string
}

/** One tool found by tools.$search. */
export interface ToolSummary {
  readonly name: string
  readonly description: string
}
`

/**
 * Prints the Code Mode SDK declaration (`.d.ts` text) for `tools`, sorted by name: `JsonValue`, the
 * `ToolError` shape, one `<Name>Args` interface and `<Name>Output` type per tool with every
 * description and constraint in JSDoc, and `tools` itself with `$search` and `$describe`. Pure and
 * deterministic: the same surfaces give the same text.
 */
export function printCodeModeSdk(tools: readonly CodeModeSdkTool[]): string {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const names = codeModeSdkTypeNames(sorted.map((tool) => tool.name))
  return joinCodeModeSdk(sorted.map((tool, i) => printCodeModeSdkPart(tool, names[i] as string)))
}

/** One tool's part of the SDK: its types block and its member of `Tools`. */
export interface CodeModeSdkPart {
  readonly types: string
  readonly member: string
}

/**
 * One tool's part of the SDK under the type name `base` (from `codeModeSdkTypeNames`); a function of the tool and
 * `base` alone, so a caller may keep parts and join them again (`joinCodeModeSdk`) when one tool changes.
 */
export function printCodeModeSdkPart(tool: CodeModeSdkTool, base: string): CodeModeSdkPart {
  return { types: printToolTypes(tool, base), member: printMethod(tool, base) }
}

/** The SDK of the parts of tools sorted by name (what `printCodeModeSdk` prints). */
export function joinCodeModeSdk(parts: readonly CodeModeSdkPart[]): string {
  const blocks: string[] = [PREAMBLE]
  const members: string[] = []
  for (const part of parts) {
    blocks.push(part.types)
    members.push(part.member)
  }
  members.push(
    '  /** Find tools whose name or description matches every word of `query` (for catalogs too large to declare). */\n  $search(query: string): Promise<ToolSummary[]>',
    '  /** The declaration of one tool, as this file prints it. */\n  $describe(name: string): Promise<string>',
  )
  blocks.push(`/** Every tool this program may call. */\nexport interface Tools {\n${members.join('\n')}\n}\n\nexport declare const tools: Tools\n`)
  return blocks.join('\n')
}

/** The declaration of one tool alone (what `tools.$describe(name)` answers). */
export function printCodeModeToolDeclaration(tool: CodeModeSdkTool): string {
  const base = codeModeSdkTypeNames([tool.name])[0] as string
  return `${printToolTypes(tool, base)}\n${printMethod(tool, base).replace(/^ {2}/gm, '')}\n`
}

function printToolTypes(tool: CodeModeSdkTool, base: string): string {
  const args = typeOf(tool.parameters, '')
  const argsDecl = args.startsWith('{') ? `export interface ${base}Args ${args}` : `export type ${base}Args = ${args}`
  const output = tool.output === undefined ? 'JsonValue' : typeOf(tool.output, '')
  return `/** Arguments of ${quoteComment(JSON.stringify(tool.name))}. */\n${argsDecl}\n\n/** What ${quoteComment(JSON.stringify(tool.name))} resolves with. */\nexport type ${base}Output = ${output}\n`
}

function printMethod(tool: CodeModeSdkTool, base: string): string {
  const lines = tool.description.length > 0 ? tool.description.split(/\r?\n/) : []
  if (tool.approval === 'always') {
    lines.push('Needs a person\'s approval: the program waits while they decide; a refusal throws a ToolError with code DENIED.')
  }
  if (tool.annotations?.readOnly === true) lines.push('@readOnly does not change its environment.')
  else if (tool.annotations?.destructive === false) lines.push('@nonDestructive only adds, never deletes or overwrites.')
  return `${docComment(lines, '  ')}  ${propertyKey(tool.name)}(args: ${base}Args): Promise<${base}Output>`
}

/** The PascalCase type names of the tools called `names` (in the SDK's order), unique among them (a clash gets a numeric suffix). */
export function codeModeSdkTypeNames(names: readonly string[]): string[] {
  const used = new Set<string>()
  return names.map((toolName) => {
    let base = toolName
      .split(/[^A-Za-z0-9]+/)
      .filter((part) => part.length > 0)
      .map((part) => part[0]?.toUpperCase() + part.slice(1))
      .join('')
    if (base.length === 0 || /^[0-9]/.test(base)) base = `Tool${base}`
    let name = base
    for (let n = 2; used.has(name); n++) name = `${base}${n}`
    used.add(name)
    return name
  })
}

type Node = { readonly [keyword: string]: unknown }

function own(node: Node, key: string): unknown {
  return Object.hasOwn(node, key) ? node[key] : undefined
}

/** The TypeScript type of a schema node; object types are printed over several lines at `indent`. */
function typeOf(schema: unknown, indent: string): string {
  if (schema === false) return 'never'
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'JsonValue'
  const node = schema as Node
  if (Object.hasOwn(node, 'const')) return literal(own(node, 'const'))
  const enumValues = own(node, 'enum')
  if (Array.isArray(enumValues)) return enumValues.length === 0 ? 'never' : enumValues.map(literal).join(' | ')
  const branches = own(node, 'oneOf') ?? own(node, 'anyOf')
  if (Array.isArray(branches) && branches.length > 0) return branches.map((branch) => wrapUnion(typeOf(branch, indent))).join(' | ')
  const type = own(node, 'type')
  if (Array.isArray(type)) return type.map((one) => wrapUnion(typeOfType(node, one, indent))).join(' | ')
  if (typeof type === 'string') return typeOfType(node, type, indent)
  if (Object.hasOwn(node, 'properties')) return objectType(node, indent)
  if (Object.hasOwn(node, 'items')) return arrayType(node, indent)
  return 'JsonValue'
}

function typeOfType(node: Node, type: unknown, indent: string): string {
  switch (type) {
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array':
      return arrayType(node, indent)
    case 'object':
      return objectType(node, indent)
    default:
      return 'JsonValue'
  }
}

function arrayType(node: Node, indent: string): string {
  const items = own(node, 'items')
  if (items === undefined) return 'JsonValue[]'
  const item = typeOf(items, indent)
  return /^[A-Za-z0-9_]+$/.test(item) || item.startsWith('{') ? `${item}[]` : `Array<${item}>`
}

function objectType(node: Node, indent: string): string {
  const properties = own(node, 'properties')
  const required = own(node, 'required')
  const requiredNames = new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string') : [])
  const inner = `${indent}  `
  const lines: string[] = []
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const key of Object.keys(properties)) {
      const property = (properties as Node)[key]
      const doc = propertyDoc(property)
      lines.push(`${docComment(doc, inner)}${inner}${propertyKey(key)}${requiredNames.has(key) ? '' : '?'}: ${typeOf(property, inner)}`)
    }
  }
  const additional = own(node, 'additionalProperties')
  if (typeof additional === 'object' && additional !== null) lines.push(`${inner}[key: string]: ${typeOf(additional, inner)}`)
  if (lines.length === 0) return additional === false ? 'Record<string, never>' : '{ [key: string]: JsonValue }'
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** The JSDoc lines of one property: its description, then its constraints, default and examples. */
function propertyDoc(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return []
  const node = schema as Node
  const lines: string[] = []
  const title = own(node, 'title')
  const description = own(node, 'description')
  if (typeof title === 'string' && title.length > 0) lines.push(...title.split(/\r?\n/))
  if (typeof description === 'string' && description.length > 0) lines.push(...description.split(/\r?\n/))
  if (own(node, 'type') === 'integer') lines.push('@integer')
  // The bounds in the words the catalog and the generated JSDoc use for them.
  const bounds = constraintText(node)
  if (bounds.length > 0) lines.push(bounds)
  if (Object.hasOwn(node, 'default')) lines.push(`@default ${JSON.stringify(own(node, 'default'))}`)
  const examples = own(node, 'examples')
  if (Array.isArray(examples)) for (const example of examples) lines.push(`@example ${JSON.stringify(example)}`)
  return lines
}

function docComment(lines: readonly string[], indent: string): string {
  if (lines.length === 0) return ''
  if (lines.length === 1) return `${indent}/** ${quoteComment(lines[0] as string)} */\n`
  return `${indent}/**\n${lines.map((line) => `${indent} *${line.length > 0 ? ' ' : ''}${quoteComment(line)}`).join('\n')}\n${indent} */\n`
}

// Control characters (tab aside), DEL, the C1 controls and the line separators are never written raw: they would steer
// a terminal or an editor showing the SDK, or end a line inside a comment. They are written as `\uXXXX`, which in a
// string literal is the same character and in a comment is visible text.
const RAW_CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g
const escapeControl = (char: string): string => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`

/** Text made safe inside a block comment: `*\/` cannot close it, and no control character is written raw. */
function quoteComment(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(RAW_CONTROLS, escapeControl)
}

/** JSON text with DEL, the C1 controls and the line separators escaped (JSON.stringify leaves them raw). */
function jsonLiteral(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(RAW_CONTROLS, escapeControl)
}

function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : jsonLiteral(key)
}

function literal(value: unknown): string {
  return value === undefined ? 'JsonValue' : jsonLiteral(value)
}

/** `type` parenthesized when it is a union at its top level (outside brackets and string literals). */
function wrapUnion(type: string): string {
  let depth = 0
  let quoted = false
  for (let i = 0; i < type.length; i++) {
    const char = type[i]
    if (quoted) {
      if (char === '\\') i++
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '<' || char === '{' || char === '(' || char === '[') depth++
    else if (char === '>' || char === '}' || char === ')' || char === ']') depth--
    else if (depth === 0 && char === '|') return `(${type})`
  }
  return type
}
