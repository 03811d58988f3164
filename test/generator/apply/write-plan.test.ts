import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PlanComparison } from '../../../generator/src/apply/compare-plan.js'

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
const { writePlan } = await import('../../../generator/src/apply/write-plan.js')

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
