/** @toolsmith/ai-sdk: a toolsmith runtime's tools as a typed Vercel AI SDK ToolSet. */
export { toAiSdkTools, type AiSdkToolOf, type AiSdkToolsOf, type AiSdkToolsOptions } from './to-ai-sdk-tools.js'
export { modelOutput, ToolsmithToolError } from './model-output.js'
export { CallScheduler } from './call-scheduler.js'
