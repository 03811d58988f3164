// Barrel of this area: export each public name here; the package root re-exports this file.
export { createToolRuntime } from './runtime.js'
export { declaredApprovals } from './gates.js'
// The runtime factory, its view type, options, the approval service and channels, and the typed tools/* events.
export type { ApprovalAnswer, ApprovalChannel, ApprovalDecision, ApprovalRequest, ApprovalService, ToolRuntime, ToolRuntimeOptions } from './runtime-types.js'
export type { Awaitable, ToolListenerOptions, ToolRuntimeEventName, ToolRuntimeEvents } from './runtime-types.js'
export { ToolRegistryError } from '../errors/tool-errors.js'
export { defineCodeModeTransport } from './tools.js'
