import { execFileSync } from 'node:child_process'
import { chmodSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { cacheKey } from '../../../generator/src/plan/cache/cache-key.js'
import { cachedDeclarationSource } from '../../../generator/src/plan/cache/cached-values.js'
import { PlanCacheStore } from '../../../generator/src/plan/cache/plan-cache-store.js'
import { readSide } from '../../../generator/src/diff/diff-sides.js'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import { TempProject } from '../pipeline/temp-project.js'

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

const TOOL = (description: string) => `name: find\ndescription: ${description}\nparameters: {}\noutput: { type: string }\n`

describe('reading a side', () => {
  test('a declaration the plan cache holds for the same path and bytes is taken from it, not parsed again', async () => {
    const bytes = new TextEncoder().encode(TOOL('On disk.'))
    project.write('schemas/find.tool.yaml', TOOL('On disk.'))
    // A cache entry for these bytes that says something else: only a side read through the cache can show it.
    const cache = PlanCacheStore.empty('test-build')
    const planted = cachedDeclarationSource.encode(loadDeclarationSource('schemas/find.tool.yaml', new TextEncoder().encode(TOOL('From the cache.'))), bytes)
    cache.set(cacheKey(['test-build', 'declaration-source', 'schemas/find.tool.yaml', bytes]), planted)
    const withCache = await readSide(undefined, 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), cache })
    expect(withCache.catalog?.tools.get('find')?.description).toBe('From the cache.')
    const without = await readSide(undefined, 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map() })
    expect(without.catalog?.tools.get('find')?.description).toBe('On disk.')
  })

  test('identical files of two sides are loaded once: both sides hold the same spec objects', async () => {
    project.write('a/find.tool.yaml', TOOL('Same.'))
    project.write('b/find.tool.yaml', TOOL('Same.'))
    const context = { cwd: project.cwd, schemas: 'schemas', loaded: new Map() }
    const a = await readSide('a', 'BASE', context)
    const b = await readSide('b', 'HEAD', context)
    expect(b.catalog?.tools.get('find')?.parameters).toBe(a.catalog?.tools.get('find')?.parameters)
    expect(b.catalog?.tools.get('find')?.source?.file).toBe('b/find.tool.yaml')
  })

  test('two revisions ask git for each blob once: a file unchanged between them is one object, read once', async () => {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: project.cwd, encoding: 'utf8' })
    git('init', '-q', '-b', 'main')
    project.write('schemas/a.tool.yaml', TOOL('A.').replace('find', 'a'))
    project.write('schemas/b.tool.yaml', TOOL('B.').replace('find', 'b'))
    project.write('schemas/c.tool.yaml', TOOL('C.').replace('find', 'c'))
    git('add', '.')
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'base')
    project.write('schemas/c.tool.yaml', TOOL('C, changed.').replace('find', 'c'))
    git('add', '.')
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'head')
    // git on the PATH is a wrapper that logs what each cat-file is asked, then runs the real git.
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    const bin = path.join(project.root, 'bin')
    const log = path.join(project.root, 'cat-file.log')
    project.write('../bin/git', `#!/bin/sh\nif [ "$1" = cat-file ]; then tee -a '${log}' | '${real}' "$@"; else exec '${real}' "$@"; fi\n`)
    chmodSync(path.join(bin, 'git'), 0o755)
    const saved = process.env['PATH']
    process.env['PATH'] = `${bin}${path.delimiter}${saved ?? ''}`
    try {
      const context = { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), blobs: new Map() }
      const [base, head] = await Promise.all([readSide('HEAD~1', 'BASE', context), readSide('HEAD', 'HEAD', context)])
      expect(base.catalog?.tools.get('c')?.description).toBe('C.')
      expect(head.catalog?.tools.get('c')?.description).toBe('C, changed.')
      expect(head.catalog?.tools.get('a')?.source?.revision).toBe('HEAD')
      expect(base.catalog?.tools.get('a')?.source?.revision).toBe('HEAD~1')
    } finally {
      process.env['PATH'] = saved
    }
    // Four blobs in all: a, b, the base's c and the head's c.
    const asked = readFileSync(log, 'utf8').split('\n').filter((line) => line !== '')
    expect(asked).toHaveLength(4)
    expect(new Set(asked).size).toBe(4)
  })

  describe('a revision read from one streamed git cat-file', () => {
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: project.cwd, encoding: 'utf8' })
    const commit = (message: string): void => {
      git('add', '.')
      git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', message)
    }

    test('files far larger than a pipe read, between small ones, come back byte for byte', async () => {
      git('init', '-q', '-b', 'main')
      // 3 files of about 200 KB (a pipe hands over 64 KB at a time) among 40 small ones; bytes a text decoder would
      // change (a BOM, CRLF, non-ASCII) stay as they are.
      const texts = new Map<string, string>()
      for (let i = 0; i < 43; i++) {
        const name = `t${String(i).padStart(2, '0')}`
        const long = i % 15 === 7 ? 'ü'.repeat(100_000) : `Tool ${i}.`
        texts.set(name, `\uFEFFname: ${name}\r\ndescription: ${long}\r\nparameters: {}\r\noutput: { type: string }\r\n`)
      }
      for (const [name, text] of texts) project.write(`schemas/${name}.tool.yaml`, text)
      commit('all')
      const side = await readSide('HEAD', 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), blobs: new Map() })
      expect(side.diagnostics).toEqual([])
      expect([...(side.catalog?.tools.keys() ?? [])]).toEqual([...texts.keys()])
      for (const [name, text] of texts) {
        expect(Buffer.from(side.catalog?.tools.get(name)?.source?.bytes ?? [])).toEqual(Buffer.from(text))
        expect(side.sources.get(`HEAD:schemas/${name}.tool.yaml`)).toBe(text.slice(1)) // the text as read, after the BOM
        expect(side.catalog?.tools.get(name)?.description).toBe(text.split('\r\n')[1]?.slice('description: '.length))
      }
    })

    test('a file far over the size limit is refused at its place, and the files after it are read', async () => {
      git('init', '-q', '-b', 'main')
      project.write('schemas/a.tool.yaml', TOOL('A.').replace('find', 'a'))
      project.write('schemas/big.tool.yaml', TOOL('x'.repeat(16 * 1024 * 1024)).replace('find', 'big'))
      project.write('schemas/c.tool.yaml', TOOL('C.').replace('find', 'c'))
      commit('big')
      const side = await readSide('HEAD', 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), blobs: new Map() })
      expect(side.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['file-too-large HEAD:schemas/big.tool.yaml'])
      expect([...side.sources.keys()]).toEqual(['HEAD:schemas/a.tool.yaml', 'HEAD:schemas/c.tool.yaml'])
    })

    test('a blob missing from the object store is an unreadable file at its place; every other file is read', async () => {
      git('init', '-q', '-b', 'main')
      for (const name of ['a', 'b', 'c']) project.write(`schemas/${name}.tool.yaml`, TOOL(`${name.toUpperCase()}.`).replace('find', name))
      commit('three')
      const object = git('rev-parse', 'HEAD:schemas/b.tool.yaml').trim()
      // A damaged repository: the loose object of b is gone (git answers `<object> missing` for it).
      execFileSync('rm', ['-f', path.join(project.cwd, '.git/objects', object.slice(0, 2), object.slice(2))])
      const side = await readSide('HEAD', 'HEAD', { cwd: project.cwd, schemas: 'schemas', loaded: new Map(), blobs: new Map() })
      expect(side.catalog).toBeUndefined()
      expect(side.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['unreadable-file HEAD:schemas/b.tool.yaml'])
      expect([...side.sources.keys()]).toEqual(['HEAD:schemas/a.tool.yaml', 'HEAD:schemas/c.tool.yaml'])
    })
  })
})
