import { printCodeModeSdk, type CodeModeSdkTool } from '@toolsmith/providers'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema, type ParameterSchemaSpec, type ValueSchemaSpec } from '@toolsmith/runtime'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { tsStringLiteral } from '../print/ts-literals.js'
import { generatedHeader } from './generated-header.js'

/**
 * The Code Mode SDK of the declarations, as the model of a `run_code` agent sees it: the text the
 * providers' printer makes from each tool's compiled parameters and output — the same text the
 * runtime side (`codeModeSdk(runtime, agent)` in `@toolsmith/code-mode`) prints for the same tools.
 */
export function codeModeSdkText(tools: readonly ToolDeclaration[]): string {
  return printCodeModeSdk(tools.map(toSdkTool))
}

/** `<out>/code-mode-sdk.d.ts`: the header, then the SDK text exactly as printed (not reformatted). */
export function emitCodeModeSdkDeclaration(tools: readonly ToolDeclaration[]): string {
  return `${generatedHeader()}\n${codeModeSdkText(tools)}`
}

/** `<out>/code-mode-sdk.ts`: the same text as a string export, for prompts. */
export function emitCodeModeSdkModule(tools: readonly ToolDeclaration[]): string {
  return [
    generatedHeader(),
    '',
    '/** The Code Mode SDK declaration (the text of code-mode-sdk.d.ts without its header), for the prompt of a run_code agent. */',
    `export const codeModeSdk: string = ${tsStringLiteral(codeModeSdkText(tools))}`,
    '',
  ].join('\n')
}

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
