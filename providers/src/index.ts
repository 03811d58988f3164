/** @toolsmith/providers: lowering of tool surfaces to provider formats, and the Code Mode SDK printer. */
export { CODE_MODE_TOOL_ERROR_CODES, printCodeModeSdk, printCodeModeToolDeclaration } from './code-mode-sdk.js'
export type { CodeModeSdkSchema, CodeModeSdkTool } from './code-mode-sdk.js'
