import { printCodeModeSdk } from '@toolsmith/providers'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { PlanCacheStore } from '../../../generator/src/plan/cache/plan-cache-store.js'
import { planFiles } from '../../../generator/src/plan/plan-files.js'
import type { PlanCache, PlanResult } from '../../../generator/src/model/plan.js'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'
import { POISON } from './cache/cache-probes.js'
import { FIXTURES, fixtureCase, loadCase, memoryOptions } from './fixture-project.js'

const contents = (result: PlanResult): [string, string][] => result.files.map((file) => [file.path, file.content])
const asExisting = (result: PlanResult): Map<string, string> => new Map(contents(result))

describe('deterministic', () => {
  test('planning twice gives identical files; the input order of declarations does not matter', async () => {
    const fixture = await fixtureCase('cards')
    const first = await planFiles(fixture.declarations, fixture.options)
    const again = await planFiles(fixture.declarations, fixture.options)
    const reversed = await planFiles([...fixture.declarations].reverse(), fixture.options)
    expect(contents(again)).toEqual(contents(first))
    expect(contents(reversed)).toEqual(contents(first))
  })

  const elsewhere = mkdtempSync(join(tmpdir(), 'toolsmith-emit-'))
  afterAll(() => rmSync(elsewhere, { recursive: true, force: true }))

  test('the same project in another folder gives byte-identical files (no absolute path leaks)', async () => {
    cpSync(join(FIXTURES, 'hostile', 'schemas'), join(elsewhere, 'schemas'), { recursive: true })
    const here = await fixtureCase('hostile')
    const there = await planFiles(await loadCase(elsewhere), memoryOptions(elsewhere, new Map()))
    expect(contents(there)).toEqual(contents(await planFiles(here.declarations, here.options)))
    for (const [, content] of contents(there)) expect(content).not.toContain(elsewhere)
  })
})

describe('regenerating', () => {
  test('a plan over its own output changes nothing, reports nothing', async () => {
    const fixture = await fixtureCase('cards')
    const first = await planFiles(fixture.declarations, fixture.options)
    const second = await planFiles(fixture.declarations, memoryOptions(fixture.cwd, asExisting(first)))
    expect(contents(second)).toEqual(contents(first))
    expect(second.diagnostics).toEqual([])
    expect(second.deletions).toEqual([])
    expect(second.orphans).toEqual([])
  })

  test('author code survives a changed declaration byte for byte, while the generated module follows the YAML', async () => {
    const fixture = await fixtureCase('cards')
    const first = asExisting(await planFiles(fixture.declarations, fixture.options))
    const stubPath = 'src/tools/grep.ts'
    const authored = (first.get(stubPath) ?? '')
      .replace("import { defineTool", "import { readdir } from 'node:fs/promises'\nimport { defineTool")
      .replace(
        "throw new Error('grep is not implemented yet: write its execute body in src/tools/grep.ts')",
        '// Walks the folder; see helpers below.\n    const names = await readdir(".")\n    return { total: names.length, truncated: false, files: [] }',
      )
      .concat('\n/** A helper the author added. */\nexport function helper(): string {\n  return "kept"\n}\n')
    expect(authored).toContain('helper')
    first.set(stubPath, authored)
    const changed: ToolDeclaration[] = fixture.declarations.map((declaration) =>
      declaration.name !== 'grep'
        ? declaration
        : {
            ...declaration,
            timeoutMs: 5000,
            concurrencySafe: false,
            parameters: { ...declaration.parameters, glob: { type: 'string', description: 'Only files matching this glob.' } },
          },
    )
    const second = await planFiles(changed, memoryOptions(fixture.cwd, first))
    const planned = asExisting(second)
    expect(planned.get(stubPath)).toBe(authored)
    const generated = planned.get('src/tools/generated/grep.ts') ?? ''
    expect(generated).toContain("glob: { type: 'string', description: 'Only files matching this glob.' }")
    expect(generated).toContain('glob?: string')
    expect(generated).toContain('timeoutMs: 5000')
    expect(generated).not.toContain('isConcurrencySafe')
    expect(second.diagnostics).toEqual([])
  })

  test('an unparsable stub is an error at its place and stays exactly as it is', async () => {
    const fixture = await fixtureCase('cards')
    const existing = asExisting(await planFiles(fixture.declarations, fixture.options))
    const broken = (existing.get('src/tools/glob.ts') ?? '').replace('  output: {', '  output: {{')
    existing.set('src/tools/glob.ts', broken)
    const result = await planFiles(fixture.declarations, memoryOptions(fixture.cwd, existing))
    expect(asExisting(result).get('src/tools/glob.ts')).toBe(broken)
    const line = broken.split('\n').findIndex((text) => text.includes('output: {{')) + 1
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'stub-syntax', file: 'src/tools/glob.ts', line }),
    ])
  })

  test('a stub whose wiring was removed is a warning at its place and stays exactly as it is', async () => {
    const fixture = await fixtureCase('cards')
    const existing = asExisting(await planFiles(fixture.declarations, fixture.options))
    const rewired = (existing.get('src/tools/now.ts') ?? '').replace('  ...nowDeclaration,\n', "  name: 'now',\n  description: 'mine',\n  parameters: {},\n")
    existing.set('src/tools/now.ts', rewired)
    const result = await planFiles(fixture.declarations, memoryOptions(fixture.cwd, existing))
    expect(asExisting(result).get('src/tools/now.ts')).toBe(rewired)
    const line = rewired.split('\n').findIndex((text) => text.startsWith('export default defineTypedTool<')) + 1
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'stub-wiring', file: 'src/tools/now.ts', line, column: 'export default defineTypedTool<NowArgs, NowOutput>('.length + 1 }),
    ])
  })
})

