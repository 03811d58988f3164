import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { runCli } from '../../../generator/src/cli/run-cli.js'
import { runImport } from '../../../generator/src/import/run-import.js'
import { sanitizeToolName, ToolNameAssigner } from '../../../generator/src/import/tool-names.js'
import { loadDeclarations } from '../../../generator/src/load/load-declarations.js'
import { TempProject } from '../pipeline/temp-project.js'

// How far the conversion was (declarations printed) when each file write started: the spies pass every call through.
const progress = vi.hoisted(() => ({ printed: 0, atWrites: [] as number[], failAt: 0 }))
vi.mock('../../../generator/src/import/print-declaration.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../generator/src/import/print-declaration.js')>()
  return {
    ...original,
    printDeclaration: (...args: Parameters<typeof original.printDeclaration>) => {
      progress.printed++
      if (progress.printed === progress.failAt) throw new Error('a bug in the printer')
      return original.printDeclaration(...args)
    },
  }
})
const withWriteSpies = vi.hoisted(() => async (importOriginal: () => Promise<unknown>) => {
  const original = (await importOriginal()) as Record<string, (...args: unknown[]) => unknown>
  const spies: Record<string, unknown> = {}
  for (const name of ['writeFile', 'writeFileSync']) {
    const write = original[name]
    if (write === undefined) continue
    spies[name] = (...args: unknown[]) => {
      progress.atWrites.push(progress.printed)
      return write(...args)
    }
  }
  return { ...original, default: { ...original, ...spies }, ...spies }
})
vi.mock('node:fs', withWriteSpies)
vi.mock('node:fs/promises', withWriteSpies)

const projects: TempProject[] = []
afterEach(() => {
  for (const project of projects.splice(0)) project.remove()
})

function project(): TempProject {
  const made = new TempProject()
  projects.push(made)
  return made
}

async function cli(cwd: string, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { cwd, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), color: false })
  return { code, stdout, stderr }
}

