import { jsonSchema, tool, type Tool, type ToolSet } from 'ai'
import type {
  Agent,
  AnyDefinedTool,
  ContentBlock,
  JsonSchemaNode,
  PreToolDecision,
  ToolExecutionMode,
  ToolArgsOf,
  ToolOutputOf,
  ToolRuntime,
} from '@toolsmith/runtime'
import { CallScheduler } from './call-scheduler.js'
import { modelOutput, ToolsmithToolError, type ToolResultOutput } from './model-output.js'

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions<T extends readonly AnyDefinedTool[]> {
  /** The agent the model acts as: its scope decides which tools are handed over and how calls are judged. */
  readonly agent: Agent
  /**
   * The typed definitions (the generated index's `tools`): keys the result by their names with each
   * tool's real argument and output types. Only those the agent sees are handed over. Without it, every
   * tool the agent sees, typed `unknown`.
   */
  readonly tools?: T
}

/** The AI SDK tool of one defined tool: its inferred arguments and output value. */
export type AiSdkToolOf<D extends AnyDefinedTool> = Tool<ToolArgsOf<D>, ToolOutputOf<D>>

/** The typed tool set for the definitions `T`, keyed by tool name. */
export type AiSdkToolsOf<T extends readonly AnyDefinedTool[]> = { [D in T[number] as D['name']]: AiSdkToolOf<D> }

/** What one runtime view's adapters share: the SDK-approved calls the pre-execute gate lets through. */
interface ViewState {
  readonly approved: Set<string>
  /** Whether the gate is installed (only once a tool that needs approval is handed over: until then no call is ever approved, and a pass-through gate would cost every call a waterfall step). */
  gated: boolean
}

const VIEW_STATES = new WeakMap<ToolRuntime, ViewState>()

/** The view's shared state (created once per view). */
function viewState(view: ToolRuntime): ViewState {
  let state = VIEW_STATES.get(view)
  if (state === undefined) {
    state = { approved: new Set<string>(), gated: false }
    VIEW_STATES.set(view, state)
  }
  return state
}

/** Installs (once per view) the gate that turns the policy's `ask` into `allow` for a call the SDK's approval flow approved. */
function installApprovalGate(view: ToolRuntime, state: ViewState): void {
  if (state.gated) return
  state.gated = true
  const { approved } = state
  view.on(
    'tools/pre-execute',
    async (exec, next): Promise<PreToolDecision> => {
      const decision = await next()
      // Only an `ask` is answered by the SDK's approval; a deny (or a guard after this) still stands.
      return decision.kind === 'ask' && approved.has(exec.rootCallId) ? { kind: 'allow' } : decision
    },
    { prepend: true },
  )
}

const EXCLUSIVE: ToolExecutionMode = Object.freeze({ kind: 'exclusive' })

// Rendered content of settled calls, by tool call id, until `toModelOutput` takes it (bounded: a call whose
// output is never converted must not be kept forever).
const RENDERED_LIMIT = 1024

/**
 * Hands the tools `options.agent` sees to the Vercel AI SDK as a `ToolSet`: each `execute` runs
 * `runtime.execute()` with the SDK's `abortSignal`; `toModelOutput` sends the rendered content (text,
 * images as `image-data`); a failure throws a {@link ToolsmithToolError} whose message is
 * `CODE: message`, which the SDK sends the model as error text. A tool declared `approval: always`
 * gets `needsApproval: true`, so the SDK's approval request/response parts decide; the runtime's
 * pre-execute policy still runs and may deny. Exclusive calls (per `runtime.executionMode`) never
 * overlap other calls of the same tool set.
 */
export function toAiSdkTools<const T extends readonly AnyDefinedTool[] = readonly AnyDefinedTool[]>(
  runtime: ToolRuntime,
  options: AiSdkToolsOptions<T>,
): readonly AnyDefinedTool[] extends T ? ToolSet : AiSdkToolsOf<T> {
  const view = runtime.forAgent(options.agent)
  const state = viewState(view)
  const { approved } = state
  const scheduler = new CallScheduler()
  const rendered = new Map<string, readonly ContentBlock[]>()
  const wanted = options.tools === undefined ? undefined : new Set(options.tools.map((definition) => definition.name))
  const set: Record<string, Tool> = {}
  for (const described of view.describe()) {
    if (wanted !== undefined && !wanted.has(described.name)) continue
    const name = described.name
    const needsApproval = described.approval === 'always'
    if (needsApproval) installApprovalGate(view, state)
    const title = described.annotations.title
    // A tool with neither a classifier nor a declared concurrencySafe is always exclusive (the runtime's rule), so
    // only a classified tool pays for executionMode's argument check on every call.
    const classified = described.concurrencySafe === true || typeof view.get(name)?.isConcurrencySafe === 'function'
    set[name] = tool<unknown, unknown>({
      description: described.description,
      ...(title === undefined ? {} : { title }),
      inputSchema: jsonSchema(described.parameters as Parameters<typeof jsonSchema>[0]),
      ...(needsApproval ? { needsApproval: true } : {}),
      execute: async (input, { toolCallId, abortSignal }) => {
        const signal = abortSignal ?? new AbortController().signal
        const call = { callId: toolCallId, name, arguments: input, signal }
        // The SDK only calls execute for a tool that needs approval once its approval response said yes.
        if (needsApproval) approved.add(toolCallId)
        try {
          const result = await scheduler.run(classified ? view.executionMode(call) : EXCLUSIVE, signal, () => view.execute(call))
          if (result.isError) throw new ToolsmithToolError(result)
          if (rendered.size >= RENDERED_LIMIT) rendered.delete(rendered.keys().next().value as string)
          rendered.set(toolCallId, result.content)
          return result.value
        } finally {
          approved.delete(toolCallId)
        }
      },
      toModelOutput: ({ toolCallId, input, output }): ToolResultOutput => {
        const content = rendered.get(toolCallId)
        rendered.delete(toolCallId)
        if (content !== undefined) return modelOutput(content)
        // Converted again later (convertToModelMessages on a new request): render from the definition.
        return modelOutput(renderAgain(view, name, input, output))
      },
    })
  }
  return set as readonly AnyDefinedTool[] extends T ? ToolSet : AiSdkToolsOf<T>
}

/** The definition's own rendering of a value (a JSON text block if it is gone or fails). */
function renderAgain(view: ToolRuntime, name: string, input: unknown, output: unknown): ContentBlock[] {
  try {
    const definition = view.get(name)
    if (definition !== undefined) return definition.output.render(input, output as never)
  } catch {
    // fall through to the JSON text
  }
  return [{ type: 'text', text: JSON.stringify(output as JsonSchemaNode) ?? 'null' }]
}
