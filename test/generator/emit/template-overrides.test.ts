import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { planFiles } from '../../../generator/src/emit/plan-files.js'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'
import { FIXTURES, memoryOptions } from './fixture-project.js'

const shipped = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../templates/${name}`, import.meta.url)), 'utf8')
const STUB = shipped('stub.ts.hbs')
const SECTION = shipped('catalog-section.md.hbs')
const PAGE = shipped('catalog.md.hbs')

const TOOL: ToolDeclaration = {
  name: 'echo',
  description: 'Echo the text back.',
  parameters: { text: { type: 'string', required: true } },
  output: { type: 'string' },
  presentation: { card: 'terminal' },
  sourceFile: 'schemas/echo.tool.yaml',
}

/** Plans TOOL with the given files in the project's `my/` templates folder. */
function planWith(overrides: { readonly [file: string]: string }) {
  const files = new Map(Object.entries(overrides).map(([file, text]) => [`my/${file}`, text] as const))
  return planFiles([TOOL], { ...memoryOptions(FIXTURES, files), templates: 'my' })
}

const paths = (result: Awaited<ReturnType<typeof planWith>>): string[] => result.files.map((file) => file.path)

test('the shipped templates, copied as they are, plan exactly what no override plans', async () => {
  const copied = await planWith({ 'stub.ts.hbs': STUB, 'catalog-section.md.hbs': SECTION, 'catalog.md.hbs': PAGE })
  const plain = await planFiles([TOOL], memoryOptions(FIXTURES, new Map()))
  expect(copied.diagnostics).toEqual([])
  expect(copied.files).toEqual(plain.files)
})

// Each bad copy is reported naming its file; nothing is made from it, and the default does not stand in.
describe.each([
  ['stub.ts.hbs', 'a Handlebars syntax error', STUB.replace('{{/if}}\nimport { {{declaration}}', '\nimport { {{declaration}}'), 'invalid template', 'src/tools/echo.ts'],
  ['stub.ts.hbs', 'a field the model does not have', STUB.replace('{{declaration}},\n  output', '{{declaration}}, {{nope}}\n  output'), 'cannot render the stub of echo', 'src/tools/echo.ts'],
  ['stub.ts.hbs', 'output that is not TypeScript', STUB.replace('>({', '>(( {'), 'is not valid TypeScript', 'src/tools/echo.ts'],
  ['stub.ts.hbs', 'output without the spread', STUB.replace('  ...{{declaration}},\n', '  name: "echo",\n  description: "",\n  parameters: {},\n'), 'lacks the wiring', 'src/tools/echo.ts'],
  ['stub.ts.hbs', 'output without execute', STUB.replace(/ {2}async execute[\s\S]*?\n {2}\},\n/, ''), 'lacks the wiring', 'src/tools/echo.ts'],
  ['catalog-section.md.hbs', 'an unclosed fence', SECTION.replace('{{outputFence}}\n\n', '\n\n'), 'never closed', 'docs/tools.md'],
  ['catalog-section.md.hbs', 'no heading per tool', SECTION.replace('## {{name}}', '**{{name}}**'), 'no heading for the tool echo', 'docs/tools.md'],
  ['catalog-section.md.hbs', 'a region marker', `<!-- toolsmith:catalog -->\n${SECTION}`, 'catalog region marker', 'docs/tools.md'],
  ['catalog-section.md.hbs', 'an unknown helper', SECTION.replace('## {{name}}', '## {{shout name}}'), 'cannot render', 'docs/tools.md'],
  ['catalog.md.hbs', 'a page that leaves the section out', PAGE.replace('{{section}}', ''), 'no heading for the tool echo', 'docs/tools.md'],
  ['catalog.md.hbs', 'a Handlebars syntax error', PAGE.replace('{{section}}', '{{#each}}'), 'invalid template', 'docs/tools.md'],
])('%s with %s', (file, _problem, text, message, missing) => {
  test('is one error naming the template file, and its output is not planned', async () => {
    const result = await planWith({ [file]: text })
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', code: 'template', file: `my/${file}` })])
    expect(result.diagnostics[0]?.message).toContain(message)
    expect(paths(result)).not.toContain(missing)
    expect(paths(result)).toContain('src/tools/generated/echo.ts')
    expect(paths(result)).toContain('docs/catalog.json')
  })
})

test('a Handlebars syntax error is reported at its line in the template', async () => {
  const result = await planWith({ 'stub.ts.hbs': 'line one\nline two\n{{#if}\nmore\n' })
  expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'my/stub.ts.hbs', line: 3 })])
  expect(result.diagnostics[0]?.message).toMatch(/^invalid template: Parse error on line 3: Expecting .* got 'INVALID'$/)
})

test('an existing stub is still merged when the stub template is broken (the template only makes new stubs)', async () => {
  const fresh = await planFiles([TOOL], memoryOptions(FIXTURES, new Map()))
  const stub = fresh.files.find((file) => file.path === 'src/tools/echo.ts')?.content ?? ''
  const files = new Map([['src/tools/echo.ts', stub], ['my/stub.ts.hbs', '{{#if']])
  const result = await planFiles([TOOL], { ...memoryOptions(FIXTURES, files), templates: 'my' })
  expect(result.files.find((file) => file.path === 'src/tools/echo.ts')?.content).toBe(stub)
  expect(result.diagnostics.map((diagnostic) => diagnostic.file)).toEqual(['my/stub.ts.hbs'])
})
