import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { cycles, type ImportGraph, readImportGraph } from './import-graph.js'
import { checkStages } from './stages.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

describe('the repository', () => {
  const graph = readImportGraph(root)
  const report = checkStages(graph)
  // `STAGES_REPORT=1 npx vitest run test/layout` prints every cycle and every import against the order, known ones too.
  if (process.env['STAGES_REPORT'] !== undefined) console.info([...report.all.cycles, ...report.all.stageImports].join('\n'))

  it('reads every package', () => {
    for (const pkg of ['runtime', 'providers', 'mcp', 'ai-sdk', 'code-mode', 'generator']) {
      expect(graph.files.some((file) => file.startsWith(`${pkg}/src/`))).toBe(true)
    }
    // Imports of another package by name are edges too.
    expect(graph.edges.some((edge) => edge.from.startsWith('generator/') && edge.to === 'runtime/src/index.ts')).toBe(true)
  })

  it('places every source file in a stage and resolves every relative import', () => {
    expect(report.unplaced).toEqual([])
  })

  it('has no import cycle between files', () => {
    expect(report.cycles).toEqual([])
  })

  it('imports only from stages below (and packages below)', () => {
    expect(report.violations).toEqual([])
  })

  it('lists only known exceptions that still hold', () => {
    expect(report.stale).toEqual([])
  })
})

describe('checkStages', () => {
  const graphOf = (edges: [string, string][], extra: string[] = []): ImportGraph => ({
    files: [...new Set([...edges.flat(), ...extra])].sort(),
    edges: edges.map(([from, to]) => ({ from, to })),
    unresolved: [],
  })
  const cases: [string, { given: ImportGraph; want: Partial<Record<'cycles' | 'violations' | 'unplaced', number>> }][] = [
    ['a stage importing one below', { given: graphOf([['generator/src/cli/a.ts', 'generator/src/model/b.ts']]), want: {} }],
    ['files of one stage importing each other in a line', { given: graphOf([['generator/src/model/a.ts', 'generator/src/model/b.ts']]), want: {} }],
    ['a stage importing one above', { given: graphOf([['generator/src/model/a.ts', 'generator/src/cli/b.ts']]), want: { violations: 1 } }],
    ['config importing apply', { given: graphOf([['generator/src/config/a.ts', 'generator/src/apply/b.ts']]), want: { violations: 1 } }],
    ['sibling commands', { given: graphOf([['generator/src/import/a.ts', 'generator/src/diff/b.ts']]), want: { violations: 1 } }],
    ['two folders of one stage', { given: graphOf([['generator/src/plan/a.ts', 'generator/src/plan/cache/b.ts']]), want: {} }],
    ['a package importing one above', { given: graphOf([['runtime/src/json/a.ts', 'generator/src/index.ts']]), want: { violations: 1 } }],
    ['sibling packages', { given: graphOf([['mcp/src/a.ts', 'code-mode/src/index.ts']]), want: { violations: 1 } }],
    ['the generator importing the runtime', { given: graphOf([['generator/src/load/a.ts', 'runtime/src/index.ts']]), want: {} }],
    [
      'a two-file cycle inside one stage',
      { given: graphOf([['generator/src/cli/a.ts', 'generator/src/cli/b.ts'], ['generator/src/cli/b.ts', 'generator/src/cli/a.ts']]), want: { cycles: 1 } },
    ],
    [
      'a three-file cycle',
      {
        given: graphOf([['code-mode/src/a.ts', 'code-mode/src/b.ts'], ['code-mode/src/b.ts', 'code-mode/src/c.ts'], ['code-mode/src/c.ts', 'code-mode/src/a.ts']]),
        want: { cycles: 1 },
      },
    ],
    ['a folder no stage claims', { given: graphOf([], ['generator/src/somewhere/a.ts']), want: { unplaced: 1 } }],
    ['a package not in the table', { given: graphOf([], ['unknown/src/a.ts']), want: { unplaced: 1 } }],
    ['an import of a missing file', { given: { ...graphOf([]), unresolved: [{ from: 'generator/src/cli/a.ts', to: './gone.js' }] }, want: { unplaced: 1 } }],
  ]
  it.each(cases)('%s', (_, { given, want }) => {
    const report = checkStages(given)
    expect({ cycles: report.cycles.length, violations: report.violations.length, unplaced: report.unplaced.length }).toEqual({
      cycles: 0,
      violations: 0,
      unplaced: 0,
      ...want,
    })
  })

  it('reports a known exception that no longer holds, and takes one that does', () => {
    const known = { stageImports: [{ from: 'generator/model', to: 'generator/cli', owner: 'test' }], cycles: [{ within: 'generator/src/cli/', owner: 'test' }] }
    expect(checkStages(graphOf([['generator/src/cli/a.ts', 'generator/src/model/b.ts']]), known).stale).toHaveLength(2)
    const held = checkStages(graphOf([['generator/src/model/a.ts', 'generator/src/cli/b.ts'], ['generator/src/cli/b.ts', 'generator/src/cli/c.ts'], ['generator/src/cli/c.ts', 'generator/src/cli/b.ts']]), known)
    expect({ stale: held.stale, violations: held.violations, cycles: held.cycles }).toEqual({ stale: [], violations: [], cycles: [] })
  })

  it('finds one component per cycle, however it is entered', () => {
    const edges = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'd'],
      ['f', 'a'],
    ].map(([from, to]) => ({ from: from!, to: to! }))
    expect(cycles(['f', 'e', 'd', 'c', 'b', 'a'], edges)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
  })
})

describe('readImportGraph', () => {
  const folder = mkdtempSync(join(tmpdir(), 'toolsmith-layout-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(folder, file)), { recursive: true })
    writeFileSync(join(folder, file), text)
  }
  write('package.json', JSON.stringify({ workspaces: ['one', 'two'] }))
  write('one/package.json', JSON.stringify({ name: '@x/one' }))
  write('two/package.json', JSON.stringify({ name: '@x/two' }))
  write('one/src/index.ts', "export { b } from './b.js'\n")
  write(
    'one/src/b.ts',
    [
      "import type { C } from './c.js'",
      "import { two } from '@x/two'",
      "import { readFileSync } from 'node:fs'",
      "const lazy = () => import('./d.js')",
      // Generated code in a string or template is text, not an import.
      "const generated = `import { e } from './e.js'`",
      "const quoted = \"import { f } from './f.js'\"",
      "import { gone } from './gone.js'",
      'export const b = 1',
    ].join('\n'),
  )
  write('one/src/c.ts', 'export type C = 1\n')
  write('one/src/d.ts', 'export const d = 1\n')
  write('one/src/e.ts', 'export const e = 1\n')
  write('one/src/f.ts', 'export const f = 1\n')
  write('one/src/g.d.ts', "import './b.js'\n")
  write('two/src/index.ts', 'export const two = 2\n')
  const graph = readImportGraph(folder)

  it('reads static, type-only, re-exported, dynamic and package imports, and nothing inside strings', () => {
    expect(graph.files).toEqual(['one/src/b.ts', 'one/src/c.ts', 'one/src/d.ts', 'one/src/e.ts', 'one/src/f.ts', 'one/src/index.ts', 'two/src/index.ts'])
    expect(graph.edges.map((edge) => `${edge.from} → ${edge.to}`).sort()).toEqual([
      'one/src/b.ts → one/src/c.ts',
      'one/src/b.ts → one/src/d.ts',
      'one/src/b.ts → two/src/index.ts',
      'one/src/index.ts → one/src/b.ts',
    ])
    expect(graph.unresolved).toEqual([{ from: 'one/src/b.ts', to: './gone.js' }])
  })
})
