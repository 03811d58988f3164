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

describe('value constraints declared in YAML (the DSL of issue 13)', () => {
  const WITH = (parameter: string, output: string) =>
    `name: page\ndescription: A page.\nparameters:\n  n: { type: integer, required: true${parameter} }\noutput:\n  type: object\n  additionalProperties: false\n  properties:\n    size: { type: integer, required: true${output} }\n`
  test.each([
    ['a maximum added to a parameter narrows it: ERR', WITH('', ''), WITH(', maximum: 100', ''), [['parameter-constraint-narrowed', 'ERR', 'parameters', '/properties/n/maximum']]],
    ['a maximum added to an output narrows it: INFO', WITH('', ''), WITH('', ', maximum: 100'), [['output-constraint-narrowed', 'INFO', 'output', '/properties/size/maximum']]],
    ['a minimum removed from an output widens it: ERR', WITH('', ', minimum: 1'), WITH('', ''), [['output-constraint-widened', 'ERR', 'output', '/properties/size/minimum']]],
    ['a multipleOf relaxed on a parameter widens it: INFO', WITH(', multipleOf: 4', ''), WITH(', multipleOf: 2', ''), [['parameter-constraint-widened', 'INFO', 'parameters', '/properties/n/multipleOf']]],
  ])('%s', async (_name, before, after, want) => {
    project.write('a/page.tool.yaml', before)
    project.write('b/page.tool.yaml', after)
    const outcome = await runDiff({ cwd: project.cwd, base: 'a', head: 'b' })
    expect(outcome.diagnostics).toEqual([])
    expect(outcome.report?.findings.map((f) => [f.id, f.level, f.part, f.pointer])).toEqual(want)
  })

  test('a typed map (additionalProperties as a schema) narrowed on a parameter is ERR, located at its YAML node', async () => {
    const MAP = (type: string) => `name: tag\ndescription: Tags.\nparameters:\n  tags: { type: object, additionalProperties: { type: ${type} } }\noutput: { type: string }\n`
    project.write('a/tag.tool.yaml', MAP('number'))
    project.write('b/tag.tool.yaml', MAP('integer'))
    const outcome = await runDiff({ cwd: project.cwd, base: 'a', head: 'b' })
    expect(outcome.report?.findings.map((f) => [f.id, f.pointer, f.location?.line])).toEqual([['parameter-type-narrowed', '/properties/tags/additionalProperties/type', 4]])
  })
})
