import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { PlanCacheStore } from '../../../../generator/src/plan/cache/plan-cache-store.js'
import { planFiles } from '../../../../generator/src/plan/plan-files.js'
import type { PlanCache, PlanOptions, PlanResult } from '../../../../generator/src/model/plan.js'
import type { ToolDeclaration } from '../../../../generator/src/model/tool-declaration.js'
import { FIXTURES, fixtureCase, fixtureNames, loadCase, memoryOptions } from '../fixture-project.js'
import { brokenCache, countingCache, POISON, planView, poisonedCache } from './cache-probes.js'

const BUILD = 'test-build'
const withCache = (options: PlanOptions, cache: PlanCache): PlanOptions => ({ ...options, cache })
// What the next process finds: the store saved, then read back.
const reloaded = (store: PlanCacheStore, fingerprint = BUILD): PlanCacheStore => PlanCacheStore.parse(store.serialize(), fingerprint)
const asExisting = (result: PlanResult): Map<string, string> => new Map(result.files.map((file) => [file.path, file.content]))

describe.each(fixtureNames())('fixture %s', (name) => {
  test('cold, then warm in a new process: the same plan as without a cache, and the warm plan plans nothing afresh', async () => {
    const fixture = await fixtureCase(name)
    const reference = planView(await planFiles(fixture.declarations, fixture.options))
    const store = PlanCacheStore.empty(BUILD)
    expect(planView(await planFiles(fixture.declarations, withCache(fixture.options, store)))).toEqual(reference)
    const warm = countingCache(reloaded(store))
    expect(planView(await planFiles(fixture.declarations, withCache(fixture.options, warm)))).toEqual(reference)
    expect(warm.hits).toBeGreaterThan(0)
    expect(warm.sets).toBe(0)
  })

  test('what the cache holds is what the plan uses; under another build, or in another shape, it is not used', async () => {
    const fixture = await fixtureCase(name)
    const reference = planView(await planFiles(fixture.declarations, fixture.options))
    const store = PlanCacheStore.empty(BUILD)
    await planFiles(fixture.declarations, withCache(fixture.options, store))
    const poisoned = await planFiles(fixture.declarations, withCache(fixture.options, poisonedCache(reloaded(store))))
    expect(poisoned.files.some((file) => file.content.includes(POISON))).toBe(true)
    const otherBuild = poisonedCache(reloaded(store), 'another-build')
    expect(planView(await planFiles(fixture.declarations, withCache(fixture.options, otherBuild)))).toEqual(reference)
    expect(planView(await planFiles(fixture.declarations, withCache(fixture.options, brokenCache(BUILD))))).toEqual(reference)
  })
})

test('a warm plan gives each generated module it takes from the cache with its hash, and makes its text only when asked', async () => {
  const fixture = await fixtureCase('cards')
  const store = PlanCacheStore.empty(BUILD)
  await planFiles(fixture.declarations, withCache(fixture.options, store))
  const warm = countingCache(reloaded(store))
  const plan = await planFiles(fixture.declarations, withCache(fixture.options, warm))
  const modules = plan.files.filter((file) => file.path.includes('/generated/') && !file.path.endsWith('_result-views.ts'))
  expect(modules.length).toBe(fixture.declarations.length)
  expect(warm.decoded).toBe(0)
  for (const file of modules) expect(file.contentHash).toBe(createHash('sha256').update(file.content).digest('base64url'))
  expect(warm.decoded).toBe(modules.length)
})

test('the Code Mode SDK is joined from the tools\' parts the cache holds, and a warm one-tool change prints only that part', async () => {
  const fixture = await fixtureCase('cards')
  const store = PlanCacheStore.empty(BUILD)
  await planFiles(fixture.declarations, withCache(fixture.options, store))
  const sdkOf = (result: PlanResult): string => result.files.find((file) => file.path === 'src/tools/code-mode-sdk.d.ts')?.content ?? ''
  expect(sdkOf(await planFiles(fixture.declarations, withCache(fixture.options, poisonedCache(reloaded(store)))))).toContain(POISON)
  const changed = fixture.declarations.map((d) => (d.name === 'grep' ? { ...d, description: `${d.description} Changed.` } : d))
  const warm = countingCache(reloaded(store))
  const sdk = sdkOf(await planFiles(changed, withCache(fixture.options, warm)))
  expect(sdk).toBe(sdkOf(await planFiles(changed, fixture.options)))
  expect(sdk).toContain('Changed.')
})

