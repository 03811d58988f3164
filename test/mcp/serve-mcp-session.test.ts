// serveMcp behaviour only an in-process server can show: connection close, per-agent views, what does and does
// not trigger list_changed, and the negotiated revision.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema, ElicitRequestSchema, LATEST_PROTOCOL_VERSION, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { createToolRuntime, defineTool, type ToolExecutionResult } from '@toolsmith/runtime'
import { serveMcp } from '@toolsmith/mcp'
import { afterEach, describe, expect, it } from 'vitest'
import { openInMemory, type InMemoryHarness } from './harness.js'

const opened: InMemoryHarness[] = []
afterEach(async () => {
  for (const harness of opened.splice(0)) await harness.close()
})
const open = async (...args: Parameters<typeof openInMemory>) => {
  const harness = await openInMemory(...args)
  opened.push(harness)
  return harness
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 20))

const extra = (name: string) =>
  defineTool({
    name,
    description: 'Extra.',
    parameters: {},
    output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
    execute: async () => 'x',
  })

describe('serveMcp sessions', () => {
  it('closing the connection aborts a pending call: the body drains and the result is ABORTED', async () => {
    const harness = await open()
    const results: ToolExecutionResult[] = []
    harness.runtime.on('tools/result', (exec, result) => {
      if (exec.name === 'wait_forever') results.push(result)
    })
    let started = false
    harness.runtime.on('tools/execute', (_exec, next) => {
      started = true
      return next()
    })
    const pending = harness.client.callTool({ name: 'wait_forever', arguments: {} }).catch((error: unknown) => error)
    while (!started) await flush()
    await harness.session.close()
    await harness.session.closed
    await expect(pending).resolves.toBeInstanceOf(Error)
    while (results.length === 0) await flush()
    expect(results[0]?.isError).toBe(true)
    expect(results[0]?.error?.info?.code).toBe('ABORTED')
  })

  it('negotiates the SDK newest revision with the SDK client', async () => {
    const harness = await open()
    expect(harness.session.protocolVersion).toBe(LATEST_PROTOCOL_VERSION)
    expect(harness.client.getServerCapabilities()?.tools).toEqual({ listChanged: true })
  })

  it("lists and calls only what the connection's agent sees", async () => {
    const runtime = createToolRuntime()
    const agent = { id: 'reviewer' }
    const harness = await open({ runtime, serve: { agent } })
    runtime.forAgent(agent).restrict({ deny: ['explode'] })
    const { tools } = await harness.client.listTools()
    expect(tools.map((tool) => tool.name)).not.toContain('explode')
    expect(tools.map((tool) => tool.name)).toContain('get_weather')
    const result = await harness.client.callTool({ name: 'explode', arguments: {} }, CallToolResultSchema)
    expect(result._meta?.['dev.toolsmith/error']).toMatchObject({ code: 'UNKNOWN_TOOL' })
  })

  it.each([
    [
      'a registration in another agent scope',
      (h: InMemoryHarness): void => void h.runtime.forAgent({ id: 'other' }).register(extra('elsewhere')),
      0,
    ],
    ['a global registration', (h: InMemoryHarness): void => void h.runtime.register(extra('everywhere')), 1],
    [
      'a restriction of the connection agent',
      (h: InMemoryHarness): void => void h.runtime.forAgent(h.session.agent).restrict({ deny: ['snapshot'] }),
      1,
    ],
    ['three registrations in one tick', (h: InMemoryHarness): void => ['a1', 'a2', 'a3'].forEach((n) => h.runtime.register(extra(n))), 1],
  ] as const)('list_changed after %s: %i notification(s)', async (_case, change, want) => {
    const harness = await open()
    await harness.client.listTools()
    let changes = 0
    harness.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++
    })
    change(harness)
    await flush()
    expect(changes).toBe(want)
  })

  it('an unregistration is a change too, and the disposer of a served tool lists it no more', async () => {
    const harness = await open()
    const dispose = harness.runtime.register(extra('temporary'))
    await harness.client.listTools()
    let changes = 0
    harness.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++
    })
    dispose()
    await flush()
    expect(changes).toBe(1)
    expect((await harness.client.listTools()).tools.map((tool) => tool.name)).not.toContain('temporary')
  })

  it('a tool re-registered under the same name with another output is served with the new one', async () => {
    const harness = await open()
    const first = defineTool({
      name: 'shape',
      description: 'd',
      parameters: {},
      output: {
        schema: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', required: true } } },
        render: () => [],
      },
      execute: async () => ({ n: 1 }),
    })
    const second = defineTool({
      name: 'shape',
      description: 'd',
      parameters: {},
      output: { schema: { type: 'integer' }, render: () => [] },
      execute: async () => 2,
    })
    const dispose = harness.runtime.register(first)
    expect((await harness.client.callTool({ name: 'shape', arguments: {} })).structuredContent).toEqual({ n: 1 })
    dispose()
    harness.runtime.register(second)
    await harness.client.listTools()
    expect((await harness.client.callTool({ name: 'shape', arguments: {} })).structuredContent).toEqual({ result: 2 })
  })

  it("control: the client's own output-schema validation is live (a listing gone stale rejects the new value)", async () => {
    const harness = await open()
    const first = defineTool({
      name: 'shape',
      description: 'd',
      parameters: {},
      output: {
        schema: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', required: true } } },
        render: () => [],
      },
      execute: async () => ({ n: 1 }),
    })
    const second = defineTool({
      name: 'shape',
      description: 'd',
      parameters: {},
      output: {
        schema: { type: 'object', additionalProperties: false, properties: { s: { type: 'string', required: true } } },
        render: () => [],
      },
      execute: async () => ({ s: 'x' }),
    })
    const dispose = harness.runtime.register(first)
    await harness.client.listTools()
    dispose()
    harness.runtime.register(second)
    await expect(harness.client.callTool({ name: 'shape', arguments: {} })).rejects.toThrow(
      /does not match the tool's output schema|output schema/i,
    )
  })

  it("serving adds nothing to the agent's calls that do not ask: the same microtask turns as before the session", async () => {
    // The connection answers asks as the agent's approval channel, not as a pre-execute listener every call would run.
    const runtime = createToolRuntime()
    const agent = { id: 'served' }
    const view = runtime.forAgent(agent)
    view.register(extra('plain'))
    const turns = async (): Promise<number> => {
      let settled = false
      void view.execute({ callId: 'c', name: 'plain', arguments: {}, signal: new AbortController().signal }).then(() => (settled = true))
      let count = 0
      while (!settled && count < 100) {
        await null
        count++
      }
      return count
    }
    const before = await turns()
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    const session = await serveMcp(runtime, { transport: serverTransport, agent })
    const client = new Client({ name: 'test-client', version: '1.0.0' })
    await client.connect(clientTransport)
    try {
      expect((await client.callTool({ name: 'plain', arguments: {} })).isError).toBeFalsy()
      expect(await turns()).toBe(before)
    } finally {
      await session.close()
    }
  })

  it('an ask is elicited through its own request among other calls in flight, after one of them settled', async () => {
    // The connection finds the asking call among those in flight, whatever settled before the ask.
    const runtime = createToolRuntime()
    const released = new Map<string, () => void>()
    const waitFor = (key: string) => new Promise<void>((resolve) => released.set(key, resolve))
    const release = async (key: string) => {
      while (!released.has(key)) await flush()
      released.get(key)?.()
    }
    runtime.register(
      defineTool({
        name: 'hold',
        description: 'Waits until released.',
        parameters: { key: { type: 'string', required: true } },
        output: { schema: { type: 'string' }, render: (_a, v) => [{ type: 'text', text: v }] },
        execute: async ({ key }) => (await waitFor(key), key),
      }),
    )
    runtime.register(extra('asked'))
    runtime.on('tools/pre-execute', async (exec, next) => (exec.name === 'asked' ? (await waitFor('ask'), { kind: 'ask', reason: 'late' }) : next()))
    const harness = await open({ runtime, elicit: 'accept' })
    const hold = (key: string) => harness.client.callTool({ name: 'hold', arguments: { key } })
    const older = hold('older')
    const middle = hold('middle')
    const newer = hold('newer')
    const asked = harness.client.callTool({ name: 'asked', arguments: {} })
    // Every call is in flight; one started before the asking call settles, then the ask comes.
    while (!released.has('ask')) await flush()
    await release('middle')
    expect((await middle).isError).toBeFalsy()
    await release('ask')
    expect((await asked).isError).toBeFalsy()
    expect(harness.elicitations).toEqual([expect.stringMatching(/asked.*late/)])
    await release('older')
    await release('newer')
    expect((await older).isError).toBeFalsy()
    expect((await newer).isError).toBeFalsy()
  })

  it.each(['notifications/cancelled', 'the connection closing'] as const)(
    'a call cancelled by %s while its approval is elicited ends ABORTED_BEFORE_DISPATCH, and the approval service is not asked',
    async (how) => {
      let serviceAsked = 0
      const runtime = createToolRuntime({ approval: async () => (serviceAsked++, 'allowed-once') })
      runtime.register(extra('asked'))
      runtime.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'destructive' }))
      const results: ToolExecutionResult[] = []
      runtime.on('tools/result', (_exec, result) => void results.push(result))
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
      const session = await serveMcp(runtime, { transport: serverTransport })
      const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } })
      let elicited = false
      // The person never answers.
      client.setRequestHandler(ElicitRequestSchema, () => ((elicited = true), new Promise<never>(() => {})))
      await client.connect(clientTransport)
      const controller = new AbortController()
      const call = client.callTool({ name: 'asked', arguments: {} }, CallToolResultSchema, { signal: controller.signal }).catch((error: unknown) => error)
      while (!elicited) await flush()
      if (how === 'notifications/cancelled') controller.abort()
      else await session.close()
      await call
      while (results.length === 0) await flush()
      await session.close()
      expect(results.map((result) => result.isError && result.error.info?.code)).toEqual(['ABORTED_BEFORE_DISPATCH'])
      expect(serviceAsked).toBe(0)
    },
  )

  it('after close, changes send nothing and the approval channel is gone', async () => {
    const runtime = createToolRuntime()
    const harness = await open({ runtime })
    await harness.session.close()
    expect(() => runtime.register(extra('after_close'))).not.toThrow()
    await flush()
    const direct = await runtime.execute({
      callId: 'c',
      name: 'delete_file',
      arguments: { path: 'x' },
      signal: new AbortController().signal,
    })
    // With the session gone, the ask reaches the runtime's own (absent) approval service.
    expect(direct.isError && direct.error.info?.code).toBe('DENIED')
    expect(direct.isError && direct.error.message).not.toMatch(/elicitation/)
  })
})
