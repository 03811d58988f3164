import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadConfig } from '../../../generator/src/config/load-config.js'

let cwd: string
beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'toolsmith-diff-config-'))
})
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

async function load(text: string) {
  writeFileSync(path.join(cwd, 'toolsmith.config.yaml'), text)
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
