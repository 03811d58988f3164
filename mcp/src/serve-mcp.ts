import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  type Implementation,
  type InitializeRequest,
  type InitializeResult,
  type ListToolsResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { Agent, ApprovalDecision, JsonSchemaNode, ToolExecution, ToolExecutionResult, ToolRuntime } from '@toolsmith/runtime'
import { servedCallToolResult } from './call-result.js'
import { listedTools } from './tool-listing.js'

/** Options of {@link serveMcp}. */
export interface ServeMcpOptions {
  /** Any MCP SDK server transport (stdio, Streamable HTTP, in-memory, …); one connection per call. */
  readonly transport: Transport
  /** The agent this connection acts as: its scope decides what the client sees and may call. Default: a fresh `{ id: 'mcp' }`. */
  readonly agent?: Agent
  /** The server's `serverInfo`. Default `{ name: 'toolsmith', version: '0.1.0' }`. */
  readonly serverInfo?: Implementation
  /** The `instructions` the server sends at initialization. */
  readonly instructions?: string
  /** How often a pending call reports progress to a client that asked for it (ms). Default 1000. */
  readonly progressIntervalMs?: number
}

/** One served connection. */
export interface McpSession {
  /** The SDK server object (low-level `Server`), connected to the transport. */
  readonly server: Server
  /** The agent the connection acts as. */
  readonly agent: Agent
  /** The protocol version negotiated at initialization (the SDK's newest until then). */
  readonly protocolVersion: string
  /** Resolves once the connection has closed (from either side). */
  readonly closed: Promise<void>
  /** Close the connection: pending calls are aborted (their results are ABORTED), listeners removed. */
  close(): Promise<void>
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>

/** A `tools/call` in flight: the request context an approval is asked through, and its progress reports' stop. */
interface PendingCall {
  readonly callId: string
  readonly extra: Extra
  readonly stopProgress: () => void
}

/**
 * The `tools/call` requests in flight on one connection, in a plain list: each call is added and
 * removed once with no allocation past its own entry (a Map's deletions make garbage as it rehashes,
 * on every call), and looked up only when a policy asks for an approval. A connection has few calls
 * in flight, so the linear scans cost less than hashing.
 */
class PendingCalls {
  private readonly calls: PendingCall[] = []

  /** Records a call in flight; returns its entry, for {@link remove}. */
  add(callId: string, extra: Extra, stopProgress: () => void): PendingCall {
    const call: PendingCall = { callId, extra, stopProgress }
    this.calls.push(call)
    return call
  }

  /** Forgets a settled call and stops its progress reports (the last entry takes its place). */
  remove(call: PendingCall): void {
    call.stopProgress()
    const calls = this.calls
    const index = calls.lastIndexOf(call)
    if (index === -1) return
    const last = calls.pop() as PendingCall
    if (index < calls.length) calls[index] = last
  }

