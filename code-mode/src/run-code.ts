// run_code: the transport tool, its limits, the SDK view of the tools it reaches, and how its sub-dispatches are scheduled.
import { printCodeModeSdk, printCodeModeToolDeclaration, type CodeModeSdkTool } from '@toolsmith/providers'
import {
  type Agent,
  defineCodeModeTransport,
  type JsonValue,
  type ToolDefinition,
  type ToolExecutionInput,
  type ToolExecutionMode,
  type ToolExecutionResult,
  type ToolRunContext,
  type ToolRuntime,
} from '@toolsmith/runtime'
import type { CodeEngine, SandboxOutcome } from './engine.js'
import { createQuickJsEngine } from './quickjs-engine.js'

/** The transport tool's name. */
const TRANSPORT = 'run_code'

/** The limits of one `run_code` program; each one hit is its own failure code. */
export interface CodeModeLimits {
  /** Wall time of the whole program, tool calls included, in ms (`CODE_TIME_LIMIT`). Default 30 000. */
  readonly timeMs: number
  /** Hard cap on the sandbox heap, in bytes (`CODE_MEMORY_LIMIT`). Default 64 MiB. */
  readonly memoryBytes: number
  /** Interpreter stack, in bytes, at most 256 KiB (`CODE_STACK_LIMIT`). Default 256 KiB. */
  readonly stackBytes: number
  /** Sub-dispatches per program (`CODE_CALL_LIMIT`). Default 1 000. */
  readonly maxCalls: number
  /** Sub-dispatches pending at once (`CODE_CALL_LIMIT`). Default 32. */
  readonly maxPendingCalls: number
  /** JSON arguments of one sub-dispatch, in characters (`CODE_OUTPUT_LIMIT`). Default 1 MiB. */
  readonly argumentBytes: number
  /** JSON return value, in characters (`CODE_OUTPUT_LIMIT`). Default 1 MiB. */
  readonly outputBytes: number
  /** Console output, all lines together, in characters (`CODE_OUTPUT_LIMIT`). Default 64 KiB. */
  readonly logBytes: number
}

/** Options of `createCodeMode`. */
export interface CodeModeOptions {
  /** The sandbox engine; default the QuickJS engine in worker threads (`createQuickJsEngine()`). */
  readonly engine?: CodeEngine
  /** Limits to change; the others keep their defaults. */
  readonly limits?: Partial<CodeModeLimits>
  /** The `run_code` tool's own `timeoutMs` (its outer call then ends as `TIMEOUT`); default none. */
  readonly timeoutMs?: number
  /** Replaces the `run_code` description the model sees. */
  readonly description?: string
}

/** The default limits. */
export const DEFAULT_LIMITS: CodeModeLimits = Object.freeze({
  timeMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 256 * 1024,
  maxCalls: 1_000,
  maxPendingCalls: 32,
  argumentBytes: 1024 * 1024,
  outputBytes: 1024 * 1024,
  logBytes: 64 * 1024,
})

/** The stack sizes above this overflow Node's own stack (in the worker thread) before QuickJS notices its own limit. */
const MAX_STACK_BYTES = 256 * 1024
/** Below this the QuickJS module cannot start. */
const MIN_MEMORY_BYTES = 16 * 1024 * 1024

/** The limits with defaults applied; throws a TypeError naming every bad one. */
export function resolveLimits(given: Partial<CodeModeLimits> | undefined): CodeModeLimits {
  const limits: { -readonly [K in keyof CodeModeLimits]: CodeModeLimits[K] } = { ...DEFAULT_LIMITS }
  const problems: string[] = []
  if (given !== undefined) {
    for (const key of Object.keys(DEFAULT_LIMITS) as (keyof CodeModeLimits)[]) {
      if (!Object.hasOwn(given, key) || given[key] === undefined) continue
      const value = given[key]
      if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) problems.push(`limits.${key} must be a positive integer, found ${String(value)}`)
      else limits[key] = value
    }
    for (const key of Object.keys(given)) if (!Object.hasOwn(DEFAULT_LIMITS, key)) problems.push(`limits.${key} is not a Code Mode limit`)
  }
  if (limits.stackBytes > MAX_STACK_BYTES) problems.push(`limits.stackBytes must be at most ${MAX_STACK_BYTES} (a larger QuickJS stack overflows the host's first)`)
  if (limits.memoryBytes < MIN_MEMORY_BYTES) problems.push(`limits.memoryBytes must be at least ${MIN_MEMORY_BYTES}`)
  if (problems.length > 0) throw new TypeError(`Invalid Code Mode options: ${problems.join('; ')}`)
  return Object.freeze(limits)
}

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
    name: TRANSPORT,
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
    if (name === TRANSPORT) {
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

/**
 * The tools `agent` sees (restrictions and scoped registrations applied), as `runtime.describe`
 * gives them (name, description, parameters, output schema, approval, annotations), `run_code`
 * itself left out. Sorted by name, like `schemas()`.
 */
export function codeModeTools(runtime: ToolRuntime, agent?: Agent): CodeModeSdkTool[] {
  return runtime.describe(agent ?? runtime.scope).filter((tool) => tool.name !== TRANSPORT)
}

/**
 * The Code Mode SDK declaration for the tools `agent` sees (default: the view's scope), the same
 * text `toolsmith generate` emits for the same tools: put it in the prompt of a Code Mode agent.
 */
export function codeModeSdk(runtime: ToolRuntime, agent?: Agent): string {
  return printCodeModeSdk(codeModeTools(runtime, agent))
}

/** `tools.$search(query)`: the visible tools whose name or description contains every word of `query`. */
export function searchTools(tools: readonly CodeModeSdkTool[], query: string): { name: string; description: string }[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word.length > 0)
  return tools
    .filter((tool) => {
      const text = `${tool.name} ${tool.description}`.toLowerCase()
      return words.every((word) => text.includes(word))
    })
    .map((tool) => ({ name: tool.name, description: tool.description }))
}

/** `tools.$describe(name)`: one visible tool's declaration, or `undefined` when the agent cannot see it. */
export function describeTool(tools: readonly CodeModeSdkTool[], name: string): string | undefined {
  const tool = tools.find((candidate) => candidate.name === name)
  return tool === undefined ? undefined : printCodeModeToolDeclaration(tool)
}

interface Queued {
  readonly kind: ToolExecutionMode['kind']
  readonly start: () => Promise<void>
}

/**
 * Schedules a program's concurrent sub-dispatches the way the agent loop schedules a batch: in
 * call order, `parallel` calls overlap with each other, an `exclusive` call waits until everything
 * started before it settled and runs alone, and calls after it wait for it (an ordering barrier).
 */
export class DispatchQueue {
  private running = 0
  private exclusive = false
  private readonly queue: Queued[] = []

  /** Runs `task` when its mode allows; resolves or rejects with it. */
  submit<T>(kind: ToolExecutionMode['kind'], task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        kind,
        start: () =>
          task().then(resolve, reject).finally(() => {
            this.running--
            if (kind === 'exclusive') this.exclusive = false
            this.pump()
          }),
      })
      this.pump()
    })
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.exclusive) {
      const head = this.queue[0] as Queued
      if (head.kind === 'exclusive' && this.running > 0) return
      this.queue.shift()
      this.running++
      if (head.kind === 'exclusive') this.exclusive = true
      void head.start()
    }
  }
}
