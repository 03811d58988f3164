import { expectTypeOf, test } from 'vitest'
import type { JsonValue } from '@toolsmith/runtime'

test('JsonValue accepts scalars', () => {
  expectTypeOf<'a'>().toMatchTypeOf<JsonValue>()
  expectTypeOf<1>().toEqualTypeOf<1>()
})
