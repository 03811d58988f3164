import type { ExportTarget, LossEntry, ToolSurface } from './export-model.js'

// What a tool declares that a provider's tool format has no field for, so the host keeps it: the annotations
// (OpenAI, Anthropic and Gemini function tools have none: https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools,
// https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools,
// https://ai.google.dev/api/caching#FunctionDeclaration) and the approval (no format has one, MCP's tools/list
// included: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool). Each is a loss of the
// export, reported as `dropped` at the declaration's own node — but only when it says something: an absent
// annotation, or one with MCP's default value, and `approval: never` are what every tool means anyway.

/** The report keywords of what the host keeps: a loss of the export, not of what the model is sent. */
export const HOST_KEPT_KEYWORDS: ReadonlySet<string> = new Set(['annotations', 'approval'])

/** Whether a report entry is about what the host keeps (annotations, approval) rather than the model-facing surface. */
export function isHostKept(entry: LossEntry): boolean {
  return HOST_KEPT_KEYWORDS.has(entry.keyword)
}

/** MCP's defaults (a hint with its default value says nothing). */
const HINT_DEFAULTS = { readOnly: false, destructive: true, idempotent: false, openWorld: true } as const

const FORMATS: { readonly [T in ExportTarget]: string } = {
  'openai-chat': 'OpenAI function tools',
  'openai-responses': 'OpenAI function tools',
  anthropic: 'Anthropic tools',
  gemini: 'Gemini function declarations',
  'mcp@2025-11-25': 'MCP tools',
  'mcp@2026-07-28': 'MCP tools',
}

/** The losses of what `target` cannot carry of `tool`'s annotations and approval. */
export function hostKeptLosses(target: ExportTarget, tool: ToolSurface): LossEntry[] {
  const format = FORMATS[target]
  const losses: LossEntry[] = []
  const lose = (path: string, keyword: string, detail: string): void => {
    losses.push({ tool: tool.name, path, keyword, action: 'dropped', detail })
  }
  const mcp = target === 'mcp@2025-11-25' || target === 'mcp@2026-07-28'
  const annotations = tool.annotations
  if (!mcp && annotations !== undefined) {
    if (Object.hasOwn(annotations, 'title') && annotations.title !== undefined) {
      lose('/annotations/title', 'annotations', `${format} have no title: ${JSON.stringify(annotations.title)} is not sent (the model reads the name and description)`)
    }
    for (const key of ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const) {
      const value = Object.hasOwn(annotations, key) ? annotations[key] : undefined
      if (value === undefined || value === HINT_DEFAULTS[key]) continue
      lose(`/annotations/${key}`, 'annotations', `${format} have no annotations: ${key}: ${value} is not sent; the host keeps it (runtime.describe()), and only an MCP client sees it as ${key}Hint`)
    }
  }
  if (tool.approval === 'always') {
    lose(
      '/approval',
      'approval',
      `${format} have no approval field, so nothing asks before a call unless the host does: execute the model's calls through the runtime with declaredApprovals() installed (runtime.on('tools/pre-execute', declaredApprovals())) and an approval service${mcp ? ' (serveMcp asks the client by elicitation)' : ''}`,
    )
  }
  return losses
}
