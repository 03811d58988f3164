import { describe, expect, test } from 'vitest'
import { compareCatalogs } from '../../../generator/src/diff/compare-catalogs.js'
import type { DiffFinding } from '../../../generator/src/diff/diff-checks.js'
import { applyPolicy, findingReference, readIgnoreFile } from '../../../generator/src/diff/diff-policy.js'
import { findingLine } from '../../../generator/src/diff/format-diff.js'
import { catalog, params, tool } from './diff-fixtures.js'

const finding = (over: Partial<DiffFinding>): DiffFinding => ({ id: 'parameter-became-required', level: 'ERR', tool: 't', part: 'parameters', pointer: '/properties/q', message: 'm', ...over })

describe('finding references', () => {
  test.each([
    ['a tool-level finding with no pointer', finding({ id: 'tool-removed', part: 'tool', pointer: '' }), 't'],
    ['a tool key', finding({ id: 'approval-relaxed', part: 'tool', pointer: '/approval' }), 't#/approval'],
    ['a parameter', finding({}), 't#/parameters/properties/q'],
    ['an output field', finding({ part: 'output', pointer: '' }), 't#/output'],
    ['a key with a space, a percent sign and an escaped slash', finding({ pointer: '/properties/a b%~1c' }), 't#/parameters/properties/a%20b%25~1c'],
  ])('%s', (_name, item, want) => {
    expect(findingReference(item)).toBe(want)
  })
})

describe('the ignore file', () => {
  // Findings from a real comparison, with hostile property names, round-trip through the text line.
  const base = catalog(tool('t', { parameters: params({ 'a b': { type: 'string' }, 'x:y': { type: 'string' }, '日本': { type: 'string' } }) }))
  const head = catalog(tool('t', { parameters: params({ 'a b': { type: 'string' }, 'x:y': { type: 'string' }, '日本': { type: 'string' } }, ['a b', 'x:y', '日本']) }))
  const findings = compareCatalogs(base, head)

  test('every line the text format prints is accepted back, whatever the property names', () => {
    expect(findings).toHaveLength(3)
    const { entries, diagnostics } = readIgnoreFile('ignore', findings.map(findingLine).join('\n'))
    expect(diagnostics).toEqual([])
    const applied = applyPolicy(findings, undefined, entries)
    expect(applied.findings).toEqual([])
    expect(applied.accepted).toHaveLength(3)
    expect(applied.unusedIgnores).toEqual([])
  })

  test('the level and message are not compared; the id, the reference and the target are', () => {
    const { entries } = readIgnoreFile('ignore', 'INFO parameter-became-required t#/parameters/properties/a%20b: another wording\nparameter-became-required t#/parameters/properties/x:y\nparameter-became-required t#/parameters/properties/%E6%97%A5%E6%9C%AC @openai-chat: m\n')
    const applied = applyPolicy(findings, undefined, entries)
    expect(applied.accepted.map(findingReference)).toEqual(['t#/parameters/properties/a%20b', 't#/parameters/properties/x:y'])
    expect(applied.findings.map(findingReference)).toEqual(['t#/parameters/properties/%E6%97%A5%E6%9C%AC'])
    expect(applied.unusedIgnores.map((e) => e.line)).toEqual([3])
  })

  test.each([
    ['an unknown check', 'ERR no-such-check t: m', 'unknown diff check "no-such-check"'],
    ['a line without a reference', 'ERR tool-removed', 'expected a finding as the text format prints it'],
  ])('%s is an error at its line', (_name, line, says) => {
    const { diagnostics } = readIgnoreFile('accepted.txt', `# comment\n\n${line}\n`)
    expect(diagnostics).toEqual([{ severity: 'error', code: 'diff-ignore-file', message: expect.stringContaining(says), file: 'accepted.txt', line: 3, column: 1 }])
  })
})

describe('config levels', () => {
  const items = [finding({}), finding({ tool: 'u' }), finding({ id: 'tool-added', level: 'INFO', part: 'tool', pointer: '' })]

  test('a tool setting wins over the global one; ignore drops the finding', () => {
    const config = { checks: new Map([['parameter-became-required', 'WARN' as const], ['tool-added', 'ignore' as const]]), tools: new Map([['u', new Map([['parameter-became-required', 'INFO' as const]])]]), ignoreFile: 'x' }
    const applied = applyPolicy(items, config, [])
    expect(applied.findings.map((f) => [f.tool, f.id, f.level])).toEqual([
      ['t', 'parameter-became-required', 'WARN'],
      ['u', 'parameter-became-required', 'INFO'],
    ])
    expect(applied.suppressed).toBe(1)
  })
})
