import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { comparePlan } from '../../../generator/src/apply/compare-plan.js'

const cwd = mkdtempSync(path.join(tmpdir(), 'toolsmith-compare-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

const big = 'x'.repeat(200_000)
// Planned text, then the bytes on disk: byte-identical or not, whatever their lengths in code units.
test.each([
  ['the same ASCII', 'a\nb\n', Buffer.from('a\nb\n'), 'unchanged'],
  ['the same text of wide characters', 'café 日本 😀\n', Buffer.from('café 日本 😀\n'), 'unchanged'],
  ['one byte different', 'abc\n', Buffer.from('abd\n'), 'update'],
  ['a byte more on disk', 'abc', Buffer.from('abcd'), 'update'],
  ['a byte less on disk', 'abcd', Buffer.from('abc'), 'update'],
  ['a BOM on disk', 'abc', Buffer.from('\uFEFFabc'), 'update'],
  ['CRLF on disk', 'a\nb\n', Buffer.from('a\r\nb\r\n'), 'update'],
  ['as many bytes, other characters (é against two ASCII)', 'é', Buffer.from('ab'), 'update'],
  ['the text cut inside a character on disk', '日本', Buffer.from('日本').subarray(0, 4), 'update'],
  ['a lone surrogate, which is written as U+FFFD', 'a\ud800b', Buffer.from('a\ufffdb'), 'unchanged'],
  ['a file larger than the scratch buffer', big, Buffer.from(big), 'unchanged'],
  ['the large file with its last byte changed', big, Buffer.from(`${big.slice(0, -1)}y`), 'update'],
  ['a small file after the large ones', 'small', Buffer.from('small'), 'unchanged'],
  ['an empty file', '', Buffer.alloc(0), 'unchanged'],
  ['an empty file where text is planned', 'x', Buffer.alloc(0), 'update'],
])('%s', async (name, planned, onDisk, status) => {
  const file = `${name.replace(/[^a-z]+/gi, '-')}.txt`
  writeFileSync(path.join(cwd, file), onDisk)
  const comparison = await comparePlan(cwd, { files: [{ path: file, content: planned, owner: 'author' }], deletions: [], orphans: [], diagnostics: [] })
  expect(comparison.changes.map((change) => change.status)).toEqual([status])
})
