// The adapters' own cost. MCP: a tools/call round trip over InMemoryTransport with the real SDK Client,
// through serveMcp vs through a minimal hand-written low-level Server handler calling the tool body
// directly (validate, call, render). AI SDK: a generateText round (one tool call, then the final text,
// MockLanguageModelV3) with toAiSdkTools vs a bare tool({ inputSchema: jsonSchema(...), execute }), and the
// tools' execute + toModelOutput alone. Two attribution groups say where the MCP gap comes from: the same
// hand-written handler calling runtime.execute() (the runtime's share), and serveMcp against that handler (what
// the adapter adds on top of the runtime). Many short interleaved rounds in one process (the order alternates
// every round), after a warm-up; each round times every contender by wall clock and by this process's CPU time,
// and the headline figure is the median of the per-round ratios (a slow stretch of the shared machine hits
// both contenders of a round alike), with the 10th–90th percentile and min–max of those ratios.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import * as runtimeBuild from '../../runtime/dist/index.js'
import { createToolRuntime } from '../../runtime/dist/index.js'
import { serveMcp } from '../../mcp/dist/index.js'
import { toAiSdkTools } from '../../ai-sdk/dist/index.js'
import { callsPerSecond, median, roundOrder, summary, writeResult } from '../lib.mjs'
import { readFileTool } from '../pipeline/read-file-tool.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 60)
const WARMUP_ROUNDS = 3

// The same trivial tool as bench/pipeline: a few arguments, a small object output, one text block.
const { tool: definition, body, render, args, argsValidator, outputValidator } = readFileTool(runtimeBuild)

const runtime = createToolRuntime()
runtime.register(definition)
const agent = { id: 'bench' }

// --- MCP -------------------------------------------------------------------------------------------
async function connected(serve) {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await serve(serverTransport)
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(clientTransport)
  await client.listTools() // the client validates every structuredContent from here on, for both servers
  return client
}
const viaServeMcp = await connected((transport) => serveMcp(runtime, { transport, agent }))
const viaHandler = await connected(async (transport) => {
  const server = new Server({ name: 'hand-written', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'read_file', description: 'Read a file.', inputSchema: definition.parameters, outputSchema: definition.output.schema }],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const input = request.params.arguments ?? {}
    if (!argsValidator.is(input)) return { isError: true, content: [{ type: 'text', text: 'invalid arguments' }] }
    const value = await body(input)
    if (!outputValidator.is(value)) return { isError: true, content: [{ type: 'text', text: 'invalid output' }] }
    return { content: render(input, value), structuredContent: value }
  })
  await server.connect(transport)
})
// The same handler with runtime.execute() in place of validate, call and render: the runtime's share of the gap.
const view = runtime.forAgent(agent)
let handlerCalls = 0
const viaRuntimeHandler = await connected(async (transport) => {
  const server = new Server({ name: 'hand-written + runtime', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'read_file', description: 'Read a file.', inputSchema: definition.parameters, outputSchema: definition.output.schema }],
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await view.execute({ callId: `h${++handlerCalls}`, name: 'read_file', arguments: request.params.arguments ?? {}, signal: extra.signal })
    if (result.isError) return { isError: true, content: [{ type: 'text', text: result.error.message }] }
    return { content: result.content.map((block) => ({ type: 'text', text: block.text })), structuredContent: result.value }
  })
  await server.connect(transport)
})
const mcpCall = (client) => () => client.callTool({ name: 'read_file', arguments: args })

