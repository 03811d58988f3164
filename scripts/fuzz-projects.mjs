// The full mutation fuzz of issue 10: `node scripts/fuzz-projects.mjs [trials=3000] [seed=random]`. It runs the seeded
// test test/generator/fuzz/project-fuzz.test.ts with more trials (FUZZ_TRIALS) and the given or a fresh seed
// (FUZZ_SEED, printed so a failure can be replayed); exits non-zero when an invariant broke.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const trials = process.argv[2] ?? '3000'
const seed = process.argv[3] ?? String(Math.floor(Math.random() * 2 ** 31))
console.log(`fuzzing ${trials} mutated projects with seed ${seed}`)
const run = spawnSync(process.execPath, [path.join(repo, 'node_modules/vitest/vitest.mjs'), 'run', 'test/generator/fuzz/project-fuzz.test.ts'], {
  cwd: repo,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_TRIALS: trials, FUZZ_SEED: seed },
})
process.exit(run.status ?? 1)
