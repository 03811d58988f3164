import fc from 'fast-check'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { toolPaths } from '../../../../generator/src/plan/output-paths.js'
import { shippedStubProgram, stubModel } from '../../../../generator/src/plan/stub/stub-model.js'
import { loadTemplates } from '../../../../generator/src/plan/template/template-set.js'
import { toolIdentifiers } from '../../../../generator/src/plan/tool-identifiers.js'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import { printTypeScript, tsLayoutOptions } from '../../../../generator/src/print/typescript/lay-out-typescript.js'
import { declarationWithMetadata as declaration, layoutOptions } from '../../print/declaration-arbitrary.js'
import { fixtureCase, fixtureNames } from '../fixture-project.js'

// A stub from the shipped template is built as a tree and printed (nothing rendered and read back). The template stays
// the stub's text form, which a project copies to make its own: the tree printed must be the template's text as
// prettier formats it, for any declaration and options.
const template = (await loadTemplates(undefined, async () => undefined)).templates.get('stub.ts.hbs')

async function treeMatchesTemplate(tool: ToolDeclaration, options: prettier.Options): Promise<boolean> {
  const ids = toolIdentifiers(tool.name)
  const paths = toolPaths('src/tools', tool.name)
  const program = shippedStubProgram(tool, ids, paths)
  const layout = tsLayoutOptions(options)
  if (program === undefined || layout === undefined || template === undefined) return false
  expect(printTypeScript(program, layout)).toBe(await prettier.format(template.render(stubModel(tool, ids, paths)), { ...options, parser: 'typescript' }))
  return true
}

describe('the shipped stub built as a tree', () => {
  test('prints as the template renders and prettier formats it, for random declarations under random options', async () => {
    let printed = 0
    await fc.assert(
      fc.asyncProperty(declaration, layoutOptions, async (tool, options) => {
        const answered = await treeMatchesTemplate(tool, options)
        // Only a declaration with a presentation card is left to the template (its presenters are code it places).
        expect(answered).toBe(tool.presentation?.card === undefined)
        if (answered) printed += 1
      }),
      { seed: Number(process.env.SEED ?? 31), numRuns: Number(process.env.RUNS ?? 200) },
    )
    expect(printed).toBeGreaterThan(50)
  }, 120_000)

  test('every fixture tool without a card, under the default options, the repository style and a narrow tabbed style', async () => {
    const styles: prettier.Options[] = [{}, { semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all' }, { useTabs: true, printWidth: 40, semi: true }]
    for (const name of fixtureNames()) {
      for (const tool of (await fixtureCase(name)).declarations) {
        for (const options of styles) expect(await treeMatchesTemplate(tool, options)).toBe(tool.presentation?.card === undefined)
      }
    }
  })
})
