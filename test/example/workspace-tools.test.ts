import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { editTextFile, EditRejectedError } from '../../example/src/workspace/edit-text-file.js'
import { fetchText } from '../../example/src/workspace/fetch-text.js'
import { globFiles } from '../../example/src/workspace/glob-files.js'
import { grepFiles } from '../../example/src/workspace/grep-files.js'
import { readWindow } from '../../example/src/workspace/read-window.js'
import { runCommand } from '../../example/src/workspace/run-command.js'
import { OutsideWorkspaceError, Workspace } from '../../example/src/workspace/workspace.js'

let root: string
let outside: string
let workspace: Workspace

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolsmith-ws-'))
  outside = await mkdtemp(path.join(tmpdir(), 'toolsmith-outside-'))
  await mkdir(path.join(root, 'src/deep'), { recursive: true })
  await writeFile(path.join(root, 'src/a.ts'), 'const a = 1\nconst b = 2\n// TODO: a\n')
  await writeFile(path.join(root, 'src/deep/b.ts'), 'export const todo = "TODO"\n')
  await writeFile(path.join(root, 'notes.md'), 'line 1\r\nline 2\r\nline 3')
  await writeFile(path.join(outside, 'secret.txt'), 'secret\n')
  await symlink(outside, path.join(root, 'escape'))
  workspace = await Workspace.open(root)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

describe('Workspace.resolve confines every path', () => {
  test.each([['../etc/passwd'], ['/etc/passwd'], ['escape/secret.txt'], ['escape/new-file.txt'], ['a\0b']])(
    'refuses %j',
    async (given) => {
      await expect(workspace.resolve(given)).rejects.toBeInstanceOf(OutsideWorkspaceError)
    },
  )

  test('accepts a path that does not exist yet inside the root', async () => {
    await expect(workspace.resolve('src/new/file.ts')).resolves.toBe(path.join(workspace.root, 'src/new/file.ts'))
  })
})

describe('readWindow', () => {
  test('returns numbered lines of the requested window and reports truncation', async () => {
    const window = await readWindow(workspace, { path: 'src/a.ts', offset: 2, limit: 1 })
    expect(window).toEqual({
      path: 'src/a.ts',
      offset: 2,
      totalLines: 3,
      truncated: true,
      lines: [{ number: 2, text: 'const b = 2' }],
    })
  })

  test('handles CRLF line ends and an offset past the end', async () => {
    expect((await readWindow(workspace, { path: 'notes.md' })).lines.map((line) => line.text)).toEqual([
      'line 1',
      'line 2',
      'line 3',
    ])
    const past = await readWindow(workspace, { path: 'notes.md', offset: 10 })
    expect(past).toMatchObject({ offset: 10, lines: [], totalLines: 3, truncated: false })
  })
})

describe('editTextFile', () => {
  test('replaces exactly one occurrence and reports before/after', async () => {
    await writeFile(path.join(root, 'edit.txt'), 'alpha beta\n')
    const outcome = await editTextFile(workspace, { path: 'edit.txt', oldText: 'beta', newText: 'gamma' })
    expect(outcome).toEqual({
      path: 'edit.txt',
      created: false,
      replacements: 1,
      before: 'alpha beta\n',
      after: 'alpha gamma\n',
    })
    expect(await readFile(path.join(root, 'edit.txt'), 'utf8')).toBe('alpha gamma\n')
  })

  test('creates a new file when oldText is omitted', async () => {
    const outcome = await editTextFile(workspace, { path: 'made/new.txt', newText: 'hi\n' })
    expect(outcome).toMatchObject({ created: true, before: null, after: 'hi\n' })
  })

  test.each([
    ['ambiguous oldText', { path: 'dup.txt', oldText: 'x', newText: 'y' }, /occurs 2 times/],
    ['missing oldText', { path: 'dup.txt', oldText: 'zzz', newText: 'y' }, /not found/],
    ['creating over an existing file', { path: 'dup.txt', newText: 'y' }, /already exists/],
  ])('rejects %s', async (_name, request, message) => {
    await writeFile(path.join(root, 'dup.txt'), 'x x\n')
    await expect(editTextFile(workspace, request)).rejects.toThrow(message)
    await expect(editTextFile(workspace, request)).rejects.toBeInstanceOf(EditRejectedError)
    expect(await readFile(path.join(root, 'dup.txt'), 'utf8')).toBe('x x\n')
  })
})

