/** Raised for a call to a tool the calling scope cannot see (maps to `UNKNOWN_TOOL`). */
export class ToolNotFoundError extends Error {
  readonly code = 'UNKNOWN_TOOL' as const
  readonly toolName: string

  constructor(toolName: string) {
    super(`Unknown tool: ${JSON.stringify(toolName)}`)
    this.name = 'ToolNotFoundError'
    this.toolName = toolName
  }
}
