// Shared builders for the registry suites: raw definitions (JSON Schema only), call inputs, and
// checks for deep freezing. Not a test file itself.
import type { ToolDefinition, ToolExecutionInput, ToolExecutionResult } from '@toolsmith/runtime'

/** A valid raw definition of `echo` ({ text } → { text }); fields can be overridden. */
export function rawTool(overrides: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name: 'echo',
    description: 'Echo the text back.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    output: {
      schema: { type: 'object', additionalProperties: false, properties: { text: { type: 'string' } }, required: ['text'] },
      render: (_args, value) => [{ type: 'text', text: (value as { text: string }).text }],
    },
    execute: async (args) => ({ text: (args as { text: string }).text }),
    ...overrides,
  }
}

/** A call input for `echo` with a fresh, never-aborted signal; fields can be overridden. */
export function callInput(overrides: Partial<ToolExecutionInput> = {}): ToolExecutionInput {
  return { callId: 'call-1', name: 'echo', arguments: { text: 'hi' }, signal: new AbortController().signal, ...overrides }
}

/** Whether `value` and everything reachable through its own properties is frozen. */
export function isDeepFrozen(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return true
  seen.add(value)
  if (!Object.isFrozen(value)) return false
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    if (descriptor !== undefined && 'value' in descriptor && !isDeepFrozen(descriptor.value, seen)) return false
  }
  return true
}

/** The failure code of a result, or `undefined` for a success. */
export function codeOf(result: ToolExecutionResult): string | undefined {
  return result.isError ? result.error.info?.code : undefined
}

/** The text of a result's content blocks, joined. */
export function textOf(result: ToolExecutionResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mimeType}]`)).join('\n')
}

/** A promise with its resolve/reject exposed. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Waits for every queued microtask and one macrotask. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
