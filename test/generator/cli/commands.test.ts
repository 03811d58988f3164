// toolsmith new, export and mcp (generator/src/cli/commands.ts), through the command line.
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type CliRun, runCliIn } from './cli-run.js'
import { runCheck } from '../../../generator/src/pipeline/run-check.js'
import { runGenerate } from '../../../generator/src/pipeline/run-generate.js'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import { positionOf } from '../load/position-of.js'
import { fakePlanFiles } from '../pipeline/fake-planner.js'
import { TempProject } from '../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const cli = (...argv: string[]): Promise<CliRun> => runCliIn(project.cwd, argv, { planFiles: fakePlanFiles })

const CLEAN = 'name: find\ndescription: Find things.\nannotations: { readOnly: true }\nparameters:\n  q: { type: string, required: true }\n  limit: { type: integer }\noutput: { type: string }\n'
const LOSSY = 'name: count\ndescription: Count.\nparameters:\n  n: { type: integer, default: 3 }\noutput: { type: integer }\n'

describe('toolsmith new', () => {
  test('writes a valid starter declaration with the $schema line, and never overwrites', async () => {
    project.write('schemas/tool.schema.json', '{}')
    const run = await cli('new', 'fetch_page')
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('created schemas/fetch_page.tool.yaml') })
    const text = project.read('schemas/fetch_page.tool.yaml') ?? ''
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=./tool.schema.json')
    const loaded = loadDeclarationSource('schemas/fetch_page.tool.yaml', Buffer.from(text))
    expect(loaded.diagnostics).toEqual([])
    expect(loaded.declaration?.name).toBe('fetch_page')
    const again = await cli('new', 'fetch_page')
    expect(again.code).toBe(2)
    expect(again.stderr).toContain('already exists')
    expect(project.read('schemas/fetch_page.tool.yaml')).toBe(text)
  })

  test('without a project copy, the $schema line points at the repository schema', async () => {
    await cli('new', 'x', '--schemas', 'decl/tools')
    const line = project.read('decl/tools/x.tool.yaml')?.split('\n')[0] ?? ''
    expect(line).toMatch(/^# yaml-language-server: \$schema=(\.\.\/)+.*schemas\/tool\.schema\.json$/)
  })

  test.each([['read-file'], ['Read_File'], ['readFile']])('refuses %j beside an existing read_file (the same TypeScript or file name)', async (name) => {
    expect((await cli('new', 'read_file')).code).toBe(0)
    const run = await cli('new', name)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('clashes with the existing tool "read_file"')
    expect([...project.snapshot().keys()]).toEqual(['schemas/read_file.tool.yaml'])
  })

  test.each([['bad name'], ['run_code'], ['index'], ['../escape']])('refuses the name %j', async (name) => {
    const run = await cli('new', name)
    expect(run.code).toBe(2)
    expect([...project.snapshot().keys()]).toEqual([])
  })
})

