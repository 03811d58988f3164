import { type ExportError, type ExportOptions, type ExportResult, type ExportTarget, type LossEntry, NEWEST_MCP, type ToolSurface } from './export-model.js'
import { hostKeptLosses } from './host-kept.js'
import { cloneJson, escapePointer, lowerSchema, own } from './lower-schema.js'
import { ANTHROPIC_NAME, checkAnthropicStrictLimits, lowerAnthropicStrict } from './targets/anthropic.js'
import { GEMINI_JSON_SCHEMA, GEMINI_NAME, GEMINI_PARAMETER_NAME, GEMINI_PARAMETERS } from './targets/gemini.js'
import { MCP_NAME, mcpTool } from './targets/mcp.js'
import { lowerOpenAiParameters, OPENAI_MAX_TOOLS, OPENAI_NAME } from './targets/openai.js'

const NAME_RULES: { readonly [T in ExportTarget]: { readonly pattern: RegExp; readonly says: string } } = {
  'openai-chat': { pattern: OPENAI_NAME, says: 'OpenAI function names are 1-64 of a-z, A-Z, 0-9, _ and -' },
  'openai-responses': { pattern: OPENAI_NAME, says: 'OpenAI function names are 1-64 of a-z, A-Z, 0-9, _ and -' },
  anthropic: { pattern: ANTHROPIC_NAME, says: 'Anthropic tool names are 1-128 of a-z, A-Z, 0-9, _ and -' },
  gemini: { pattern: GEMINI_NAME, says: 'Gemini function names start with a letter or _ and are at most 64 of a-z, A-Z, 0-9, _, . and -' },
  'mcp@2025-11-25': { pattern: MCP_NAME, says: 'MCP tool names are 1-128 of A-Z, a-z, 0-9, _, - and .' },
  'mcp@2026-07-28': { pattern: MCP_NAME, says: 'MCP tool names are 1-128 of A-Z, a-z, 0-9, _, - and .' },
}

/**
 * Lowers `tools` to `target`'s own tool objects — exactly the field the provider's request (or MCP's
 * `tools/list` result) takes — with one report entry per lossy step and an error for whatever cannot
 * be exported at all. Pure: the tools are not changed, and the result shares nothing with them.
 * Only the model-facing surface is lowered (name, description, parameters; MCP also carries the
 * title, the output schema and the annotations). What a format has no field for is still a loss of
 * the export and in the report (`dropped`, keyword `annotations` or `approval`, see `isHostKept`):
 * a non-default annotation outside MCP, and `approval: always` everywhere (the host must enforce it,
 * with `declaredApprovals()`).
 */