describe('grepFiles and globFiles', () => {
  test('grep groups matches per file, in path order, and caps them', async () => {
    const all = await grepFiles(workspace, { pattern: 'TODO', path: 'src' })
    expect(all).toEqual({
      total: 2,
      truncated: false,
      files: [
        { path: 'src/a.ts', matches: [{ line: 3, text: '// TODO: a' }] },
        { path: 'src/deep/b.ts', matches: [{ line: 1, text: 'export const todo = "TODO"' }] },
      ],
    })
    const capped = await grepFiles(workspace, { pattern: 'todo', path: 'src', ignoreCase: true, maxMatches: 1 })
    expect(capped).toMatchObject({ total: 2, truncated: true })
    expect(capped.files.flatMap((file) => file.matches)).toHaveLength(1)
  })

  test('glob lists matching files without following the escaping symlink', async () => {
    expect(await globFiles(workspace, { pattern: 'src/**/*.ts' })).toEqual({
      total: 2,
      truncated: false,
      paths: ['src/a.ts', 'src/deep/b.ts'],
    })
    expect((await globFiles(workspace, { pattern: '**/secret.txt' })).paths).toEqual([])
  })
})

describe('runCommand', () => {
  test('captures interleaved output and the exit status', async () => {
    const outcome = await runCommand(workspace, { command: 'echo out; echo err >&2; exit 3' }, new AbortController().signal)
    expect(outcome.exitCode).toBe(3)
    expect(outcome.signal).toBeNull()
    expect(outcome.output).toContain('out\n')
    expect(outcome.output).toContain('err\n')
  })

  test('aborting kills the command and still settles', async () => {
    const controller = new AbortController()
    const running = runCommand(workspace, { command: 'sleep 30' }, controller.signal)
    setTimeout(() => controller.abort(), 50)
    const outcome = await running
    expect(outcome.signal).toBe('SIGKILL')
  })
})

describe('fetchText against a local server', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: '/hello' }).end()
        return
      }
      response.writeHead(request.url === '/hello' ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(request.url === '/hello' ? 'hello world' : 'missing')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  test('follows redirects and caps the body', async () => {
    const signal = new AbortController().signal
    expect(await fetchText({ url: `${base}/redirect` }, signal)).toEqual({
      url: `${base}/hello`,
      statusCode: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'hello world',
      truncated: false,
    })
    expect(await fetchText({ url: `${base}/hello`, maxBytes: 5 }, signal)).toMatchObject({ body: 'hello', truncated: true })
    expect((await fetchText({ url: `${base}/nope` }, signal)).statusCode).toBe(404)
  })

  test('refuses non-http schemes', async () => {
    await expect(fetchText({ url: 'file:///etc/passwd' }, new AbortController().signal)).rejects.toThrow(/http and https/)
  })
})

