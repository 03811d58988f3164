import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { ToolRuntime } from '@toolsmith/runtime'
import { serveMcp, type McpSession, type ServeMcpOptions } from './serve-mcp.js'

/**
 * Serves `runtime` over this process's stdin/stdout (what an MCP client that spawns the server
 * expects); the session closes when stdin ends, so the process can exit once the client leaves.
 */
export async function serveStdio(runtime: ToolRuntime, options: Omit<ServeMcpOptions, 'transport'> = {}): Promise<McpSession> {
  const session = await serveMcp(runtime, { ...options, transport: new StdioServerTransport() })
  const end = (): void => void session.close()
  process.stdin.once('end', end)
  void session.closed.then(() => process.stdin.off('end', end))
  return session
}
