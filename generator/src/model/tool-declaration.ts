import type { ToolAnnotations, ToolCallKind } from '@toolsmith/runtime'

/** The result cards a declaration's `presentation.card` may name. */
export type PresentationCard = 'generic' | 'terminal' | 'diff' | 'search' | 'read' | 'web'

/** Optional presentation hints of a declaration. */
export interface PresentationHints {
  /** Icon of the generic card. */
  readonly kind?: ToolCallKind
  /** The result card the generated presenters target. */
  readonly card?: PresentationCard
  /** For `card: search`: grep-shaped matches or a flat path list. */
  readonly shape?: 'matches' | 'paths'
}

/** One checked `*.tool.yaml` declaration, as the emitters see it. */
export interface ToolDeclaration {
  readonly name: string
  readonly description: string
  readonly timeoutMs?: number
  readonly concurrencySafe?: boolean
  /** Declared behaviour hints (MCP's meanings); absent keys take MCP's defaults downstream. */
  readonly annotations?: ToolAnnotations
  /** `always`: the host must ask before every call. Absent means `never`. */
  readonly approval?: 'never' | 'always'
  /** A `ParameterSchemaSpec`: the implicit open object root's property map (plain JSON). */
  readonly parameters: { readonly [key: string]: unknown }
  /** A `ValueSchemaSpec` of any root (plain JSON). */
  readonly output: { readonly [key: string]: unknown }
  readonly presentation?: PresentationHints
  /** The declaring file, relative to the working directory, with `/` separators. */
  readonly sourceFile: string
}

/** The pattern every tool name must match. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** Names reserved by the runtime (Code Mode's transport). */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set(['run_code'])

/** Splits a valid tool name into its words: `read_file`, `read-file` and `readFile` all give `read`, `file`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
}

/**
 * PascalCase identifier for a tool's types: `read_file` gives `ReadFile`. A letter after a digit is upper-cased
 * (`clear001a_run` gives `Clear001ARun`), as json2ts does to every type name it declares: otherwise the stub would
 * import `Clear001aRunArgs` while the generated file exports `Clear001ARunArgs`.
 */
export function pascalCaseName(name: string): string {
  return words(name)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
    .replace(/([0-9])([a-z])/g, (_match, digit: string, letter: string) => digit + letter.toUpperCase())
}

/** camelCase identifier for a tool's values: `read_file` gives `readFile`. */
export function camelCaseName(name: string): string {
  const pascal = pascalCaseName(name)
  return pascal.charAt(0).toLowerCase() + pascal.slice(1)
}
