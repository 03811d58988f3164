import { generateText, stepCountIs, streamText, type ModelMessage, type ToolSet } from 'ai'
import type { MockLanguageModelV3 } from 'ai/test'
import { toAiSdkTools } from '@toolsmith/ai-sdk'
import { createToolRuntime, declaredApprovals, type ToolExecutionResult, type ToolRuntime } from '@toolsmith/runtime'
import { beforeEach, describe, expect, it } from 'vitest'
import { intervals, scriptedModel, tools, waitLog, type Step } from './fixtures.js'

interface Run {
  readonly steps: readonly { readonly content: readonly { readonly type: string }[] }[]
  readonly content: readonly Record<string, unknown>[]
  readonly messages: ModelMessage[]
}
interface RunArgs {
  readonly model: MockLanguageModelV3
  readonly tools: ToolSet
  readonly messages: ModelMessage[]
  readonly abortSignal?: AbortSignal
}

const runners = {
  generateText: async (args: RunArgs): Promise<Run> => {
    const result = await generateText({ ...args, stopWhen: stepCountIs(6) })
    return { steps: result.steps, content: result.content as never, messages: result.response.messages }
  },
  streamText: async (args: RunArgs): Promise<Run> => {
    const result = streamText({ ...args, stopWhen: stepCountIs(6), onError: () => undefined })
    await result.consumeStream()
    return { steps: await result.steps, content: (await result.content) as never, messages: (await result.response).messages }
  },
}

/** The prompts the model was sent, per step, whichever entry point ran. */
const prompts = (model: MockLanguageModelV3) => [...model.doGenerateCalls, ...model.doStreamCalls].map((call) => call.prompt)
/** The tool results the model was sent back in the prompt of step `index`, by tool call id. */
const sentBack = (model: MockLanguageModelV3, index: number): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const message of prompts(model)[index] ?? []) {
    if (message.role !== 'tool') continue
    for (const part of message.content) if (part.type === 'tool-result') out[part.toolCallId] = part.output
  }
  return out
}
const user = (text: string): ModelMessage[] => [{ role: 'user', content: text }]

const agent = { id: 'assistant' }
let runtime: ToolRuntime
const results: ToolExecutionResult[] = []
beforeEach(() => {
  runtime = createToolRuntime()
  for (const tool of tools) runtime.register(tool)
  runtime.on('tools/pre-execute', declaredApprovals())
  results.length = 0
  runtime.on('tools/result', (_exec, result) => void results.push(result))
  intervals.length = 0
  waitLog.length = 0
})

