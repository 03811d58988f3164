import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Project, ts } from 'ts-morph'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

// What checking a file that uses `tools` costs per tool, counted (not timed) in types the checker creates: the
// index gives each tool a type alias, whose `TypedTool<Args, Output, name>` body the checker defers, so reading
// `tools.length` and one entry must not resolve every tool's argument and output types. Resolved, a tool would add
// at least three types (its Args and Output interfaces and the `TypedTool` reference): with the entries written
// inline in `ToolsByName` it added 6, with the aliases 2. The control (assigning `tools` to
// `readonly ToolDefinition[]`, which relates every entry) shows the count sees a resolved entry.
const repo = fileURLToPath(new URL('../../', import.meta.url))
const root = mkdtempSync(path.join(tmpdir(), 'toolsmith-index-cost-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const SMALL = 5
const LARGE = 45

async function generateProject(count: number): Promise<string> {
  const cli = (await import(path.join(repo, 'generator/dist/index.js'))) as typeof import('../../generator/src/index.js')
  const cwd = path.join(root, `tools-${count}`)
  mkdirSync(path.join(cwd, 'schemas'), { recursive: true })
  for (let index = 0; index < count; index++) {
    writeFileSync(
      path.join(cwd, 'schemas', `tool_${index}.tool.yaml`),
      `name: tool_${index}\ndescription: Tool ${index}.\nparameters:\n  q: { type: string, required: true }\n  n: { type: integer, minimum: 1 }\noutput: { type: object, additionalProperties: false, properties: { hits: { type: array, required: true, items: { type: string } } } }\n`,
    )
  }
  mkdirSync(path.join(cwd, 'node_modules/@toolsmith'), { recursive: true })
  symlinkSync(path.join(repo, 'runtime'), path.join(cwd, 'node_modules/@toolsmith/runtime'))
  writeFileSync(path.join(cwd, 'package.json'), '{ "private": true, "type": "module" }\n')
  let stderr = ''
  const code = await cli.runCli(['generate'], { cwd, stdout: () => undefined, stderr: (text) => (stderr += text), color: false })
  expect(stderr).toBe('')
  expect(code).toBe(0)
  return cwd
}

/**
 * The types the checker creates to check `source` (a file beside the index), which must have no error: in a
 * ts-morph project, which loads the default library (a bare `ts.createProgram` here would check without it).
 */
function typesToCheck(cwd: string, source: string): number {
  const file = path.join(cwd, 'src', 'use.ts')
  writeFileSync(file, source)
  const project = new Project({
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
  })
  project.addSourceFileAtPath(file)
  project.resolveSourceFileDependencies()
  const program = project.getProgram().compilerObject
  // getTypeCount is on every checker but internal to TypeScript's typings.
  const checker = program.getTypeChecker() as unknown as { getTypeCount(): number }
  const before = checker.getTypeCount()
  const diagnostics = [...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics(program.getSourceFile(file))]
  expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([])
  return checker.getTypeCount() - before
}

const READS = [
  "import { tools } from './tools/index.js'",
  "import type { Tool0Args } from './tools/generated/tool_0.js'",
  "export const args: Tool0Args = { q: 'x' }",
  'export const count: number = tools.length',
  "export const name: 'tool_1' = tools[1].name",
  '',
].join('\n')

const RELATES_ALL = ["import type { ToolDefinition } from '@toolsmith/runtime'", "import { tools } from './tools/index.js'", 'export const all: readonly ToolDefinition[] = tools', ''].join('\n')

describe('checking a file that uses tools', () => {
  let small = ''
  let large = ''
  beforeAll(async () => {
    small = await generateProject(SMALL)
    large = await generateProject(LARGE)
  }, 120_000)
  const perTool = (source: string): number => (typesToCheck(large, source) - typesToCheck(small, source)) / (LARGE - SMALL)

  test('reading tools.length and one entry does not resolve every tool’s types', () => {
    expect(perTool(READS)).toBeLessThan(3)
  })

  test('control: relating every entry to ToolDefinition does, and the count shows it', () => {
    expect(perTool(RELATES_ALL)).toBeGreaterThanOrEqual(3)
  })
})
