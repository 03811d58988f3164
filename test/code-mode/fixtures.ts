// Shared builders for the Code Mode suites: a runtime with a few tools, and run_code calls. Not a test file itself.
import { createCodeMode, type CodeEngine, type CodeModeOptions, type CodeRunValue } from '@toolsmith/code-mode'
import { createToolRuntime, type Agent, type ToolDefinition, type ToolExecutionResult, type ToolRuntime, type ToolRuntimeOptions } from '@toolsmith/runtime'

/** A raw tool `name` whose body is `body` (args → value); the value is any JSON. */
export function jsonTool(name: string, body: ToolDefinition['execute'], extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties: { text: { type: 'string' }, n: { type: 'number' } } },
    output: { schema: {}, render: (_args, value) => [{ type: 'text', text: JSON.stringify(value) }] },
    execute: body,
    ...extra,
  }
}

/** `echo` returns `{ text }` upper-cased. */
export const echo = (): ToolDefinition => jsonTool('echo', async (args) => ({ text: String((args as { text?: string }).text ?? '').toUpperCase() }))

/** A Code Mode agent and a runtime presenting its tools as code to it, with run_code registered. */
export function codeRuntime(engine: CodeEngine, options: ToolRuntimeOptions = {}, codeOptions: CodeModeOptions = {}): { runtime: ToolRuntime; agent: Agent } {
  const runtime = createToolRuntime(options)
  const agent: Agent = { id: 'coder' }
  runtime.forAgent(agent).presentAs('code')
  runtime.register(createCodeMode(runtime, { engine, ...codeOptions }))
  return { runtime, agent }
}

let calls = 0

/** Calls run_code with `code` for `agent`. */
export function runCode(runtime: ToolRuntime, agent: Agent | undefined, code: string, signal: AbortSignal = new AbortController().signal, callId = `run-${++calls}`): Promise<ToolExecutionResult> {
  return runtime.execute({ callId, name: 'run_code', arguments: { code }, signal, ...(agent === undefined ? {} : { agent }) })
}

/** The value of a successful run (throws with the failure otherwise). */
export function valueOf(result: ToolExecutionResult): CodeRunValue {
  if (result.isError) throw new Error(`run_code failed: ${result.error.info?.code} ${result.error.message}`)
  return result.value as unknown as CodeRunValue
}

/** The failure code of a result, or `undefined` for a success. */
export function codeOf(result: ToolExecutionResult): string | undefined {
  return result.isError ? result.error.info?.code : undefined
}

/** A promise with its resolve exposed. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => {
    resolve = res
  })
  return { promise, resolve }
}
