// Barrel of this area: export each public name here; the package root re-exports this file.
export { createToolRuntime } from './create-tool-runtime.js'
export { declaredApprovals } from './gates.js'
// The runtime factory, its view type, options, the approval service, and the typed tools/* events.
export type { ApprovalAnswer, ApprovalRequest, ApprovalService, ToolRuntime, ToolRuntimeOptions } from './tool-runtime.js'
export type { Awaitable, ToolListenerOptions, ToolRuntimeEventName, ToolRuntimeEvents } from './tool-runtime-events.js'
export { ToolRegistryError } from '../errors/tool-errors.js'
export { defineCodeModeTransport } from './tools.js'
