// The Code Mode run of `npm run demo` (example/src/code-mode-demo.ts): the same program, on the example's tools, in a
// workspace like the demo's.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createToolRuntime } from '@toolsmith/runtime'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type DemoDispatch, runCodeModeDemo } from '../../example/src/code-mode-demo.js'
import { tools } from '../../example/src/tools/index.js'
import { useWorkspace } from '../../example/src/workspace/current-workspace.js'

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsmith-demo-code-'))
  await mkdir(path.join(root, 'src'), { recursive: true })
  await writeFile(path.join(root, 'src/greet.ts'), 'export function greet(name: string) {\n  return `Hi, ${name}!`\n}\n')
  await writeFile(path.join(root, 'README.md'), '# demo\n\nTODO: say hello.\n')
  await useWorkspace(root)
})
afterAll(() => rm(root, { recursive: true, force: true }))

test('the demo program finds the TODO, reads and edits the file through three sub-dispatches, and returns the edit', async () => {
  const runtime = createToolRuntime()
  for (const tool of tools) runtime.register(tool)
  const dispatches: DemoDispatch[] = []
  const run = await runCodeModeDemo(runtime, (dispatch) => dispatches.push(dispatch))

  const text = run.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
  expect(run.isError, text).toBe(false)
  expect(dispatches.map(({ name, isError }) => [name, isError])).toEqual([
    ['grep', false],
    ['read_file', false],
    ['edit_file', false],
  ])
  // Every sub-dispatch is a call of its own under the run.
  expect(new Set(dispatches.map((dispatch) => dispatch.subCallId)).size).toBe(3)
  // The program's console line and its return value reach the caller.
  expect(text).toContain('edited README.md lines before: 3')
  expect(text).toContain('"replacements": 1')
  expect(text).toContain('"file": "README.md"')
  // The edit really happened, in the workspace, through the example's edit_file.
  expect(await readFile(path.join(root, 'README.md'), 'utf8')).toBe('# demo\n\nHello from Code Mode.\n')
  expect(await readFile(path.join(root, 'src/greet.ts'), 'utf8')).toContain('Hi, ')
})
