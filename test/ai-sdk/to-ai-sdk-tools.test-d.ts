import type { InferToolInput, InferToolOutput, Tool, ToolSet } from 'ai'
import { toAiSdkTools } from '@toolsmith/ai-sdk'
import { createToolRuntime, defineTool, type ToolArgsOf, type ToolOutputOf } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'
import { deleteFile, getWeather, tools } from './fixtures.js'
import { tools as exampleTools } from '../../example/src/tools/index.js'
import type { ReadFileArgs, ReadFileOutput } from '../../example/src/tools/generated/read_file.js'
import type { BashArgs, BashOutput } from '../../example/src/tools/generated/bash.js'

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

  test("the generated example's index types the set with the generated Args/Output interfaces", () => {
    const set = toAiSdkTools(runtime, { agent, tools: exampleTools })
    expectTypeOf<InferToolInput<typeof set.read_file>>().toEqualTypeOf<ReadFileArgs>()
    expectTypeOf<InferToolOutput<typeof set.read_file>>().toEqualTypeOf<ReadFileOutput>()
    expectTypeOf<InferToolInput<typeof set.bash>>().toEqualTypeOf<BashArgs>()
    expectTypeOf<InferToolOutput<typeof set.bash>>().toEqualTypeOf<BashOutput>()
    expectTypeOf<keyof typeof set>().toEqualTypeOf<'bash' | 'edit_file' | 'glob' | 'grep' | 'read_file' | 'web_fetch'>()
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