describe('toolsmith export', () => {
  test('writes exactly the provider field to stdout: OpenAI Chat tools with strict: true', async () => {
    project.write('schemas/find.tool.yaml', CLEAN)
    const run = await cli('export', '--target', 'openai-chat')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([
      {
        type: 'function',
        function: {
          name: 'find',
          description: 'Find things.',
          parameters: {
            type: 'object',
            properties: { q: { type: 'string' }, limit: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
            required: ['q', 'limit'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    ])
    // OpenAI has no field for annotations: the readOnly hint is a reported loss at its YAML node (exit 0 all the same).
    expect(run.stderr).toContain('1 lossy step(s)')
    expect(run.stderr).toContain('annotations dropped')
    const json = await cli('export', '--target', 'openai-chat', '--format', 'json', '--out', 'o.json')
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ severity: 'warning', code: 'export-host-kept', file: 'schemas/find.tool.yaml', ...positionOf(CLEAN, 'true }') })])
  })

  test.each<[string, (tools: unknown[]) => void]>([
    ['gemini', (tools) => expect(tools).toEqual([expect.objectContaining({ name: 'find', parameters: expect.objectContaining({ type: 'OBJECT' }) })])],
    ['mcp', (tools) => expect(tools).toEqual([expect.objectContaining({ name: 'find', inputSchema: expect.anything(), annotations: expect.objectContaining({ readOnlyHint: true }) })])],
    ['mcp@2025-11-25', (tools) => expect(tools).toEqual([expect.objectContaining({ outputSchema: expect.objectContaining({ required: ['result'] }) })])],
    ['anthropic-strict', (tools) => expect(tools).toEqual([expect.objectContaining({ strict: true, input_schema: expect.anything() })])],
  ])('--target %s', async (target, check) => {
    project.write('schemas/find.tool.yaml', CLEAN)
    const run = await cli('export', '--target', target)
    expect(run.code).toBe(0)
    check(JSON.parse(run.stdout) as unknown[])
  })

  test('a loss is a warning at the YAML node that causes it; --strict makes it exit 1 and writes nothing', async () => {
    project.write('schemas/count.tool.yaml', LOSSY)
    const lenient = await cli('export', '--target', 'openai-responses', '--out', 'out/tools.json', '--format', 'json')
    expect(lenient.code).toBe(0)
    const warnings = JSON.parse(lenient.stdout) as { code: string; file: string; line: number; column: number }[]
    expect(warnings).toEqual([expect.objectContaining({ code: 'export-loss', file: 'schemas/count.tool.yaml', ...positionOf(LOSSY, '3 }') })])
    expect(JSON.parse(project.read('out/tools.json') ?? 'null')).toHaveLength(1)
    const strict = await cli('export', '--target', 'openai-responses', '--strict', '--out', 'out/strict.json')
    expect(strict.code).toBe(1)
    expect(strict.stderr).toContain('under --strict; nothing written')
    expect(project.read('out/strict.json')).toBeUndefined()
  })

  test('value constraints from the YAML are lowered per target, each loss located at its keyword', async () => {
    const text = 'name: pick\ndescription: Pick.\nparameters:\n  n: { type: integer, required: true, minimum: 1, maximum: 10 }\n  s: { type: string, required: true, minLength: 2, pattern: "^a" }\noutput: { type: string }\n'
    project.write('schemas/pick.tool.yaml', text)
    const openai = await cli('export', '--target', 'openai-chat', '--format', 'json', '--out', 'o.json')
    expect(openai.code).toBe(0)
    expect(JSON.parse(openai.stdout)).toEqual([expect.objectContaining({ code: 'export-loss', ...positionOf(text, '2, pattern') })])
    const parameters = (JSON.parse(project.read('o.json') ?? '[]') as { function: { parameters: { properties: Record<string, object> } } }[])[0]?.function.parameters
    expect(parameters?.properties['n']).toEqual({ type: 'integer', minimum: 1, maximum: 10 })
    expect(parameters?.properties['s']).toEqual({ type: 'string', pattern: '^a', description: '(minLength: 2)' })
    const anthropic = await cli('export', '--target', 'anthropic-strict', '--format', 'json', '--out', 'a.json')
    expect((JSON.parse(anthropic.stdout) as { line: number; column: number }[]).map(({ line, column }) => ({ line, column }))).toEqual([
      positionOf(text, '1, maximum'),
      positionOf(text, '10 }'),
      positionOf(text, '2, pattern'),
    ])
  })

  test('a tool the target refuses is exit 2, located at the name', async () => {
    const text = 'name: a-very-long-name-that-gemini-accepts-but-not-with-a-dash-1\ndescription: d\nparameters:\n  file-path: { type: string }\noutput: { type: string }\n'
    project.write('schemas/a.tool.yaml', text)
    const run = await cli('export', '--target', 'gemini', '--format', 'json', '--out', 'x.json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual([expect.objectContaining({ code: 'export-error', ...positionOf(text, 'file-path') })])
    expect(project.read('x.json')).toBeUndefined()
  })

  test.each([
    ['no --target', ['export'], 'export needs --target'],
    ['an unknown target', ['export', '--target', 'cohere'], '--target must be'],
    ['--out outside the project', ['export', '--target', 'mcp', '--out', '../x.json'], 'outside the project'],
  ])('%s is a usage error: exit 2', async (_name, argv, says) => {
    project.write('schemas/find.tool.yaml', CLEAN)
    const run = await cli(...argv)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(says)
  })

  test('--out through a symbolic link out of the project writes nothing outside (exit 1)', async () => {
    project.write('schemas/find.tool.yaml', CLEAN)
    mkdirSync(path.join(project.root, 'outside'))
    symlinkSync(path.join(project.root, 'outside'), path.join(project.cwd, 'link'), 'dir')
    const run = await cli('export', '--target', 'mcp', '--out', 'link/tools.json')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('outside the project')
    expect(readdirSync(path.join(project.root, 'outside'))).toEqual([])
  })

  test('invalid declarations are exit 2 and export nothing', async () => {
    project.write('schemas/bad.tool.yaml', 'name: bad\ndescription: d\nparameters: { p: { type: strin } }\noutput: { type: string }\n')
    const run = await cli('export', '--target', 'openai-chat')
    expect(run).toMatchObject({ code: 2, stdout: '' })
  })
})

describe('the targets config key', () => {
  const generate = () => runGenerate({ cwd: project.cwd, planFiles: fakePlanFiles })
  const check = () => runCheck({ cwd: project.cwd, planFiles: fakePlanFiles })

  test('generate writes one export per target beside catalog.json; check is current', async () => {
    project.write('toolsmith.config.yaml', 'targets: [openai-chat-strict, mcp, gemini]\n')
    project.write('schemas/find.tool.yaml', CLEAN)
    const outcome = await generate()
    expect(outcome.exitCode).toBe(0)
    for (const name of ['openai-chat-strict', 'mcp', 'gemini']) expect(JSON.parse(project.read(`docs/tools.${name}.json`) ?? 'null')).toHaveLength(1)
    expect(await check()).toMatchObject({ exitCode: 0, drift: [] })
  })

  test('check fails (exit 1) when a declaration loses something for a listed target, located at the YAML node', async () => {
    project.write('toolsmith.config.yaml', 'targets:\n  - openai-chat\n')
    project.write('schemas/count.tool.yaml', LOSSY)
    expect((await generate()).exitCode).toBe(0)
    const outcome = await check()
    expect(outcome.exitCode).toBe(1)
    expect(outcome.drift).toEqual([])
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'export-loss', file: 'schemas/count.tool.yaml', ...positionOf(LOSSY, '3 }') })])
  })

  test('the command line says why check failed when nothing drifted but a listed target loses something', async () => {
    project.write('toolsmith.config.yaml', 'targets:\n  - openai-chat\n')
    project.write('schemas/count.tool.yaml', LOSSY)
    expect((await runCliIn(project.cwd, ['generate'], { planFiles: fakePlanFiles })).code).toBe(0)
    const run = await runCliIn(project.cwd, ['check'], { planFiles: fakePlanFiles })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('export-loss')
    const summary = run.stderr.trimEnd().split('\n').at(-1)
    expect(summary).toBe('toolsmith check: every generated file is current, but 1 declaration loses something for a configured target (export-loss above)')
  })

  test('an annotation or approval a listed target has no field for is a located warning that does not fail check; a schema loss beside it does', async () => {
    const guarded = 'name: wipe\ndescription: Wipe.\napproval: always\nannotations: { destructive: true, idempotent: true }\nparameters: {}\noutput: { type: string }\n'
    project.write('toolsmith.config.yaml', 'targets: [openai-chat, mcp]\n')
    project.write('schemas/wipe.tool.yaml', guarded)
    expect((await generate()).exitCode).toBe(0)
    const clean = await check()
    expect(clean).toMatchObject({ exitCode: 0, drift: [] })
    expect(clean.diagnostics.map(({ severity, code, line, column, message }) => ({ severity, code, line, column, target: message.split(':')[0] }))).toEqual([
      { severity: 'warning', code: 'export-host-kept', ...positionOf(guarded, 'always'), target: 'openai-chat' },
      { severity: 'warning', code: 'export-host-kept', ...positionOf(guarded, 'always'), target: 'mcp' },
      { severity: 'warning', code: 'export-host-kept', ...positionOf(guarded, 'true }'), target: 'openai-chat' },
    ])
    expect(clean.diagnostics.find((d) => d.message.startsWith('openai-chat: approval'))?.message).toContain('declaredApprovals()')
    // export --strict still means nothing at all was left out.
    expect((await cli('export', '--target', 'openai-chat', '--strict')).code).toBe(1)
    project.write('schemas/count.tool.yaml', LOSSY)
    await generate()
    expect((await check()).exitCode).toBe(1)
  })

  test('a stale export is drift', async () => {
    project.write('toolsmith.config.yaml', 'targets: [mcp]\n')
    project.write('schemas/find.tool.yaml', CLEAN)
    await generate()
    project.write('docs/tools.mcp.json', '[]\n')
    expect(await check()).toMatchObject({ exitCode: 1, drift: [expect.objectContaining({ path: 'docs/tools.mcp.json', status: 'stale' })] })
  })

  test.each([
    ['an unknown target', 'targets: [openai]\n', 'targets[0] must be', 'openai'],
    ['a target listed twice', 'targets: [mcp, mcp]\n', 'listed twice', 'mcp]'],
    ['not a list', 'targets: mcp\n', '"targets" must be a list', 'mcp'],
  ])('%s is a located config error (exit 2)', async (_name, text, says, at) => {
    project.write('toolsmith.config.yaml', text)
    project.write('schemas/find.tool.yaml', CLEAN)
    const outcome = await check()
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ file: 'toolsmith.config.yaml', ...positionOf(text, at) })])
    expect(outcome.diagnostics[0]?.message).toContain(says)
  })
})

// `toolsmith mcp --tools MODULE`: what it refuses (exit 2, before serving anything). Serving itself is covered by
// test/mcp/serve-mcp.test.ts, which spawns this command and talks to it over stdio with the real SDK Client.
const plainCli = (...argv: string[]): Promise<CliRun> => runCliIn(project.cwd, argv)

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
    const run = await plainCli('mcp', ...args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(says)
  })

  test('the MCP SDK is imported lazily: only the mcp command loads @toolsmith/mcp', () => {
    const source = (file: string) => readFileSync(new URL(`../../../generator/src/cli/${file}`, import.meta.url), 'utf8')
    for (const file of ['run-cli.ts', 'commands.ts']) {
      expect(source(file)).not.toMatch(/^import[^\n]*['"]@toolsmith\/mcp['"]/m)
      expect(source(file)).not.toMatch(/@modelcontextprotocol\/sdk/)
    }
    expect(source('commands.ts')).toContain("await import('@toolsmith/mcp')")
  })

  test('--help lists the command', async () => {
    expect((await plainCli('--help')).stdout).toContain('mcp --tools MODULE')
  })
})
