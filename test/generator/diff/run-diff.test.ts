import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { runDiff } from '../../../generator/src/diff/run-diff.js'
import { TempProject } from '../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const TOOL = (extra: string) => `name: find\ndescription: Find things.\nparameters:\n  q: { type: string, required: true }\n${extra}output: { type: string }\n`

describe('runDiff on two folders', () => {
  test("the config's targets add the per-target findings, located in the head YAML", async () => {
    project.write('toolsmith.config.yaml', 'targets: [openai-chat, mcp]\n')
    project.write('a/find.tool.yaml', TOOL(''))
    project.write('b/find.tool.yaml', TOOL('  n: { type: integer }\n'))
    const outcome = await runDiff({ cwd: project.cwd, base: 'a', head: 'b' })
    expect(outcome.diagnostics).toEqual([])
    expect(outcome.report?.findings.map((f) => [f.id, f.level, f.target ?? null, f.location])).toEqual([
      ['parameter-added-open-object', 'WARN', null, { file: 'b/find.tool.yaml', line: 5, column: 3 }],
      ['parameter-required-added', 'ERR', 'openai-chat', { file: 'b/find.tool.yaml', line: 5, column: 3 }],
    ])
    expect(outcome.exitCode).toBe(1)
  })

  test('without targets the same change passes at ERR', async () => {
    project.write('a/find.tool.yaml', TOOL(''))
    project.write('b/find.tool.yaml', TOOL('  n: { type: integer }\n'))
    const outcome = await runDiff({ cwd: project.cwd, base: 'a', head: 'b' })
    expect(outcome.exitCode).toBe(0)
    expect(outcome.report?.summary).toEqual({ ERR: 0, WARN: 1, INFO: 0, accepted: 0, suppressed: 0 })
  })

  test('outside a git repository, no BASE is a located usage error', async () => {
    project.write('schemas/find.tool.yaml', TOOL(''))
    const outcome = await runDiff({ cwd: project.cwd })
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'usage', message: expect.stringContaining('no BASE given') })])
  })
})