describe('stubs the index could not import (issue 10)', () => {
  test.each([
    ['an empty stub', ''],
    ['a stub with only a named export', 'export const now = 1\n'],
    ['a stub whose default export was commented out', '// export default defineTool({})\nexport {}\n'],
  ])('%s is an error at the stub (the index imports its default export), and stays as it is', async (_name, text) => {
    const fixture = await fixtureCase('cards')
    const existing = asExisting(await planFiles(fixture.declarations, fixture.options))
    existing.set('src/tools/now.ts', text)
    const result = await planFiles(fixture.declarations, memoryOptions(fixture.cwd, existing))
    expect(asExisting(result).get('src/tools/now.ts')).toBe(text)
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'stub-wiring', file: 'src/tools/now.ts', message: expect.stringContaining('has no default export') }),
    ])
  })

  test('a default export that is not defineTool({ ... }) still compiles in the index: a warning', async () => {
    const fixture = await fixtureCase('cards')
    const existing = asExisting(await planFiles(fixture.declarations, fixture.options))
    existing.set('src/tools/now.ts', 'import tool from "./elsewhere.js"\nexport default tool\n')
    const result = await planFiles(fixture.declarations, memoryOptions(fixture.cwd, existing))
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'stub-wiring', file: 'src/tools/now.ts' })])
  })
})

/** A declaration with raw control characters in its description, property notes, enum values and default. */
function withControls(): ToolDeclaration {
  const controls = '\u0000\u0001\u0007\u001b[31m\u007f\u0085\u009f\u000b\u000c'
  return {
    name: 'ctl',
    description: `Tool ${controls} end`,
    parameters: { q: { type: 'string', description: `q ${controls}`, enum: [`a${controls}`, 'b'], default: `a${controls}` } },
    output: { type: 'object', additionalProperties: false, properties: { r: { type: 'string', description: `r ${controls}` } } },
    sourceFile: 'schemas/ctl.tool.yaml',
  }
}

describe('control characters never reach the Markdown (issue 10)', () => {
  test('descriptions, property notes, enum values and defaults with raw controls: the catalog and regions hold none', async () => {
    const declaration = withControls()
    const region = '# Ours\n\n<!-- toolsmith:catalog -->\n<!-- /toolsmith:catalog -->\n'
    const options = memoryOptions('/project', new Map([['README.md', region]]), { catalogRegions: ['README.md'] })
    const result = await planFiles([declaration], options)
    expect(result.diagnostics).toEqual([])
    const files = asExisting(result)
    for (const file of ['docs/tools.md', 'README.md']) {
      const text = files.get(file) ?? ''
      expect(text, file).toContain('Tool ')
      expect(text, file).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
      // Written as character references (Markdown renders the same characters) or, in the code block, as escapes.
      expect(text, file).toContain('&#x1B;\\[31m')
      expect(text, file).toContain('r \\u0000\\u0001')
    }
  })
})

