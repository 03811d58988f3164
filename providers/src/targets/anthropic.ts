import type { ExportError, LossEntry, ToolSurface } from '../export-model.js'
import { type LowerProfile, lowerSchema, type LowerTally } from '../lower-schema.js'

// Anthropic Messages API tools. Rules, from Anthropic's documentation:
// - Tool names "must match the regex ^[a-zA-Z0-9_-]{1,128}$"
//   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools).
// - input_schema is a JSON Schema whose root is an object (the SDK's Tool.InputSchema has type: 'object').
// - Strict tool use, strict: true (https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
//   and its JSON Schema limitations, https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations):
//   * additionalProperties must be false on every object; optional properties are allowed;
//   * supported: type, properties, required, enum, const, anyOf, allOf, items, description, default,
//     string formats (date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid), pattern
//     (a regex subset), minItems of 0 or 1;
//   * not supported: numerical constraints (minimum, maximum, exclusive bounds, multipleOf), string
//     length (minLength, maxLength), other array constraints (maxItems, minItems above 1, uniqueItems),
//     minProperties/maxProperties, recursive schemas;
//   * limits per request: at most 20 strict tools, 24 optional parameters and 16 parameters using
//     anyOf or type arrays, across all strict schemas.

/** Anthropic's tool-name rule. */
export const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,128}$/
/** Strict tool use's per-request limits. */
export const ANTHROPIC_STRICT_LIMITS = { tools: 20, optional: 24, unions: 16 } as const

/** Anthropic strict tool use's schema subset. */
export const ANTHROPIC_STRICT: LowerProfile = {
  label: 'Anthropic strict tool use',
  keep: new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'description', 'title', 'default', 'pattern', 'format', 'minItems']),
  formats: new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid']),
  closeObjects: true,
  optionalAsNull: false,
  oneOf: 'anyOf',
  constAsEnum: false,
  openApi: false,
  blockAnyJson: true,
  maxMinItems: 1,
}

/** Lowers one tool for strict tool use: the schema, or `undefined` when it cannot be strict (reported). */
export function lowerAnthropicStrict(tool: ToolSurface, report: LossEntry[]): { schema: unknown; tally: LowerTally } | undefined {
  const { schema, tally } = lowerSchema(tool.name, tool.parameters, '/parameters', ANTHROPIC_STRICT)
  if (tally.blockers.length > 0) {
    for (const blocker of tally.blockers) {
      report.push({ tool: tool.name, path: blocker.path, keyword: 'strict', action: 'rewritten', detail: `sent with strict: false: ${blocker.detail}` })
    }
    return undefined
  }
  report.push(...tally.losses)
  return { schema, tally }
}

/** The per-request limits of strict tool use over the tools that are strict. */
export function checkAnthropicStrictLimits(strictTools: number, optional: number, unions: number, errors: ExportError[]): void {
  const limits = ANTHROPIC_STRICT_LIMITS
  if (strictTools > limits.tools) errors.push({ message: `${strictTools} strict tools, over Anthropic's ${limits.tools} per request` })
  if (optional > limits.optional) errors.push({ message: `${optional} optional parameters across the strict tools, over Anthropic's ${limits.optional} per request` })
  if (unions > limits.unions) errors.push({ message: `${unions} parameters using anyOf across the strict tools, over Anthropic's ${limits.unions} per request` })
}