// --- AI SDK ----------------------------------------------------------------------------------------
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
let ids = 0
const model = new MockLanguageModelV3({
  doGenerate: async ({ prompt }) =>
    prompt.at(-1)?.role === 'tool'
      ? { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] }
      : {
          content: [{ type: 'tool-call', toolCallId: `t${ids++}`, toolName: 'read_file', input: JSON.stringify(args) }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
})
// The mock keeps every call's options; a bench must not grow it without bound.
const trim = () => model.doGenerateCalls.splice(0)
const adapterTools = toAiSdkTools(runtime, { agent, tools: [definition] })
const bareTools = {
  read_file: tool({
    description: 'Read a file.',
    inputSchema: jsonSchema(definition.parameters),
    execute: async (input) => {
      if (!argsValidator.is(input)) throw new Error('invalid arguments')
      const value = await body(input)
      if (!outputValidator.is(value)) throw new Error('invalid output')
      return value
    },
    toModelOutput: ({ input, output }) => ({
      type: 'text',
      value: render(input, output)
        .map((block) => block.text)
        .join('\n'),
    }),
  }),
}
const generate = (tools) => async () => {
  const result = await generateText({ model, tools, prompt: 'read it', stopWhen: stepCountIs(3) })
  trim()
  return result
}
const options = (toolCallId) => ({ toolCallId, messages: [], abortSignal: new AbortController().signal })
const executeOnly = (tools) => async () => {
  const toolCallId = `e${ids++}`
  const output = await tools.read_file.execute(args, options(toolCallId))
  return tools.read_file.toModelOutput({ toolCallId, input: args, output })
}

const groups = {
  mcp: { 'hand-written Server handler': mcpCall(viaHandler), serveMcp: mcpCall(viaServeMcp) },
  'mcp: runtime share': { 'hand-written Server handler': mcpCall(viaHandler), 'the handler calling runtime.execute()': mcpCall(viaRuntimeHandler) },
  'mcp: adapter share': { 'the handler calling runtime.execute()': mcpCall(viaRuntimeHandler), serveMcp: mcpCall(viaServeMcp) },
  'ai-sdk generateText': { 'bare tool()': generate(bareTools), toAiSdkTools: generate(adapterTools) },
  'ai-sdk execute + toModelOutput': { 'bare tool()': executeOnly(bareTools), toAiSdkTools: executeOnly(adapterTools) },
}

// Every contender must succeed the same way before it is timed.
for (const [group, contenders] of Object.entries(groups)) {
  for (const [who, run] of Object.entries(contenders)) {
    const result = await run()
    const ok =
      group.startsWith('mcp')
        ? result.isError !== true && result.structuredContent?.lines === 20 && result.content[0]?.text === 'src/index.ts: 20 lines'
        : group === 'ai-sdk generateText'
          ? result.steps.length === 2 && result.steps[0].toolResults[0]?.output?.lines === 20
          : result.type === 'text' && result.value === 'src/index.ts: 20 lines'
    if (!ok) throw new Error(`${group} / ${who} did not succeed: ${JSON.stringify(result)}`)
  }
}

// One round of one contender: sequential awaited calls for ROUND_MS of wall clock, by wall clock and by this
// process's CPU time. Everything here runs on one thread, so CPU time leaves out the time other processes on the
// shared machine held the core (it still counts cache and frequency effects).
const timedRound = (run) => callsPerSecond(run, ROUND_MS, 20)
const spread = (s) => `${s.median.toFixed(2)}x (p10–p90 ${s.p10.toFixed(2)}–${s.p90.toFixed(2)}, min–max ${s.min.toFixed(2)}–${s.max.toFixed(2)})`

// Calls interleaved one by one (A B B A …), each timed alone by the wall clock: the median call of each contender
// is one the machine did not preempt, so it is the steadiest figure here (it leaves out the rare GC pause, which
// the per-round CPU figure keeps).
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3000)
async function alternatingCalls(entries) {
  const times = entries.map(() => [])
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 === 1 ? [1, 0] : [0, 1]
    for (const k of order) {
      const start = process.hrtime.bigint()
      await entries[k][1]()
      times[k].push(Number(process.hrtime.bigint() - start) / 1e3)
    }
  }
  return times.map((list) => median(list))
}

const report = {}
console.log(
  `${ROUNDS} interleaved rounds of ${ROUND_MS} ms per contender after ${WARMUP_ROUNDS} warm-up rounds; ratio = peer calls/s ÷ ours per round, median of the rounds; target ≤ 1.2x\n`,
)
console.log('| group | ours / peer | µs/call peer → ours (median, wall) | wall: median of per-round ratios | CPU: median of per-round ratios | alternating calls: median µs peer → ours, ratio |')
console.log('| --- | --- | --- | --- | --- | --- |')
// BENCH_ONLY=ai-sdk (a substring of the group names) times only the matching groups.
const only = process.env.BENCH_ONLY ?? ''
for (const [group, contenders] of Object.entries(groups)) {
  if (!group.includes(only)) continue
  const entries = Object.entries(contenders)
  const samples = Object.fromEntries(entries.map(([who]) => [who, { wall: [], cpu: [] }]))
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const [, run] of entries) await timedRound(run)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [who, run] of roundOrder(round, entries)) {
      const { wall, cpu } = await timedRound(run)
      samples[who].wall.push(wall)
      samples[who].cpu.push(cpu)
    }
  }
  const [peerCall, oursCall] = await alternatingCalls(entries)
  const [peer, ours] = entries.map(([who]) => who)
  const ratios = (kind) => samples[peer][kind].map((peerOps, round) => peerOps / samples[ours][kind][round])
  const us = (who, kind) => 1e6 / median(samples[who][kind])
  const wall = summary(ratios('wall'))
  const cpu = summary(ratios('cpu'))
  report[group] = {
    peer,
    ours,
    peerMicroseconds: us(peer, 'wall'),
    oursMicroseconds: us(ours, 'wall'),
    peerCpuMicroseconds: us(peer, 'cpu'),
    oursCpuMicroseconds: us(ours, 'cpu'),
    ratioOfMedians: us(ours, 'wall') / us(peer, 'wall'),
    wall,
    cpu,
    alternating: { pairs: PAIRS, peerMicroseconds: peerCall, oursMicroseconds: oursCall, ratio: oursCall / peerCall },
  }
  console.log(
    `| ${group} | ${ours} / ${peer} | ${us(peer, 'wall').toFixed(1)} → ${us(ours, 'wall').toFixed(1)} (CPU ${us(peer, 'cpu').toFixed(1)} → ${us(ours, 'cpu').toFixed(1)}) | ${spread(wall)} | ${spread(cpu)} | ${peerCall.toFixed(1)} → ${oursCall.toFixed(1)}, ${(oursCall / peerCall).toFixed(2)}x |`,
  )
}
writeResult('adapters', { rounds: ROUNDS, roundMs: ROUND_MS, warmupRounds: WARMUP_ROUNDS, pairs: PAIRS, node: process.version, report, target: 1.2 })
process.exit(0)
