import { describe, expectTypeOf, test } from 'vitest'
import type { InferArgs, InferValue, JsonValue, ParameterSchemaSpec, ValueSchemaSpec } from '@toolsmith/runtime'

// Shapes pinned by the task: what json-schema-to-typescript prints for the compiled schema.

describe('InferValue: scalars', () => {
  test('plain scalars infer their primitive; integer is number', () => {
    expectTypeOf<InferValue<{ readonly type: 'string' }>>().toEqualTypeOf<string>()
    expectTypeOf<InferValue<{ readonly type: 'number' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferValue<{ readonly type: 'integer' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferValue<{ readonly type: 'boolean' }>>().toEqualTypeOf<boolean>()
    expectTypeOf<InferValue<{ readonly type: 'null' }>>().toEqualTypeOf<null>()
  })

  test('enum infers the literal union, readonly tuples included', () => {
    const mode = { type: 'string', enum: ['read', 'write'] } as const
    expectTypeOf<InferValue<typeof mode>>().toEqualTypeOf<'read' | 'write'>()
    const level = { type: 'integer', enum: [1, 2, 3] } as const
    expectTypeOf<InferValue<typeof level>>().toEqualTypeOf<1 | 2 | 3>()
    const flag = { type: 'boolean', enum: [true] } as const
    expectTypeOf<InferValue<typeof flag>>().toEqualTypeOf<true>()
    const nothing = { type: 'null', enum: [null] } as const
    expectTypeOf<InferValue<typeof nothing>>().toEqualTypeOf<null>()
  })

  test('const infers its literal', () => {
    expectTypeOf<InferValue<{ readonly type: 'string'; readonly const: 'v1' }>>().toEqualTypeOf<'v1'>()
    expectTypeOf<InferValue<{ readonly type: 'number'; readonly const: 0.5 }>>().toEqualTypeOf<0.5>()
    expectTypeOf<InferValue<{ readonly type: 'boolean'; readonly const: false }>>().toEqualTypeOf<false>()
  })

  test('annotations do not change the inferred type', () => {
    const spec = { type: 'string', description: 'd', title: 't', default: 'x', examples: ['a', 'b'] } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<string>()
  })

  test('a spec written without as const (its type only `string`) infers JsonValue, never `never`', () => {
    const widened = { type: 'string', enum: ['a', 'b'] }
    expectTypeOf<InferValue<typeof widened>>().toEqualTypeOf<JsonValue>()
    const parameters = { path: { type: 'string', required: true } }
    expectTypeOf<InferArgs<typeof parameters>['path']>().toEqualTypeOf<JsonValue | undefined>()
  })
})

describe('InferValue: containers', () => {
  test('array infers a mutable T[]', () => {
    const spec = { type: 'array', items: { type: 'string' } } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<string[]>()
    expectTypeOf<InferValue<typeof spec>>().not.toEqualTypeOf<readonly string[]>()
  })

  test('closed object: mutable properties, optional keys with ? and no undefined', () => {
    const spec = {
      type: 'object',
      additionalProperties: false,
      properties: {
        req: { type: 'string', required: true },
        opt: { type: 'integer' },
      },
    } as const
    interface Closed {
      req: string
      opt?: number
    }
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<Closed>()
    expectTypeOf<InferValue<typeof spec>>().not.toEqualTypeOf<{ req: string; opt?: number | undefined }>()
    expectTypeOf<InferValue<typeof spec>>().not.toEqualTypeOf<{ readonly req: string; readonly opt?: number }>()
    expectTypeOf<InferValue<typeof spec>>().not.toEqualTypeOf<{ req: string; opt?: number; [key: string]: unknown }>()
  })

  test('open object adds [key: string]: unknown', () => {
    const spec = {
      type: 'object',
      additionalProperties: true,
      properties: { id: { type: 'string', required: true } },
    } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<{ id: string; [key: string]: unknown }>()
  })

  test('objects without properties', () => {
    expectTypeOf<InferValue<{ readonly type: 'object'; readonly additionalProperties: false }>>().toEqualTypeOf<{}>()
    expectTypeOf<InferValue<{ readonly type: 'object'; readonly additionalProperties: true }>>().toEqualTypeOf<{
      [key: string]: unknown
    }>()
  })

  test('json infers JsonValue; oneOf the union of its branches', () => {
    expectTypeOf<InferValue<{ readonly type: 'json'; readonly description: 'any' }>>().toEqualTypeOf<JsonValue>()
    const spec = {
      oneOf: [{ type: 'string' }, { type: 'null' }, { type: 'array', items: { type: 'integer', enum: [1, 2] } }],
    } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<string | null | (1 | 2)[]>()
  })

  test('nested shapes compose', () => {
    const spec = {
      type: 'object',
      additionalProperties: false,
      properties: {
        path: { type: 'string', required: true },
        lines: {
          type: 'array',
          required: true,
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              number: { type: 'integer', required: true },
              text: { type: 'string', required: true },
            },
          },
        },
        meta: { type: 'object', additionalProperties: true },
      },
    } as const
    interface ReadFileOutput {
      path: string
      lines: { number: number; text: string }[]
      meta?: { [k: string]: unknown }
    }
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<ReadFileOutput>()
  })

  test('a spec typed as the whole union infers JsonValue', () => {
    expectTypeOf<InferValue<ValueSchemaSpec>>().toEqualTypeOf<JsonValue>()
  })
})

