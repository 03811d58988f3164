import {
  defineCodeModeTransport,
  type JsonValue,
  type ToolDefinition,
  type ToolExecutionInput,
  type ToolExecutionResult,
  type ToolRunContext,
  type ToolRuntime,
} from '@toolsmith/runtime'
import { type CodeModeLimits, type CodeModeOptions, resolveLimits } from './code-mode-options.js'
import { codeModeTools, describeTool, searchTools } from './code-mode-sdk.js'
import { DispatchQueue } from './dispatch-queue.js'
import type { CodeEngine, SandboxOutcome } from './engine.js'
import { createQuickJsEngine } from './quickjs-engine.js'

/** One sub-dispatch of a program, as `run_code`'s `calls` lists it. */
export interface CodeCall {
  /** The sub-call id, `<run_code call id>:code:<n>`. */
  readonly id: string
  readonly name: string
  readonly isError: boolean
  /** The failure code, for a failed call. */
  readonly code?: string
  /** The failure message, for a failed call. */
  readonly message?: string
}

/** `run_code`'s value: the program's return value, its console output and its sub-dispatches. */
export interface CodeRunValue {
  readonly value: JsonValue
  readonly logs: readonly string[]
  readonly calls: readonly CodeCall[]
}

const DESCRIPTION = [
  'Run a program that calls your tools. `code` is the body of an async function in JavaScript or TypeScript',
  '(transpiled by sucrase): call tools with `await tools.<name>(args)` as declared in the Code Mode SDK,',
  'combine them (loops, Promise.all), and `return` a JSON value. A failed call throws a ToolError with',
  '`message` and `code` that the program may catch. `tools.$search(query)` and `tools.$describe(name)` find',
  'tools. The result is `{ value, logs, calls }`. There is no fetch, timers, process, require or filesystem:',
  'only the tools. Limits (time, memory, stack, calls, output size) fail the run with their own CODE_* code.',
].join(' ')

const CALL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'isError'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    isError: { type: 'boolean' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
} as const

/** An error the bridge throws out of the `run_code` body; the runtime keeps its code and details. */
class CodeModeFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: JsonValue,
  ) {
    super(message)
    this.name = 'CodeModeError'
  }
}

/**
 * Creates the Code Mode transport for `runtime`: the `run_code` tool definition, to register on the
 * runtime (`runtime.register(createCodeMode(runtime))`). It is visible only to agents whose scope
 * presents its tools in `mode: 'code'`. Each program runs in a fresh sandbox of `options.engine`
 * (default: QuickJS in a worker thread); each `await tools.<name>(args)` becomes
 * `runtime.execute()` with the call id `<outer>:code:<n>`, the outer `rootCallId`, the calling
 * agent and the outer execution's token as `parent`, so it passes the whole policy pipeline
 * (approvals included) like a native call; concurrent calls follow `executionMode`. Each settled
 * sub-dispatch is logged through `runtime.logCodeDispatch` (the `tools/code-dispatch-log` waterfall,
 * then the `tool/code-dispatch` event) before `run_code` settles.
 */
export function createCodeMode(runtime: ToolRuntime, options: CodeModeOptions = {}): ToolDefinition {
  const limits = resolveLimits(options.limits)
  const engine: CodeEngine = options.engine ?? createQuickJsEngine()
  const definition: ToolDefinition = {
    name: 'run_code',
    description: options.description ?? DESCRIPTION,
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['code'],
      properties: {
        code: {
          type: 'string',
          description: 'The body of an async function: JavaScript or TypeScript that awaits tools.<name>(args) and returns a JSON value.',
        },
      },
    },
    output: {
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'logs', 'calls'],
        properties: {
          value: { description: "The program's return value (JSON; null when it returned nothing)." },
          logs: { type: 'array', items: { type: 'string' } },
          calls: { type: 'array', items: CALL_SCHEMA },
        },
      },
      render: (_args, value) => [{ type: 'text', text: renderRun(value as unknown as CodeRunValue) }],
    },
    execute: (args, exec) => runProgram(runtime, engine, limits, (args as { code: string }).code, exec),
  }
  if (options.timeoutMs !== undefined) (definition as { timeoutMs?: number }).timeoutMs = options.timeoutMs
  return defineCodeModeTransport(definition)
}

