import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Handlebars from 'handlebars'
import { afterAll, expect, test } from 'vitest'
import { catalogToolModel } from '../../../generator/src/plan/catalog/catalog-model.js'
import { toolPaths } from '../../../generator/src/plan/output-paths.js'
import { stubModel } from '../../../generator/src/plan/stub/stub-model.js'
import {
  type PrecompiledTemplates,
  precompiledTemplatesModule,
  shippedTemplate,
  TEMPLATE_FILES,
  type TemplateFile,
} from '../../../generator/src/plan/template/template-set.js'
import { toolIdentifiers } from '../../../generator/src/plan/tool-identifiers.js'
import { fixtureCase, fixtureNames } from './fixture-project.js'

// The build precompiles the shipped templates (scripts/precompile-templates.mjs writes precompiledTemplatesModule's
// text beside template-set.js); a run fills them with Handlebars' runtime. Here the module is written and imported as
// the build's would be, and what it renders is held to what compiling the same template at run time renders.
const folder = mkdtempSync(join(tmpdir(), 'toolsmith-precompiled-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const sources = new Map(TEMPLATE_FILES.map((file) => [file, readFileSync(new URL(`../../../templates/${file}`, import.meta.url), 'utf8')] as const))
const moduleFile = join(folder, 'precompiled-templates.mjs')
writeFileSync(moduleFile, await precompiledTemplatesModule(sources))
const table = ((await import(pathToFileURL(moduleFile).href)) as { default: PrecompiledTemplates }).default

const RENDER_OPTIONS = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false }
const compiled = (source: string) => Handlebars.create().compile(source, { noEscape: true, strict: true })

async function models(): Promise<{ readonly [file in TemplateFile]: object[] }> {
  const declarations = (await Promise.all(fixtureNames().map(async (name) => (await fixtureCase(name)).declarations))).flat()
  const tools = declarations.map((declaration) => catalogToolModel(declaration, 'export interface Output {\n  a: string\n}'))
  return {
    'stub.ts.hbs': declarations.map((declaration) => stubModel(declaration, toolIdentifiers(declaration.name), toolPaths('src/tools', declaration.name))),
    'catalog-section.md.hbs': [{ tools }, { tools: tools.slice(0, 1) }, { tools: [] }],
    'catalog.md.hbs': [{ count: 2, countText: '2 tools', section: 'the <section> & "more"\n' }],
  }
}

test('each shipped template, precompiled, renders what it renders compiled at run time, byte for byte', async () => {
  const byFile = await models()
  for (const file of TEMPLATE_FILES) {
    const source = sources.get(file) as string
    expect(table[file]?.source).toBe(source)
    const fromBuild = await shippedTemplate(file, source, table)
    const atRunTime = compiled(source)
    expect(byFile[file].length).toBeGreaterThan(0)
    for (const model of byFile[file]) expect(fromBuild(model, RENDER_OPTIONS)).toBe(atRunTime(model, RENDER_OPTIONS))
  }
})

test('precompiled templates keep strict mode and no escaping', async () => {
  const strict = await shippedTemplate('catalog.md.hbs', sources.get('catalog.md.hbs') as string, table)
  expect(() => strict({ count: 1 }, RENDER_OPTIONS)).toThrow(/"section" not defined/)
  expect(strict({ count: 1, countText: '1 tool', section: '<b>&</b>' }, RENDER_OPTIONS)).toContain('<b>&</b>')
})

test('a precompiled template made from other text than the template file holds is not used: the file is compiled', async () => {
  const edited = `${sources.get('catalog.md.hbs') as string}Edited after the build: {{count}}\n`
  const template = await shippedTemplate('catalog.md.hbs', edited, table)
  expect(template({ count: 3, countText: '3 tools', section: '' }, RENDER_OPTIONS)).toMatch(/Edited after the build: 3\n$/)
  // And a build without the module (the sources, under these tests) compiles every template.
  const none = await shippedTemplate('catalog.md.hbs', edited, {})
  expect(none({ count: 4, countText: '4 tools', section: '' }, RENDER_OPTIONS)).toMatch(/Edited after the build: 4\n$/)
})
