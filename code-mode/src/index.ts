/** @toolsmith/code-mode: run_code in a sandbox, with sub-dispatches through the runtime's pipeline. */
export { createCodeMode } from './run-code.js'
export type { CodeCall, CodeRunValue } from './run-code.js'
export { DEFAULT_LIMITS } from './code-mode-options.js'
export type { CodeModeLimits, CodeModeOptions } from './code-mode-options.js'
export { codeModeSdk, codeModeTools } from './code-mode-sdk.js'
export { createQuickJsEngine } from './quickjs-engine.js'
export type { QuickJsEngineOptions } from './quickjs-engine.js'
export type { CodeEngine, CodeSandbox, HostCall, SandboxFailureCode, SandboxLimits, SandboxOutcome, SandboxRun } from './engine.js'
