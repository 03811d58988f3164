import { codeModeSdkTypeNames, joinCodeModeSdk, printCodeModeSdkPart, type CodeModeSdkPart, type CodeModeSdkTool } from '@toolsmith/providers'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema, type ParameterSchemaSpec, type ValueSchemaSpec } from '@toolsmith/runtime'
import { generatedHeader } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { cacheKey, type DeclarationEntry } from './cache/cache-key.js'

/** The Code Mode SDK text of the declarations, identical to what `codeModeSdk()` prints at runtime. Each tool's part is
 * cached in `entries[i]` (for `tools[i]`), so only changed tools are printed again. */
export function codeModeSdkText(tools: readonly ToolDeclaration[], entries: readonly (DeclarationEntry | undefined)[] = []): string {
  const order = tools.map((_tool, index) => index).sort((a, b) => byName(tools[a] as ToolDeclaration, tools[b] as ToolDeclaration))
  const names = codeModeSdkTypeNames(order.map((index) => (tools[index] as ToolDeclaration).name))
  return joinCodeModeSdk(order.map((index, i) => sdkPart(tools[index] as ToolDeclaration, names[i] as string, entries[index])))
}

/** `<out>/code-mode-sdk.d.ts`: the header, then the SDK text as printed (not reformatted). */
export function emitCodeModeSdkDeclaration(sdk: string): string {
  return `${generatedHeader()}\n${sdk}`
}

const byName = (a: ToolDeclaration, b: ToolDeclaration): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

// The key holds the type name: a part printed under another name is stale.
function sdkPart(declaration: ToolDeclaration, base: string, entry: DeclarationEntry | undefined): CodeModeSdkPart {
  const key = entry === undefined ? undefined : cacheKey(['code-mode-sdk', base])
  const cached = key === undefined ? undefined : entry?.get('code-mode-sdk', key)
  if (isPart(cached)) return cached
  const part = printCodeModeSdkPart(toSdkTool(declaration), base)
  if (key !== undefined) entry?.set('code-mode-sdk', key, { types: part.types, member: part.member })
  return part
}

const isPart = (value: unknown): value is CodeModeSdkPart =>
  typeof value === 'object' && value !== null && typeof (value as { types?: unknown }).types === 'string' && typeof (value as { member?: unknown }).member === 'string'

function toSdkTool(declaration: ToolDeclaration): CodeModeSdkTool {
  const tool: { -readonly [K in keyof CodeModeSdkTool]: CodeModeSdkTool[K] } = {
    name: declaration.name,
    description: declaration.description,
    parameters: parameterSchemaSpecToJsonSchema(declaration.parameters as ParameterSchemaSpec) as CodeModeSdkTool['parameters'],
    output: valueSchemaSpecToJsonSchema(declaration.output as unknown as ValueSchemaSpec) as CodeModeSdkTool['parameters'],
  }
  if (declaration.approval !== undefined) tool.approval = declaration.approval
  if (declaration.annotations !== undefined) tool.annotations = declaration.annotations
  return tool
}
