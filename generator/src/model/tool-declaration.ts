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

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
}

/** PascalCase for a tool's types (`read_file` gives `ReadFile`); a letter after a digit is upper-cased like json2ts. */
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

/** A plain-JSON object record, as declarations hold them. */
export type JsonRecord = { readonly [key: string]: unknown }

/** Own enumerable data entries, read by descriptor: an own `__proto__` is data, inherited or getter values unseen. */
export function ownEntries(record: object): [string, unknown][] {
  const entries: [string, unknown][] = []
  for (const key of Object.keys(record)) {
    const descriptor = Object.getOwnPropertyDescriptor(record, key)
    if (descriptor !== undefined && 'value' in descriptor) entries.push([key, descriptor.value])
  }
  return entries
}

/** The own data property `key` of `record`, or `undefined` (never an inherited one). */
export function ownValue(record: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(record, key)
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined
}

/** Whether `value` is a non-array object (a JSON object in a declaration). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Left raw by JSON.stringify: DEL and C1 steer terminals and editors, older tools take U+2028/U+2029 for line breaks.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/g

/** `JSON.stringify` with DEL, C1 and U+2028/U+2029 escaped: one line, no raw control character, same value. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
}

const DEL_AND_C1 = /[\u007f-\u009f]/g

/** JSON text with DEL and the C1 controls (only ever in its strings) escaped; prettier keeps an escape as written. */
export function escapeJsonControls(text: string): string {
  return text.replace(DEL_AND_C1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
