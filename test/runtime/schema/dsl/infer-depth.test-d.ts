import { describe, expectTypeOf, test } from 'vitest'
import type { InferArgs, InferValue, JsonValue, ValueSchemaSpec } from '@toolsmith/runtime'
import { INFER_DEPTH_LIMIT } from '@toolsmith/runtime'
import { spec16, spec17, spec30 } from './deep-specs.js'

// Two container levels of the deep specs: a closed object `{ n }` holding an array.
type Pair<X> = { n: X[] }
type Pairs8<X> = Pair<Pair<Pair<Pair<Pair<Pair<Pair<Pair<X>>>>>>>>

// Nested array specs built at the type level: N arrays around a string.
type ArraySpec<N extends number, Acc extends 0[] = []> = Acc['length'] extends N
  ? { readonly type: 'string' }
  : { readonly type: 'array'; readonly items: ArraySpec<N, [...Acc, 0]> }
type Arrays<X, N extends number, Acc extends 0[] = []> = Acc['length'] extends N ? X : Arrays<X[], N, [...Acc, 0]>

describe('the 16-level bound', () => {
  test('the limit is 16', () => {
    expectTypeOf<typeof INFER_DEPTH_LIMIT>().toEqualTypeOf<16>()
  })

  test('16 nested arrays stay exact down to the leaf', () => {
    expectTypeOf<InferValue<ArraySpec<16>>>().toEqualTypeOf<Arrays<string, 16>>()
    expectTypeOf<InferValue<ArraySpec<16>>>().not.toEqualTypeOf<Arrays<JsonValue, 16>>()
  })

  test('the 17th nested array falls back to JsonValue', () => {
    expectTypeOf<InferValue<ArraySpec<17>>>().toEqualTypeOf<Arrays<JsonValue, 16>>()
  })

  test('16 levels of objects and arrays stay exact, literal leaf included', () => {
    expectTypeOf<InferValue<typeof spec16>>().toEqualTypeOf<Pairs8<'leaf'>>()
  })

  test('a 17th level (an object) infers JsonValue', () => {
    expectTypeOf<InferValue<typeof spec17>>().toEqualTypeOf<Pairs8<JsonValue>>()
  })

  test('a 30-level spec satisfies ValueSchemaSpec and infers 16 exact levels then JsonValue', () => {
    expectTypeOf(spec30).toMatchTypeOf<ValueSchemaSpec>()
    expectTypeOf<InferValue<typeof spec30>>().toEqualTypeOf<Pairs8<JsonValue>>()
  })

  test('the parameter root is not a level: its properties start at level 1', () => {
    const parameters = { deep: spec16, deeper: spec17 } as const
    expectTypeOf<InferArgs<typeof parameters>>().toEqualTypeOf<{
      deep?: Pairs8<'leaf'>
      deeper?: Pairs8<JsonValue>
      [k: string]: unknown
    }>()
  })

  test('oneOf adds no level', () => {
    const spec = { oneOf: [spec16, { type: 'null' }] } as const
    expectTypeOf<InferValue<typeof spec>>().toEqualTypeOf<Pairs8<'leaf'> | null>()
  })
})
