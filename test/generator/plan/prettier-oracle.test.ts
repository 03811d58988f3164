import fc from 'fast-check'
import * as prettier from 'prettier'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { planFiles } from '../../../generator/src/plan/plan-files.js'
import { createCodeFormatter } from '../../../generator/src/print/code-formatter.js'
import type { PlanResult } from '../../../generator/src/model/plan.js'
import { declarationWithMetadata as declaration, layoutOptions } from '../print/declaration-arbitrary.js'
import { fixtureCase, fixtureNames, memoryOptions } from './fixture-project.js'

// The oracle of print-once: every file the generator writes is one real prettier, run with the project's config for
// its path (our defaults when there is none), leaves unchanged. Files an author owns and already had (a stub being
// merged, a page holding a catalog region) are theirs, and not checked.
async function expectPrettierFixedPoints(result: PlanResult, cwd: string, existing: ReadonlyMap<string, string>): Promise<number> {
  const formatter = createCodeFormatter(cwd)
  let checked = 0
  for (const file of result.files) {
    if (file.owner === 'author' && existing.has(file.path)) continue
    // The Code Mode SDK declaration is the providers' printer's text exactly as the runtime prints it (issue 17): the
    // same bytes on both sides matter more there than prettier's layout.
    if (file.path.endsWith('code-mode-sdk.d.ts')) continue
    const options = await formatter.layoutOptions(file.path)
    expect(await prettier.format(file.content, { ...options, filepath: join(cwd, file.path) }), file.path).toBe(file.content)
    checked += 1
  }
  return checked
}

describe('prettier with the project config changes no generated file', () => {
  test.each(fixtureNames())('fixture %s', async (name) => {
    const fixture = await fixtureCase(name)
    const result = await planFiles(fixture.declarations, fixture.options)
    expect(await expectPrettierFixedPoints(result, fixture.cwd, fixture.existing)).toBeGreaterThan(3)
  })

  test('random declarations under a random project config', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(declaration, { minLength: 1, maxLength: 3, selector: (tool) => tool.name }), layoutOptions, async (tools, options) => {
        const cwd = mkdtempSync(join(tmpdir(), 'toolsmith-oracle-'))
        try {
          writeFileSync(join(cwd, '.prettierrc.json'), JSON.stringify(options))
          const result = await planFiles(tools, memoryOptions(cwd, new Map()))
          expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([])
          await expectPrettierFixedPoints(result, cwd, new Map())
        } finally {
          rmSync(cwd, { recursive: true, force: true })
        }
      }),
      { seed: Number(process.env.SEED ?? 2026), numRuns: Number(process.env.RUNS ?? 12) },
    )
  }, 300_000)
})
