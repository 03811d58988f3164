import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  createProjectReader,
  isLeftoverTemporary,
  isPlainPathInside,
  processHost,
  ProjectReadError,
  resolveProjectPath,
  temporaryPath,
  writeFileAtomic,
} from '../../../generator/src/base/project-files.js'
import { leftoverCases } from './leftover-cases.js'

describe('isPlainPathInside', () => {
  test.each<[string, string, boolean]>([
    ['src/tools', 'src/tools/a.ts', true],
    ['src/tools', 'src/tools/generated/a.ts', true],
    ['.', 'a.ts', true],
    ['src/tools', 'src/tools', false],
    ['src/tools', 'src/toolsx/a.ts', false],
    ['src/tools', 'src/tools/../a.ts', false],
    ['src/tools', 'src/tools/./a.ts', false],
    ['src/tools', 'src/tools//a.ts', false],
    ['src/tools', '/src/tools/a.ts', false],
    ['src/tools', 'src/tools\\..\\a.ts', false],
    ['src/tools', 'src/tools/a\0.ts', false],
    ['.', '../a.ts', false],
  ])('%s contains %j: %s', (folder, planned, inside) => {
    expect(isPlainPathInside(folder, planned)).toBe(inside)
  })
})

describe('resolveProjectPath', () => {
  const root = path.resolve('/project')
  test.each<[string, string, string | undefined]>([
    ['/project', 'src/tools', 'src/tools'],
    ['/project/config', '../docs/a.md', 'docs/a.md'],
    ['/project', '.', '.'],
    ['/project', '/project/x', 'x'],
    ['/project', '../x', undefined],
    ['/project', '/etc', undefined],
    ['/project', '..', undefined],
    ['/project', '/projectx/a', undefined],
    ['/project', 'a\0b', undefined],
  ])('from %s, %j → %s', (base, input, expected) => {
    const result = resolveProjectPath(root, path.resolve(base), input)
    expect(result.ok ? result.path : undefined).toBe(expected)
  })
})

describe('createProjectReader', () => {
  let root: string
  let cwd: string
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'toolsmith-reader-'))
    cwd = path.join(root, 'project')
    mkdirSync(path.join(cwd, 'src/tools'), { recursive: true })
    writeFileSync(path.join(root, 'secret.txt'), 'secret')
    writeFileSync(path.join(cwd, 'src/tools/a.ts'), '\uFEFFexport {}\r\n')
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  const reader = () => createProjectReader(cwd, realpathSync(cwd))

  describe('createProjectReader', () => {
    test('reads text exactly (BOM and CRLF kept) and lists only files, sorted; absent is undefined or empty', async () => {
      writeFileSync(path.join(cwd, 'src/tools/B.ts'), '')
      mkdirSync(path.join(cwd, 'src/tools/generated'))
      expect(await reader().readFile('src/tools/a.ts')).toBe('\uFEFFexport {}\r\n')
      expect(await reader().readFile('src/tools/none.ts')).toBeUndefined()
      expect(await reader().listFiles('src/tools')).toEqual(['B.ts', 'a.ts'])
      expect(await reader().listFiles('nowhere')).toEqual([])
    })

    test.each([
      ['a path climbing out', '../secret.txt'],
      ['an absolute path outside', '/etc/passwd'],
    ])('refuses %s', async (_name, file) => {
      await expect(reader().readFile(file)).rejects.toBeInstanceOf(ProjectReadError)
    })

    test('refuses a file or folder that links outside; follows a link that stays inside', async () => {
      symlinkSync(path.join(root, 'secret.txt'), path.join(cwd, 'src/tools/leak.ts'))
      symlinkSync(root, path.join(cwd, 'src/up'))
      symlinkSync(path.join(cwd, 'src/tools/a.ts'), path.join(cwd, 'src/tools/alias.ts'))
      await expect(reader().readFile('src/tools/leak.ts')).rejects.toThrow('symbolic link')
      await expect(reader().readFile('src/up/secret.txt')).rejects.toThrow('symbolic link')
      await expect(reader().listFiles('src/up')).rejects.toThrow('symbolic link')
      expect(await reader().readFile('src/tools/alias.ts')).toBe('\uFEFFexport {}\r\n')
    })

    test('refuses to decode a file that is not UTF-8 (rewriting it would change the author bytes)', async () => {
      writeFileSync(path.join(cwd, 'src/tools/latin1.ts'), Buffer.from([0x63, 0x61, 0x66, 0xe9]))
      await expect(reader().readFile('src/tools/latin1.ts')).rejects.toThrow('not valid UTF-8')
    })
  })

  describe('createProjectReader: what the plan read', () => {
    test('records the first read of each file (a later read for a code frame does not replace it) and absent files as undefined', async () => {
      const projectReader = reader()
      await projectReader.readFile('src/tools/a.ts')
      writeFileSync(path.join(cwd, 'src/tools/a.ts'), 'edited\n')
      expect(await projectReader.readFile('src/tools/a.ts')).toBe('edited\n')
      await projectReader.readFile('src/tools/none.ts')
      expect([...projectReader.reads]).toEqual([
        ['src/tools/a.ts', '\uFEFFexport {}\r\n'],
        ['src/tools/none.ts', undefined],
      ])
    })

    test('a FIFO is refused without waiting on it', async () => {
      const { execFileSync } = await import('node:child_process')
      execFileSync('mkfifo', [path.join(cwd, 'src/tools/pipe.ts')])
      await expect(reader().readFile('src/tools/pipe.ts')).rejects.toThrow('not a regular file')
    })
  })
})

