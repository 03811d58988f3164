// Tools and a scripted MockLanguageModelV3 for the AI SDK suites. Not a test file itself.
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test'
import { defineTool } from '@toolsmith/runtime'

/** Start and end times of every body run, by tool name, to check overlap. */
export const intervals: { name: string; start: number; end: number }[] = []
const timed = async <T>(name: string, ms: number, value: T): Promise<T> => {
  const start = performance.now()
  await new Promise((resolve) => setTimeout(resolve, ms))
  intervals.push({ name, start, end: performance.now() })
  return value
}

export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  annotations: { title: 'Weather', readOnly: true },
  concurrencySafe: true,
  parameters: { city: { type: 'string', required: true }, unit: { type: 'string', enum: ['c', 'f'] } },
  output: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { city: { type: 'string', required: true }, degrees: { type: 'number', required: true } },
    },
    render: (_args, value) => [{ type: 'text', text: `${value.city}: ${value.degrees}°` }],
  },
  isConcurrencySafe: () => true,
  execute: (args) => timed('get_weather', 30, { city: args.city, degrees: args.unit === 'f' ? 70 : 21 }),
})

export const writeNote = defineTool({
  name: 'write_note',
  description: 'Writes a note (exclusive: never overlaps other calls).',
  parameters: { text: { type: 'string', required: true } },
  output: { schema: { type: 'integer' }, render: (_args, value) => [{ type: 'text', text: `wrote ${value} chars` }] },
  execute: (args) => timed('write_note', 30, args.text.length),
})

export const explode = defineTool({
  name: 'explode',
  description: 'Always throws.',
  parameters: {},
  output: { schema: { type: 'null' }, render: () => [] },
  execute: async () => {
    throw new Error('the fuse was lit')
  },
})

export const snapshot = defineTool({
  name: 'snapshot',
  description: 'A one-pixel picture.',
  parameters: {},
  output: {
    schema: { type: 'object', additionalProperties: false, properties: { bytes: { type: 'integer', required: true } } },
    render: () => [
      { type: 'text', text: 'here it is' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ],
  },
  execute: async () => ({ bytes: 8 }),
})

export const deleteFile = defineTool({
  name: 'delete_file',
  description: 'Deletes a file (asks first).',
  approval: 'always',
  parameters: { path: { type: 'string', required: true } },
  output: {
    schema: { type: 'object', additionalProperties: false, properties: { deleted: { type: 'string', required: true } } },
    render: (_args, value) => [{ type: 'text', text: `deleted ${value.deleted}` }],
  },
  execute: async (args) => ({ deleted: args.path }),
})

/** What the waiting tool recorded. */
export const waitLog: string[] = []
export const waitForever = defineTool({
  name: 'wait_forever',
  description: 'Waits until cancelled, then drains for 20 ms.',
  parameters: {},
  output: { schema: { type: 'null' }, render: () => [] },
  execute: (_args, { signal }) =>
    new Promise<null>((resolve) => {
      waitLog.push('started')
      signal.addEventListener('abort', () =>
        setTimeout(() => {
          waitLog.push('drained')
          resolve(null)
        }, 20),
      )
    }),
})

export const tools = [getWeather, writeNote, explode, snapshot, deleteFile, waitForever] as const

// The provider-spec types, read off the mock (the `@ai-sdk/provider` package is not a dependency of ours).
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>
type LanguageModelV3Content = LanguageModelV3GenerateResult['content'][number]
type LanguageModelV3StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

/** One scripted model step: tool calls `[id, name, input]`, or a final text. */
export type Step = { readonly calls: readonly (readonly [string, string, unknown])[] } | { readonly text: string }

function contentOf(step: Step): LanguageModelV3Content[] {
  return 'text' in step
    ? [{ type: 'text', text: step.text }]
    : step.calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }))
}

/** A MockLanguageModelV3 answering `steps` in order, for generateText (doGenerate) and streamText (doStream). */
export function scriptedModel(steps: readonly Step[]): MockLanguageModelV3 {
  const finish = (step: Step) => ({ unified: 'text' in step ? ('stop' as const) : ('tool-calls' as const), raw: undefined })
  const generated: LanguageModelV3GenerateResult[] = steps.map((step) => ({
    content: contentOf(step),
    finishReason: finish(step),
    usage,
    warnings: [],
  }))
  const streamed = steps.map((step) => {
    const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }]
    for (const part of contentOf(step)) {
      if (part.type === 'text')
        parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: part.text }, { type: 'text-end', id: 't' })
      else parts.push(part as LanguageModelV3StreamPart)
    }
    parts.push({ type: 'finish', finishReason: finish(step), usage })
    return { stream: convertArrayToReadableStream(parts) }
  })
  return new MockLanguageModelV3({ doGenerate: generated, doStream: streamed })
}
