// @toolsmith/providers: lowers toolsmith tool surfaces to provider formats, with a report of every loss. No dependencies.
export type { ExportError, ExportOptions, ExportResult, ExportTarget, JsonSchema, JsonValue, LossEntry, ToolSurface } from './export-model.js'
export { EXPORT_TARGETS, NEWEST_MCP, parseExportTarget } from './export-model.js'
export { exportTool, exportTools } from './export-tools.js'
export { fromStrictArgs } from './strict-args.js'
export { mcpStructuredContent } from './targets/mcp.js'
export { CONSTRAINT_TEXT_KEYWORDS, constraintPhrases, constraintText } from './constraint-text.js'
export { CODE_MODE_TOOL_ERROR_CODES, printCodeModeSdk, printCodeModeToolDeclaration } from './code-mode-sdk.js'
export type { CodeModeSdkSchema, CodeModeSdkTool } from './code-mode-sdk.js'
