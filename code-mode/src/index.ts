/** @toolsmith/code-mode: run_code in a sandbox, with sub-dispatches through the runtime's pipeline. */
export { createCodeMode } from './run-code.js'
export type { CodeCall, CodeRunValue } from './run-code.js'
export { codeModeSdk, codeModeTools, DEFAULT_LIMITS } from './run-code.js'
export type { CodeModeLimits, CodeModeOptions } from './run-code.js'
export { createQuickJsEngine } from './quickjs-engine.js'
export type { QuickJsEngineOptions } from './quickjs-engine.js'
export type { CodeEngine, CodeSandbox, HostCall, SandboxFailureCode, SandboxLimits, SandboxOutcome, SandboxRun } from './engine.js'
