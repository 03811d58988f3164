import { isAbsolute, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createToolRuntime, declaredApprovals, type ToolDefinition, type ToolRuntime } from '@toolsmith/runtime'
import type { CliIo } from './cli-io.js'

/** What `toolsmith mcp --tools MODULE` reads from MODULE. */
interface ToolsModule {
  /** Every definition to serve (the generated index exports it). */
  readonly tools?: unknown
  /** Optional host hook, called once after registration: install policies, approvals, dynamic tools. */
  readonly configure?: unknown
}

/** The outcome of starting the server: a usage/input problem (exit 2) or the running session's end. */
export type McpCommandOutcome = { readonly ok: false; readonly message: string } | { readonly ok: true; readonly closed: Promise<void> }

/**
 * `toolsmith mcp --tools MODULE`: imports MODULE (a compiled ES module exporting `tools`, as the
 * generated index does), registers every tool in a fresh runtime with the declared-approvals policy,
 * calls its optional `configure(runtime)`, and serves them over stdio until the client leaves.
 * `@toolsmith/mcp` is imported only here, so the other commands do not load the MCP SDK.
 */
export async function startMcpCommand(modulePath: string, io: CliIo, version: string): Promise<McpCommandOutcome> {
  const file = isAbsolute(modulePath) ? modulePath : resolve(io.cwd, modulePath)
  let loaded: ToolsModule
  try {
    loaded = (await import(pathToFileURL(file).href)) as ToolsModule
  } catch (error) {
    return { ok: false, message: `--tools ${modulePath}: cannot import it: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!Array.isArray(loaded.tools))
    return { ok: false, message: `--tools ${modulePath}: the module does not export a \`tools\` array (the generated index does)` }
  if (loaded.configure !== undefined && typeof loaded.configure !== 'function') {
    return { ok: false, message: `--tools ${modulePath}: \`configure\` is exported but is not a function` }
  }
  const runtime = createToolRuntime()
  try {
    for (const tool of loaded.tools as readonly ToolDefinition[]) runtime.register(tool)
  } catch (error) {
    return { ok: false, message: `--tools ${modulePath}: ${error instanceof Error ? error.message : String(error)}` }
  }
  runtime.on('tools/pre-execute', declaredApprovals())
  await (loaded.configure as ((runtime: ToolRuntime) => unknown) | undefined)?.(runtime)
  const { serveStdio } = await import('@toolsmith/mcp')
  const session = await serveStdio(runtime, { serverInfo: { name: 'toolsmith', version } })
  return { ok: true, closed: session.closed }
}
