import { afterAll, beforeAll, expect, test } from 'vitest'
import { FuzzWorkspace, trials } from './project-fuzz.js'

// The seeded CI run of issue 10's mutation fuzz (see project-fuzz.ts). `node scripts/fuzz-projects.mjs [trials] [seed]`
// runs the full one through this same file: FUZZ_TRIALS and FUZZ_SEED override the defaults.
const TRIALS = Number(process.env['FUZZ_TRIALS'] ?? 300)
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_203)

const workspace = new FuzzWorkspace()
beforeAll(() => workspace.prepare(), 60_000)
afterAll(() => workspace.remove())

test(`${TRIALS} mutated projects (seed ${SEED}) hold every invariant`, async () => {
  const failures: string[] = []
  const list = trials(SEED, TRIALS)
  for (const [index, trial] of list.entries()) {
    const problems = await workspace.run(trial, index)
    if (problems.length > 0) failures.push(`trial ${index} (${trial.file}, ${JSON.stringify(trial.mutations)}):\n  ${problems.join('\n  ')}`)
  }
  expect(failures.slice(0, 10).join('\n')).toBe('')
  expect(list.filter((trial) => trial.generate).length).toBeGreaterThan(0)
}, Math.max(300_000, TRIALS * 2_000))
