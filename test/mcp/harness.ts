// A real SDK Client connected to the fixture tools, over InMemoryTransport (serveMcp in this process) or over
// stdio (a spawned `toolsmith mcp --tools test/mcp/fixtures/tools.mjs`). Not a test file itself.
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { createToolRuntime, declaredApprovals, type ToolRuntime } from '@toolsmith/runtime'
import { serveMcp, type McpSession, type ServeMcpOptions } from '@toolsmith/mcp'
import { configure, tools } from './fixtures/tools.mjs'

export const FIXTURE_MODULE = fileURLToPath(new URL('./fixtures/tools.mjs', import.meta.url))
export const CLI = fileURLToPath(new URL('../../generator/dist/cli/main.js', import.meta.url))

/** What a connected client hands a test. */
export interface Harness {
  readonly client: Client
  /** The elicitation messages the client was asked, in order. */
  readonly elicitations: string[]
  close(): Promise<void>
}

/** Options of a harness. */
export interface OpenOptions {
  /** The client's elicitation answer; without it the client does not declare elicitation. */
  readonly elicit?: ElicitResult['action']
}

/** In-process pieces, for the in-memory suite's own checks. */
export interface InMemoryHarness extends Harness {
  readonly runtime: ToolRuntime
  readonly session: McpSession
}

function newClient(options: OpenOptions, elicitations: string[]): Client {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    options.elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  )
  const answer = options.elicit
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      elicitations.push(request.params.message)
      return answer === 'accept' ? { action: 'accept', content: {} } : { action: answer }
    })
  }
  return client
}

/** The fixture tools served by `serveMcp` in this process to a real Client over `InMemoryTransport`. */
export async function openInMemory(
  options: OpenOptions & { serve?: Omit<ServeMcpOptions, 'transport'>; runtime?: ToolRuntime } = {},
): Promise<InMemoryHarness> {
  const runtime = options.runtime ?? createToolRuntime()
  for (const tool of tools) runtime.register(tool)
  runtime.on('tools/pre-execute', declaredApprovals())
  configure(runtime)
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const session = await serveMcp(runtime, { transport: serverTransport, ...options.serve })
  const elicitations: string[] = []
  const client = newClient(options, elicitations)
  await client.connect(clientTransport)
  return { client, elicitations, runtime, session, close: () => client.close() }
}

/** The fixture tools served by a spawned `toolsmith mcp --tools …` process to a real Client over stdio. */
export async function openStdio(options: OpenOptions = {}): Promise<Harness> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--tools', FIXTURE_MODULE], stderr: 'pipe' })
  const elicitations: string[] = []
  const client = newClient(options, elicitations)
  await client.connect(transport)
  return { client, elicitations, close: () => client.close() }
}
