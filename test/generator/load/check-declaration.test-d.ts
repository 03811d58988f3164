import type { ToolCallKind } from '@toolsmith/runtime'
import { expectTypeOf, test } from 'vitest'
import { PRESENTATION_CARDS, SEARCH_SHAPES, TOOL_CALL_KINDS } from '../../../generator/src/load/check-declaration.js'
import type { PresentationCard, PresentationHints } from '../../../generator/src/model/tool-declaration.js'

test('the loader lists exactly the kinds, cards and shapes the types name', () => {
  expectTypeOf<(typeof TOOL_CALL_KINDS)[number]>().toEqualTypeOf<ToolCallKind>()
  expectTypeOf<(typeof PRESENTATION_CARDS)[number]>().toEqualTypeOf<PresentationCard>()
  expectTypeOf<(typeof SEARCH_SHAPES)[number]>().toEqualTypeOf<NonNullable<PresentationHints['shape']>>()
})
