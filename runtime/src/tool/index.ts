// Barrel of this area: export each public name here; the package root re-exports this file.
export type { AnyDefinedTool, DefinedTool, DefineToolInput, DefineToolOutput, ToolArgsOf, ToolOutputOf } from './defined-tool.js'
export { defineTool } from './define-tool.js'
export { resolveToolAnnotations } from './tool-metadata.js'
