import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { COMMAND_LINE, loadConfig } from '../../../generator/src/config/project-config.js'
import { positionOf } from '../load/position-of.js'

let root: string
let cwd: string
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'toolsmith-config-'))
  cwd = path.join(root, 'project')
  mkdirSync(cwd)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const writeConfig = (text: string, file = 'toolsmith.config.yaml'): void => {
  mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true })
  writeFileSync(path.join(cwd, file), text)
}

describe('loadConfig: values', () => {
  test('defaults without a config file; catalogJson sits beside docs', async () => {
    expect(await loadConfig({ cwd })).toEqual({
      config: { cwd, schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md', catalogJson: 'docs/catalog.json', catalogRegions: [] },
      diagnostics: [],
      sources: new Map(),
    })
  })

  test('every key from the file; flags win over it', async () => {
    writeConfig('schemas: decl\nout: gen/tools\ndocs: doc/TOOLS.md\ncatalogJson: catalog.json\ncatalogRegions: [README.md, docs/ko/README.md]\ntemplates: my-templates\n')
    mkdirSync(path.join(cwd, 'my-templates')) // a configured templates folder must exist
    const { config, diagnostics } = await loadConfig({ cwd, overrides: { out: 'elsewhere', docs: 'x/y.md' } })
    expect(diagnostics).toEqual([])
    expect(config).toEqual({
      cwd,
      schemas: 'decl',
      out: 'elsewhere',
      docs: 'x/y.md',
      catalogJson: 'catalog.json',
      catalogRegions: ['README.md', 'docs/ko/README.md'],
      templates: 'my-templates',
    })
  })

  test('paths in a --config file resolve from its own folder', async () => {
    writeConfig('out: gen\ndocs: ../docs/t.md\n', 'config/toolsmith.yaml')
    const { config } = await loadConfig({ cwd, config: 'config/toolsmith.yaml' })
    expect(config).toMatchObject({ out: 'config/gen', docs: 'docs/t.md', catalogJson: 'docs/catalog.json', schemas: 'schemas' })
  })

  test('an empty config file means all defaults', async () => {
    writeConfig('# nothing yet\n')
    expect((await loadConfig({ cwd })).config?.out).toBe('src/tools')
  })
})

describe('loadConfig: errors with locations', () => {
  test.each<[string, string, string, string | { line: number; column: number }]>([
    ['an unknown key', 'schemas: s\noutput: gen\n', 'config-unknown-key', 'gen'],
    ['a number where a path belongs', 'out: 5\n', 'config-type', '5'],
    ['an empty path', 'docs: ""\n', 'config-type', '""'],
    ['catalogRegions as a string', 'catalogRegions: README.md\n', 'config-type', 'README.md'],
    ['a region that is not a string', 'catalogRegions: [README.md, 3]\n', 'config-type', '3'],
    ['a relative path leaving the project', 'out: ../../elsewhere\n', 'config-path-outside', '../../elsewhere'],
    ['an absolute path outside', 'docs: /etc/tools.md\n', 'config-path-outside', '/etc/tools.md'],
    ['docs as the project folder itself', 'docs: .\n', 'config-path-outside', '.'],
    ['catalogJson equal to docs', 'docs: a.md\ncatalogJson: a.md\n', 'config-conflict', { line: 2, column: 14 }],
    ['a region listed twice', 'catalogRegions: [A.md, ./A.md]\n', 'config-conflict', './A.md'],
    ['a region that is the catalog', 'catalogRegions: [docs/tools.md]\n', 'config-conflict', 'docs/tools.md'],
    ['catalogJson as a declaration', 'catalogJson: schemas/a.tool.yaml\n', 'config-conflict', 'schemas/a.tool.yaml'],
    ['docs as a new declaration file', 'docs: schemas/new.tool.yaml\n', 'config-conflict', 'schemas/new.tool.yaml'],
    ['catalogJson as the config file', 'catalogJson: toolsmith.config.yaml\n', 'config-conflict', 'toolsmith.config.yaml'],
    ['a region that is the config file', 'catalogRegions: [./toolsmith.config.yaml]\n', 'config-conflict', './toolsmith.config.yaml'],
    ['docs inside the templates folder', 'templates: tpl\ndocs: tpl/catalog.md.hbs\ncatalogJson: c.json\n', 'config-conflict', 'tpl/catalog.md.hbs'],
    ['docs where the output folder goes', 'out: docs/tools.md\ncatalogJson: c.json\n', 'config-conflict', { line: 1, column: 1 }],
    ['docs that is not Markdown', 'docs: docs\ncatalogJson: c.json\n', 'config-type', 'docs\n'],
    ['catalogJson that is not JSON', 'catalogJson: catalog.txt\n', 'config-type', 'catalog.txt'],
    ['a region that is not Markdown', 'catalogRegions: [src/tools/index.ts]\n', 'config-type', 'src/tools/index.ts'],
    ['a YAML error', 'out: "a\n', 'yaml-syntax', { line: 2, column: 1 }],
    ['a root that is a list', '- out\n', 'config-type', '-'],
  ])('%s', async (_name, text, code, at) => {
    writeConfig(text)
    const { config, diagnostics } = await loadConfig({ cwd })
    expect(config).toBeUndefined()
    const where = typeof at === 'string' ? positionOf(text, at) : at
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', code, file: 'toolsmith.config.yaml', ...where })])
  })

  test('every problem of the config is reported together', async () => {
    writeConfig('bogus: 1\nout: ../x\ndocs: 3\n')
    expect((await loadConfig({ cwd })).diagnostics.map((d) => d.code)).toEqual(['config-unknown-key', 'config-path-outside', 'config-type'])
  })

  test('a flag outside the project is a command-line error', async () => {
    const { diagnostics } = await loadConfig({ cwd, overrides: { schemas: '../other' } })
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'config-path-outside', file: COMMAND_LINE, message: expect.stringContaining('--schemas') })])
  })

  test('a missing --config file is an error', async () => {
    expect((await loadConfig({ cwd, config: 'nope.yaml' })).diagnostics).toEqual([expect.objectContaining({ code: 'config-not-found' })])
  })

  test('a folder that leads outside through a symbolic link is refused, even as a default', async () => {
    mkdirSync(path.join(root, 'outside'))
    mkdirSync(path.join(cwd, 'src'))
    symlinkSync(path.join(root, 'outside'), path.join(cwd, 'src/tools'))
    const { diagnostics } = await loadConfig({ cwd })
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'config-path-outside', message: expect.stringContaining('symbolic link') })])
    symlinkSync(path.join(root, 'outside'), path.join(cwd, 'docs'))
    writeConfig('out: gen\n')
    expect((await loadConfig({ cwd })).diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('docs "docs/tools.md"'),
      expect.stringContaining('catalogJson "docs/catalog.json"'),
    ])
  })
})