const config = (cwd: string) => ({ cwd, schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md', catalogJson: 'docs/catalog.json', catalogRegions: [] })

const MCP_LIST = {
  tools: [
    {
      name: 'search.docs',
      title: 'Search the docs',
      description: 'Search the documentation.',
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for.', 'x-weight': 2 }, limit: { type: ['integer', 'null'] } }, required: ['query'] },
      outputSchema: { type: 'object', properties: { hits: { type: 'array', items: { type: 'string' } } }, required: ['hits'], additionalProperties: false },
      annotations: { readOnlyHint: true },
    },
    { name: 'run_code', description: 'Run code.', inputSchema: { type: 'object' } },
  ],
}

describe('runImport', () => {
  test('writes one *.tool.yaml per tool, schema line first, that the loader reads back exactly', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify(MCP_LIST, null, 2))
    const outcome = await runImport({ config: config(p.cwd), from: 'mcp', file: 'tools.json' })
    expect(outcome.exitCode).toBe(0)
    expect(outcome.written).toEqual(['schemas/search_docs.tool.yaml', 'schemas/run_code_tool.tool.yaml'])
    const text = p.read('schemas/search_docs.tool.yaml') as string
    expect(text.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=\S+tool\.schema\.json$/)
    expect(text).toContain('# lost: x-weight: 2 dropped')
    // The loss comment is on the line before the node it is about.
    expect(text).toMatch(/# lost: x-weight[^\n]*\n\s+query:/)
    const loaded = await loadDeclarations({ cwd: p.cwd, schemas: 'schemas' })
    expect(loaded.diagnostics).toEqual([])
    const search = loaded.declarations.find((declaration) => declaration.name === 'search_docs')
    expect(search).toMatchObject({
      description: 'Search the documentation.',
      annotations: { title: 'Search the docs', readOnly: true },
      parameters: { query: { type: 'string', required: true, description: 'What to look for.' }, limit: { oneOf: [{ type: 'integer' }, { type: 'null' }] } },
      output: { type: 'object', additionalProperties: false, properties: { hits: { type: 'array', required: true, items: { type: 'string' } } } },
    })
    // The renames are in the report, each with its reason.
    expect(outcome.diagnostics.filter((d) => d.code === 'import-renamed').map((d) => d.message)).toEqual([
      expect.stringContaining('"search.docs" is imported as search_docs'),
      expect.stringContaining('"run_code" is imported as run_code_tool'),
    ])
  })

  test('nothing is written when any tool is refused; the refusal names the file, line, column and pointer', async () => {
    const p = project()
    const bad = '  { "name": "bad", "description": "Bad.", "input_schema": { "type": "object", "properties": { "x": { "not": {} } } } }'
    p.write('tools.json', `[\n  { "name": "ok", "description": "Fine.", "input_schema": { "type": "object" } },\n${bad}\n]\n`)
    const outcome = await runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json' })
    expect(outcome.exitCode).toBe(2)
    expect(outcome.written).toEqual([])
    expect(p.read('schemas/ok.tool.yaml')).toBeUndefined()
    expect(outcome.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      { severity: 'error', code: 'import-refused', file: 'tools.json', line: 3, column: bad.indexOf('"not"') + 1, message: '/1/input_schema/properties/x/not: tool "bad": "not" cannot be imported: the YAML has no "not"' },
    ])
  })

  test('a default or example that does not fit its node is dropped with a loss; one that fits is kept; the file loads', async () => {
    const p = project()
    const tool = {
      name: 'find',
      description: 'Find.',
      inputSchema: { type: 'object', properties: { q: { type: 'string', default: null }, n: { type: 'integer', default: 3, examples: [1, 'x', 2] } } },
      outputSchema: { type: 'object', properties: { hits: { type: 'integer', examples: [1, 'many'] } } },
    }
    p.write('tools.json', JSON.stringify({ tools: [tool] }))
    const outcome = await runImport({ config: config(p.cwd), from: 'mcp', file: 'tools.json' })
    expect(outcome.exitCode).toBe(0)
    expect(outcome.imported[0]?.declaration).toMatchObject({ parameters: { q: { type: 'string' }, n: { type: 'integer', default: 3, examples: [1, 2] } }, output: { properties: { hits: { type: 'integer', examples: [1] } } } })
    expect((outcome.imported[0]?.declaration.parameters as { q: object }).q).not.toHaveProperty('default')
    expect(outcome.imported[0]?.losses.map((loss) => loss.pointer).sort()).toEqual([
      '/tools/0/inputSchema/properties/n/examples/1',
      '/tools/0/inputSchema/properties/q/default',
      '/tools/0/outputSchema/properties/hits/examples/1',
    ])
    const text = p.read('schemas/find.tool.yaml') as string
    expect(text).toMatch(/# lost: default null dropped[^\n]*\n\s+q:/)
    const loaded = await loadDeclarations({ cwd: p.cwd, schemas: 'schemas' })
    expect(loaded.diagnostics).toEqual([])
    expect(loaded.declarations.map((declaration) => declaration.name)).toEqual(['find'])
  })

  test('--partial writes the tools that import and exits 1', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify([{ name: 'ok', description: 'Fine.', input_schema: { type: 'object' } }, { name: 'nodesc', input_schema: { type: 'object' } }]))
    const outcome = await runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json', partial: true })
    expect(outcome.exitCode).toBe(1)
    expect(outcome.written).toEqual(['schemas/ok.tool.yaml'])
    expect(outcome.diagnostics).toContainEqual(expect.objectContaining({ code: 'import-refused', message: expect.stringContaining('no description') }))
  })

  test('an existing declaration is never overwritten: its name is taken and the import gets a suffix', async () => {
    const p = project()
    p.declare('ok')
    const before = p.read('schemas/ok.tool.yaml')
    p.write('tools.json', JSON.stringify([{ name: 'ok', description: 'Fine.', input_schema: { type: 'object' } }]))
    const outcome = await runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json' })
    expect(outcome.written).toEqual(['schemas/ok_2.tool.yaml'])
    expect(p.read('schemas/ok.tool.yaml')).toBe(before)
    expect(outcome.imported[0]?.renamed).toBe('"ok" is declared in schemas/ok.tool.yaml')
  })

  test('the output is deterministic: the same input gives the same bytes in another project', async () => {
    const [a, b] = [project(), project()]
    for (const p of [a, b]) {
      p.write('tools.json', JSON.stringify(MCP_LIST))
      await runImport({ config: config(p.cwd), from: 'mcp', file: 'tools.json' })
    }
    for (const file of ['schemas/search_docs.tool.yaml', 'schemas/run_code_tool.tool.yaml']) expect(a.read(file)).toBe(b.read(file))
  })

  test('a write that fails partway (the file-size limit of the process) leaves no half file; the rest are written and the failure reported', () => {
    // `ulimit -f 1`: a write past 1,024 bytes fails with EFBIG after the first 1,024 are on disk, as a crash or a full
    // disk would stop it. Written in place, the long declaration would be left cut off; written under a temporary
    // name and linked into place, it is absent.
    const p = project()
    const long = { name: 'long', description: `Long. ${'word '.repeat(600)}`, inputSchema: { type: 'object' } }
    const short = (name: string) => ({ name, description: 'Short.', inputSchema: { type: 'object' } })
    p.write('tools.json', JSON.stringify({ tools: [short('one'), long, short('two')] }))
    const bin = path.resolve(import.meta.dirname, '../../../generator/bin/toolsmith.js')
    const run = spawnSync('bash', ['-c', `ulimit -f 1 && exec "${process.execPath}" "${bin}" import --from mcp tools.json`], { cwd: p.cwd, encoding: 'utf8' })
    expect(readdirSync(path.join(p.cwd, 'schemas')).sort()).toEqual(['one.tool.yaml', 'two.tool.yaml'])
    expect(run.status, run.stderr).toBe(1)
    expect(run.stderr).toMatch(/could not write schemas\/long\.tool\.yaml\b.*EFBIG/)
    expect(p.read('schemas/one.tool.yaml')).toMatch(/^# yaml-language-server[^]*\ndescription: Short\.\n/)
  })

  test('a leftover stage this user cannot remove (of a crashed `sudo toolsmith import`) is a warning naming it; the import is written', () => {
    // As root the CLI runs as nobody (root removes anything) beside a root-owned 0700 stage; otherwise beside a
    // stage of mode 000. Its process ended and it is two hours old, so it is a leftover by any measure.
    const asRoot = process.getuid?.() === 0
    const p = project()
    p.write('tools.json', JSON.stringify({ tools: [{ name: 'one', description: 'One.', inputSchema: { type: 'object' } }] }))
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
    const name = `.import.${ended}-0123abcd0.toolsmith-tmp`
    const leftover = path.join(p.cwd, 'schemas', name)
    mkdirSync(leftover, { recursive: true })
    if (asRoot) {
      chmodSync(p.root, 0o755)
      for (const folder of [p.cwd, path.join(p.cwd, 'schemas'), path.join(p.cwd, 'tools.json')]) chownSync(folder, 65534, 65534)
    }
    writeFileSync(path.join(leftover, 'half.tool.yaml'), 'desc')
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    utimesSync(leftover, twoHoursAgo, twoHoursAgo)
    chmodSync(leftover, asRoot ? 0o700 : 0o000)
    const bin = path.resolve(import.meta.dirname, '../../../generator/bin/toolsmith.js')
    const command = [process.execPath, bin, 'import', '--from', 'mcp', 'tools.json']
    const run = asRoot
      ? spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', ...command], { cwd: p.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
      : spawnSync(command[0] as string, command.slice(1), { cwd: p.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    chmodSync(leftover, 0o700)
    expect(run.status, run.stderr).toBe(0)
    expect(run.stderr).toContain(`could not remove schemas/${name}, the staging folder of an earlier import that ended (EACCES`)
    expect(readdirSync(path.join(p.cwd, 'schemas')).sort()).toEqual([name, 'one.tool.yaml'])
    expect(readdirSync(leftover)).toEqual(['half.tool.yaml'])
  })

  test('the files are written while the later tools convert, without --partial too, and appear only at the end', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify(Array.from({ length: 40 }, (_, index) => ({ name: `t${index}`, description: 'T.', input_schema: { type: 'object' } }))))
    progress.printed = 0
    progress.atWrites.length = 0
    const outcome = await runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json' })
    expect(outcome.written.length).toBe(40)
    expect(progress.printed).toBe(40)
    expect(progress.atWrites.length).toBe(40)
    // The first file is on its way as soon as its tool is printed, long before the last tool is.
    expect(progress.atWrites[0]).toBeLessThan(10)
    expect(readdirSync(path.join(p.cwd, 'schemas')).length).toBe(40)
  })

  test('an internal error midway writes nothing and leaves no stage (its writer thread stopped)', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ name: `t${index}`, description: 'T.', input_schema: { type: 'object' } }))))
    progress.printed = 0
    // Past the files written on this thread, so the worker has started.
    progress.failAt = 90
    try {
      await expect(runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json', partial: true })).rejects.toThrow('a bug in the printer')
    } finally {
      progress.failAt = 0
    }
    expect(existsSync(path.join(p.cwd, 'schemas'))).toBe(false)
  })

  test('a refusal without --partial leaves the project as it was: no file, no stage, no schemas folder made', async () => {
    const tools = Array.from({ length: 30 }, (_, index) => (index === 20 ? { name: 'bad', input_schema: { type: 'object' } } : { name: `t${index}`, description: 'T.', input_schema: { type: 'object' } }))
    const fresh = project()
    fresh.write('tools.json', JSON.stringify(tools))
    const outcome = await runImport({ config: config(fresh.cwd), from: 'anthropic', file: 'tools.json' })
    expect(outcome.exitCode).toBe(2)
    expect(existsSync(path.join(fresh.cwd, 'schemas'))).toBe(false)
    const existing = project()
    existing.declare('ok')
    existing.write('tools.json', JSON.stringify(tools))
    expect((await runImport({ config: config(existing.cwd), from: 'anthropic', file: 'tools.json' })).exitCode).toBe(2)
    expect(readdirSync(path.join(existing.cwd, 'schemas'))).toEqual(['ok.tool.yaml'])
  })

  test('--partial stages each tool as it is converted: the same names, files, bytes and diagnostics as converting first', async () => {
    // Many copies of few names (suffix search), a rename, losses and refusals in between: the order they are met in
    // decides every name, so writing while converting must not reorder anything.
    const tools = Array.from({ length: 60 }, (_, index) =>
      index % 7 === 3
        ? { name: `bad_${index}`, input_schema: { type: 'object' } }
        : { name: ['get.data', 'get_data', 'GetData', 'run_code'][index % 4], description: `Tool ${index}.`, input_schema: { type: 'object', properties: { q: { type: 'string', 'x-n': index } } } },
    )
    const [a, b] = [project(), project()]
    for (const p of [a, b]) p.write('tools.json', JSON.stringify(tools))
    const converted = await runImport({ config: config(a.cwd), from: 'anthropic', file: 'tools.json', dryRun: true })
    const partial = await runImport({ config: config(b.cwd), from: 'anthropic', file: 'tools.json', partial: true })
    expect(partial.exitCode).toBe(1)
    expect(partial.refusedTools).toBe(9)
    expect(partial.imported).toEqual(converted.imported)
    expect(partial.diagnostics).toEqual(converted.diagnostics)
    expect(partial.written).toEqual(converted.imported.map((tool) => tool.file))
    expect(partial.written.slice(0, 5)).toEqual(['schemas/get_data.tool.yaml', 'schemas/get_data_2.tool.yaml', 'schemas/GetData_3.tool.yaml', 'schemas/get_data_4.tool.yaml', 'schemas/get_data_5.tool.yaml'])
    for (const tool of converted.imported) expect(b.read(tool.file)).toBe(tool.text)
    expect(readdirSync(path.join(b.cwd, 'schemas')).length).toBe(51)
  })

  test('a schemas folder that leads outside the project through a link: nothing is written, with --partial too', async () => {
    for (const partial of [false, true]) {
      const p = project()
      const outside = path.join(p.root, 'outside')
      mkdirSync(outside)
      symlinkSync(outside, path.join(p.cwd, 'schemas'))
      p.write('tools.json', JSON.stringify([{ name: 'ok', description: 'Fine.', input_schema: { type: 'object' } }]))
      const outcome = await runImport({ config: config(p.cwd), from: 'anthropic', file: 'tools.json', partial })
      expect(outcome.exitCode).toBe(2)
      expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'import-write', message: 'the schemas folder "schemas" leads outside the project' })])
      expect(readdirSync(outside)).toEqual([])
    }
  })

  test('JSON Lines input (how BFCL ships its data) is read, and pointers start at the line index', async () => {
    const p = project()
    const entry = (id: string, type: string) => JSON.stringify({ id, question: [], function: [{ name: id, description: 'D.', parameters: { type: 'dict', properties: { a: { type } } } }] })
    p.write('data.json', `${entry('one', 'float')}\n${entry('two', 'complex')}\n`)
    const outcome = await runImport({ config: config(p.cwd), from: 'bfcl', file: 'data.json', dryRun: true })
    expect(outcome.imported.map((tool) => tool.name)).toEqual(['one'])
    expect(outcome.diagnostics.find((d) => d.severity === 'error')).toMatchObject({ line: 2, message: expect.stringMatching(/^\/1\/function\/0\/parameters\/properties\/a\/type: /) })
  })

  test('a file that is not JSON is a located error', async () => {
    const p = project()
    p.write('tools.json', '{\n  "tools": [,]\n}\n')
    const outcome = await runImport({ config: config(p.cwd), from: 'mcp', file: 'tools.json' })
    expect(outcome.exitCode).toBe(2)
    expect(outcome.diagnostics).toEqual([expect.objectContaining({ code: 'import-syntax', line: 2, column: 13 })])
  })
})

