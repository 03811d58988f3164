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
