import { printCodeModeSdk, printCodeModeToolDeclaration, type CodeModeSdkTool } from '@toolsmith/providers'
import type { Agent, ToolRuntime } from '@toolsmith/runtime'

const TRANSPORT = 'run_code'

/**
 * The tools `agent` sees (restrictions and scoped registrations applied), as `runtime.describe`
 * gives them (name, description, parameters, output schema, approval, annotations), `run_code`
 * itself left out. Sorted by name, like `schemas()`.
 */
export function codeModeTools(runtime: ToolRuntime, agent?: Agent): CodeModeSdkTool[] {
  return runtime.describe(agent ?? runtime.scope).filter((tool) => tool.name !== TRANSPORT)
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
