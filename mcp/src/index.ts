/** @toolsmith/mcp: serves a toolsmith runtime's tools over the Model Context Protocol, on the official SDK. */
export { serveMcp, type McpSession, type ServeMcpOptions } from './serve-mcp.js'
export { callToolResult, mcpContentBlock, TOOLSMITH_ERROR_META_KEY, type ToolsmithErrorMeta } from './call-result.js'
export { listedTool, listedTools, revisionFor, structuredContentOf, type McpRevision } from './tool-listing.js'
export { serveStdio } from './serve-stdio.js'