export function exportTools(name: ExportTarget | 'mcp', tools: readonly ToolSurface[], options: ExportOptions = {}): ExportResult {
  // `mcp` alone is the newest revision.
  const target: ExportTarget = name === 'mcp' ? NEWEST_MCP : name
  const report: LossEntry[] = []
  const errors: ExportError[] = []
  const out: unknown[] = []
  if (!Object.hasOwn(NAME_RULES, target)) {
    return { target, tools: [], report, errors: [{ message: `unknown export target ${JSON.stringify(target)}` }] }
  }
  const names = new Set<string>()
  let strictTools = 0
  let strictOptional = 0
  let strictUnions = 0
  for (const tool of tools) {
    const before = errors.length
    checkTool(target, tool, names, errors)
    if (errors.length > before) continue
    switch (target) {
      case 'openai-chat':
      case 'openai-responses': {
        const { parameters, strict } = lowerOpenAiParameters(tool, options, report, errors)
        out.push(
          target === 'openai-chat'
            ? { type: 'function', function: { name: tool.name, description: tool.description, parameters, strict } }
            : { type: 'function', name: tool.name, description: tool.description, parameters, strict },
        )
        break
      }
      case 'anthropic': {
        const strict = options.strict === true ? lowerAnthropicStrict(tool, report) : undefined
        if (strict !== undefined) {
          strictTools++
          strictOptional += strict.tally.optional
          strictUnions += strict.tally.unions
          out.push({ name: tool.name, description: tool.description, input_schema: strict.schema, strict: true })
        } else {
          out.push({
            name: tool.name,
            description: tool.description,
            input_schema: cloneJson(tool.parameters),
            ...(options.strict === true ? { strict: false } : {}),
          })
        }
        break
      }
      case 'gemini': {
        const field = options.geminiSchema ?? 'parameters'
        const profile = field === 'parameters' ? GEMINI_PARAMETERS : GEMINI_JSON_SCHEMA
        const { schema, tally } = lowerSchema(tool.name, tool.parameters, '/parameters', profile)
        report.push(...tally.losses)
        for (const blocker of tally.blockers) errors.push({ tool: tool.name, path: blocker.path, message: blocker.detail })
        if (field === 'parameters') checkGeminiParameterNames(tool, tool.parameters, '/parameters', errors)
        out.push({ name: tool.name, description: tool.description, [field]: schema })
        break
      }
      default:
        out.push(mcpTool(target, tool, report))
    }
    report.push(...hostKeptLosses(target, tool))
  }
  if ((target === 'openai-chat' || target === 'openai-responses') && tools.length > OPENAI_MAX_TOOLS) {
    errors.push({ message: `${tools.length} tools, over OpenAI's ${OPENAI_MAX_TOOLS} per request` })
  }
  if (target === 'anthropic' && options.strict === true) checkAnthropicStrictLimits(strictTools, strictOptional, strictUnions, errors)
  return { target, tools: out, report, errors }
}

/** {@link exportTools} for one tool. */
export function exportTool(target: ExportTarget | 'mcp', tool: ToolSurface, options: ExportOptions = {}): ExportResult {
  return exportTools(target, [tool], options)
}

function checkTool(target: ExportTarget, tool: ToolSurface, names: Set<string>, errors: ExportError[]): void {
  const rule = NAME_RULES[target]
  if (typeof tool.name !== 'string' || !rule.pattern.test(tool.name)) {
    errors.push({ tool: String(tool.name), path: '/name', message: `${JSON.stringify(tool.name)} is not a valid name: ${rule.says}` })
  } else if (names.has(tool.name)) {
    errors.push({ tool: tool.name, path: '/name', message: `${JSON.stringify(tool.name)} is exported twice` })
  }
  names.add(tool.name)
  if (typeof tool.description !== 'string') errors.push({ tool: tool.name, path: '/description', message: 'the description must be a string' })
  if (own(tool.parameters, 'type') !== 'object') {
    errors.push({ tool: tool.name, path: '/parameters', message: 'the parameters schema must have an object root (type: "object")' })
  }
}

/** Gemini's parameter names, at every level of the `parameters` form. */
function checkGeminiParameterNames(tool: ToolSurface, schema: unknown, path: string, errors: ExportError[]): void {
  const properties = own(schema, 'properties')
  if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    for (const key of Object.keys(properties)) {
      const at = `${path}/properties/${escapePointer(key)}`
      if (!GEMINI_PARAMETER_NAME.test(key)) {
        errors.push({ tool: tool.name, path: at, message: `parameter name ${JSON.stringify(key)}: Gemini parameter names start with a letter or _ and are at most 64 of a-z, A-Z, 0-9 and _ (or export with parametersJsonSchema)` })
      }
      checkGeminiParameterNames(tool, (properties as Record<string, unknown>)[key], at, errors)
    }
  }
  const items = own(schema, 'items')
  if (items !== undefined) checkGeminiParameterNames(tool, items, `${path}/items`, errors)
  for (const keyword of ['oneOf', 'anyOf']) {
    const branches = own(schema, keyword)
    if (Array.isArray(branches)) branches.forEach((branch, index) => checkGeminiParameterNames(tool, branch, `${path}/${keyword}/${index}`, errors))
  }
}
