import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const repo = fileURLToPath(new URL('../../../', import.meta.url))

// One tsc run over every fixture's expected TypeScript (test/generator/fixtures/tsconfig.json): strict, nodenext,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, noUnused*, with @toolsmith/runtime from its sources. So a
// fresh stub compiles for every card, for outputs that fit it and outputs that do not, and so does every author
// stub of the regenerate cases against its regenerated module.
test('every expected .ts file of every fixture type-checks', async () => {
  const tsc = `${repo}node_modules/.bin/tsc`
  const result = await promisify(execFile)(tsc, ['-p', 'test/generator/fixtures/tsconfig.json'], { cwd: repo }).then(
    () => ({ code: 0, output: '' }),
    (error: { code?: number | string; signal?: string; stdout?: string; stderr?: string; message?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}${error.signal === undefined ? '' : ` (signal ${error.signal})`}` || (error.message ?? ''),
    }),
  )
  expect(result.output).toBe('')
  expect(result.code).toBe(0)
})
