import { rmSync } from 'node:fs'
import path from 'node:path'
import { applyPatch } from 'diff'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'
import { fakePlanFiles } from './fake-planner.js'
import { TempProject } from './temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const check = () => runCheck({ cwd: project.cwd, planFiles: fakePlanFiles })
const generate = () => runGenerate({ cwd: project.cwd, planFiles: fakePlanFiles })

describe('runCheck', () => {
  test('exit 0 when every file is current', async () => {
    project.declare('a')
    await generate()
    expect(await check()).toMatchObject({ exitCode: 0, drift: [], diagnostics: [] })
  })

  test('exit 1 listing every stale, missing, to-be-deleted and orphaned file, each with a diff that turns disk into the plan', async () => {
    project.declare('a')
    project.declare('b')
    project.declare('gone')
    await generate()
    rmSync(path.join(project.cwd, 'schemas/gone.tool.yaml'))
    project.declare('a', 'timeoutMs: 7\n')
    rmSync(path.join(project.cwd, 'src/tools/generated/b.ts'))
    const before = project.snapshot()
    const texts = new Map([...before.keys()].map((file) => [file, project.read(file) ?? '']))
    const outcome = await check()
    expect(project.snapshot()).toEqual(before)
    expect(outcome.exitCode).toBe(1)
    expect(outcome.drift.map((d) => [d.status, d.path])).toEqual([
      ['stale', 'docs/catalog.json'],
      ['stale', 'docs/tools.md'],
      ['stale', 'src/tools/generated/a.ts'],
      ['missing', 'src/tools/generated/b.ts'],
      ['stale', 'src/tools/index.ts'],
      ['deletion', 'src/tools/generated/gone.ts'],
      ['orphan', 'src/tools/gone.ts'],
    ])
    // Applying each diff to what was on disk gives what generate leaves (nothing, for a deletion). An orphan has no
    // diff: generate keeps it as it is.
    await generate()
    for (const drift of outcome.drift) {
      if (drift.status === 'orphan') {
        expect(drift.diff).toBe('')
        expect(project.read(drift.path)).toBe(texts.get(drift.path))
        continue
      }
      const leaves = drift.status === 'deletion' ? '' : project.read(drift.path)
      expect(applyPatch(texts.get(drift.path) ?? '', drift.diff), drift.path).toBe(leaves)
    }
  })

  test('paths in the diff are relative (a/ and b/), and a changed line is located', async () => {
    project.declare('a')
    await generate()
    project.declare('a', 'timeoutMs: 7\n')
    const stale = (await check()).drift.find((d) => d.path === 'src/tools/generated/a.ts')
    expect(stale?.diff.split('\n').slice(0, 2)).toEqual(['--- a/src/tools/generated/a.ts', '+++ b/src/tools/generated/a.ts'])
    expect(stale?.line).toBe(2)
    expect(stale?.diff).not.toContain(project.cwd)
  })

  test('exit 2 on invalid input, with no drift computed', async () => {
    project.write('schemas/a.tool.yaml', 'name: [\n')
    expect(await check()).toMatchObject({ exitCode: 2, drift: [], diagnostics: [expect.objectContaining({ code: 'yaml-unclosed' }), expect.objectContaining({ code: 'yaml-syntax' })] })
  })
})
