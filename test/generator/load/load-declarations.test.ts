import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadDeclarations } from '../../../generator/src/load/load-declarations.js'

const declaration = (name: string, extra = ''): string =>
  `name: ${name}\ndescription: The ${name} tool.\nparameters: {}\noutput: { type: string }\n${extra}`

let cwd: string
beforeEach(() => {
  cwd = mkdtempSync(path.join(tmpdir(), 'toolsmith-load-'))
  mkdirSync(path.join(cwd, 'schemas'))
})
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true })
  writeFileSync(path.join(cwd, file), text)
}
const load = () => loadDeclarations({ cwd, schemas: 'schemas' })

describe('loadDeclarations', () => {
  test('reads *.tool.yaml directly in the folder, sorted by code unit; subfolders and other files are not read', async () => {
    write('schemas/b.tool.yaml', declaration('b'))
    write('schemas/B.tool.yaml', declaration('Bee'))
    write('schemas/a.tool.yaml', declaration('a'))
    write('schemas/nested/c.tool.yaml', declaration('c'))
    write('schemas/readme.md', '# not a tool')
    write('schemas/.tool.yaml', 'not: a declaration')
    const result = await load()
    expect(result.diagnostics).toEqual([])
    expect(result.declarations.map((d) => d.sourceFile)).toEqual(['schemas/B.tool.yaml', 'schemas/a.tool.yaml', 'schemas/b.tool.yaml'])
    expect([...result.sources.keys()]).toEqual(['schemas/B.tool.yaml', 'schemas/a.tool.yaml', 'schemas/b.tool.yaml'])
  })

  test('a *.tool.yml file is not read, with a warning', async () => {
    write('schemas/a.tool.yml', declaration('a'))
    const result = await load()
    expect(result.declarations).toEqual([])
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'ignored-file', file: 'schemas/a.tool.yml' }))
  })

  test('a missing schemas folder is an error; an empty one a warning', async () => {
    expect((await loadDeclarations({ cwd, schemas: 'nope' })).diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'no-schemas-folder', file: 'nope' }),
    ])
    expect((await load()).diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'no-declarations' })])
  })

  test('every error in every file is collected in one run, sorted by file and line', async () => {
    write('schemas/a.tool.yaml', 'name: a\ndescription: d\nparameters: { p: { type: strin } }\noutput: { type: string }\nbogus: 1\n')
    write('schemas/b.tool.yaml', 'name: [unclosed\n')
    write('schemas/c.tool.yaml', declaration('c'))
    write('schemas/d.tool.yaml', declaration('d', 'timeoutMs: 0\n'))
    const result = await load()
    expect(result.declarations.map((d) => d.name)).toEqual(['c'])
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.code}`)).toEqual([
      'schemas/a.tool.yaml:3:invalid-schema',
      'schemas/a.tool.yaml:5:unknown-field',
      'schemas/b.tool.yaml:1:yaml-unclosed',
      'schemas/b.tool.yaml:2:yaml-syntax',
      'schemas/d.tool.yaml:5:invalid-timeout',
    ])
  })

  test.each([
    ['the same name', 'read_file', 'read_file', 'duplicate-name'],
    ['names that give the same TypeScript identifier', 'read-file', 'read_file', 'name-collision'],
    ['names that differ in case only', 'readFile', 'Read_file', 'name-collision'],
    ['names whose files differ in case only', 'fooBar', 'foobar', 'name-collision'],
  ])('%s in two files is an error naming both files', async (_name, first, second, code) => {
    write('schemas/one.tool.yaml', declaration(first))
    write('schemas/two.tool.yaml', `# second\n${declaration(second)}`)
    const result = await load()
    expect(result.diagnostics).toEqual([expect.objectContaining({ code, file: 'schemas/two.tool.yaml', line: 2, column: 7 })])
    expect(result.diagnostics[0]?.message).toContain('schemas/one.tool.yaml:1:7')
  })

  test('a file with other problems still takes part in the name checks', async () => {
    write('schemas/a.tool.yaml', declaration('a'))
    write('schemas/b.tool.yaml', `${declaration('a')}bogus: 1\n`)
    const result = await load()
    expect(result.diagnostics.map((d) => `${d.file}:${d.code}`).sort()).toEqual(['schemas/b.tool.yaml:duplicate-name', 'schemas/b.tool.yaml:unknown-field'])
  })

  test('a FIFO, a device behind a symlink and an oversized file are refused without hanging or reading them', async () => {
    execFileSync('mkfifo', [path.join(cwd, 'schemas/fifo.tool.yaml')])
    symlinkSync('/dev/zero', path.join(cwd, 'schemas/zero.tool.yaml'))
    write('schemas/huge.tool.yaml', '')
    truncateSync(path.join(cwd, 'schemas/huge.tool.yaml'), 1 << 30)
    const result = await load()
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['schemas/fifo.tool.yaml', 'unreadable-file'],
      ['schemas/huge.tool.yaml', 'file-too-large'],
      ['schemas/zero.tool.yaml', 'unreadable-file'],
    ])
  })
})
