import { expectTypeOf, test } from 'vitest'
import { defineTool, type ToolArgsOf, type ToolOutputOf } from '@toolsmith/runtime'

test('defineTool infers the body types from the specs', () => {
  const tool = defineTool({
    name: 'read_file',
    description: 'Read a file.',
    parameters: { path: { type: 'string', required: true }, mode: { type: 'string', enum: ['a', 'b'] } },
    output: {
      schema: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer', required: true } } },
      render: (_args, value) => {
        expectTypeOf(value).toEqualTypeOf<{ n: number }>()
        return []
      },
    },
    execute: async (args) => {
      expectTypeOf(args.path).toEqualTypeOf<string>()
      expectTypeOf(args.mode).toEqualTypeOf<'a' | 'b' | undefined>()
      return { n: 1 }
    },
  })
  expectTypeOf<ToolOutputOf<typeof tool>>().toEqualTypeOf<{ n: number }>()
  expectTypeOf<ToolArgsOf<typeof tool>['path']>().toEqualTypeOf<string>()
})

test('a wrong return type does not compile', () => {
  defineTool({
    name: 'x',
    description: 'x',
    parameters: {},
    output: { schema: { type: 'string' }, render: () => [] },
    // @ts-expect-error the body must return a string
    execute: async () => 1,
  })
})

test('"types render/presentationMeta" and the other callbacks from the specs', () => {
  defineTool({
    name: 'grep',
    description: 'Search.',
    parameters: { pattern: { type: 'string', required: true }, limit: { type: 'integer' } },
    output: {
      schema: { type: 'array', items: { type: 'string' } },
      render: (args, value) => {
        expectTypeOf(args.pattern).toEqualTypeOf<string>()
        expectTypeOf(args.limit).toEqualTypeOf<number | undefined>()
        expectTypeOf(value).toEqualTypeOf<string[]>()
        return []
      },
      presentationMeta: (args, value) => {
        expectTypeOf(args.pattern).toEqualTypeOf<string>()
        expectTypeOf(value).toEqualTypeOf<string[]>()
        return { hits: value.length }
      },
    },
    execute: async () => [],
    isConcurrencySafe: (args) => {
      expectTypeOf(args.limit).toEqualTypeOf<number | undefined>()
      return true
    },
    presentCall: (args) => ({ card: 'generic', title: args.pattern }),
  })
  defineTool({
    name: 'x',
    description: 'x',
    parameters: {},
    output: {
      schema: { type: 'string' },
      render: () => [],
      // @ts-expect-error presentationMeta must return lossless JSON
      presentationMeta: () => new Date(),
    },
    execute: async () => 'x',
  })
})
