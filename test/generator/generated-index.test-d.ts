// The generated index names each tool's types instead of inferring them from the stubs, and keeps them
// precise per tool: `ToolsByName[name]` and each position of `tools` carry that tool's own argument and
// output types, equal to the runtime's inference of its specs.
import { defineTypedTool, type InferArgs, type InferValue, type ToolArgsOf, type ToolDefinition, type ToolOutputOf, type TypedTool } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'
import type * as bounds from './fixtures/types/expected/src/tools/generated/bounds.js'
import type * as scalars from './fixtures/types/expected/src/tools/generated/scalars.js'
import type { tools, ToolsByName } from './fixtures/types/expected/src/tools/index.js'
import type boundsStub from './fixtures/types/expected/src/tools/bounds.js'

describe('the generated index', () => {
  test('each entry by name has its own argument and output types', () => {
    expectTypeOf<ToolArgsOf<ToolsByName['bounds']>>().toEqualTypeOf<bounds.BoundsArgs>()
    expectTypeOf<ToolOutputOf<ToolsByName['bounds']>>().toEqualTypeOf<bounds.BoundsOutput>()
    expectTypeOf<ToolArgsOf<ToolsByName['scalars']>>().toEqualTypeOf<InferArgs<typeof scalars.scalarsParameters>>()
    expectTypeOf<ToolOutputOf<ToolsByName['scalars']>>().toEqualTypeOf<InferValue<typeof scalars.scalarsOutputSpec>>()
    expectTypeOf<ToolArgsOf<ToolsByName['bounds']>>().not.toEqualTypeOf<ToolArgsOf<ToolsByName['scalars']>>()
  })

  test('each position of tools is that tool, and every entry is a ToolDefinition', () => {
    expectTypeOf<ToolArgsOf<(typeof tools)[0]>>().toEqualTypeOf<bounds.BoundsArgs>()
    expectTypeOf<ToolOutputOf<(typeof tools)[5]>>().toEqualTypeOf<scalars.ScalarsOutput>()
    expectTypeOf<(typeof tools)[number]>().toExtend<ToolDefinition>()
    expectTypeOf<typeof tools>().toHaveProperty('length').toEqualTypeOf<6>()
  })

  test('the stub itself is typed by the generated names', () => {
    expectTypeOf<ToolArgsOf<typeof boundsStub>>().toEqualTypeOf<bounds.BoundsArgs>()
    expectTypeOf<typeof boundsStub>().toExtend<TypedTool<bounds.BoundsArgs, bounds.BoundsOutput>>()
    expectTypeOf<typeof boundsStub>().not.toExtend<TypedTool<scalars.ScalarsArgs, scalars.ScalarsOutput>>()
  })

  test('each entry carries its name as a literal, so a host can key the tools by name', () => {
    expectTypeOf<ToolsByName['bounds']['name']>().toEqualTypeOf<'bounds'>()
    expectTypeOf<(typeof tools)[5]['name']>().toEqualTypeOf<'scalars'>()
  })
})

describe('defineTypedTool', () => {
  test('types the callbacks by the named types, and rejects a body that breaks them', () => {
    const parameters = { q: { type: 'string', required: true } } as const
    interface Args { q: string; [key: string]: unknown }
    const tool = defineTypedTool<Args, number>({
      name: 't',
      description: 'd',
      parameters,
      output: { schema: { type: 'integer' }, render: (args, value) => [{ type: 'text', text: `${args.q}${value.toFixed(0)}` }] },
      execute: async (args) => args.q.length,
    })
    expectTypeOf<ToolArgsOf<typeof tool>>().toEqualTypeOf<Args>()
    expectTypeOf<ToolOutputOf<typeof tool>>().toEqualTypeOf<number>()
    defineTypedTool<Args, number>({
      name: 't',
      description: 'd',
      parameters,
      output: { schema: { type: 'integer' }, render: () => [] },
      // @ts-expect-error the body must return the named output type
      execute: async (args) => args.q,
    })
  })
})
