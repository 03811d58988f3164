import { codeModeSdkTypeNames, joinCodeModeSdk, printCodeModeSdkPart, type CodeModeSdkPart, type CodeModeSdkTool } from '@toolsmith/providers'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema, type ParameterSchemaSpec, type ValueSchemaSpec } from '@toolsmith/runtime'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { tsStringLiteral } from '../print/ts-literals.js'
import { printJsonStringLiteral } from '../print/typescript/prettier-literals.js'
import type { TsLayoutOptions } from '../print/typescript/ts-layout-context.js'
import { cacheKey, type DeclarationEntry } from './cache/cache-key.js'
import { generatedHeader } from './generated-header.js'

/**
 * The Code Mode SDK of the declarations, as the model of a `run_code` agent sees it: the text the
 * providers' printer makes from each tool's compiled parameters and output — the same text the
 * runtime side (`codeModeSdk(runtime, agent)` in `@toolsmith/code-mode`) prints for the same tools.
 * Each tool's part depends only on its declaration and its type name, so it is kept in the tool's plan cache entry
 * (`entries[i]` for `tools[i]`, when there is a cache) and only a changed tool's part is printed again.
 */
export function codeModeSdkText(tools: readonly ToolDeclaration[], entries: readonly (DeclarationEntry | undefined)[] = []): string {
  const order = tools.map((_tool, index) => index).sort((a, b) => byName(tools[a] as ToolDeclaration, tools[b] as ToolDeclaration))
  const names = codeModeSdkTypeNames(order.map((index) => (tools[index] as ToolDeclaration).name))
  return joinCodeModeSdk(order.map((index, i) => sdkPart(tools[index] as ToolDeclaration, names[i] as string, entries[index])))
}

/** `<out>/code-mode-sdk.d.ts`: the header, then the SDK text exactly as printed (not reformatted). */
export function emitCodeModeSdkDeclaration(sdk: string): string {
  return `${generatedHeader()}\n${sdk}`
}

/** `<out>/code-mode-sdk.ts`: the same text as a string export, for prompts. */
export function emitCodeModeSdkModule(sdk: string): string {
  return [
    generatedHeader(),
    '',
    '/** The Code Mode SDK declaration (the text of code-mode-sdk.d.ts without its header), for the prompt of a run_code agent. */',
    `export const codeModeSdk: string = ${tsStringLiteral(sdk)}`,
    '',
  ].join('\n')
}

/**
 * `emitCodeModeSdkModule(sdk)` as prettier lays it out under `layout`, printed directly (the SDK changes with every
 * tool, and prettier would measure its megabyte of string again on each run). The statement never fits on one line:
 * the SDK's fixed preamble alone is wider than the widest print width the layout accepts (1,000), so prettier breaks
 * after `=` and indents the literal, whose quotes it picks as for any string (`printStringLiteral`). Comments and
 * the blank line stay as written.
 */
export function printCodeModeSdkModule(sdk: string, layout: TsLayoutOptions): string {
  const indentUnit = layout.useTabs ? '\t' : ' '.repeat(layout.tabWidth)
  const literal = printJsonStringLiteral(tsStringLiteral(sdk), layout.singleQuote)
  return [
    generatedHeader(),
    '',
    '/** The Code Mode SDK declaration (the text of code-mode-sdk.d.ts without its header), for the prompt of a run_code agent. */',
    'export const codeModeSdk: string =',
    `${indentUnit}${literal}${layout.semi ? ';' : ''}`,
    '',
  ].join('\n')
}

const byName = (a: ToolDeclaration, b: ToolDeclaration): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** One tool's part, from its cache entry when it holds the part printed under the same type name. */
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

/** The surface of one declaration: compiled schemas, and the approval and annotations it declares. */
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
