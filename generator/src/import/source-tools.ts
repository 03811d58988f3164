import { escapeJsonPointerToken } from '@toolsmith/runtime'
import { isRecord } from '../model/tool-declaration.js'
import { describeFound } from '../load/check-declaration.js'
import { ownEntries, ownValue, short, type ImportRefusal } from './schema-to-spec.js'

// What every reader produces, and the helpers the readers share.

/** A loss at the tool level (a field of the provider's declaration the YAML has no place for). */
export interface ToolLoss {
  /** JSON Pointer into the input file. */
  readonly pointer: string
  readonly message: string
}

/** The model-facing MCP-style annotations of a source tool, in the YAML's names. */
export interface SourceAnnotations {
  readonly title?: string
  readonly readOnly?: boolean
  readonly destructive?: boolean
  readonly idempotent?: boolean
  readonly openWorld?: boolean
}

/** One tool declaration found in the input, its schemas already standard JSON Schema. */
export interface SourceTool {
  /** The name as the input writes it (a non-empty string). */
  readonly name: string
  /** JSON Pointer into the input file. */
  readonly pointer: string
  readonly description: string | undefined
  /** The parameters' JSON Schema (an object root), or `undefined` for a tool without parameters. */
  readonly parameters: unknown
  readonly parametersPointer: string
  /** The output's JSON Schema (MCP's outputSchema, Gemini's response), when the input declares one. */
  readonly output?: { readonly schema: unknown; readonly pointer: string }
  readonly annotations?: SourceAnnotations
  /** Sent with strict mode on (OpenAI, Anthropic): every object is closed by the provider's rule, the root too. */
  readonly strict?: boolean
  readonly losses: readonly ToolLoss[]
}

/** What a reader found: the tools it could read and why it refused the rest. */
export interface SourceTools {
  readonly tools: readonly SourceTool[]
  readonly refusals: readonly ImportRefusal[]
}

/** The JSON Pointer of `key` below `pointer`. */
export const at = (pointer: string, key: string | number): string => `${pointer}/${escapeJsonPointerToken(String(key))}`

/** Collects the tools and refusals of one reader. */
export class SourceCollector {
  readonly tools: SourceTool[] = []
  readonly refusals: ImportRefusal[] = []

  refuse(pointer: string, message: string): void {
    this.refusals.push({ pointer, message })
  }

  result(): SourceTools {
    return { tools: this.tools, refusals: this.refusals }
  }

  /** The value when it is a list, else its first `keys` member that is one; else a refusal. */
  list(value: unknown, keys: readonly string[], what: string): { items: readonly unknown[]; pointer: string } | undefined {
    if (Array.isArray(value)) return { items: value, pointer: '' }
    if (isRecord(value)) {
      for (const key of keys) {
        const inner = ownValue(value, key)
        if (Array.isArray(inner)) return { items: inner, pointer: at('', key) }
      }
    }
    this.refuse('', `expected ${what}, found ${describeFound(value)}`)
    return undefined
  }

  /** The tool's name (a non-empty string) and description (a string when present), or a refusal. */
  nameAndDescription(tool: Record<string, unknown>, pointer: string): { name: string; description: string | undefined } | undefined {
    const name = ownValue(tool, 'name')
    if (typeof name !== 'string' || name === '') {
      this.refuse(name === undefined ? pointer : at(pointer, 'name'), name === undefined ? 'the tool has no "name"' : `"name" must be a non-empty string, found ${describeFound(name)}`)
      return undefined
    }
    const description = ownValue(tool, 'description')
    if (description !== undefined && typeof description !== 'string') {
      this.refuse(at(pointer, 'description'), `"description" must be a string, found ${describeFound(description)}`)
      return undefined
    }
    return { name, description }
  }
}

/** Losses for every field of `tool` not in `known`. */
export function unknownFields(tool: Record<string, unknown>, pointer: string, known: readonly string[], provider: string): ToolLoss[] {
  const losses: ToolLoss[] = []
  for (const [key, value] of ownEntries(tool)) {
    if (!known.includes(key)) losses.push({ pointer: at(pointer, key), message: `${provider} field "${key}": ${short(value)} dropped (the YAML has no place for it)` })
  }
  return losses
}

