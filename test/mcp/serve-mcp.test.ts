import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { CallToolResultSchema, ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { TOOLSMITH_ERROR_META_KEY } from '@toolsmith/mcp'
import { tools } from './fixtures/tools.mjs'
import { openInMemory, openStdio, type Harness, type OpenOptions } from './harness.js'

const fixture = (name: string) => {
  const found = tools.find((tool) => tool.name === name)
  if (found === undefined) throw new Error(`no fixture ${name}`)
  return found
}

/** The code a failed result carries under the documented `_meta` key. */
const codeOf = (result: CallToolResult): unknown => (result._meta?.[TOOLSMITH_ERROR_META_KEY] as { code?: unknown } | undefined)?.code
const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe.each([
  ['InMemoryTransport', openInMemory],
  ['stdio to a spawned toolsmith mcp', openStdio],
] as const)('serveMcp over %s with the real SDK Client', (_transport, open: (options?: OpenOptions) => Promise<Harness>) => {
  const open_: Harness[] = []
  afterEach(async () => {
    for (const harness of open_.splice(0)) await harness.close()
  })
  /** Opens a client and lists once, so the client's own output-schema validation covers every later call. */
  const connect = async (options: OpenOptions = {}): Promise<Harness & { listed: Tool[] }> => {
    const harness = await open(options)
    open_.push(harness)
    const { tools: listed } = await harness.client.listTools()
    return { ...harness, listed }
  }
  const validator = new AjvJsonSchemaValidator()
  /** Calls through the client (which validates structuredContent itself) and re-checks it with the SDK's validator. */
  const call = async (harness: Harness & { listed: Tool[] }, name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    const result = (await harness.client.callTool({ name, arguments: args })) as CallToolResult
    const listed = harness.listed.find((tool) => tool.name === name)
    if (listed?.outputSchema !== undefined && result.isError !== true) {
      expect(validator.getValidator(listed.outputSchema as object)(result.structuredContent).valid).toBe(true)
    }
    return result
  }

  it('lists every visible tool sorted by name, with input/output schemas, title and annotations', async () => {
    const harness = await connect()
    const names = tools.map((tool) => tool.name)
    expect(harness.listed.map((tool) => tool.name)).toEqual([...names].sort())
    const weather = harness.listed.find((tool) => tool.name === 'get_weather')
    expect(weather).toEqual({
      name: 'get_weather',
      title: 'Weather',
      description: fixture('get_weather').description,
      inputSchema: fixture('get_weather').parameters,
      outputSchema: fixture('get_weather').output.schema,
      annotations: { title: 'Weather', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    })
    const explode = harness.listed.find((tool) => tool.name === 'explode')
    expect(explode?.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true })
    expect(explode?.title).toBeUndefined()
  })

  it('calls a tool: structuredContent is the value, content the rendered text', async () => {
    const harness = await connect()
    const result = await call(harness, 'get_weather', { city: 'Oslo', unit: 'f' })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ city: 'Oslo', degrees: 70 })
    expect(result.content).toEqual([{ type: 'text', text: 'Oslo: 70°' }])
  })

  it('wraps a non-object output as { result } for 2025-11-25, which the client validates', async () => {
    const harness = await connect()
    const listed = harness.listed.find((tool) => tool.name === 'count_words')
    expect(listed?.outputSchema).toEqual({
      type: 'object',
      properties: { result: fixture('count_words').output.schema },
      required: ['result'],
      additionalProperties: false,
    })
    const result = await call(harness, 'count_words', { text: 'one two  three' })
    expect(result.structuredContent).toEqual({ result: 3 })
    expect(textOf(result)).toBe('3')
  })

  it('maps image blocks to MCP image content', async () => {
    const harness = await connect()
    const result = await call(harness, 'snapshot', {})
    expect(result.content).toEqual([
      { type: 'text', text: 'here it is' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ])
  })

  it.each([
    ['bad arguments', 'get_weather', { unit: 'k' }, 'INVALID_ARGS', /city/],
    ['a throwing tool', 'explode', {}, 'TOOL_ERROR', /the fuse was lit/],
    ['an unknown tool', 'no_such_tool', {}, 'UNKNOWN_TOOL', /no_such_tool/],
  ] as const)('%s: isError, the message, and the code in _meta', async (_case, name, args, code, message) => {
    const harness = await connect()
    const result = await call(harness, name, args)
    expect(result.isError).toBe(true)
    expect(codeOf(result)).toBe(code)
    expect(textOf(result)).toMatch(message)
    expect(result.structuredContent).toBeUndefined()
  })

  it('an approval accepted through elicitation lets the call run once', async () => {
    const harness = await connect({ elicit: 'accept' })
    const result = await call(harness, 'delete_file', { path: 'a.txt' })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({ deleted: 'a.txt' })
    expect(harness.elicitations).toHaveLength(1)
    expect(harness.elicitations[0]).toMatch(/delete_file/)
    expect(harness.elicitations[0]).toMatch(/a\.txt/)
    await call(harness, 'delete_file', { path: 'b.txt' })
    expect(harness.elicitations).toHaveLength(2)
  })

  it.each(['decline', 'cancel'] as const)('an approval answered %s is DENIED', async (answer) => {
    const harness = await connect({ elicit: answer })
    const result = await call(harness, 'delete_file', { path: 'a.txt' })
    expect(result.isError).toBe(true)
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toMatch(answer === 'decline' ? /declined/ : /cancelled/)
    expect(harness.elicitations).toHaveLength(1)
  })

  it('a client without elicitation is DENIED with a message saying why it could not be asked', async () => {
    const harness = await connect()
    const result = await call(harness, 'delete_file', { path: 'a.txt' })
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toMatch(/needs approval/)
    expect(textOf(result)).toMatch(/does not support elicitation/)
  })

  it('reports progress while a call is pending when the client asks for it', async () => {
    const harness = await connect()
    const progress: number[] = []
    await harness.client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } }, CallToolResultSchema, {
      onprogress: (event) => progress.push(event.progress),
    })
    expect(progress[0]).toBe(1)
  })

  it("cancellation reaches the tool's signal: the body drains and the result is ABORTED", async () => {
    const harness = await connect()
    const controller = new AbortController()
    const readLog = async () => ((await call(harness, 'read_log', {})).structuredContent as { result: string[] }).result
    const before = (await readLog()).length
    const pending = harness.client.callTool({ name: 'wait_forever', arguments: {} }, CallToolResultSchema, { signal: controller.signal })
    await until(async () => (await readLog()).length > before)
    controller.abort(new Error('user pressed stop'))
    await expect(pending).rejects.toThrow(/user pressed stop/)
    let entries: string[] = []
    await until(async () => {
      entries = (await readLog()).slice(before)
      return entries.length >= 3
    })
    expect(entries).toEqual(['started', 'drained', 'ABORTED'])
  })

  it('sends notifications/tools/list_changed after a registration, and lists the new tool', async () => {
    const harness = await connect()
    let changes = 0
    harness.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++
    })
    await call(harness, 'add_tool', { name: 'added_later' })
    await until(async () => changes > 0)
    const { tools: after } = await harness.client.listTools()
    expect(after.map((tool) => tool.name)).toContain('added_later')
    expect(changes).toBe(1)
  })
})