describe('InferArgs', () => {
  test('equals a json2ts-style interface with an index signature', () => {
    const parameters = {
      path: { type: 'string', required: true, description: 'Workspace-relative path.' },
      offset: { type: 'integer', description: '1-based first line.' },
    } as const satisfies ParameterSchemaSpec
    interface ReadFileArgs {
      path: string
      offset?: number
      [k: string]: unknown
    }
    expectTypeOf<InferArgs<typeof parameters>>().toEqualTypeOf<ReadFileArgs>()
    expectTypeOf<InferArgs<typeof parameters>>().not.toEqualTypeOf<{ path: string; offset?: number }>()
    expectTypeOf<InferArgs<typeof parameters>>().not.toEqualTypeOf<{
      path: string
      offset: number
      [k: string]: unknown
    }>()
  })

  test('the empty parameter map is an open empty object', () => {
    expectTypeOf<InferArgs<{}>>().toEqualTypeOf<{ [key: string]: unknown }>()
  })

  test('the wide ParameterSchemaSpec infers an open record', () => {
    expectTypeOf<InferArgs<ParameterSchemaSpec>>().toEqualTypeOf<{ [key: string]: unknown }>()
  })

  test('awkward keys stay ordinary properties', () => {
    const parameters = {
      ['__proto__']: { type: 'string', required: true },
      constructor: { type: 'boolean' },
      'with space': { type: 'null', required: true },
    } as const
    expectTypeOf<InferArgs<typeof parameters>>().toEqualTypeOf<{
      __proto__: string
      constructor?: boolean
      'with space': null
      [k: string]: unknown
    }>()
  })

  test('property specs of every kind', () => {
    const parameters = {
      mode: { type: 'string', enum: ['a', 'b'], required: true },
      tags: { type: 'array', items: { type: 'string' } },
      anything: { type: 'json', required: true },
      either: { oneOf: [{ type: 'string' }, { type: 'number' }], required: true },
    } as const
    expectTypeOf<InferArgs<typeof parameters>>().toEqualTypeOf<{
      mode: 'a' | 'b'
      tags?: string[]
      anything: JsonValue
      either: string | number
      [k: string]: unknown
    }>()
  })
})

describe('InferValue: typed maps and value constraints', () => {
  test('additionalProperties as a spec infers { [key: string]: T }', () => {
    const cookies = { type: 'object', additionalProperties: { type: 'number' } } as const
    expectTypeOf<InferValue<typeof cookies>>().toEqualTypeOf<{ [key: string]: number }>()
    const nested = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } } as const
    expectTypeOf<InferValue<typeof nested>>().toEqualTypeOf<{ [key: string]: ('a' | 'b')[] }>()
  })

  test('a typed map with declared properties keeps them beside the index signature', () => {
    const spec = {
      type: 'object',
      additionalProperties: { type: 'string' },
      properties: { id: { type: 'string', required: true } },
    } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<{ id: string; [key: string]: string }>()
    const mixed = {
      type: 'object',
      additionalProperties: { type: 'number' },
      properties: { id: { type: 'string', required: true }, on: { type: 'boolean' } },
    } as const
    expectTypeOf<InferValue<typeof mixed>>().toEqualTypeOf<{ id: string; on?: boolean; [key: string]: number | string | boolean }>()
  })

  test('typed maps as arguments', () => {
    const parameters = { headers: { type: 'object', required: true, additionalProperties: { type: 'string' } } } as const
    expectTypeOf<InferArgs<typeof parameters>>().toEqualTypeOf<{ headers: { [key: string]: string }; [key: string]: unknown }>()
  })

  test('value constraints leave the type alone', () => {
    const limit = { type: 'integer', minimum: 1, maximum: 100, multipleOf: 1 } as const
    expectTypeOf<InferValue<typeof limit>>().toEqualTypeOf<number>()
    const date = { type: 'string', format: 'date', pattern: '^\\d', minLength: 10, maxLength: 10 } as const
    expectTypeOf<InferValue<typeof date>>().toEqualTypeOf<string>()
    const vertex = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2, uniqueItems: true } as const
    expectTypeOf<InferValue<typeof vertex>>().toEqualTypeOf<number[]>()
    const bag = { type: 'object', additionalProperties: true, minProperties: 1, maxProperties: 3 } as const
    expectTypeOf<InferValue<typeof bag>>().toEqualTypeOf<{ [key: string]: unknown }>()
  })

  test('the DSL types accept the constraints and reject a format outside the list', () => {
    expectTypeOf({ type: 'string', format: 'date' } as const).toExtend<ValueSchemaSpec>()
    expectTypeOf({ type: 'string', format: 'phone' } as const).not.toExtend<ValueSchemaSpec>()
    expectTypeOf({ type: 'object', additionalProperties: { type: 'number' } } as const).toExtend<ValueSchemaSpec>()
  })
})