test('the index and the result-view reader are kept printed: a warm plan takes them from the cache, and a renamed tool prints the index again', async () => {
  const fixture = await fixtureCase('cards')
  const store = PlanCacheStore.empty(BUILD)
  const cold = await planFiles(fixture.declarations, withCache(fixture.options, store))
  const contentOf = (result: PlanResult, suffix: string): string => result.files.find((file) => file.path.endsWith(suffix))?.content ?? ''
  const poisoned = await planFiles(fixture.declarations, withCache(fixture.options, poisonedCache(reloaded(store))))
  expect([contentOf(poisoned, 'src/tools/index.ts'), contentOf(poisoned, 'generated/_result-views.ts')]).toEqual([POISON, POISON])
  const renamed = fixture.declarations.map((d) => (d.name === 'grep' ? { ...d, name: 'grep_files' } : d))
  const index = contentOf(await planFiles(renamed, withCache(fixture.options, poisonedCache(reloaded(store)))), 'src/tools/index.ts')
  expect(index).toBe(contentOf(await planFiles(renamed, fixture.options), 'src/tools/index.ts'))
  expect(index).not.toBe(contentOf(cold, 'src/tools/index.ts'))
})

/** Plans `before`, then `after` with the cache the first plan left: it must equal `after` planned without a cache. */
async function expectChangeSeen(
  before: { declarations: readonly ToolDeclaration[]; options: PlanOptions },
  change: () => { declarations: readonly ToolDeclaration[]; options: PlanOptions },
): Promise<{ readonly sets: number }> {
  const store = PlanCacheStore.empty(BUILD)
  const first = await planFiles(before.declarations, withCache(before.options, store))
  const after = change()
  const reference = planView(await planFiles(after.declarations, after.options))
  // The change must matter, or the test could not fail.
  expect(reference).not.toEqual(planView(first))
  const warm = countingCache(reloaded(store))
  expect(planView(await planFiles(after.declarations, withCache(after.options, warm)))).toEqual(reference)
  return warm
}