async function load(text: string) {
  writeConfig(text)
  return loadConfig({ cwd })
}

describe('config: the diff section and targets', () => {
  test('levels globally and per tool, the ignore file, and the targets (the key the exports own)', async () => {
    const { config, diagnostics } = await load('diff:\n  checks: { tool-removed: WARN, description-changed: ignore }\n  tools:\n    search: { parameter-became-required: INFO }\n  ignoreFile: ci/accepted.txt\ntargets: [openai-chat, mcp, mcp@2026-07-28]\n')
    expect(diagnostics).toEqual([])
    expect(config?.diff?.checks).toEqual(new Map([['tool-removed', 'WARN'], ['description-changed', 'ignore']]))
    expect(config?.diff?.tools).toEqual(new Map([['search', new Map([['parameter-became-required', 'INFO']])]]))
    expect(config?.diff?.ignoreFile).toBe('ci/accepted.txt')
    expect(config?.targets?.map((spec) => spec.name)).toEqual(['openai-chat', 'mcp', 'mcp@2026-07-28'])
  })

  test('without the section, no diff settings (the ignore file then defaults at run time)', async () => {
    const { config } = await load('schemas: schemas\n')
    expect(config?.diff).toBeUndefined()
    expect(config?.targets).toBeUndefined()
  })

  test.each([
    ['an unknown check', 'diff:\n  checks: { tool-gone: ERR }\n', 'unknown diff check "tool-gone"', 2],
    ['a bad level', 'diff:\n  checks: { tool-removed: FATAL }\n', 'a diff check is set to one of ERR, WARN, INFO, ignore', 2],
    ['an unknown key', 'diff:\n  levels: {}\n', 'unknown key "levels" in "diff"', 2],
    ['a non-mapping', 'diff: [1]\n', '"diff" must be a mapping', 1],
    ['an ignore file outside the project', 'diff:\n  ignoreFile: ../elsewhere\n', '"diff.ignoreFile" "../elsewhere"', 2],
  ])('%s is a located error', async (_name, text, says, line) => {
    const { config, diagnostics } = await load(text)
    expect(config).toBeUndefined()
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'error', file: 'toolsmith.config.yaml', line, message: expect.stringContaining(says) })])
  })
})