describe.each(Object.entries(runners))('toAiSdkTools with %s over MockLanguageModelV3', (_entry, run) => {
  it('runs several steps with parallel calls; the model gets the rendered content back', async () => {
    const model = scriptedModel([
      {
        calls: [
          ['c1', 'get_weather', { city: 'Oslo' }],
          ['c2', 'get_weather', { city: 'Lima', unit: 'f' }],
        ],
      },
      { calls: [['c3', 'write_note', { text: 'Oslo 21' }]] },
      { text: 'done' },
    ])
    const outcome = await run({ model, tools: toAiSdkTools(runtime, { agent, tools }), messages: user('weather?') })
    expect(outcome.steps).toHaveLength(3)
    expect(sentBack(model, 1)).toEqual({ c1: { type: 'text', value: 'Oslo: 21°' }, c2: { type: 'text', value: 'Lima: 70°' } })
    expect(sentBack(model, 2)['c3']).toEqual({ type: 'text', value: 'wrote 7 chars' })
    const [a, b] = intervals.filter((interval) => interval.name === 'get_weather')
    expect(a !== undefined && b !== undefined && a.start < b.end && b.start < a.end).toBe(true)
    const toolResults = outcome.steps.flatMap((step) => step.content).filter((part) => part.type === 'tool-result')
    expect(toolResults.map((part) => (part as unknown as { output: unknown }).output)).toEqual([
      { city: 'Oslo', degrees: 21 },
      { city: 'Lima', degrees: 70 },
      7,
    ])
  })

  it.each([
    ['bad arguments', 'get_weather', { unit: 'k' }, /^INVALID_ARGS: .*city/s],
    ['a throwing tool', 'explode', {}, /^TOOL_ERROR: the fuse was lit$/],
  ] as const)('%s: a tool-error, sent to the model as error text with the code', async (_case, name, input, message) => {
    const model = scriptedModel([{ calls: [['c1', name, input]] }, { text: 'sorry' }])
    const outcome = await run({ model, tools: toAiSdkTools(runtime, { agent, tools }), messages: user('go') })
    const error = outcome.steps[0]?.content.find((part) => part.type === 'tool-error') as
      { error?: { code?: string; message?: string } } | undefined
    expect(error?.error?.message).toMatch(message)
    expect(error?.error?.code).toBe(String(message).slice(2, String(message).indexOf(':')))
    const output = sentBack(model, 1)['c1'] as { type: string; value: string }
    expect(output.type).toBe('error-text')
    expect(output.value).toMatch(message)
  })

  it('maps images in the rendered content to image-data parts', async () => {
    const model = scriptedModel([{ calls: [['c1', 'snapshot', {}]] }, { text: 'nice' }])
    await run({ model, tools: toAiSdkTools(runtime, { agent, tools }), messages: user('look') })
    expect(sentBack(model, 1)['c1']).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'here it is' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    })
  })

  /** Runs until the SDK asks for approval of delete_file, then answers it and runs on. */
  const approvalRun = async (approved: boolean, set: ToolSet) => {
    const model = scriptedModel([{ calls: [['c1', 'delete_file', { path: 'a.txt' }]] }, { text: 'ok' }])
    const first = await run({ model, tools: set, messages: user('delete a.txt') })
    const request = first.content.find((part) => part.type === 'tool-approval-request') as
      { approvalId: string; toolCall: { toolName: string } } | undefined
    expect(request?.toolCall.toolName).toBe('delete_file')
    expect(results).toHaveLength(0)
    const messages: ModelMessage[] = [
      ...user('delete a.txt'),
      ...first.messages,
      { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved }] },
    ]
    await run({ model, tools: set, messages })
    return model
  }

  it('an approval granted through a tool set made after one without approval tools runs the call (the gate comes with the first such set)', async () => {
    toAiSdkTools(runtime, { agent, tools: [tools[0]] })
    await approvalRun(true, toAiSdkTools(runtime, { agent, tools }))
    expect(results[0]?.isError).toBe(false)
  })

  it('an approval granted through the SDK parts runs the call (the declared ask is answered)', async () => {
    const model = await approvalRun(true, toAiSdkTools(runtime, { agent, tools }))
    expect(results).toHaveLength(1)
    expect(results[0]?.isError).toBe(false)
    expect(sentBack(model, 1)['c1']).toEqual({ type: 'text', value: 'deleted a.txt' })
  })

  it('an approval denied through the SDK parts is execution-denied and never reaches the tool', async () => {
    const model = await approvalRun(false, toAiSdkTools(runtime, { agent, tools }))
    expect(results).toHaveLength(0)
    expect((sentBack(model, 1)['c1'] as { type: string }).type).toBe('execution-denied')
  })

  it.each([
    [
      'a pre-execute deny',
      () =>
        void runtime.on(
          'tools/pre-execute',
          (exec, next) => (exec.name === 'delete_file' ? { kind: 'deny', reason: 'read-only day' } : next()),
          { prepend: true },
        ),
    ],
    ['a guard', () => void runtime.guard((exec) => (exec.name === 'delete_file' ? 'read-only day' : undefined))],
  ])("the runtime's policy has the last word after an SDK approval: %s", async (_case, install) => {
    install()
    const model = await approvalRun(true, toAiSdkTools(runtime, { agent, tools }))
    expect(results[0]?.isError && results[0].error.info?.code).toBe('DENIED')
    expect(sentBack(model, 1)['c1']).toEqual({ type: 'error-text', value: expect.stringMatching(/^DENIED: .*read-only day/) })
  })

  it('an exclusive tool never overlaps the other calls of its step', async () => {
    const model = scriptedModel([
      {
        calls: [
          ['c1', 'get_weather', { city: 'Oslo' }],
          ['c2', 'write_note', { text: 'a' }],
          ['c3', 'get_weather', { city: 'Rome' }],
          ['c4', 'write_note', { text: 'bb' }],
          ['c5', 'get_weather', { city: 'Kyiv' }],
        ],
      },
      { text: 'done' },
    ])
    await run({ model, tools: toAiSdkTools(runtime, { agent, tools }), messages: user('go') })
    expect(intervals).toHaveLength(5)
    for (const exclusive of intervals.filter((interval) => interval.name === 'write_note')) {
      for (const other of intervals) {
        if (other === exclusive) continue
        expect(other.end <= exclusive.start || other.start >= exclusive.end).toBe(true)
      }
    }
    // Without the gate the SDK would start all five at once: the runs would overlap.
    expect(
      Math.max(...intervals.map((interval) => interval.end)) - Math.min(...intervals.map((interval) => interval.start)),
    ).toBeGreaterThan(85)
  })

  it('an abort mid-step reaches the body through the SDK abortSignal: it drains, the result is ABORTED', async () => {
    const controller = new AbortController()
    runtime.on('tools/execute', (_exec, next) => {
      setTimeout(() => controller.abort(), 10)
      return next()
    })
    const model = scriptedModel([{ calls: [['c1', 'wait_forever', {}]] }, { text: 'never' }])
    const outcome = run({ model, tools: toAiSdkTools(runtime, { agent, tools }), messages: user('wait'), abortSignal: controller.signal })
    await outcome.catch(() => undefined)
    while (results.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(waitLog).toEqual(['started', 'drained'])
    expect(results[0]?.isError && results[0].error.info?.code).toBe('ABORTED')
    expect(prompts(model)).toHaveLength(1)
  })
})

