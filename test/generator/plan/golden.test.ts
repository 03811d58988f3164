import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { FIXTURES, fixtureCase, fixtureNames, planCase, planSummary, readTree, writeExpected } from './fixture-project.js'

// Every case folder under test/generator/fixtures/ is planned and compared byte for byte with its `expected/`
// tree (every planned file, no more, no fewer) and `expected-plan.json` (deletions, orphans, diagnostics).
describe.each(fixtureNames())('fixture %s', (name) => {
  test('plans exactly the expected files, byte for byte', async () => {
    const fixture = await fixtureCase(name)
    const result = await planCase(fixture)
    if (process.env['UPDATE_FIXTURES'] === '1') writeExpected(fixture, result)
    const expected = readTree(join(fixture.cwd, 'expected'))
    expect(result.files.map((file) => file.path)).toEqual([...expected.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const file of result.files) expect(file.content, file.path).toBe(expected.get(file.path))
    expect(planSummary(result)).toEqual(JSON.parse(readFileSync(join(fixture.cwd, 'expected-plan.json'), 'utf8')))
  })
})

test('the type test covers every generated module of every fixture', () => {
  const typeTest = readFileSync(join(FIXTURES, '..', 'generated-types.test-d.ts'), 'utf8')
  const modules = fixtureNames().flatMap((name) =>
    [...readTree(join(FIXTURES, name, 'expected')).keys()]
      .filter((path) => /^src\/tools\/generated\/[^_][^/]*\.ts$/.test(path))
      .map((path) => `./fixtures/${name}/expected/${path.replace(/\.ts$/, '.js')}`),
  )
  expect(modules.length).toBeGreaterThan(10)
  for (const module of modules) expect(typeTest, module).toContain(`from '${module}'`)
})
