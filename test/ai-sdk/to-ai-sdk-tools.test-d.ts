import type { InferToolInput, InferToolOutput, Tool, ToolSet } from 'ai'
import { toAiSdkTools } from '@toolsmith/ai-sdk'
import { createToolRuntime, defineTool, type ToolArgsOf, type ToolOutputOf } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'
import { deleteFile, getWeather, tools } from './fixtures.js'

const runtime = createToolRuntime()
const agent = { id: 'a' }

describe('toAiSdkTools types', () => {
  test('a host writing tools.get_weather gets the real argument and output types', () => {
    const set = toAiSdkTools(runtime, { agent, tools })
    expectTypeOf(set.get_weather).toEqualTypeOf<Tool<ToolArgsOf<typeof getWeather>, ToolOutputOf<typeof getWeather>>>()
    expectTypeOf<InferToolInput<typeof set.get_weather>>().toEqualTypeOf<{ city: string; unit?: 'c' | 'f'; [k: string]: unknown }>()
    expectTypeOf<InferToolOutput<typeof set.get_weather>>().toEqualTypeOf<{ city: string; degrees: number }>()
    expectTypeOf<InferToolOutput<typeof set.write_note>>().toEqualTypeOf<number>()
    expectTypeOf<InferToolInput<typeof set.delete_file>>().toEqualTypeOf<ToolArgsOf<typeof deleteFile>>()
    expectTypeOf(set).toMatchTypeOf<ToolSet>()
    // @ts-expect-error: only the listed tools are keys
    void set.read_file
  })

  test('a defined tool keeps its name as a literal type', () => {
    const tool = defineTool({
      name: 'echo',
      description: 'd',
      parameters: {},
      output: { schema: { type: 'string' }, render: () => [] },
      execute: async () => 'x',
    })
    expectTypeOf(tool.name).toEqualTypeOf<'echo'>()
  })

  test('without typed definitions the set is a plain ToolSet', () => {
    expectTypeOf(toAiSdkTools(runtime, { agent })).toEqualTypeOf<ToolSet>()
  })
})