describe('tool names', () => {
  test.each([
    ['math.factorial', 'math_factorial'],
    ['1st', 't_1st'],
    ['_private', 't__private'],
    ['a b/c', 'a_b_c'],
    ['run_code', 'run_code_tool'],
    ['Index', 'Index_tool'],
    ['x'.repeat(80), 'x'.repeat(64)],
    ['ok-name_2', 'ok-name_2'],
  ])('%s → %s', (given, want) => expect(sanitizeToolName(given)).toBe(want))

  test('collisions are resolved in input order, also across case conversion and file-name case', () => {
    const names = new ToolNameAssigner(new Map([['taken', 'schemas/taken.tool.yaml']]))
    const got = ['math.factorial', 'math_factorial', 'mathFactorial', 'Taken', 'MATH_FACTORIAL', 'math.factorial'].map((name) => names.assign(name).name)
    expect(got).toEqual(['math_factorial', 'math_factorial_2', 'mathFactorial_3', 'Taken_2', 'MATH_FACTORIAL_4', 'math_factorial_5'])
  })

  test('many copies of one name take the next free suffixes, skipping names taken meanwhile and beforehand', () => {
    const names = new ToolNameAssigner(new Map([['a_3', 'schemas/a_3.tool.yaml']]))
    const got = ['a', 'a', 'a', 'a_5', 'a', 'A', 'a_2', 'a'].map((name) => names.assign(name).name)
    expect(got).toEqual(['a', 'a_2', 'a_4', 'a_5', 'a_6', 'A_7', 'a_2_2', 'a_8'])
  })
})

