// The data of an export: what goes in (a tool surface), what comes out (the provider's own tool
// objects), and the report of every lossy step. Plain JSON throughout: this package has no
// dependencies, so it does not import the runtime's types; a runtime `ToolDescription` satisfies
// `ToolSurface` structurally.

/** A plain JSON value. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/**
 * A JSON Schema node as plain JSON (the runtime's raw subset, or anything JSON Schema allows). The
 * keywords are listed, not an index signature, so a runtime `JsonSchemaNode` interface fits it; any
 * other keyword a node has is read (and reported) all the same.
 */
export interface JsonSchema {
  readonly type?: unknown
  readonly properties?: unknown
  readonly required?: unknown
  readonly additionalProperties?: unknown
  readonly items?: unknown
  readonly enum?: unknown
  readonly const?: unknown
  readonly oneOf?: unknown
  readonly anyOf?: unknown
  readonly description?: unknown
  readonly title?: unknown
  readonly default?: unknown
  readonly examples?: unknown
  readonly minimum?: unknown
  readonly maximum?: unknown
  readonly exclusiveMinimum?: unknown
  readonly exclusiveMaximum?: unknown
  readonly multipleOf?: unknown
  readonly minLength?: unknown
  readonly maxLength?: unknown
  readonly pattern?: unknown
  readonly format?: unknown
  readonly minItems?: unknown
  readonly maxItems?: unknown
  readonly uniqueItems?: unknown
  readonly minProperties?: unknown
  readonly maxProperties?: unknown
}

/** The model-facing surface of one tool (a runtime `ToolDescription` fits it). */
export interface ToolSurface {
  readonly name: string
  readonly description: string
  /** The arguments' JSON Schema; its root must be `type: 'object'`. */
  readonly parameters: JsonSchema
  /** The output value's JSON Schema (any root); only MCP carries it. */
  readonly output?: JsonSchema
  /** MCP's behaviour hints; only MCP carries them (elsewhere a non-default one is a `dropped` loss). */
  readonly annotations?: {
    readonly title?: string
    readonly readOnly?: boolean
    readonly destructive?: boolean
    readonly idempotent?: boolean
    readonly openWorld?: boolean
  }
  /** Whether the host must ask before every call; no provider format carries it (`always` is a `dropped` loss: the host enforces it). */
  readonly approval?: 'never' | 'always'
}

/** The formats an export can write; `mcp` alone (see {@link parseExportTarget}) is the newest MCP revision. */
export type ExportTarget = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp@2025-11-25' | 'mcp@2026-07-28'

/** Every export target, in documentation order. */
export const EXPORT_TARGETS: readonly ExportTarget[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mcp@2025-11-25', 'mcp@2026-07-28']

/** The newest MCP revision, which `mcp` alone names. */
export const NEWEST_MCP: ExportTarget = 'mcp@2026-07-28'

/** One lossy step of a lowering: what changed where, and how. */
export interface LossEntry {
  readonly tool: string
  /** JSON Pointer into the tool surface (`/parameters/…`, `/output/…`; `''` for the tool itself). */
  readonly path: string
  readonly keyword: string
  readonly action: 'dropped' | 'moved-to-description' | 'rewritten'
  readonly detail: string
}

/** Something that cannot be exported at all (a name the provider refuses, too many tools, …). */
export interface ExportError {
  readonly tool?: string
  readonly path?: string
  readonly message: string
}

/** The outcome of an export: exactly the provider's field, the report, and the errors. */
export interface ExportResult {
  readonly target: ExportTarget
  /** The provider's own tool objects (OpenAI/Anthropic `tools`, Gemini `functionDeclarations`, MCP `tools/list` `tools`). */
  readonly tools: unknown[]
  readonly report: LossEntry[]
  readonly errors: ExportError[]
}

/** Options of an export. */
export interface ExportOptions {
  /**
   * Strict tool use. Anthropic: write `strict: true` tools (its strict schema subset and limits).
   * OpenAI targets always lower to strict where they can; with `strict: true` a tool that cannot
   * be lowered is an error instead of a `strict: false` tool. Gemini and MCP have no strict mode.
   */
  readonly strict?: boolean
  /** Gemini: write `parameters` (the OpenAPI subset, default) or `parametersJsonSchema`. */
  readonly geminiSchema?: 'parameters' | 'parametersJsonSchema'
}

/** The target a command-line or config name means (`mcp` is the newest revision), or `undefined`. */
export function parseExportTarget(name: string): ExportTarget | undefined {
  if (name === 'mcp') return NEWEST_MCP
  return (EXPORT_TARGETS as readonly string[]).includes(name) ? (name as ExportTarget) : undefined
}