describe('control characters never reach the generated TypeScript', () => {
  test('descriptions, property notes, enum values and defaults with raw controls: every .ts file holds none, as escapes', async () => {
    const declaration = withControls()
    const result = await planFiles([declaration], memoryOptions('/project', new Map()))
    expect(result.diagnostics).toEqual([])
    const typescript = result.files.filter((file) => file.path.endsWith('.ts'))
    expect(typescript.map((file) => file.path)).toContain('src/tools/generated/ctl.ts')
    for (const file of typescript) expect(file.content, file.path).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    // The module's declaration keeps the text exactly: the escapes read back as the same characters.
    const module = typescript.find((file) => file.path === 'src/tools/generated/ctl.ts')?.content ?? ''
    expect(module).toContain(String.raw`Tool \u0000\u0001\u0007\u001b[31m\u007F\u0085\u009F\u000b\f end`)
  })
})

describe('names the emitters refuse', () => {
  test.each([
    ['index', 'would collide with the generated index.ts'],
    ['Index', 'would collide with the generated index.ts'],
    ['code-mode-sdk', 'would collide with the generated code-mode-sdk.ts'],
    ['run_code', 'invalid tool name'],
    ['../escape', 'invalid tool name'],
    ['a b', 'invalid tool name'],
  ])('%s', async (name, message) => {
    const declaration: ToolDeclaration = { name, description: 'x', parameters: {}, output: { type: 'string' }, sourceFile: 'schemas/x.tool.yaml' }
    const result = await planFiles([declaration], memoryOptions(FIXTURES, new Map()))
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'invalid-name', file: 'schemas/x.tool.yaml' })])
    expect(result.diagnostics[0]?.message).toContain(message)
    expect(result.files.map((file) => file.path)).toEqual(['docs/catalog.json', 'docs/tools.md', 'src/tools/code-mode-sdk.d.ts', 'src/tools/code-mode-sdk.ts', 'src/tools/index.ts'])
  })
})

