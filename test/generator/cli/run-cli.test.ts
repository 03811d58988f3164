import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { planCacheFile } from '../../../generator/src/plan/cache/plan-cache-file.js'
import { type CliRun, runCliIn } from './cli-run.js'
import { fakePlanFiles } from '../pipeline/fake-planner.js'
import { TempProject } from '../pipeline/temp-project.js'
import { positionOf } from '../load/position-of.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const cli = (...argv: string[]): Promise<CliRun> => runCliIn(project.cwd, argv, { planFiles: fakePlanFiles })

const BAD_A = 'name: a\ndescription: d\nparameters:\n  p: { type: strin }\noutput: { type: string }\n'
const BAD_B = 'name: b\ndescription: d\nparameters: {}\noutput: { type: string }\ntimeoutMs: 0\nextra: 1\n'

describe('toolsmith usage', () => {
  test('--help prints the usage and exits 0', async () => {
    const run = await cli('--help')
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(/^Usage: toolsmith <command>/)
  })

  test('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../generator/package.json', import.meta.url), 'utf8')) as { version: string }
    expect(await cli('--version')).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' })
  })

  test.each([
    ['no command', [], 'missing command'],
    ['an unknown command', ['build'], 'unknown command "build"'],
    ['an unknown flag', ['generate', '--outt', 'x'], "Unknown option '--outt'"],
    ['a bad --format', ['check', '--format', 'xml'], '--format must be one of text, json, github'],
    ['a flag without its value', ['generate', '--out'], "Option '--out <value>' argument missing"],
    ['extra arguments', ['check', 'now'], 'check takes no arguments'],
    ['new without a name', ['new'], 'new takes exactly one tool name'],
  ])('%s is a usage error: exit 2', async (_name, argv, says) => {
    const run = await cli(...argv)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(says)
  })

  test('with --format json a usage error is also printed as JSON', async () => {
    const run = await cli('check', '--bogus', '--format', 'json')
    expect(run.code).toBe(2)
    expect(JSON.parse(run.stdout)).toEqual([expect.objectContaining({ severity: 'error', code: 'usage', message: expect.stringContaining("'--bogus'") })])
  })
})

describe('toolsmith generate/check output', () => {
  test('text: every error of every file as file:line:col: error: message with a code frame, exit 2, nothing written', async () => {
    project.write('schemas/a.tool.yaml', BAD_A)
    project.write('schemas/b.tool.yaml', BAD_B)
    const run = await cli('generate')
    expect(run.code).toBe(2)
    const at = positionOf(BAD_A, 'strin')
    expect(run.stderr).toContain(`schemas/a.tool.yaml:${at.line}:${at.column}: error: parameters/p/type:`)
    expect(run.stderr).toContain('> 4 |   p: { type: strin }')
    expect(run.stderr).toContain(`schemas/b.tool.yaml:${positionOf(BAD_B, '0').line}:${positionOf(BAD_B, '0').column}: error:`)
    expect(run.stderr).toContain(`schemas/b.tool.yaml:${positionOf(BAD_B, '1').line}:`)
    expect(run.stderr).not.toContain('\u001b')
    expect([...project.snapshot().keys()]).toEqual(['schemas/a.tool.yaml', 'schemas/b.tool.yaml'])
  })

  test('text, json and github give the same errors', async () => {
    project.write('schemas/a.tool.yaml', BAD_A)
    project.write('schemas/b.tool.yaml', BAD_B)
    const text = await cli('check')
    const json = await cli('check', '--format', 'json')
    const github = await cli('check', '--format', 'github')
    expect([text.code, json.code, github.code]).toEqual([2, 2, 2])
    const fromJson = (JSON.parse(json.stdout) as { file: string; line: number; column: number }[]).map((d) => `${d.file}:${d.line}:${d.column}`)
    const fromText = [...text.stderr.matchAll(/^(\S+\.tool\.yaml:\d+:\d+): error:/gm)].map((m) => m[1])
    const fromGithub = [...github.stdout.matchAll(/^::error file=(\S+?),line=(\d+),col=(\d+),/gm)].map((m) => `${m[1]}:${m[2]}:${m[3]}`)
    expect(fromJson).toHaveLength(3)
    expect(fromText).toEqual(fromJson)
    expect(fromGithub).toEqual(fromJson)
  })

  test('generate prints what it wrote; a second run writes nothing', async () => {
    project.declare('a')
    const first = await cli('generate')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('  wrote src/tools/a.ts\n')
    expect(first.stdout).toMatch(/toolsmith generate: 5 written, 0 unchanged, 0 deleted\n$/)
    expect((await cli('generate')).stdout).toBe('toolsmith generate: 0 written, 5 unchanged, 0 deleted\n')
  })

  test('check: 0 when current; 1 with a diff per file on stdout; json lists the drift as located errors', async () => {
    project.declare('a')
    await cli('generate')
    expect(await cli('check')).toEqual({ code: 0, stdout: 'toolsmith check: every generated file is current\n', stderr: '' })
    project.declare('a', 'timeoutMs: 9\n')
    const text = await cli('check')
    expect(text.code).toBe(1)
    expect(text.stdout).toContain('--- a/src/tools/generated/a.ts\n+++ b/src/tools/generated/a.ts\n@@')
    expect(text.stderr).toContain('stale    src/tools/generated/a.ts')
    const json = await cli('check', '--format', 'json')
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ code: 'stale-file', file: 'src/tools/generated/a.ts', line: 2 })])
    const github = await cli('check', '--format', 'github')
    expect(github.stdout).toMatch(/^::error file=src\/tools\/generated\/a.ts,line=2,col=1,title=toolsmith stale-file::out of date/m)
  })

  test('flags override the config', async () => {
    project.declare('a')
    project.write('toolsmith.config.yaml', 'out: gen\n')
    expect((await cli('generate', '--out', 'other')).stdout).toContain('wrote other/a.ts')
    expect(project.read('gen/a.ts')).toBeUndefined()
  })
})

describe('--no-cache', () => {
  // The real planner: the flag decides whether the plan cache is read and saved.
  const realCli = (...argv: string[]): Promise<CliRun> => runCliIn(project.cwd, argv)

  test('--no-cache plans without the cache and saves none; without it generate saves one', async () => {
    project.declare('a')
    mkdirSync(path.join(project.cwd, 'node_modules'))
    expect((await realCli('generate', '--no-cache')).code).toBe(0)
    expect(existsSync(planCacheFile(project.cwd))).toBe(false)
    expect((await realCli('check', '--no-cache')).code).toBe(0)
    expect((await realCli('generate')).code).toBe(0)
    expect(existsSync(planCacheFile(project.cwd))).toBe(true)
  })

  test('--help documents --no-cache and where the cache lives', async () => {
    const { code, stdout } = await realCli('--help')
    expect(code).toBe(0)
    expect(stdout).toMatch(/--no-cache\s+plan everything afresh/)
    expect(stdout).toContain('node_modules/.cache/toolsmith/')
  })
})