  /** The call in flight with this id, if any. */
  find(callId: string): PendingCall | undefined {
    const calls = this.calls
    for (let i = 0; i < calls.length; i++) if ((calls[i] as PendingCall).callId === callId) return calls[i]
    return undefined
  }
}

let sessions = 0

/**
 * Serves `runtime`'s tools to one MCP client over `options.transport`, on the official SDK's
 * low-level `Server`. `tools/list` lists what the connection's agent sees (sorted by name), lowered
 * for the negotiated protocol revision; `tools/call` runs `runtime.execute()` under a signal that the
 * client's `notifications/cancelled` and the connection's close abort. The connection is the agent's
 * approval channel (`approveWith`) for the calls it carries: an `ask` decision of the runtime's
 * pre-execute policy becomes an elicitation request when the client supports it (accept → allowed
 * once; decline or cancel → DENIED), else a DENIED saying why it could not be asked.
 * `notifications/tools/list_changed` is sent when what the agent sees changes.
 */
export async function serveMcp(runtime: ToolRuntime, options: ServeMcpOptions): Promise<McpSession> {
  const agent = options.agent ?? { id: 'mcp' }
  const view = runtime.forAgent(agent)
  const prefix = `mcp-${++sessions}-`
  const progressIntervalMs = options.progressIntervalMs ?? 1000
  const server = new Server(options.serverInfo ?? { name: 'toolsmith', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: true } },
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
  })
  let protocolVersion: string = LATEST_PROTOCOL_VERSION
  let initialized = false
  let isClosed = false
  let calls = 0
  let lastListed: string | undefined
  const pending = new PendingCalls()

  // The SDK negotiates the version but does not keep it; its own initialize answer is read here.
  const sdkInitialize = (server as unknown as { _oninitialize(request: InitializeRequest): Promise<InitializeResult> })._oninitialize.bind(
    server,
  )
  server.setRequestHandler(InitializeRequestSchema, async (request) => {
    const result = await sdkInitialize(request)
    protocolVersion = result.protocolVersion
    return result
  })
  server.oninitialized = () => {
    initialized = true
    lastListed ??= currentListing()
  }

  const currentListing = (): string => JSON.stringify(listedTools(view.describe(), protocolVersion))

  server.setRequestHandler(ListToolsRequestSchema, (): ListToolsResult => {
    const tools = listedTools(view.describe(), protocolVersion)
    lastListed = JSON.stringify(tools)
    return { tools }
  })

  // One reaction on execute()'s promise rather than an async handler: this runs on every call, and an async
  // function's frame and await cost several times the reaction's garbage.
  server.setRequestHandler(CallToolRequestSchema, (request, extra): Promise<CallToolResult> => {
    const params = request.params
    const name = params.name
    const callId = `${prefix}${++calls}`
    const output = outputSchemaOf(name)
    const call = pending.add(callId, extra, reportProgress(params._meta?.progressToken, name, extra, progressIntervalMs))
    let running: Promise<ToolExecutionResult>
    try {
      // The SDK's per-request signal is aborted by the client's notifications/cancelled and by the connection's close.
      running = view.execute({ callId, name, arguments: params.arguments ?? {}, signal: extra.signal })
    } catch (error) {
      pending.remove(call)
      throw error
    }
    return running.then(
      (result) => (pending.remove(call), servedCallToolResult(result, output, protocolVersion)),
      (error: unknown) => {
        pending.remove(call)
        throw error
      },
    )
  })

  // The output schema per tool name, read from the registry once and dropped whenever the tool set changes.
  let outputs = new Map<string, JsonSchemaNode>()
  const outputSchemaOf = (name: string): JsonSchemaNode | undefined => {
    const known = outputs.get(name)
    if (known !== undefined) return known
    const schema = view.get(name)?.output.schema
    // Only names that resolve are kept: a client sending made-up names must not grow the map.
    if (schema !== undefined) outputs.set(name, schema)
    return schema
  }

  const askClient = async (exec: ToolExecution, reason: string | undefined, call: PendingCall): Promise<ApprovalDecision> => {
    const why = reason === undefined ? '' : ` (${reason})`
    if (!supportsFormElicitation(server.getClientCapabilities())) {
      return {
        kind: 'deny',
        reason: `Calling ${exec.name} needs approval${why}, but this MCP client does not support elicitation, so it could not be asked.`,
      }
    }
    try {
      const answer = await call.extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: `Allow the tool ${exec.name} to run once${why}? Arguments: ${JSON.stringify(exec.arguments)}`,
            requestedSchema: { type: 'object', properties: {} },
          },
        },
        ElicitResultSchema,
        { signal: exec.signal },
      )
      if (answer.action === 'accept') return { kind: 'allow' }
      return {
        kind: 'deny',
        reason: `The user ${answer.action === 'decline' ? 'declined' : 'cancelled'} the approval to call ${exec.name}${why}.`,
      }
    } catch (error) {
      // Cancelled while waiting for the answer (the client's notifications/cancelled, the connection's close): the
      // runtime ends a channel's rejection after an abort as ABORTED_BEFORE_DISPATCH, not as a denial.
      if (exec.signal.aborted) throw error
      return {
        kind: 'deny',
        reason: `Approval to call ${exec.name}${why} could not be asked: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
  }

  // The connection is its agent's approval channel for the calls it carries (a composite tool's nested calls
  // share their root call's id): their `ask` becomes an elicitation. Any other call of the agent is left to
  // the runtime's approval service. A channel is asked only for an `ask`, so it costs the other calls nothing.
  const disposeApprovals = view.approveWith((request) => {
    const call = pending.find(request.execution.rootCallId)
    return call === undefined ? undefined : askClient(request.execution, request.reason, call)
  })

  let changeQueued = false
  const disposeChange = view.on('tools/change', () => {
    outputs = new Map()
    if (changeQueued) return
    changeQueued = true
    queueMicrotask(() => {
      changeQueued = false
      if (!initialized || isClosed) return
      const listing = currentListing()
      if (listing === lastListed) return
      lastListed = listing
      server.sendToolListChanged().catch(() => undefined)
    })
  })

  let resolveClosed!: () => void
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve))
  server.onclose = () => {
    if (isClosed) return
    isClosed = true
    disposeApprovals()
    disposeChange()
    resolveClosed()
  }

  await server.connect(options.transport)
  return {
    server,
    agent,
    get protocolVersion() {
      return protocolVersion
    },
    closed,
    close: async () => {
      await server.close()
      server.onclose?.()
    },
  }
}

/** Whether the client can answer a form elicitation (an empty `elicitation` object means form, per 2025-11-25). */
function supportsFormElicitation(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: object; url?: object } | undefined
  return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined)
}

/** Sends `notifications/progress` at once and then every `intervalMs` while a call is pending, when the client asked. */
function reportProgress(token: string | number | undefined, name: string, extra: Extra, intervalMs: number): () => void {
  // Checked here, not in the function that makes the timer's closures: that one allocates their scope on entry.
  return token === undefined ? NO_PROGRESS : startProgress(token, name, extra, intervalMs)
}

function startProgress(token: string | number, name: string, extra: Extra, intervalMs: number): () => void {
  let progress = 0
  const send = (): void => {
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, progress: ++progress, message: `${name} is running` },
      })
      .catch(() => undefined)
  }
  send()
  const timer = setInterval(send, intervalMs)
  timer.unref?.()
  return () => clearInterval(timer)
}

const NO_PROGRESS = (): void => undefined