/** Runs one program to its `{ value, logs, calls }`, or throws its `CODE_*` / `ABORTED` failure. */
async function runProgram(runtime: ToolRuntime, engine: CodeEngine, limits: CodeModeLimits, code: string, exec: ToolRunContext): Promise<CodeRunValue> {
  const calls: CodeCall[] = []
  const inFlight = new Set<AbortController>()
  const settling = new Set<Promise<unknown>>()
  const queue = new DispatchQueue()
  const stopper = new AbortController()
  let stop: { code: string; message: string } | undefined
  let pending = 0
  let count = 0
  // The visible tools, read only when the program searches or describes them.
  let visible: ReturnType<typeof codeModeTools> | undefined
  const tools = (): ReturnType<typeof codeModeTools> => (visible ??= codeModeTools(runtime, exec.agent))

  const halt = (failureCode: string, message: string): void => {
    if (stop !== undefined) return
    stop = { code: failureCode, message }
    stopper.abort()
    for (const controller of inFlight) controller.abort(new DOMException(message, 'AbortError'))
  }
  const onAbort = (): void => halt('ABORTED', 'The run_code call was cancelled; the program was stopped.')
  if (exec.signal.aborted) onAbort()
  else exec.signal.addEventListener('abort', onAbort, { once: true })
  const timer = setTimeout(() => halt('CODE_TIME_LIMIT', `The program did not finish within its ${limits.timeMs} ms time limit.`), limits.timeMs)

  const answerError = (message: string, errorCode: string): string => JSON.stringify({ error: { message, code: errorCode } })

  const hostCall = async (name: string, argsJson: string): Promise<string> => {
    if (stop !== undefined) return answerError('The program is stopping.', 'ABORTED')
    if (name === '$search' || name === '$describe') {
      const query = JSON.parse(argsJson) as { query?: string; name?: string }
      if (name === '$search') return JSON.stringify({ value: searchTools(tools(), query.query ?? '') })
      const text = describeTool(tools(), query.name ?? '')
      return text === undefined ? answerError(`Tool ${JSON.stringify(query.name)} not found`, 'UNKNOWN_TOOL') : JSON.stringify({ value: text })
    }
    const n = ++count
    if (n > limits.maxCalls) {
      halt('CODE_CALL_LIMIT', `The program made more than ${limits.maxCalls} tool calls.`)
      return answerError('Too many tool calls.', 'ABORTED')
    }
    if (pending >= limits.maxPendingCalls) {
      halt('CODE_CALL_LIMIT', `The program had more than ${limits.maxPendingCalls} tool calls pending at once.`)
      return answerError('Too many pending tool calls.', 'ABORTED')
    }
    if (argsJson.length > limits.argumentBytes) {
      halt('CODE_OUTPUT_LIMIT', `The arguments of call ${n} (${name}) are ${argsJson.length} characters of JSON, over the ${limits.argumentBytes} limit.`)
      return answerError('Arguments too large.', 'ABORTED')
    }
    const id = `${exec.callId}:code:${n}`
    if (name === 'run_code') {
      calls.push({ id, name, isError: true, code: 'UNKNOWN_TOOL', message: 'run_code cannot be called from a program.' })
      return answerError('run_code cannot be called from a program.', 'UNKNOWN_TOOL')
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(argsJson)
    } catch {
      // Only a program that tampered with its own JSON (a toJSON answering undefined) gets here.
      calls.push({ id, name, isError: true, code: 'INVALID_ARGS', message: 'The arguments are not JSON.' })
      return answerError('The arguments are not JSON.', 'INVALID_ARGS')
    }
    const controller = new AbortController()
    const input: { -readonly [K in keyof ToolExecutionInput]: ToolExecutionInput[K] } = {
      callId: id,
      rootCallId: exec.rootCallId,
      name,
      arguments: parsed,
      parent: exec.token,
      signal: controller.signal,
    }
    if (exec.agent !== undefined) input.agent = exec.agent
    pending++
    inFlight.add(controller)
    let result: ToolExecutionResult
    const dispatch = queue.submit(runtime.executionMode(input).kind, () => (stop === undefined ? runtime.execute(input) : Promise.resolve(undefined)))
    settling.add(dispatch)
    try {
      const settled = await dispatch
      if (settled === undefined) return answerError('The program is stopping.', 'ABORTED')
      result = settled
    } finally {
      settling.delete(dispatch)
      inFlight.delete(controller)
      pending--
    }
    const call: { -readonly [K in keyof CodeCall]: CodeCall[K] } = { id, name, isError: result.isError }
    if (result.isError) {
      call.code = result.error.info?.code ?? 'TOOL_ERROR'
      call.message = result.error.message
    }
    calls.push(call)
    const dispatchLog = { exec, subCallId: id, name, isError: result.isError, content: result.content }
    const logged = runtime.logCodeDispatch(exec.agent === undefined ? dispatchLog : { ...dispatchLog, agent: exec.agent }).catch(() => undefined)
    settling.add(logged)
    void logged.finally(() => settling.delete(logged))
    return result.isError ? answerError(result.error.message, call.code as string) : JSON.stringify({ value: result.value })
  }

  let outcome: SandboxOutcome
  try {
    const sandbox = await engine.create({ memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, outputBytes: limits.outputBytes, logBytes: limits.logBytes })
    try {
      outcome = await sandbox.run({ program: code, signal: stopper.signal, hostCall })
    } finally {
      sandbox.dispose()
    }
  } finally {
    clearTimeout(timer)
    exec.signal.removeEventListener('abort', onAbort)
  }
  // Sub-dispatches still in flight (the program stopped while they ran) are aborted and drained,
  // and every settled one is logged, before run_code settles.
  if (outcome.kind !== 'returned') for (const controller of inFlight) controller.abort(new DOMException('The program ended', 'AbortError'))
  while (settling.size > 0) await Promise.allSettled([...settling])
  const logs = outcome.logs
  const stopped = stop as { code: string; message: string } | undefined
  if (stopped !== undefined) throw new CodeModeFailure(stopped.code, stopped.message, { logs: [...logs], calls: calls as unknown as JsonValue })
  if (outcome.kind === 'stopped') throw new CodeModeFailure('ABORTED', 'The program was stopped.', { logs: [...logs], calls: calls as unknown as JsonValue })
  if (outcome.kind === 'failed') {
    const where = outcome.line === undefined ? '' : ` (line ${outcome.line}${outcome.column === undefined ? '' : `, column ${outcome.column}`})`
    const details: { [key: string]: JsonValue } = { logs: [...logs], calls: calls as unknown as JsonValue }
    if (outcome.line !== undefined) details.line = outcome.line
    if (outcome.column !== undefined) details.column = outcome.column
    const console_ = logs.length === 0 ? '' : `\nconsole:\n${logs.join('\n')}`
    throw new CodeModeFailure(outcome.code, `${outcome.code}${where}: ${outcome.message}${console_}`, details)
  }
  return { value: JSON.parse(outcome.value) as JsonValue, logs: [...logs], calls }
}

/** The model-facing text of a finished run: the value as JSON, then the logs and a call summary. */
function renderRun(run: CodeRunValue): string {
  const parts = [JSON.stringify(run.value, null, 2)]
  if (run.logs.length > 0) parts.push(`console:\n${run.logs.join('\n')}`)
  const failed = run.calls.filter((call) => call.isError).length
  parts.push(`${run.calls.length} tool call${run.calls.length === 1 ? '' : 's'}${failed > 0 ? `, ${failed} failed` : ''}`)
  return parts.join('\n\n')
}
