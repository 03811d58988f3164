import { printCodeModeSdk, printCodeModeToolDeclaration, type CodeModeSdkTool } from '@toolsmith/providers'
import { Project } from 'ts-morph'
import { describe, expect, test } from 'vitest'

const tool = (name: string, parameters: CodeModeSdkTool['parameters'], extra: Partial<CodeModeSdkTool> = {}): CodeModeSdkTool => ({
  name,
  description: `The ${name} tool.`,
  parameters,
  ...extra,
})

/** The printed Args declaration of a one-tool SDK. */
function argsOf(parameters: CodeModeSdkTool['parameters']): string {
  const text = printCodeModeToolDeclaration(tool('t', parameters))
  return text.slice(text.indexOf('export '), text.indexOf('\n\n/** What'))
}

describe('printCodeModeSdk — JSON Schema to TypeScript', () => {
  test.each([
    ['scalars and requiredness', { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' }, d: { type: 'null' } } },
      'export interface TArgs {\n  a: string\n  /** @integer */\n  b?: number\n  c?: boolean\n  d?: null\n}'],
    ['enum, const and type unions', { type: 'object', properties: { e: { enum: ['x', 1, null] }, k: { const: 'only' }, u: { type: ['string', 'null'] } } },
      'export interface TArgs {\n  e?: "x" | 1 | null\n  k?: "only"\n  u?: string | null\n}'],
    ['arrays and nested objects', { type: 'object', properties: { list: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }, any: { type: 'array' } } },
      'export interface TArgs {\n  list?: {\n    n: number\n  }[]\n  any?: JsonValue[]\n}'],
    ['oneOf branches', { type: 'object', properties: { v: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: ['number', 'null'] } }] } } },
      'export interface TArgs {\n  v?: string | Array<number | null>\n}'],
    ['a schema for additional properties', { type: 'object', additionalProperties: { type: 'number' } },
      'export interface TArgs {\n  [key: string]: number\n}'],
    ['keys that are not identifiers are quoted', { type: 'object', properties: { 'a-b': { type: 'string' }, '1x': { type: 'string' }, '*/': { type: 'string' } } },
      'export interface TArgs {\n  "a-b"?: string\n  "1x"?: string\n  "*/"?: string\n}'],
  ])('%s', (_name, parameters, want) => {
    expect(argsOf(parameters)).toBe(want)
  })

  test('descriptions and constraints (in the shared constraint text) are in the JSDoc; a comment end is escaped', () => {
    const text = argsOf({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where. Not */ here.', minLength: 1, maxLength: 10, pattern: '^[a-z]+$', format: 'uri', default: 'a', examples: ['b'] },
        n: { type: 'number', minimum: 0, exclusiveMaximum: 5, multipleOf: 0.5 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
      },
    })
    expect(text).toContain('   * Where. Not *\\/ here.\n   * 1–10 characters, matches ^[a-z]+$, format uri\n   * @default "a"\n   * @example "b"\n')
    expect(text).toContain('  /** at least 0, less than 5, a multiple of 0.5 */\n  n?: number')
    expect(text).toContain('  /** at least 1 item, unique items */\n  tags?: string[]')
    expect(text).not.toMatch(/Not \*\/ here/)
  })

  test('a tool needing approval is declared, with the note that it waits and may throw DENIED', () => {
    const text = printCodeModeSdk([tool('deploy', { type: 'object' }, { approval: 'always' }), tool('look', { type: 'object' })])
    expect(text).toMatch(/Needs a person's approval[^\n]*DENIED[^\n]*\n\s*\*\/\n\s*deploy\(args: DeployArgs\)/)
    expect(text).toContain('look(args: LookArgs): Promise<LookOutput>')
  })

  test('sorted by name whatever the input order, with distinct type names for clashing tool names', () => {
    const a = printCodeModeSdk([tool('read-file', { type: 'object' }), tool('read_file', { type: 'object' }), tool('a', { type: 'object' })])
    const b = printCodeModeSdk([tool('a', { type: 'object' }), tool('read_file', { type: 'object' }), tool('read-file', { type: 'object' })])
    expect(a).toBe(b)
    expect(a).toContain('"read-file"(args: ReadFileArgs)')
    expect(a).toContain('read_file(args: ReadFile2Args)')
    expect(a.indexOf('  a(args')).toBeLessThan(a.indexOf('"read-file"(args'))
  })

  test('the printed SDK type-checks, and a program using it wrongly does not', () => {
    const sdk = printCodeModeSdk([
      tool('read_file', { type: 'object', required: ['path'], properties: { path: { type: 'string' }, limit: { type: 'integer' } } }, {
        output: { type: 'object', required: ['lines'], properties: { lines: { type: 'array', items: { type: 'string' } } } },
      }),
      tool('odd */ name', { type: 'object', properties: { 'x"y': { enum: ['*/', 'a\nb'] } } }),
    ])
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true, target: 9, module: 199, moduleResolution: 99, lib: ['lib.es2022.d.ts'] } })
    project.createSourceFile('/sdk.d.ts', sdk)
    project.createSourceFile('/good.ts', "import { tools, ToolError } from './sdk.js'\nexport async function main() {\n  const r = await tools.read_file({ path: 'a', limit: 2 })\n  try { await tools['odd */ name']({ 'x\"y': '*/' }) } catch (e) { if (e instanceof ToolError) return e.code }\n  return r.lines.join('\\n')\n}\n")
    project.createSourceFile('/bad.ts', "import { tools } from './sdk.js'\nexport const p = tools.read_file({ limit: 'x' })\n")
    const messages = (path: string) => project.getPreEmitDiagnostics().filter((d) => d.getSourceFile()?.getFilePath() === path).map((d) => d.getMessageText())
    expect(messages('/sdk.d.ts')).toEqual([])
    expect(messages('/good.ts')).toEqual([])
    expect(messages('/bad.ts').length).toBeGreaterThan(0)
  })
})