describe('toAiSdkTools', () => {
  it('hands over only what the agent sees, with title, and needsApproval only for approval: always', () => {
    runtime.forAgent(agent).restrict({ deny: ['explode'] })
    const set = toAiSdkTools(runtime, { agent })
    expect(Object.keys(set)).toEqual(
      runtime
        .forAgent(agent)
        .describe()
        .map((tool) => tool.name),
    )
    expect(Object.keys(set)).not.toContain('explode')
    expect(set['get_weather']?.title).toBe('Weather')
    expect(set['delete_file']?.needsApproval).toBe(true)
    expect(set['get_weather']?.needsApproval).toBeUndefined()
  })

  it.each([
    ['no tool that needs approval', [0], 0],
    ['a tool that needs approval', [0, 4], 1],
    ['two sets with tools that need approval (one gate per view)', [4, 4], 1],
  ] as const)('installs its pre-execute gate only for %s', (_case, picks, gates) => {
    // Every listener the adapter installs goes through the agent's view: count them there.
    const installed: string[] = []
    const view = runtime.forAgent(agent)
    // The runtime and its views are frozen: wrap rather than proxy (the adapter reads nothing else off the runtime).
    const counted: ToolRuntime = Object.create(view, {
      on: {
        value: (event: string, ...rest: unknown[]) => {
          installed.push(event)
          return (view.on as (...args: unknown[]) => () => void)(event, ...rest)
        },
      },
    })
    const host = { forAgent: () => counted } as unknown as ToolRuntime
    for (const pick of picks) toAiSdkTools(host, { agent, tools: [tools[pick]] })
    expect(installed.filter((event) => event === 'tools/pre-execute')).toHaveLength(gates)
  })

  it('the typed form keeps only the listed tools', () => {
    const set = toAiSdkTools(runtime, { agent, tools: [tools[0]] })
    expect(Object.keys(set)).toEqual(['get_weather'])
  })
})
