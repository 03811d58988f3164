import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { planCacheFile, readPlanCacheFile, writePlanCacheFile } from '../../../../generator/src/plan/cache/plan-cache-file.js'
import { PlanCacheStore } from '../../../../generator/src/plan/cache/plan-cache-store.js'
import { runGenerate } from '../../../../generator/src/pipeline/run-generate.js'
import { fakePlanFiles } from '../../pipeline/fake-planner.js'
import { TempProject } from '../../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const store = (): PlanCacheStore => {
  const cache = PlanCacheStore.empty('build')
  cache.set('key', 'value')
  return cache
}

describe('the plan cache file stays inside the project', () => {
  test.each([
    ['node_modules', 'node_modules'],
    ['node_modules/.cache', 'node_modules/.cache'],
  ])('%s a symbolic link leading out: nothing is read or written there, with a one-line note', async (_name, link) => {
    const outside = path.join(project.root, 'outside')
    mkdirSync(outside)
    if (link !== 'node_modules') mkdirSync(path.join(project.cwd, 'node_modules'))
    symlinkSync(outside, path.join(project.cwd, link))
    const notes: string[] = []
    expect(await writePlanCacheFile(project.cwd, store(), (note) => notes.push(note))).toBe(false)
    expect(await readPlanCacheFile(project.cwd, async () => 'build', (note) => notes.push(note))).toBeUndefined()
    expect(readdirSync(outside)).toEqual([])
    expect(notes).toHaveLength(2)
    for (const note of notes) expect(note).toMatch(/^the plan cache folder leads outside the project through a symbolic link[^\n]*$/)
  })

  test('a cache folder that cannot be written is a note on generate, not silence', async () => {
    project.declare('a')
    mkdirSync(path.join(project.cwd, 'node_modules/.cache'), { recursive: true })
    writeFileSync(path.join(project.cwd, 'node_modules/.cache/toolsmith'), 'a file in the way')
    const outcome = await runGenerate({ cwd: project.cwd, planFiles: fakePlanFiles })
    expect(outcome.exitCode).toBe(0)
    expect(outcome.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'cache-note', file: 'node_modules/.cache/toolsmith/plan.json', message: expect.stringContaining('could not be saved') }),
    ])
  })
})

describe('saving the plan cache', () => {
  const fingerprint = async (): Promise<string> => 'build'
  /** A saved cache with a large value and a small one; then a run that changes the small one. */
  async function changedRun(): Promise<PlanCacheStore> {
    mkdirSync(path.join(project.cwd, 'node_modules'))
    const first = PlanCacheStore.empty('build')
    first.set('large', 'x'.repeat(50_000))
    first.set('small', 'one')
    expect(await writePlanCacheFile(project.cwd, first)).toBe(true)
    const run = (await readPlanCacheFile(project.cwd, fingerprint)) as PlanCacheStore
    run.get('large')
    run.set('small', 'two')
    return run
  }

  test('a run that changed little appends to the file it read, without writing again what it only read', async () => {
    const run = await changedRun()
    const before = readFileSync(planCacheFile(project.cwd))
    const inode = statSync(planCacheFile(project.cwd)).ino
    expect(await writePlanCacheFile(project.cwd, run)).toBe(true)
    const after = readFileSync(planCacheFile(project.cwd))
    expect(statSync(planCacheFile(project.cwd)).ino).toBe(inode)
    expect(after.subarray(0, before.length).equals(before)).toBe(true)
    expect(after.length - before.length).toBeLessThan(500)
    const next = (await readPlanCacheFile(project.cwd, fingerprint)) as PlanCacheStore
    expect([next.get('large'), next.get('small')]).toEqual(['x'.repeat(50_000), 'two'])
  })

  test('a file replaced since it was read is not appended to: the save writes a whole file', async () => {
    const run = await changedRun()
    // Another run wrote the cache anew meanwhile (a rename over it, as every whole save is).
    const other = PlanCacheStore.empty('build')
    other.set('other', 'value')
    writeFileSync(`${planCacheFile(project.cwd)}.new`, other.serialize())
    renameSync(`${planCacheFile(project.cwd)}.new`, planCacheFile(project.cwd))
    expect(await writePlanCacheFile(project.cwd, run)).toBe(true)
    const next = (await readPlanCacheFile(project.cwd, fingerprint)) as PlanCacheStore
    expect([next.get('large'), next.get('small'), next.get('other')]).toEqual(['x'.repeat(50_000), 'two', undefined])
    expect(readdirSync(path.dirname(planCacheFile(project.cwd)))).toEqual(['plan.json'])
  })
})
