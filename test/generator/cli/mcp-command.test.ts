// `toolsmith mcp --tools MODULE`: what it refuses (exit 2, before serving anything). Serving itself is covered by
// test/mcp/serve-mcp.test.ts, which spawns this command and talks to it over stdio with the real SDK Client.
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type CliRun, runCliIn } from './cli-run.js'
import { TempProject } from '../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const cli = (...argv: string[]): Promise<CliRun> => runCliIn(project.cwd, argv)

const RAW_TOOL = `{
  name: 'echo', description: 'Echo.', parameters: { type: 'object', properties: {} },
  output: { schema: { type: 'string' }, render: () => [] }, execute: async () => 'x',
}`

describe('toolsmith mcp', () => {
  test.each([
    ['no --tools', [], {}, 'mcp needs --tools MODULE'],
    ['extra arguments', ['--tools', 'tools.mjs', 'now'], {}, 'mcp takes no arguments'],
    ['a module that does not exist', ['--tools', 'missing.mjs'], {}, '--tools missing.mjs: cannot import it'],
    ['a module without tools', ['--tools', 'tools.mjs'], { 'tools.mjs': 'export const tool = 1\n' }, 'does not export a `tools` array'],
    [
      'a configure that is not a function',
      ['--tools', 'tools.mjs'],
      { 'tools.mjs': `export const tools = []\nexport const configure = 1\n` },
      '`configure` is exported but is not a function',
    ],
    ['a tool registered twice', ['--tools', 'tools.mjs'], { 'tools.mjs': `const t = ${RAW_TOOL}\nexport const tools = [t, t]\n` }, 'echo'],
  ])('%s: exit 2 with the reason', async (_case, args, files: Record<string, string>, says) => {
    for (const [file, text] of Object.entries(files)) project.write(file, text)
    const run = await cli('mcp', ...args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(says)
  })

  test('the MCP SDK is imported lazily: only the mcp command loads @toolsmith/mcp', () => {
    const source = (file: string) => readFileSync(new URL(`../../../generator/src/cli/${file}`, import.meta.url), 'utf8')
    for (const file of ['run-cli.ts', 'mcp-command.ts']) {
      expect(source(file)).not.toMatch(/^import[^\n]*['"]@toolsmith\/mcp['"]/m)
      expect(source(file)).not.toMatch(/@modelcontextprotocol\/sdk/)
    }
    expect(source('mcp-command.ts')).toContain("await import('@toolsmith/mcp')")
  })

  test('--help lists the command', async () => {
    expect((await cli('--help')).stdout).toContain('mcp --tools MODULE')
  })
})
