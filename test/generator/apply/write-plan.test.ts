import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PlanComparison } from '../../../generator/src/apply/compare-plan.js'
import { statText } from '../../../generator/src/plan/cache/cache-key.js'

// A write that fails part-way: the generated module of `b` cannot be written (a full disk, a permission).
vi.mock('../../../generator/src/base/project-files.js', async (original) => {
  const real = await original<typeof import('../../../generator/src/base/project-files.js')>()
  return {
    ...real,
    writeFileAtomic: async (file: string, text: string, mode: number | null) => {
      if (file.endsWith(path.join('generated', 'b.ts'))) throw new Error('ENOSPC: no space left on device')
      return real.writeFileAtomic(file, text, mode)
    },
  }
})
const { WriteStager, writePlan } = await import('../../../generator/src/apply/write-plan.js')

let cwd = ''
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

const change = (file: string, owner: 'generator' | 'author') => ({ path: file, owner, status: 'create' as const, planned: `// ${file}\n`, current: undefined })

describe('writePlan when a write fails', () => {
  test('dependencies are written first; what depends on the failed file, and the deletions, are left for the next run', async () => {
    cwd = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolsmith-write-')))
    mkdirSync(path.join(cwd, 'src/tools/generated'), { recursive: true })
    writeFileSync(path.join(cwd, 'src/tools/generated/old.ts'), '// old\n')
    const comparison: PlanComparison = {
      // Plan order is by path: the index and the stubs sort before the generated modules.
      changes: [change('docs/tools.md', 'generator'), change('src/tools/a.ts', 'author'), change('src/tools/b.ts', 'author'), change('src/tools/generated/a.ts', 'generator'), change('src/tools/generated/b.ts', 'generator'), change('src/tools/index.ts', 'generator')],
      deletions: [{ path: 'src/tools/generated/old.ts', current: '// old\n' }],
      orphans: [],
      blocked: [],
    }
    const result = await writePlan(cwd, cwd, comparison)
    expect(result.written).toEqual(['src/tools/generated/a.ts'])
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['write-failed src/tools/generated/b.ts', 'write-skipped src/tools/generated/b.ts'])
    expect(result.diagnostics[1]?.message).toContain('4 file(s)')
    for (const file of ['src/tools/a.ts', 'src/tools/b.ts', 'src/tools/index.ts', 'docs/tools.md']) expect(existsSync(path.join(cwd, file)), file).toBe(false)
    expect(readFileSync(path.join(cwd, 'src/tools/generated/old.ts'), 'utf8')).toBe('// old\n')
  })
})

describe('writePlan with temporaries staged while planning', () => {
  test('a staged new file is put in place; one whose path was taken meanwhile is left as it is; no temporary stays', async () => {
    cwd = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolsmith-write-')))
    const stager = new WriteStager(cwd, cwd)
    stager.stage({ path: 'src/tools/x.ts', content: 'x\n' })
    stager.stage({ path: 'src/tools/y.ts', content: 'y\n' })
    const temporaries = (): string[] => (existsSync(path.join(cwd, 'src/tools')) ? readdirSync(path.join(cwd, 'src/tools')).filter((name) => name.endsWith('.toolsmith-tmp')) : [])
    for (let tries = 0; tries < 300 && temporaries().length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(temporaries()).toHaveLength(2)
    writeFileSync(path.join(cwd, 'src/tools/y.ts'), 'mine\n')
    const create = (file: string, planned: string) => ({ path: file, owner: 'generator' as const, status: 'create' as const, planned, current: undefined })
    const result = await writePlan(cwd, cwd, { changes: [create('src/tools/x.ts', 'x\n'), create('src/tools/y.ts', 'y\n')], deletions: [], orphans: [], blocked: [] }, stager)
    expect(result.written).toEqual(['src/tools/x.ts'])
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['changed-during-run src/tools/y.ts'])
    expect(readFileSync(path.join(cwd, 'src/tools/x.ts'), 'utf8')).toBe('x\n')
    expect(readFileSync(path.join(cwd, 'src/tools/y.ts'), 'utf8')).toBe('mine\n')
    await stager.discard()
    expect(temporaries()).toEqual([])
  })

  test('nothing is staged through a folder that leads outside the project', async () => {
    cwd = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolsmith-write-')))
    const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolsmith-outside-')))
    try {
      mkdirSync(path.join(cwd, 'src'))
      symlinkSync(outside, path.join(cwd, 'src/tools'))
      const stager = new WriteStager(cwd, cwd)
      stager.stage({ path: 'src/tools/x.ts', content: 'x\n' })
      expect(await stager.take('src/tools/x.ts', 'x\n')).toBeUndefined()
      await stager.discard()
      expect(readdirSync(outside)).toEqual([])
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })
})

describe('writePlan of a file the comparison knew by its stat', () => {
  test('it is replaced while its stat is the one compared, and left alone (changed during the run) once it is not', async () => {
    cwd = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolsmith-write-')))
    mkdirSync(path.join(cwd, 'src/tools'), { recursive: true })
    const file = (name: string): string => path.join(cwd, 'src/tools', name)
    writeFileSync(file('kept.ts'), '// old\n')
    writeFileSync(file('edited.ts'), '// old\n')
    const stat = (name: string): string => statText(statSync(file(name), { bigint: true }))
    const update = (name: string) => ({ path: `src/tools/${name}`, owner: 'generator' as const, status: 'update' as const, planned: '// new\n', current: '// old\n', stat: stat(name) })
    const changes = [update('kept.ts'), update('edited.ts')]
    writeFileSync(file('edited.ts'), '// the author\n')
    const result = await writePlan(cwd, cwd, { changes, deletions: [], orphans: [], blocked: [] })
    expect(result.written).toEqual(['src/tools/kept.ts'])
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['changed-during-run src/tools/edited.ts'])
    expect([readFileSync(file('kept.ts'), 'utf8'), readFileSync(file('edited.ts'), 'utf8')]).toEqual(['// new\n', '// the author\n'])
  })
})