describe('line ends', () => {
  /** Plans the cards fixture in a fresh project whose prettier config is `prettierrc`, with `files` on disk. */
  async function planWithPrettier(prettierrc: object, files = new Map<string, string>(), catalogRegions: string[] = [], cache?: PlanCache): Promise<PlanResult> {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const cwd = mkdtempSync(join(tmpdir(), 'toolsmith-eol-'))
    try {
      writeFileSync(join(cwd, '.prettierrc.json'), JSON.stringify(prettierrc))
      const fixture = await fixtureCase('cards')
      return await planFiles(fixture.declarations, { ...memoryOptions(cwd, files, { catalogRegions }), ...(cache === undefined ? {} : { cache }) })
    } finally {
      rmSync(cwd, { recursive: true, force: true })
    }
  }

  test('where prettier formats the Code Mode SDK module (CRLF), a warm plan takes it from the plan cache', async () => {
    const store = PlanCacheStore.empty('test-build')
    const cold = await planWithPrettier({ endOfLine: 'crlf' }, new Map(), [], store)
    expect(asExisting(cold).get('src/tools/code-mode-sdk.ts')).toContain('export const codeModeSdk: string =\r\n')
    // The next run's cache, with the module's text (a megabyte for a thousand tools) replaced: the plan shows it.
    const reloaded = PlanCacheStore.parse(store.serialize(), 'test-build')
    const marked: PlanCache = {
      fingerprint: reloaded.fingerprint,
      get: (key) => {
        const value = reloaded.get(key)
        return typeof value === 'string' && value.includes('export const codeModeSdk') ? POISON : value
      },
      set: () => undefined,
      text: (key) => reloaded.text(key),
    }
    const warm = await planWithPrettier({ endOfLine: 'crlf' }, new Map(), [], marked)
    expect(asExisting(warm).get('src/tools/code-mode-sdk.ts')).toBe(POISON)
  })

  test('a project formatting with CRLF gets CRLF everywhere, the specs included', async () => {
    const result = await planWithPrettier({ endOfLine: 'crlf' })
    expect(result.diagnostics).toEqual([])
    const grep = asExisting(result).get('src/tools/generated/grep.ts') ?? ''
    expect(grep).toContain('export const grepParameters = {\r\n  pattern: { type: "string"')
    // Every file: TypeScript, the catalog page (its blank lines between sections too), catalog.json.
    for (const [path, content] of contents(result)) {
      expect(content.replaceAll('\r\n', ''), path).not.toMatch(/[\r\n]/)
    }
  })

  test('a CRLF catalog page keeps CRLF in its region, never CR CR LF', async () => {
    const page = 'Intro\r\n\r\n<!-- toolsmith:catalog -->\r\n<!-- /toolsmith:catalog -->\r\n'
    const result = await planWithPrettier({ endOfLine: 'crlf' }, new Map([['README.md', page]]), ['README.md'])
    expect(result.diagnostics).toEqual([])
    const region = asExisting(result).get('README.md') ?? ''
    expect(region).toContain('## grep')
    expect(region.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
  })

  test('options the printers leave to prettier (a print width over 1000): the specs still follow the quotes and semicolons set', async () => {
    const result = await planWithPrettier({ printWidth: 2000, singleQuote: true, semi: false, tabWidth: 4 })
    expect(result.diagnostics).toEqual([])
    const grep = asExisting(result).get('src/tools/generated/grep.ts') ?? ''
    expect(grep).toContain("export const grepParameters = {\n    pattern: { type: 'string'")
    expect(grep).not.toMatch(/as const satisfies ParameterSchemaSpec;/)
  })

  test('endOfLine "cr" is refused with a message naming the prettier config', async () => {
    const result = await planWithPrettier({ endOfLine: 'cr' })
    expect(result.diagnostics.length).toBeGreaterThan(0)
    for (const diagnostic of result.diagnostics) expect(diagnostic.message).toContain('endOfLine "cr"')
  })
})

describe('no tools at all', () => {
  test('an empty index, an empty catalog page formatted as prettier would, an empty catalog.json', async () => {
    const result = await planFiles([], memoryOptions(FIXTURES, new Map()))
    expect(contents(result)).toEqual([
      ['docs/catalog.json', '{\n  "tools": []\n}\n'],
      ['docs/tools.md', '<!-- Generated by toolsmith. Do not edit: run toolsmith generate. -->\n\n# Tools\n\n0 tools, generated from their YAML declarations (sorted by name).\n'],
      ['src/tools/code-mode-sdk.d.ts', `// Generated by toolsmith. Do not edit: run toolsmith generate.\n${printCodeModeSdk([])}`],
      ['src/tools/code-mode-sdk.ts', expect.stringContaining('export const codeModeSdk: string =')],
      [
        'src/tools/index.ts',
        "// Generated by toolsmith. Do not edit: run toolsmith generate.\nimport type { TypedTool } from '@toolsmith/runtime'\n\n/** Every tool by name, with the argument and output types generated beside its specs. */\nexport interface ToolsByName {}\n\n/** Every tool, sorted by name. */\nexport const tools: readonly [] = []\n",
      ],
    ])
  })
})

describe('configured paths', () => {
  test('`./src/tools/`, `src\\tools` and `src/tools` plan the same files', async () => {
    const fixture = await fixtureCase('cards')
    const plain = contents(await planFiles(fixture.declarations, memoryOptions(fixture.cwd, new Map())))
    for (const out of ['./src/tools/', 'src\\tools', 'src//tools']) {
      const options = { ...memoryOptions(fixture.cwd, new Map()), out, docs: './docs/tools.md', catalogJson: 'docs/./catalog.json' }
      expect(contents(await planFiles(fixture.declarations, options)), out).toEqual(plain)
    }
  })
})
