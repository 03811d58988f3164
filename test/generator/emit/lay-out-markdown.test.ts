import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { layOutMarkdown } from '../../../generator/src/emit/catalog/lay-out-markdown.js'
import { catalogToolModel } from '../../../generator/src/emit/catalog/catalog-model.js'
import { loadTemplates } from '../../../generator/src/emit/template/template-set.js'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'
import { fixtureCase, fixtureNames } from './fixture-project.js'

// The catalog skips prettier's Markdown pass for the shipped section template when prettier would only lay out the
// tables; these tests hold that claim: the local layout equals prettier's, text for text.
const section = (await loadTemplates(undefined, async () => undefined)).templates.get('catalog-section.md.hbs')
const OPTIONS = { parser: 'markdown', embeddedLanguageFormatting: 'off' } as const

async function samePrettier(declaration: ToolDeclaration): Promise<void> {
  const rendered = section?.render({ tools: [catalogToolModel(declaration, 'export type X = string')] }) ?? ''
  expect(layOutMarkdown(rendered)).toBe(await prettier.format(rendered, OPTIONS))
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

test('tables, blank lines and fences', async () => {
  expect(layOutMarkdown('| a |\n| :-- |\n| b |')).toBeUndefined()
  const given = '\n\ntext\n\n\n| a | bb |\n| --- | --- |\n| ccc | d |\n\n```ts\nx\n\n\ny\n```\n\n\n'
  const want = 'text\n\n| a   | bb  |\n| --- | --- |\n| ccc | d   |\n\n```ts\nx\n\n\ny\n```\n'
  expect(layOutMarkdown(given)).toBe(want)
  expect(await prettier.format(given, OPTIONS)).toBe(want)
})
