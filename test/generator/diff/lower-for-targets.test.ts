import { describe, expect, test } from 'vitest'
import { compareCatalogs } from '../../../generator/src/diff/compare-catalogs.js'
import { lowerForTarget } from '../../../generator/src/diff/lower-for-targets.js'
import { catalog, params, tool } from './diff-fixtures.js'

// The per-target checks run on what @toolsmith/providers really sends each provider.
const run = (base: Parameters<typeof tool>[1], head: Parameters<typeof tool>[1], targets: string[]) =>
  compareCatalogs(catalog(tool('t', base)), catalog(tool('t', head)), { targets, lower: lowerForTarget }).map((f) => [f.id, f.level, f.target ?? null, f.pointer])

describe('per-target checks', () => {
  test('a new optional parameter is a WARN as declared and for MCP, but a new required one under OpenAI strict', () => {
    const base = { parameters: params({ q: { type: 'string' } }, ['q']) }
    const head = { parameters: params({ q: { type: 'string' }, n: { type: 'integer' } }, ['q']) }
    expect(run(base, head, ['mcp@2026-07-28'])).toEqual([['parameter-added-open-object', 'WARN', null, '/properties/n']])
    expect(run(base, head, ['openai-chat'])).toEqual([
      ['parameter-added-open-object', 'WARN', null, '/properties/n'],
      ['parameter-required-added', 'ERR', 'openai-chat', '/properties/n'],
    ])
  })

  test('a tool that becomes unexportable to a target is ERR for that target only', () => {
    const base = { parameters: params({ q: { type: 'string' } }) }
    const head = { parameters: params({ q: { type: 'string' }, 'dry-run': { type: 'boolean' } }) }
    const findings = run(base, head, ['gemini', 'anthropic'])
    expect(findings.filter(([id]) => id === 'target-unexportable')).toEqual([['target-unexportable', 'ERR', 'gemini', '']])
  })

  test('no targets, no per-target findings', () => {
    const base = { parameters: params({ q: { type: 'string' } }) }
    const head = { parameters: params({ q: { type: 'string' }, 'dry-run': { type: 'boolean' } }) }
    expect(run(base, head, []).every(([, , target]) => target === null)).toBe(true)
  })
})
