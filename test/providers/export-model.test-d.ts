import type { ExportResult, ToolSurface } from '@toolsmith/providers'
import { exportTools } from '@toolsmith/providers'
import type { ToolDescription } from '@toolsmith/runtime'
import { createToolRuntime } from '@toolsmith/runtime'
import { describe, expectTypeOf, test } from 'vitest'

describe('providers types', () => {
  test('a runtime ToolDescription is a ToolSurface: describe() goes straight into exportTools', () => {
    expectTypeOf<ToolDescription>().toExtend<ToolSurface>()
    expectTypeOf(exportTools('mcp@2026-07-28', createToolRuntime().describe())).toEqualTypeOf<ExportResult>()
  })

  test('targets are the pinned names, and "mcp" alone (the newest revision)', () => {
    expectTypeOf(exportTools('mcp', []).target).toEqualTypeOf<'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp@2025-11-25' | 'mcp@2026-07-28'>()
    // @ts-expect-error not a target
    exportTools('openai', [])
  })
})
