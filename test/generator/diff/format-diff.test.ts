import { describe, expect, test } from 'vitest'
import { compareCatalogs } from '../../../generator/src/diff/compare-catalogs.js'
import { applyPolicy } from '../../../generator/src/diff/diff-policy.js'
import { buildDiffReport } from '../../../generator/src/diff/diff-report.js'
import { formatDiff } from '../../../generator/src/diff/format-diff.js'
import { catalog, tool } from './diff-fixtures.js'

// A description rewritten with text that tries to break out of each format.
const HOSTILE = 'Read.\n::error::forged\u001b[2J | **bold** </failure><x> & "q" \u202Eevil'
const report = (failOn: 'ERR' | 'WARN' = 'ERR') => {
  const base = catalog(tool('t'), tool('gone'))
  const head = catalog(tool('t', { description: HOSTILE }))
  return buildDiffReport(base, head, applyPolicy(compareCatalogs(base, head), undefined, []), failOn)
}

describe('formats keep hostile text inert', () => {
  test('text: one line per finding; controls and bidi overrides replaced', () => {
    const text = formatDiff(report(), 'text')
    const lines = text.trimEnd().split('\n')
    expect(lines).toHaveLength(3) // two findings and the summary: the new line in the description stays inside its line
    expect(lines[0]).toMatch(/^ERR tool-removed gone: /)
    expect(lines[1]).toMatch(/^WARN description-changed t: .*"Read\.\\n::error::forged\\u001b\[2J/)
    expect(text).not.toMatch(/[\u001b\u202E]/)
    expect(lines[2]).toBe('toolsmith diff test → test: 1 ERR, 1 WARN, 0 INFO; fails at ERR')
  })

  test('github: a message never starts a second workflow command', () => {
    const lines = formatDiff(report(), 'github').trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) title=toolsmith diff [a-z-]+::[^\n]*$/)
    expect(lines[1]).toContain('\\n::error::forged')
    expect(lines[1]).not.toMatch(/\u202E/)
  })

  test('markdown: a table cell cannot end early or inject markup', () => {
    const text = formatDiff(report(), 'markdown')
    const row = text.split('\n').find((l) => l.startsWith('| `description-changed`')) as string
    expect(row.split(/(?<!\\)\|/)).toHaveLength(6)
    expect(row).toContain('\\*\\*bold\\*\\*')
    expect(row).toContain('\\<x\\>')
  })

  test('junit: text is escaped, so the document keeps its elements', () => {
    const text = formatDiff(report('WARN'), 'junit')
    expect(text).toContain('&lt;/failure&gt;&lt;x&gt; &amp; \\&quot;q\\&quot;')
    expect(text.match(/<failure /g)).toHaveLength(2)
    expect(text.match(/<\/failure>/g)).toHaveLength(2)
    expect(text).not.toMatch(/\u001b/)
  })

  test('markdown with nothing found says so, and passes', () => {
    const side = catalog(tool('t'))
    const text = formatDiff(buildDiffReport(side, side, applyPolicy([], undefined, []), 'ERR'), 'markdown')
    expect(text).toMatch(/^### ✅ toolsmith diff: 0 ERR, 0 WARN, 0 INFO\n/)
    expect(text).toContain('No changes to the tool catalog')
  })
})
