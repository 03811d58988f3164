import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// A fresh clone stands on its own: tests, benchmarks and sources read public data only from the copies vendored
// in test/conformance/data/, never from a folder beside the repository (a clone does not have one).
const repoRoot = path.resolve(import.meta.dirname, '../..')
const OUTSIDE = [['..', 'shared'].join('/'), ['shared', 'peer'].join('/')]

function sourceFiles(folder: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'data') files.push(...sourceFiles(relative))
    } else if (/\.(ts|mts|mjs|js|json)$/.test(entry.name)) files.push(relative)
  }
  return files
}

test('nothing in the repository reads the public data from outside it', () => {
  const folders = ['test', 'bench', 'runtime/src', 'generator/src', 'providers', 'mcp', 'ai-sdk', 'code-mode', 'example']
  const offenders = folders.flatMap(sourceFiles).filter((file) => OUTSIDE.some((needle) => readFileSync(path.join(repoRoot, file), 'utf8').includes(needle)))
  expect(offenders).toEqual([])
})

test('the vendored data is there, with its licences', () => {
  const data = path.join(repoRoot, 'test/conformance/data')
  expect(readdirSync(path.join(data, 'json-schema-test-suite')).sort()).toEqual(expect.arrayContaining(['LICENSE', 'constraints.json', 'subset.json']))
  expect(readdirSync(path.join(data, 'bfcl')).sort()).toEqual(expect.arrayContaining(['LICENSE', 'functions.json']))
})
