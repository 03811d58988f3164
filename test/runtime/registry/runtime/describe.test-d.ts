import type { JsonSchemaNode, ResolvedToolAnnotations, ToolCallKind, ToolDescription, ToolSchema } from '@toolsmith/runtime'
import { createToolRuntime, declaredApprovals } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'

const runtime = createToolRuntime()

describe('describe() types', () => {
  test('describe() lists ToolDescription, a ToolSchema with output, annotations and metadata', () => {
    expectTypeOf(runtime.describe()).toEqualTypeOf<ToolDescription[]>()
    expectTypeOf(runtime.forAgent({ id: 'a' }).describe()).toEqualTypeOf<ToolDescription[]>()
    expectTypeOf<ToolDescription>().toExtend<ToolSchema>()
    expectTypeOf<ToolDescription['output']>().toEqualTypeOf<JsonSchemaNode>()
    expectTypeOf<ToolDescription['approval']>().toEqualTypeOf<'never' | 'always'>()
    expectTypeOf<ToolDescription['kind']>().toEqualTypeOf<ToolCallKind | undefined>()
    expectTypeOf<ResolvedToolAnnotations['readOnly']>().toEqualTypeOf<boolean>()
    expectTypeOf<ResolvedToolAnnotations['title']>().toEqualTypeOf<string | undefined>()
  })

  test('declaredApprovals() is a tools/pre-execute listener', () => {
    runtime.on('tools/pre-execute', declaredApprovals())
    // @ts-expect-error not a post-execute listener
    runtime.on('tools/post-execute', declaredApprovals())
  })
})
