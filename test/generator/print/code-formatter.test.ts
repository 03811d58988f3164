import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createCodeFormatter } from '../../../generator/src/print/code-formatter.js'

const root = mkdtempSync(join(tmpdir(), 'toolsmith-format-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const SOURCE = "const a = {b: 'c'}\n"

function project(name: string, configs: { readonly [path: string]: object }): string {
  const cwd = join(root, name)
  for (const [path, config] of Object.entries(configs)) {
    mkdirSync(join(cwd, path, '..'), { recursive: true })
    writeFileSync(join(cwd, path), JSON.stringify(config))
  }
  mkdirSync(cwd, { recursive: true })
  return cwd
}

describe('the prettier config that applies', () => {
  test('none: our defaults (no semicolons, single quotes)', async () => {
    const formatter = createCodeFormatter(project('plain', {}))
    expect(await formatter.format('src/a.ts', SOURCE)).toBe("const a = { b: 'c' }\n")
  })

  test("the project's own config, per path, with its overrides", async () => {
    const cwd = project('own', { '.prettierrc.json': { semi: true, singleQuote: false, overrides: [{ files: 'special.ts', options: { bracketSpacing: false } }] } })
    const formatter = createCodeFormatter(cwd)
    expect(await formatter.format('src/a.ts', SOURCE)).toBe('const a = { b: "c" };\n')
    expect(await formatter.format('src/special.ts', SOURCE)).toBe('const a = {b: "c"};\n')
  })

  test('a config in a subfolder applies below it only', async () => {
    const cwd = project('nested', { 'src/.prettierrc.json': { semi: true } })
    const formatter = createCodeFormatter(cwd)
    expect(await formatter.format('src/a.ts', SOURCE)).toBe('const a = { b: "c" };\n')
    expect(await formatter.format('docs/a.ts', SOURCE)).toBe("const a = { b: 'c' }\n")
  })

  test('a config above the working directory is not the project\'s: output does not depend on the machine', async () => {
    project('outside', { '.prettierrc.json': { semi: true, tabWidth: 8 } })
    const cwd = join(root, 'outside', 'inner')
    mkdirSync(cwd, { recursive: true })
    expect(await createCodeFormatter(cwd).format('src/a.ts', SOURCE)).toBe("const a = { b: 'c' }\n")
  })

  test('a changed config is seen by the next plan', async () => {
    const cwd = project('changing', { '.prettierrc.json': { semi: true } })
    expect(await createCodeFormatter(cwd).format('x.ts', SOURCE)).toBe('const a = { b: "c" };\n')
    writeFileSync(join(cwd, '.prettierrc.json'), JSON.stringify({ semi: false }))
    expect(await createCodeFormatter(cwd).format('x.ts', SOURCE)).toBe('const a = { b: "c" }\n')
  })
})

test('Markdown and JSON are formatted by their extension; other files are refused', async () => {
  const formatter = createCodeFormatter(project('kinds', {}))
  expect(await formatter.format('a.md', '#  Title\n\n\n\ntext\n')).toBe('# Title\n\ntext\n')
  expect(await formatter.format('a.json', '{"a":[1,2]}')).toBe('{ "a": [1, 2] }\n')
  await expect(formatter.format('a.txt', 'x')).rejects.toThrow('no formatter')
})

test('a syntax error is thrown, not formatted around', async () => {
  await expect(createCodeFormatter(project('broken', {})).format('a.ts', 'const = (')).rejects.toThrow()
})