describe('toolsmith import (CLI)', () => {
  test.each([
    [['import', 'x.json'], /needs --from/],
    [['import', '--from', 'yaml', 'x.json'], /--from must be one of openai, anthropic, gemini, mcp, jsonschema, bfcl/],
    [['import', '--from', 'mcp'], /exactly one input file/],
  ])('usage error %j', async (argv, why) => {
    const result = await cli(project().cwd, ...argv)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(why)
  })

  test('--format json prints the refusals, losses and renames as diagnostics on stdout; --schemas picks the folder', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify(MCP_LIST))
    const result = await cli(p.cwd, 'import', '--from', 'mcp', 'tools.json', '--schemas', 'imported', '--format', 'json')
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout) as { code: string }[]
    expect(printed.map((d) => d.code)).toEqual(['import-renamed', 'import-lossy', 'import-renamed'])
    expect(p.read('imported/search_docs.tool.yaml')).toBeDefined()
    expect(result.stderr).toContain('toolsmith import: 2 written')
  })

  test('text format lists the files written with their source names', async () => {
    const p = project()
    p.write('tools.json', JSON.stringify(MCP_LIST))
    const result = await cli(p.cwd, 'import', '--from', 'mcp', 'tools.json')
    expect(result.stdout).toContain('wrote schemas/search_docs.tool.yaml  (from "search.docs")')
  })
})