// Found by review: the model controls every argument, so each of these must stay bounded and confined.
describe('hostile arguments and files', () => {
  test('edit_file never writes through a symlink planted at a temporary name; the file keeps its mode', async () => {
    const { chmod, readdir, stat } = await import('node:fs/promises')
    await writeFile(path.join(root, 'run.sh'), 'echo hello\n')
    await chmod(path.join(root, 'run.sh'), 0o755)
    // The old scheme's predictable name, pointing outside.
    await symlink(path.join(outside, 'victim.txt'), path.join(root, `run.sh.${process.pid}.tmp`))
    await editTextFile(workspace, { path: 'run.sh', oldText: 'hello', newText: 'bye' })
    expect(await readFile(path.join(root, 'run.sh'), 'utf8')).toBe('echo bye\n')
    expect((await stat(path.join(root, 'run.sh'))).mode & 0o777).toBe(0o755)
    expect(await readdir(outside)).not.toContain('victim.txt')
    expect((await readdir(root)).filter((name) => name.endsWith('.tmp') && name !== `run.sh.${process.pid}.tmp`)).toEqual([])
  })

  test('a file that is not UTF-8 is refused, never rewritten lossily', async () => {
    await writeFile(path.join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x78, 0x0a]))
    await expect(editTextFile(workspace, { path: 'latin1.txt', oldText: 'x', newText: 'y' })).rejects.toThrow(/not UTF-8/)
    expect([...(await readFile(path.join(root, 'latin1.txt')))]).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x78, 0x0a])
  })

  test('a FIFO is refused before it is opened (opening one would block forever)', async () => {
    const { execFileSync } = await import('node:child_process')
    execFileSync('mkfifo', [path.join(root, 'pipe')])
    await expect(readWindow(workspace, { path: 'pipe' })).rejects.toThrow(/not a regular file/)
    await expect(editTextFile(workspace, { path: 'pipe', oldText: 'a', newText: 'b' })).rejects.toThrow(/not a regular file/)
    // grep skips it like a binary file.
    await expect(grepFiles(workspace, { pattern: 'zzz-no-match' })).resolves.toMatchObject({ total: 0 })
  })

  test('a catastrophically backtracking grep pattern is stopped by abort; the event loop stays free', async () => {
    await writeFile(path.join(root, 'redos.txt'), `${'a'.repeat(40)}!\n`)
    const controller = new AbortController()
    let ticks = 0
    const heartbeat = setInterval(() => ticks++, 20)
    setTimeout(() => controller.abort(new Error('stop')), 200)
    const started = performance.now()
    await expect(grepFiles(workspace, { pattern: '^(a+)+$' }, controller.signal)).rejects.toThrow('stop')
    clearInterval(heartbeat)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(ticks).toBeGreaterThan(2)
  })

  test('a catastrophically backtracking glob is stopped by abort too', async () => {
    await writeFile(path.join(root, `${'a'.repeat(200)}.txt`), '')
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('stop')), 200)
    await expect(globFiles(workspace, { pattern: '*a*a*a*a*a*a*b' }, controller.signal)).rejects.toThrow('stop')
  })

  test('a command whose child leaves the process group still settles after abort', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const started = performance.now()
    const outcome = await runCommand(workspace, { command: 'setsid sleep 30 & echo started' }, controller.signal)
    expect(outcome.output).toContain('started')
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  test('credentials in the host environment are not passed to commands', async () => {
    process.env['TOOLSMITH_TEST_API_KEY'] = 'sk-do-not-leak'
    try {
      const outcome = await runCommand(workspace, { command: 'env' }, new AbortController().signal)
      expect(outcome.output).not.toContain('sk-do-not-leak')
      expect(outcome.output).toContain('PATH=')
    } finally {
      delete process.env['TOOLSMITH_TEST_API_KEY']
    }
  })
})

describe('files swapped after the path was checked', () => {
  test('a file replaced by a symlink is not followed, and a folder swapped for one is caught on the descriptor', async () => {
    const { readTextFile } = await import('../../example/src/workspace/read-text-file.js')
    // As if `swapped.txt` became a link to a secret between Workspace.resolve and the open.
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'swapped.txt'))
    await expect(readTextFile(path.join(root, 'swapped.txt'), 'swapped.txt', undefined, (real) => workspace.contains(real))).rejects.toThrow(/symbolic link/)
    // As if a folder on the way became a link outside: `escape` links to the outside folder.
    if (process.platform === 'linux') {
      await expect(readTextFile(path.join(root, 'escape', 'secret.txt'), 'escape/secret.txt', undefined, (real) => workspace.contains(real))).rejects.toThrow(/outside the workspace/)
    }
  })
})