describe('leftovers of a toolsmith process', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'toolsmith-leftover-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  test('a temporary is left over when its process, asked where its id means something, is gone, or when it is an hour old', () => {
    const { ended, alive, host, other, old, fresh } = leftoverCases()
    const names: Record<string, [Date, boolean]> = {
      // This host and PID namespace: the process is asked.
      [`.a.ts.${host}.${ended}-0123abcd0.toolsmith-tmp`]: [fresh, true],
      [`.a.ts.${host}.${alive}-0123abcd0.toolsmith-tmp`]: [fresh, false],
      [`.a.ts.${host}.${process.pid}-0123abcd0.toolsmith-tmp`]: [old, false],
      // Its id was taken by another process since: the age decides.
      [`.a.ts.${host}.${alive}-0123abcd1.toolsmith-tmp`]: [old, true],
      // Another host or PID namespace (an NFS client, a container sharing the folder): only the age.
      [`.a.ts.${other}.${ended}-0123abcd0.toolsmith-tmp`]: [fresh, false],
      [`.a.ts.${other}.${alive}-0123abcd0.toolsmith-tmp`]: [old, true],
      // No host part: only the age.
      [`.a.ts.${ended}-0123abcd0.toolsmith-tmp`]: [fresh, false],
      [`.a.ts.${ended}-0123abcd1.toolsmith-tmp`]: [old, true],
      // A file whose own name looks like a host and a process id.
      [`.a.${host}.1-0123abcd0.toolsmith-tmp.ts.${host}.${ended}-0123abcd0.toolsmith-tmp`]: [fresh, true],
      // Not the exact shape: never.
      [`.a.ts.${host}.${ended}-xyz.toolsmith-tmp`]: [old, false],
      [`a.ts.${host}.${ended}-0123abcd0.toolsmith-tmp`]: [old, false],
      [`.a.ts.${host}.${ended}-0123abcd0`]: [old, false],
    }
    for (const [name, [mtime]] of Object.entries(names)) {
      writeFileSync(path.join(dir, name), '')
      utimesSync(path.join(dir, name), mtime, mtime)
    }
    const judged = Object.keys(names).map((name) => [name, isLeftoverTemporary(dir, name)])
    expect(judged).toEqual(Object.entries(names).map(([name, [, leftover]]) => [name, leftover]))
  })

  test('a temporary carries this process host part, and an atomic write leaves none', async () => {
    await writeFileAtomic(path.join(dir, 'a.ts'), 'a')
    expect(temporaryPath(path.join(dir, 'a.ts'))).toMatch(new RegExp(`/\\.a\\.ts\\.${processHost()}\\.${process.pid}-[0-9a-f]{8}[0-9a-z]+\\.toolsmith-tmp$`))
    expect(readdirSync(dir)).toEqual(['a.ts'])
  })

  test('the host part is the same in another process here, and differs in another PID namespace', () => {
    const read = (prefix: string[]) => {
      const module = path.resolve(import.meta.dirname, '../../../generator/dist/base/project-files.js')
      const [command, ...argv] = [...prefix, process.execPath, '--input-type=module', '-e', `process.stdout.write((await import(${JSON.stringify(module)})).processHost())`]
      const run = spawnSync(command as string, argv, { encoding: 'utf8' })
      return run.status === 0 ? run.stdout : undefined
    }
    expect(processHost()).toMatch(/^[0-9a-f]{8}$/)
    expect(read([])).toBe(processHost())
    // A new PID namespace (where unshare may make one: as root on Linux).
    const namespaced = read(['unshare', '--pid', '--fork'])
    if (namespaced !== undefined) expect(namespaced).not.toBe(processHost())
  })
})
