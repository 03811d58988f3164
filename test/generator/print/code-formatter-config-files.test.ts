import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as prettier from 'prettier'
import { afterAll, expect, test } from 'vitest'
import { mayHavePrettierConfig } from '../../../generator/src/print/code-formatter.js'

// mayHavePrettierConfig answers "no config here" without loading prettier; prettier's own search is the oracle: every
// file it would take as the config of a project file must make the answer `true`.
const root = mkdtempSync(join(tmpdir(), 'toolsmith-prettier-config-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let projects = 0
function project(files: { readonly [path: string]: string }): string {
  const cwd = join(root, `p${projects++}`)
  mkdirSync(join(cwd, 'src'), { recursive: true })
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(cwd, path, '..'), { recursive: true })
    writeFileSync(join(cwd, path), text)
  }
  return cwd
}

/** What prettier's search finds for a file in `folder`, as a path relative to `cwd` (or null). */
async function prettierFinds(cwd: string, folder: string): Promise<string | null> {
  prettier.clearConfigCache()
  const file = await prettier.resolveConfigFile(join(folder, 'probe.ts'))
  return file === null ? null : file.slice(cwd.length + 1)
}

// prettier 3's documented config files (https://prettier.io/docs/configuration), and names it does not read.
const CONFIG_NAMES = [
  '.prettierrc', '.prettierrc.json', '.prettierrc.yml', '.prettierrc.yaml', '.prettierrc.json5', '.prettierrc.js',
  'prettier.config.js', '.prettierrc.ts', 'prettier.config.ts', '.prettierrc.mjs', 'prettier.config.mjs',
  '.prettierrc.mts', 'prettier.config.mts', '.prettierrc.cjs', 'prettier.config.cjs', '.prettierrc.cts',
  'prettier.config.cts', '.prettierrc.toml',
]
const OTHER_NAMES = ['.editorconfig', 'prettierrc', '.prettierrc.txt', 'prettier.json', 'tsconfig.json', '.prettierignore']

test.each(CONFIG_NAMES)('%s in the folder or above it (inside the project) is seen, as prettier sees it', async (name) => {
  const here = project({ [`src/${name}`]: '' })
  expect(await prettierFinds(here, join(here, 'src'))).toBe(`src/${name}`)
  expect(await mayHavePrettierConfig(here, join(here, 'src'))).toBe(true)
  const above = project({ [name]: '' })
  expect(await prettierFinds(above, join(above, 'src/tools/generated'))).toBe(name)
  expect(await mayHavePrettierConfig(above, join(above, 'src/tools/generated'))).toBe(true)
})

test.each(OTHER_NAMES)('%s is not a config for prettier, nor here', async (name) => {
  const cwd = project({ [name]: '{}', [`src/${name}`]: '{}' })
  expect(await prettierFinds(cwd, join(cwd, 'src'))).toBe(null)
  expect(await mayHavePrettierConfig(cwd, join(cwd, 'src'))).toBe(false)
})

test.each([
  ['a prettier key', '{ "name": "x", "prettier": { "semi": true } }', true, 'package.json'],
  ['a shared config name', '{ "prettier": "some-shared-config" }', true, 'package.json'],
  ['prettier only as a dependency', '{ "devDependencies": { "prettier": "3.10.1" } }', false, null],
  ['no prettier key', '{ "name": "x" }', false, null],
])('package.json with %s', async (_label, text, expected, found) => {
  const cwd = project({ 'package.json': text })
  expect(await prettierFinds(cwd, join(cwd, 'src'))).toBe(found)
  expect(await mayHavePrettierConfig(cwd, join(cwd, 'src'))).toBe(expected)
})

test('a package.json that does not parse, or a package.yaml, is left to prettier', async () => {
  for (const files of [{ 'package.json': '{ not json' }, { 'package.yaml': 'prettier:\n  semi: true\n' }]) {
    const cwd = project(files)
    expect(await mayHavePrettierConfig(cwd, join(cwd, 'src'))).toBe(true)
  }
})

test('a config above the working directory does not count (the formatter ignores it too); a folder outside it is left to prettier', async () => {
  const outer = project({ '.prettierrc': '{ "semi": true }' })
  const cwd = join(outer, 'inner')
  mkdirSync(join(cwd, 'src'), { recursive: true })
  expect(await mayHavePrettierConfig(cwd, join(cwd, 'src'))).toBe(false)
  expect(await mayHavePrettierConfig(cwd, cwd)).toBe(false)
  expect(await mayHavePrettierConfig(cwd, join(outer, 'elsewhere'))).toBe(true)
})

test('an output folder that does not exist yet holds no config; a config beside it still counts', async () => {
  const bare = project({})
  expect(await mayHavePrettierConfig(bare, join(bare, 'src/tools/generated'))).toBe(false)
  const configured = project({ 'src/.prettierrc.json': '{}' })
  expect(await mayHavePrettierConfig(configured, join(configured, 'src/tools/generated'))).toBe(true)
})

test('a name in another case counts (a case-insensitive file system finds it)', async () => {
  const cwd = project({ '.PrettierRC': '{}' })
  expect(await mayHavePrettierConfig(cwd, join(cwd, 'src'))).toBe(true)
})
