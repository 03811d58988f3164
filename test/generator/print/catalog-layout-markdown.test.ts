import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'
import { catalogPageHeadBlocks, type CatalogToolModel, catalogToolModel, toolSectionBlocks } from '../../../generator/src/plan/catalog/catalog-model.js'
import { catalogPage } from '../../../generator/src/plan/catalog/plan-catalogs.js'
import { loadTemplates } from '../../../generator/src/plan/template/template-set.js'
import { printMarkdown } from '../../../generator/src/print/catalog-layout.js'
import { fixtureCase, fixtureNames } from '../plan/fixture-project.js'

// Under plain prose settings the catalog page and section are printed from the model's blocks, not rendered from the
// shipped templates and formatted; these tests hold the blocks and their printer to the templates: the text is
// prettier's layout of what the shipped template renders from the same model, text for text (the shipped templates
// and prettier are the oracle).
const printToolSection = (model: CatalogToolModel): string => printMarkdown(toolSectionBlocks(model))
const catalogPageHead = (count: number): string => printMarkdown(catalogPageHeadBlocks(count))
const templates = (await loadTemplates(undefined, async () => undefined)).templates
const section = templates.get('catalog-section.md.hbs')
const page = templates.get('catalog.md.hbs')
const OPTIONS = { parser: 'markdown', embeddedLanguageFormatting: 'off' } as const

async function samePrettier(declaration: ToolDeclaration): Promise<void> {
  const model = catalogToolModel(declaration, 'export type X = string')
  const rendered = section?.render({ tools: [model] }) ?? ''
  const printed = printToolSection(model)
  expect(printed).toBe(await prettier.format(rendered, OPTIONS))
  const count = 1 + (declaration.description.length % 3)
  const whole = page?.render({ count, countText: `${count} tools`, section: printed }) ?? ''
  expect(catalogPage(catalogPageHead(count), printed)).toBe(await prettier.format(whole, OPTIONS))
}

test('every fixture tool', async () => {
  for (const name of fixtureNames()) for (const declaration of (await fixtureCase(name)).declarations) await samePrettier(declaration)
})

describe('generated text', () => {
  // Wide (CJK, emoji) and zero-width (combining) characters, escapes and Markdown syntax in every cell.
  const piece = fc.constantFrom('a', 'Z', '한', '字', '😀', 'e\u0301', '|', '\\', '\\|', '`', '*', '_', '<', '&', '#', '-', ' ', '\n', '1.', '[x](y)', '~~', '$', '\t', '\u00a0', '2)', '+', '=', '!', '"', "'", '{', '}', '^', '👩‍💻', 'Ａ', '\r\n', '\u2028')
  const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''))
  const parameter = fc.record({ type: fc.constantFrom('string', 'integer', 'boolean'), description: text, required: fc.boolean() })
  const declaration = fc
    .record({ description: text, names: fc.uniqueArray(text.filter((name) => name.trim() !== ''), { maxLength: 4 }), parameter, defaults: fc.array(text, { maxLength: 4 }) })
    .map(({ description, names, parameter: spec, defaults }): ToolDeclaration => ({
      name: 'tool',
      description,
      parameters: Object.fromEntries(names.map((name, index) => [name, { ...spec, ...(defaults[index] === undefined ? {} : { default: defaults[index] }) }])),
      output: { type: 'string' },
      sourceFile: 'schemas/tool.tool.yaml',
    }))

  test('lays out tables as prettier does', async () => {
    await fc.assert(fc.asyncProperty(declaration, samePrettier), { seed: 42, numRuns: 150 })
  })
})

test('an output type with blank lines and backticks, no parameters, an empty page', async () => {
  const declaration: ToolDeclaration = { name: 'tool', description: '', parameters: {}, output: { type: 'string' }, sourceFile: 'schemas/tool.tool.yaml' }
  const model = catalogToolModel(declaration, 'export type X =\n\n\n  | "```"\n  | "b"')
  expect(printToolSection(model)).toBe(await prettier.format(section?.render({ tools: [model] }) ?? '', OPTIONS))
  expect(printToolSection(model)).toContain('````ts\nexport type X =\n\n\n')
  expect(catalogPage(catalogPageHead(0), '')).toBe(await prettier.format(page?.render({ count: 0, countText: '0 tools', section: '' }) ?? '', OPTIONS))
})
