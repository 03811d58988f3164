// The exported bundled example against each provider SDK's own request types, and the MCP export
// against the MCP SDK's own schemas. No network: the SDKs are dev dependencies, only their types
// and zod schemas are used. Each export is written as a TypeScript literal assigned to the SDK's
// type and checked by one tsc run, so every literal field ("function", "OBJECT", …) is checked.
import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Type } from '@google/genai'
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { type ExportOptions, type ExportTarget, exportTools } from '@toolsmith/providers'
import { createToolRuntime } from '@toolsmith/runtime'
import { beforeAll, describe, expect, test } from 'vitest'
import { tools } from '../../example/src/tools/index.js'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const dir = `${repo}node_modules/.cache/toolsmith-provider-sdk-check/`

const runtime = createToolRuntime()
for (const tool of tools) runtime.register(tool)
const described = runtime.describe()

// [file, target, options, the SDK type import, the annotated type]
const CASES: [string, ExportTarget, ExportOptions, string, string][] = [
  ['openai-chat', 'openai-chat', {}, "import type { ChatCompletionTool } from 'openai/resources/chat/completions'", 'ChatCompletionTool[]'],
  ['openai-responses', 'openai-responses', {}, "import type { FunctionTool } from 'openai/resources/responses/responses'", 'FunctionTool[]'],
  ['anthropic', 'anthropic', {}, "import type { Tool } from '@anthropic-ai/sdk/resources/messages'", 'Tool[]'],
  ['anthropic-strict', 'anthropic', { strict: true }, "import type { Tool } from '@anthropic-ai/sdk/resources/messages'", 'Tool[]'],
  ['gemini', 'gemini', {}, "import { type FunctionDeclaration, Type } from '@google/genai'", 'FunctionDeclaration[]'],
  ['gemini-json-schema', 'gemini', { geminiSchema: 'parametersJsonSchema' }, "import type { FunctionDeclaration } from '@google/genai'", 'FunctionDeclaration[]'],
  ['mcp-2025-11-25', 'mcp@2025-11-25', {}, "import type { Tool } from '@modelcontextprotocol/sdk/types.js'", 'Tool[]'],
  ['mcp-2026-07-28', 'mcp@2026-07-28', {}, "import type { Tool } from '@modelcontextprotocol/sdk/types.js'", 'Tool[]'],
]

// The SDK declares Gemini's Type as a TypeScript enum, which a string literal cannot be assigned to even when it is
// the enum's own value: the OpenAPI types are written as Type.X (each checked to be the very string on the wire).
function literal(file: string, tools: unknown[]): string {
  const text = JSON.stringify(tools, null, 2)
  if (file !== 'gemini') return text
  return text.replace(/"type": "([A-Z]+)"/g, (_match, name: string) => {
    expect((Type as Record<string, string>)[name]).toBe(name)
    return `"type": Type.${name}`
  })
}

describe('the exported bundled example type-checks against each provider SDK', () => {
  beforeAll(async () => {
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    const files: string[] = []
    for (const [file, target, options, imports, type] of CASES) {
      const result = exportTools(target, described, options)
      expect(result.errors).toEqual([])
      expect(result.tools).toHaveLength(described.length)
      await writeFile(`${dir}${file}.ts`, `${imports}\nexport const tools: ${type} = ${literal(file, result.tools)}\n`)
      files.push(`${file}.ts`)
    }
    // A control: a wrong literal must fail the same check (so the check is not vacuous).
    const wrong = exportTools('openai-chat', described).tools.map((tool) => ({ ...(tool as object), type: 'func' }))
    await writeFile(
      `${dir}control.ts`,
      `import type { ChatCompletionTool } from 'openai/resources/chat/completions'\n// @ts-expect-error "func" is not a tool type\nexport const tools: ChatCompletionTool[] = ${JSON.stringify(wrong)}\n`,
    )
    files.push('control.ts')
    const config = {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files,
    }
    await writeFile(`${dir}tsconfig.json`, JSON.stringify(config))
  })

  test('one tsc run over every export: no errors', async () => {
    const tsc = `${repo}node_modules/.bin/tsc`
    const result = await promisify(execFile)(tsc, ['-p', `${dir}tsconfig.json`], { cwd: repo }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number | string; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    )
    expect(result.output).toBe('')
    expect(result.code).toBe(0)
  })
})

describe('the MCP export is a valid tools/list result for the MCP SDK', () => {
  test.each(['mcp@2025-11-25', 'mcp@2026-07-28'] as const)('%s: ListToolsResultSchema accepts it', (target) => {
    const result = exportTools(target, described)
    const parsed = ListToolsResultSchema.safeParse({ tools: result.tools })
    expect(parsed.error).toBeUndefined()
    expect(parsed.success).toBe(true)
  })

  test('2025-11-25 wraps a non-object output so the SDK accepts it; unwrapped, the SDK refuses it', () => {
    const surface = { ...described[0]!, name: 'list_names', output: { type: 'array', items: { type: 'string' } } }
    expect(ListToolsResultSchema.safeParse({ tools: exportTools('mcp@2025-11-25', [surface]).tools }).success).toBe(true)
    // The SDK (at 2025-11-25's rules) refuses the 2026-07-28 form, which is why the older revision wraps.
    expect(ListToolsResultSchema.safeParse({ tools: exportTools('mcp@2026-07-28', [surface]).tools }).success).toBe(false)
  })

  test('the annotations of the example reach the MCP export as hints', () => {
    const readFile = exportTools('mcp@2026-07-28', described).tools.find((tool) => (tool as { name: string }).name === 'read_file') as Record<string, unknown>
    expect(readFile['annotations']).toEqual({ title: 'Read file', readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false })
    expect(readFile['title']).toBe('Read file')
  })
})
