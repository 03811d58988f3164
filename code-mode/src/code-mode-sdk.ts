import { printCodeModeSdk, printCodeModeToolDeclaration, type CodeModeSdkTool } from '@toolsmith/providers'
import type { Agent, ToolRuntime } from '@toolsmith/runtime'

const TRANSPORT = 'run_code'

/**
 * The tools `agent` sees (restrictions and scoped registrations applied), as the SDK printer reads
 * them: name, description, parameters, output schema, approval and annotations; `run_code` itself
 * left out. Sorted by name, like `schemas()`.
 */
export function codeModeTools(runtime: ToolRuntime, agent?: Agent): CodeModeSdkTool[] {
  const scope = agent ?? runtime.scope
  const tools: CodeModeSdkTool[] = []
  for (const schema of runtime.schemas(scope)) {
    if (schema.name === TRANSPORT) continue
    const definition = runtime.get(schema.name, scope)
    if (definition === undefined) continue
    const meta = definition as { readonly approval?: unknown; readonly annotations?: unknown }
    const tool: { -readonly [K in keyof CodeModeSdkTool]: CodeModeSdkTool[K] } = {
      name: schema.name,
      description: schema.description,
      parameters: schema.parameters as unknown as CodeModeSdkTool['parameters'],
      output: definition.output.schema as unknown as CodeModeSdkTool['output'],
    }
    if (meta.approval === 'always' || meta.approval === 'never') tool.approval = meta.approval
    if (typeof meta.annotations === 'object' && meta.annotations !== null) tool.annotations = meta.annotations as CodeModeSdkTool['annotations']
    tools.push(tool)
  }
  return tools
}

/**
 * The Code Mode SDK declaration for the tools `agent` sees (default: the view's scope), the same
 * text `toolsmith generate` emits for the same tools: put it in the prompt of a Code Mode agent.
 */
export function codeModeSdk(runtime: ToolRuntime, agent?: Agent): string {
  return printCodeModeSdk(codeModeTools(runtime, agent))
}

/** `tools.$search(query)`: the visible tools whose name or description contains every word of `query`. */
export function searchTools(tools: readonly CodeModeSdkTool[], query: string): { name: string; description: string }[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word.length > 0)
  return tools
    .filter((tool) => {
      const text = `${tool.name} ${tool.description}`.toLowerCase()
      return words.every((word) => text.includes(word))
    })
    .map((tool) => ({ name: tool.name, description: tool.description }))
}

/** `tools.$describe(name)`: one visible tool's declaration, or `undefined` when the agent cannot see it. */
export function describeTool(tools: readonly CodeModeSdkTool[], name: string): string | undefined {
  const tool = tools.find((candidate) => candidate.name === name)
  return tool === undefined ? undefined : printCodeModeToolDeclaration(tool)
}
