// The bundled example as its users meet it: the stubs generated from schemas/, filled in by hand,
// registered in a runtime and called the way an agent loop calls them.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createToolRuntime, type ToolExecutionResult, type ToolResultView, type ToolRuntime } from '@toolsmith/runtime'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCheck } from '../../generator/src/index.js'
import { tools } from '../../example/src/tools/index.js'
import { useWorkspace } from '../../example/src/workspace/current-workspace.js'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
let root: string
let server: Server
let origin: string
let runtime: ToolRuntime
let callCount = 0

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsmith-example-'))
  await mkdir(path.join(root, 'src/lib'), { recursive: true })
  await writeFile(path.join(root, 'src/main.ts'), 'import { add } from "./lib/add.js"\nconsole.log(add(1, 2))\n')
  await writeFile(path.join(root, 'src/lib/add.ts'), 'export const add = (a: number, b: number) => a + b\n')
  await writeFile(path.join(root, 'notes.txt'), Array.from({ length: 30 }, (_, i) => `note ${i + 1}`).join('\n'))
  await useWorkspace(root)
  server = createServer((request, response) => {
    response.setHeader('content-type', 'text/plain')
    response.end(request.url === '/big' ? 'x'.repeat(5000) : `you asked for ${request.url}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  runtime = createToolRuntime()
  for (const tool of tools) runtime.register(tool)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(root, { recursive: true, force: true })
})

function call(name: string, args: unknown, signal = AbortSignal.timeout(20_000)): Promise<ToolExecutionResult> {
  return runtime.execute({ callId: `c${++callCount}`, name, arguments: args, signal })
}

function text(result: ToolExecutionResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
}

function card(name: string, args: unknown, result: ToolExecutionResult): ToolResultView | undefined {
  return runtime.get(name)?.presentResult?.(args, result)
}

describe('the bundled example', () => {
  test('toolsmith check finds every generated file current (schemas/ and example/ agree)', async () => {
    const outcome = await runCheck({ cwd: repoRoot })
    expect(outcome.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(outcome.drift.map((d) => `${d.status} ${d.path}`)).toEqual([])
    expect(outcome.exitCode).toBe(0)
  })

  test('the model sees exactly the six declared tools, and only their model-facing fields', () => {
    const schemas = runtime.schemas()
    expect(schemas.map((schema) => schema.name)).toEqual(['bash', 'edit_file', 'glob', 'grep', 'read_file', 'web_fetch'])
    for (const schema of schemas) expect(Object.keys(schema).sort()).toEqual(['description', 'name', 'parameters'])
  })

  test('read_file returns a numbered window and a read card', async () => {
    const args = { path: 'notes.txt', offset: 3, limit: 2 }
    const result = await call('read_file', args)
    expect(result.isError).toBe(false)
    expect(result.value).toEqual({
      path: 'notes.txt',
      offset: 3,
      totalLines: 30,
      truncated: true,
      lines: [
        { number: 3, text: 'note 3' },
        { number: 4, text: 'note 4' },
      ],
    })
    expect(text(result)).toContain('3\tnote 3')
    expect(card('read_file', args, result)).toMatchObject({ card: 'read', path: 'notes.txt', offset: 3, totalLines: 30 })
  })

  test('edit_file edits in place, shows a diff card, and refuses an ambiguous edit with a message the model can act on', async () => {
    const args = { path: 'src/lib/add.ts', oldText: 'a + b', newText: 'b + a' }
    const result = await call('edit_file', args)
    expect(result.isError).toBe(false)
    expect(await readFile(path.join(root, 'src/lib/add.ts'), 'utf8')).toBe('export const add = (a: number, b: number) => b + a\n')
    expect(card('edit_file', args, result)).toEqual({
      card: 'diff',
      title: 'src/lib/add.ts',
      diffs: [
        {
          path: 'src/lib/add.ts',
          oldText: 'export const add = (a: number, b: number) => a + b\n',
          newText: 'export const add = (a: number, b: number) => b + a\n',
        },
      ],
    })
    const missing = await call('edit_file', { path: 'src/lib/add.ts', oldText: 'no such text', newText: '' })
    expect(missing.isError).toBe(true)
    expect(missing.error?.info?.code).toBe('TOOL_ERROR')
    expect(text(missing)).toContain('oldText was not found')
  })

  test('grep and glob answer with search cards (matches and paths)', async () => {
    const grepArgs = { pattern: 'add' }
    const grep = await call('grep', grepArgs)
    expect(grep.isError).toBe(false)
    expect(text(grep).split('\n').sort()).toEqual([
      'src/lib/add.ts:1: export const add = (a: number, b: number) => b + a',
      'src/main.ts:1: import { add } from "./lib/add.js"',
      'src/main.ts:2: console.log(add(1, 2))',
    ])
    expect(card('grep', grepArgs, grep)).toMatchObject({ card: 'search', shape: 'matches', total: 3, truncated: false })
    const globArgs = { pattern: 'src/**/*.ts' }
    const glob = await call('glob', globArgs)
    expect(glob.value).toEqual({ total: 2, truncated: false, paths: ['src/lib/add.ts', 'src/main.ts'] })
    expect(card('glob', globArgs, glob)).toMatchObject({ card: 'search', shape: 'paths', paths: ['src/lib/add.ts', 'src/main.ts'] })
  })

  test('bash runs in the workspace, reports the exit status and draws a terminal card', async () => {
    const args = { command: 'pwd; echo oops >&2; exit 4', cwd: 'src' }
    const result = await call('bash', args)
    expect(result.value).toMatchObject({ exitCode: 4, signal: null, truncated: false })
    expect(text(result)).toContain(path.join(root, 'src'))
    expect(text(result)).toContain('oops')
    expect(card('bash', args, result)).toMatchObject({ card: 'terminal', title: args.command, exitCode: 4 })
    expect(runtime.get('bash')?.presentCall?.(args)).toEqual({ card: 'terminal', title: args.command, cwd: 'src' })
  })

  test('cancelling bash kills the command; the call settles as ABORTED after the process is gone', async () => {
    const controller = new AbortController()
    const started = Date.now()
    const pending = call('bash', { command: 'sleep 30' }, controller.signal)
    setTimeout(() => controller.abort(), 200)
    const result = await pending
    expect(result.isError).toBe(true)
    expect(result.error?.info?.code).toBe('ABORTED')
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  test('web_fetch fetches from a local server, caps the body and draws a web card', async () => {
    const args = { url: `${origin}/big`, maxBytes: 100 }
    const result = await call('web_fetch', args)
    expect(result.value).toMatchObject({ statusCode: 200, truncated: true, body: 'x'.repeat(100) })
    expect(card('web_fetch', args, result)).toEqual({ card: 'web', kind: 'fetch', title: args.url, url: args.url, statusCode: 200, truncated: true })
  })

  test.each([
    ['read_file', { path: '../../etc/passwd' }, 'TOOL_ERROR', 'outside the workspace'],
    ['read_file', { path: 7 }, 'INVALID_ARGS', '/path'],
    ['grep', { pattern: '(' }, 'TOOL_ERROR', 'Invalid regular expression'],
    ['web_fetch', { url: 'file:///etc/passwd' }, 'TOOL_ERROR', 'Only http and https'],
    ['rm_rf', {}, 'UNKNOWN_TOOL', 'rm_rf'],
  ])('%s %j fails as %s', async (name, args, code, message) => {
    const result = await call(name, args)
    expect(result.isError).toBe(true)
    expect(result.error?.info?.code).toBe(code)
    expect(text(result)).toContain(message)
    expect(Object.isFrozen(result)).toBe(true)
  })

  test('concurrencySafe: true in YAML lets read-only tools run in parallel; bash and edit_file stay exclusive', () => {
    const mode = (name: string, args: unknown) => runtime.executionMode({ callId: 'm', name, arguments: args, signal: new AbortController().signal }).kind
    expect(mode('read_file', { path: 'a' })).toBe('parallel')
    expect(mode('grep', { pattern: 'a' })).toBe('parallel')
    expect(mode('read_file', { path: 1 })).toBe('exclusive')
    expect(mode('bash', { command: 'ls' })).toBe('exclusive')
    expect(mode('edit_file', { path: 'a', newText: '' })).toBe('exclusive')
  })
})