describe('after each kind of input change, a warm plan equals a plan without a cache', () => {
  test('a declaration: only that tool is planned afresh', async () => {
    const fixture = await fixtureCase('cards')
    const changed = fixture.declarations.map((d) => (d.name === 'grep' ? { ...d, description: `${d.description} Changed.` } : d))
    const warm = await expectChangeSeen(fixture, () => ({ declarations: changed, options: fixture.options }))
    // Its generated module, its catalog part and the whole-plan files that list it (the page); not every tool.
    expect(warm.sets).toBeGreaterThan(0)
    expect(warm.sets).toBeLessThan(fixture.declarations.length)
  })

  const project = mkdtempSync(join(tmpdir(), 'toolsmith-cache-'))
  afterAll(() => rmSync(project, { recursive: true, force: true }))

  test('the prettier config', async () => {
    cpSync(join(FIXTURES, 'cards', 'schemas'), join(project, 'schemas'), { recursive: true })
    const declarations = await loadCase(project)
    const options = memoryOptions(project, new Map())
    await expectChangeSeen({ declarations, options }, () => {
      writeFileSync(join(project, '.prettierrc.json'), JSON.stringify({ semi: true, tabWidth: 4, printWidth: 70 }))
      return { declarations, options }
    })
  })

  test.each(['stub.ts.hbs', 'catalog-section.md.hbs'])('a template override (%s)', async (template) => {
    const fixture = await fixtureCase('templates')
    const files = new Map(fixture.existing)
    const path = `my-templates/${template}`
    await expectChangeSeen(fixture, () => {
      files.set(path, `${files.get(path) ?? ''}\n${template.startsWith('stub') ? '// ' : ''}Edited by the project.\n`)
      return { declarations: fixture.declarations, options: memoryOptions(fixture.cwd, files, { templates: 'my-templates' }) }
    })
  })

  test.each([
    ['tabs', { useTabs: true }],
    ['a narrow print width and wide indents', { printWidth: 40, tabWidth: 4 }],
    ['CRLF line ends', { endOfLine: 'crlf' }],
    ['collapsed objects', { objectWrap: 'collapse', semi: true }],
  ])('every layout of the project config (%s): cold and warm plans equal the uncached plan', async (name, config) => {
    const folder = join(project, name.replaceAll(' ', '-'))
    for (const fixture of ['types', 'hostile']) cpSync(join(FIXTURES, fixture, 'schemas'), join(folder, 'schemas'), { recursive: true })
    writeFileSync(join(folder, '.prettierrc.json'), JSON.stringify(config))
    const declarations = await loadCase(folder)
    const options = memoryOptions(folder, new Map())
    const reference = planView(await planFiles(declarations, options))
    const store = PlanCacheStore.empty(BUILD)
    expect(planView(await planFiles(declarations, withCache(options, store)))).toEqual(reference)
    const warm = countingCache(reloaded(store))
    expect(planView(await planFiles(declarations, withCache(options, warm)))).toEqual(reference)
    expect(warm.sets).toBe(0)
  })

  test('prettier plugins in the config: generated TypeScript is planned afresh every time (a plugin upgrade changes no key)', async () => {
    const plugged = join(project, 'plugged')
    cpSync(join(FIXTURES, 'cards', 'schemas'), join(plugged, 'schemas'), { recursive: true })
    writeFileSync(join(plugged, 'noop-plugin.mjs'), 'export const languages = []\n')
    writeFileSync(join(plugged, '.prettierrc.json'), JSON.stringify({ plugins: ['./noop-plugin.mjs'] }))
    const declarations = await loadCase(plugged)
    const options = memoryOptions(plugged, new Map())
    const store = PlanCacheStore.empty(BUILD)
    const reference = planView(await planFiles(declarations, options))
    expect(planView(await planFiles(declarations, withCache(options, store)))).toEqual(reference)
    const warm = countingCache(reloaded(store))
    expect(planView(await planFiles(declarations, withCache(options, warm)))).toEqual(reference)
    // Only the tools' Code Mode SDK parts, which no layout shapes, come from the cache.
    const poisoned = await planFiles(declarations, withCache(options, poisonedCache(reloaded(store))))
    expect(poisoned.files.filter((file) => file.content.includes(POISON)).map((file) => file.path)).toEqual(['src/tools/code-mode-sdk.d.ts', 'src/tools/code-mode-sdk.ts'])
  })

  test('a stub the author edited', async () => {
    const fixture = await fixtureCase('cards')
    const files = asExisting(await planFiles(fixture.declarations, fixture.options))
    const options = memoryOptions(fixture.cwd, files)
    await expectChangeSeen({ declarations: fixture.declarations, options }, () => {
      const stub = files.get('src/tools/grep.ts') ?? ''
      // The author drops a generated type from the import and overrides a declared value: a merge and a warning.
      const edited = stub.replace(/, type GrepOutput/, '').replace('...grepDeclaration,', '...grepDeclaration,\n  timeoutMs: 5,')
      expect(edited).not.toBe(stub)
      files.set('src/tools/grep.ts', edited)
      return { declarations: fixture.declarations, options }
    })
  })

  test('a new tool that takes an existing tool\'s Code Mode SDK type name: that tool\'s SDK part is printed again under its new name', async () => {
    const fixture = await fixtureCase('cards')
    const grep = fixture.declarations.find((d) => d.name === 'grep')
    if (grep === undefined) throw new Error('the cards fixture has grep')
    // `Grep` sorts before `grep` and takes the SDK type name Grep, so grep's types become Grep2Args and Grep2Output.
    await expectChangeSeen(fixture, () => ({ declarations: [...fixture.declarations, { ...grep, name: 'Grep', sourceFile: 'schemas/Grep.tool.yaml' }], options: fixture.options }))
  })

  test('the stub deleted (created again from the template)', async () => {
    const fixture = await fixtureCase('cards')
    const files = asExisting(await planFiles(fixture.declarations, fixture.options))
    files.set('src/tools/grep.ts', '// The author emptied it.\n')
    const options = memoryOptions(fixture.cwd, files)
    await expectChangeSeen({ declarations: fixture.declarations, options }, () => {
      files.delete('src/tools/grep.ts')
      return { declarations: fixture.declarations, options }
    })
  })
})
