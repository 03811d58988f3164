import type { ExportError, ExportOptions, LossEntry, ToolSurface } from '../export-model.js'
import { cloneJson, type LowerProfile, lowerSchema } from '../lower-schema.js'

// OpenAI function tools, Chat Completions and Responses. Rules, from OpenAI's documentation:
// - Function names: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
//   length of 64" (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools,
//   FunctionDefinition.name; the openai SDK's shared.d.ts says the same).
// - At most 128 tools per request ("tools: … A max of 128 functions are supported",
//   https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools).
// - Strict mode (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas and
//   https://platform.openai.com/docs/guides/function-calling#strict-mode):
//   * "additionalProperties: false must always be set in objects";
//   * "All fields must be required"; "to emulate an optional parameter, use a union type with null";
//   * "the root level object must be an object, and not use anyOf";
//   * supported keywords: type, properties, required, additionalProperties, items, enum, const,
//     anyOf, description (and title); strings: pattern, format (date-time, time, date, duration,
//     email, hostname, ipv4, ipv6, uuid); numbers: multipleOf, maximum, exclusiveMaximum, minimum,
//     exclusiveMinimum; arrays: minItems, maxItems. Not supported: default, examples, minLength,
//     maxLength, uniqueItems, minProperties, maxProperties, oneOf (anyOf is);
//   * "A schema may have up to 5000 object properties total, with up to 10 levels of nesting";
//     "up to 1000 enum values across all enum properties".

/** OpenAI's function-name rule. */
export const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/
/** Most tools in one request. */
export const OPENAI_MAX_TOOLS = 128
/** Strict mode's limits. */
export const OPENAI_STRICT_LIMITS = { properties: 5000, depth: 10, enumValues: 1000 } as const

/** OpenAI strict mode's schema subset. */
export const OPENAI_STRICT: LowerProfile = {
  label: 'OpenAI strict mode',
  keep: new Set([
    'type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title',
    'pattern', 'format', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'minItems', 'maxItems',
  ]),
  formats: new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']),
  closeObjects: true,
  optionalAsNull: true,
  oneOf: 'anyOf',
  constAsEnum: false,
  openApi: false,
  blockAnyJson: true,
}

/** The parameters an OpenAI tool is sent with, its `strict` flag, the losses and errors. */
export function lowerOpenAiParameters(
  tool: ToolSurface,
  options: ExportOptions,
  report: LossEntry[],
  errors: ExportError[],
): { parameters: unknown; strict: boolean } {
  const { schema, tally } = lowerSchema(tool.name, tool.parameters, '/parameters', OPENAI_STRICT)
  const reasons = tally.blockers.map((blocker) => ({ path: blocker.path, detail: blocker.detail }))
  if (Object.hasOwn(schema, 'anyOf')) reasons.push({ path: '/parameters', detail: 'the root is a union, and strict mode\'s root must be a plain object ("not use anyOf")' })
  const limits = OPENAI_STRICT_LIMITS
  if (tally.properties > limits.properties) reasons.push({ path: '/parameters', detail: `${tally.properties} object properties, over strict mode's ${limits.properties}` })
  if (tally.depth > limits.depth) reasons.push({ path: '/parameters', detail: `${tally.depth} levels of nested objects, over strict mode's ${limits.depth}` })
  if (tally.enumValues > limits.enumValues) reasons.push({ path: '/parameters', detail: `${tally.enumValues} enum values, over strict mode's ${limits.enumValues}` })
  if (reasons.length === 0) {
    report.push(...tally.losses)
    return { parameters: schema, strict: true }
  }
  if (options.strict === true) {
    for (const reason of reasons) errors.push({ tool: tool.name, path: reason.path, message: `cannot be exported with strict: true: ${reason.detail}` })
  } else {
    for (const reason of reasons) {
      report.push({ tool: tool.name, path: reason.path, keyword: 'strict', action: 'rewritten', detail: `sent with strict: false: ${reason.detail}` })
    }
  }
  // Without strict mode OpenAI takes the JSON Schema as it is.
  return { parameters: cloneJson(tool.parameters), strict: false }
}
