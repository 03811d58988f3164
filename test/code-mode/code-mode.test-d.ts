import { codeModeSdk, createCodeMode, type CodeEngine, type CodeRunValue } from '@toolsmith/code-mode'
import { createToolRuntime, type CodeDispatchEvent, type CodeModeErrorCode, type ToolDefinition, type ToolErrorCode } from '@toolsmith/runtime'
import { expectTypeOf, test } from 'vitest'

test('createCodeMode returns a ToolDefinition; codeModeSdk a string; the durable event is typed', () => {
  const runtime = createToolRuntime()
  expectTypeOf(createCodeMode(runtime)).toEqualTypeOf<ToolDefinition>()
  expectTypeOf(createCodeMode).parameter(1).toMatchTypeOf<{ engine?: CodeEngine; timeoutMs?: number } | undefined>()
  expectTypeOf(codeModeSdk(runtime, { id: 'a' })).toEqualTypeOf<string>()
  runtime.on('tool/code-dispatch', (event) => {
    expectTypeOf(event).toEqualTypeOf<CodeDispatchEvent>()
  })
  expectTypeOf<CodeModeErrorCode>().toMatchTypeOf<ToolErrorCode>()
  expectTypeOf<CodeRunValue['calls'][number]['id']>().toEqualTypeOf<string>()
})
