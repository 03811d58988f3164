import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { comparePlan, type KnownOutputs, onDisk, type OutputRecord } from '../../../generator/src/apply/compare-plan.js'
import type { PlanResult } from '../../../generator/src/model/plan.js'
import * as projectFiles from '../../../generator/src/base/project-files.js'

const realReadRegularFile = projectFiles.readRegularFile

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

describe('records of what earlier runs saw (KnownOutputs)', () => {
  const planOf = (file: string, content: string): PlanResult => ({ files: [{ path: file, content, owner: 'author' }], deletions: [], orphans: [], diagnostics: [] })
  const memory = (now: bigint): KnownOutputs & { readonly records: Map<string, OutputRecord>; readonly notes: string[] } => {
    const records = new Map<string, OutputRecord>()
    const notes: string[] = []
    return { records, notes, now, get: (file) => records.get(file), note: (file, record) => (notes.push(file), records.set(file, record)) }
  }
  const future = (BigInt(Date.now()) + 60_000n) * 1_000_000n

  test('a file holding the planned text is recorded once; then it is not read again while its stat and text are the same', async () => {
    writeFileSync(path.join(cwd, 'kept.txt'), 'same\n')
    const known = memory(future)
    const first = await comparePlan(cwd, planOf('kept.txt', 'same\n'), undefined, known)
    expect(first.changes[0]).toMatchObject({ status: 'unchanged', bytes: expect.any(Buffer) })
    expect(known.notes).toEqual(['kept.txt'])
    const second = await comparePlan(cwd, planOf('kept.txt', 'same\n'), undefined, known)
    expect(second.changes[0]?.status).toBe('unchanged')
    expect(second.changes[0]?.bytes).toBeUndefined()
    expect(known.notes).toEqual(['kept.txt'])
  })

  test('an edit by hand is seen though the record says current, even with the same size and the mtime set back', async () => {
    const file = path.join(cwd, 'edited.txt')
    writeFileSync(file, 'generated text\n')
    // Whole seconds, so setting the time back restores it to the nanosecond: only the ctime tells the edit.
    utimesSync(file, 1_000_000, 1_000_000)
    const known = memory(future)
    await comparePlan(cwd, planOf('edited.txt', 'generated text\n'), undefined, known)
    expect(known.records.get('edited.txt')?.stat.split(' ')[1]).toBe('1000000000000000')
    // Past the file system's timestamp tick (the settle margin guards this in real runs).
    await new Promise((resolve) => setTimeout(resolve, 50))
    writeFileSync(file, 'Generated text\n')
    utimesSync(file, 1_000_000, 1_000_000)
    expect(String(statSync(file, { bigint: true }).mtimeNs)).toBe('1000000000000000')
    const after = await comparePlan(cwd, planOf('edited.txt', 'generated text\n'), undefined, known)
    expect(after.changes[0]).toMatchObject({ status: 'update', current: 'Generated text\n' })
  })

  test('a record of another planned text does not count: the file is read', async () => {
    writeFileSync(path.join(cwd, 'other.txt'), 'old\n')
    const known = memory(future)
    await comparePlan(cwd, planOf('other.txt', 'old\n'), undefined, known)
    const next = await comparePlan(cwd, planOf('other.txt', 'new\n'), undefined, known)
    expect(next.changes[0]).toMatchObject({ status: 'update', current: 'old\n' })
  })

  test('a file changed too recently to be told apart from a next edit in the same tick is not recorded', async () => {
    writeFileSync(path.join(cwd, 'fresh.txt'), 'x\n')
    const known = memory(BigInt(Date.now() - 60_000) * 1_000_000n)
    await comparePlan(cwd, planOf('fresh.txt', 'x\n'), undefined, known)
    expect(known.notes).toEqual([])
  })

  test('a file the planner read is read again: an edit after the read is caught, record or not; an unchanged one is recorded with its text', async () => {
    writeFileSync(path.join(cwd, 'stub.txt'), 'stub\n')
    const known = memory(future)
    const texts = new Map<string, string>()
    const keeping = { ...known, text: (hash: string) => texts.get(hash), noteText: (hash: string, text: string) => void texts.set(hash, text) }
    const reads = new Map([['stub.txt', 'stub\n']])
    await comparePlan(cwd, planOf('stub.txt', 'stub\n'), reads, keeping)
    expect({ notes: known.notes, texts: [...texts.values()] }).toEqual({ notes: ['stub.txt'], texts: ['stub\n'] })
    writeFileSync(path.join(cwd, 'stub.txt'), 'stub, edited\n')
    const after = await comparePlan(cwd, planOf('stub.txt', 'stub\n'), reads, keeping)
    expect(after.blocked).toEqual([expect.objectContaining({ path: 'stub.txt', code: 'changed-during-run' })])
  })

  test('a file the planner took from its record is not read while its stat is the recorded one; an edit since is caught', async () => {
    writeFileSync(path.join(cwd, 'taken.txt'), 'taken\n')
    const known = memory(future)
    const texts = new Map<string, string>()
    const keeping = { ...known, text: (hash: string) => texts.get(hash), noteText: (hash: string, text: string) => void texts.set(hash, text) }
    await comparePlan(cwd, planOf('taken.txt', 'taken\n'), new Map([['taken.txt', 'taken\n']]), keeping)
    const record = known.records.get('taken.txt') as OutputRecord
    // As the planner took it: the text the record's hash names, the record beside it.
    const reads = new Map([['taken.txt', texts.get(record.hash) as string]])
    const taken = new Map([['taken.txt', record]])
    const unchanged = await comparePlan(cwd, planOf('taken.txt', 'taken\n'), reads, keeping, taken)
    expect(unchanged.changes.map((change) => change.status)).toEqual(['unchanged'])
    const merged = await comparePlan(cwd, planOf('taken.txt', 'merged\n'), reads, keeping, taken)
    expect(merged.changes.map((change) => [change.status, change.current, change.bytes?.toString()])).toEqual([['update', 'taken\n', 'taken\n']])
    writeFileSync(path.join(cwd, 'taken.txt'), 'taken, edited\n')
    const edited = await comparePlan(cwd, planOf('taken.txt', 'taken\n'), reads, keeping, taken)
    expect(edited.blocked).toEqual([expect.objectContaining({ path: 'taken.txt', code: 'changed-during-run' })])
  })

  test('a planned file that comes with its hash is found as recorded without its text being made', async () => {
    writeFileSync(path.join(cwd, 'hashed.txt'), 'kept\n')
    const known = memory(future)
    await comparePlan(cwd, planOf('hashed.txt', 'kept\n'), undefined, known)
    const hash = known.records.get('hashed.txt')?.hash as string
    const file = {
      path: 'hashed.txt',
      owner: 'generator' as const,
      contentHash: hash,
      get content(): string {
        throw new Error('the text was made')
      },
    }
    const comparison = await comparePlan(cwd, { files: [file], deletions: [], orphans: [], diagnostics: [] }, undefined, known)
    expect(comparison.changes.map((change) => change.status)).toEqual(['unchanged'])
  })

  test('a generator-owned file as recorded is replaced without its text being checked for the header (the record says toolsmith wrote it)', async () => {
    // A record only ever says a file held a planned text; this one is set up by hand to tell the two apart.
    writeFileSync(path.join(cwd, 'recorded.ts'), 'no header here\n')
    const known = memory(future)
    await comparePlan(cwd, planOf('recorded.ts', 'no header here\n'), undefined, known)
    const plan: PlanResult = { files: [{ path: 'recorded.ts', content: '// Generated by toolsmith. Do not edit: run toolsmith generate.\n', owner: 'generator' }], deletions: [], orphans: [], diagnostics: [] }
    const recorded = await comparePlan(cwd, plan, undefined, known)
    expect({ status: recorded.changes[0]?.status, blocked: recorded.blocked }).toEqual({ status: 'update', blocked: [] })
    const unrecorded = await comparePlan(cwd, plan, undefined, memory(future))
    expect(unrecorded.blocked).toEqual([expect.objectContaining({ path: 'recorded.ts', code: 'not-generated' })])
  })

  test('a record holds the length of the text it was taken with: a planned text of another length is a change, whatever the hash', async () => {
    writeFileSync(path.join(cwd, 'sized.txt'), 'café\n')
    const known = memory(future)
    await comparePlan(cwd, planOf('sized.txt', 'café\n'), undefined, known)
    expect(known.records.get('sized.txt')?.length).toBe('café\n'.length)
    const longer = await comparePlan(cwd, planOf('sized.txt', 'cafés\n'), undefined, known)
    expect(longer.changes[0]).toMatchObject({ status: 'update', stat: known.records.get('sized.txt')?.stat })
  })

  test('a file as recorded that the plan changes is not read: the change carries its stat, and its old text is read when asked for', async () => {
    writeFileSync(path.join(cwd, 'changed.txt'), 'first\n')
    const known = memory(future)
    await comparePlan(cwd, planOf('changed.txt', 'first\n'), undefined, known)
    const reads: string[] = []
    const spy = vi.spyOn(projectFiles, 'readRegularFile').mockImplementation((file) => {
      reads.push(path.basename(file))
      return realReadRegularFile(file)
    })
    try {
      const comparison = await comparePlan(cwd, planOf('changed.txt', 'second\n'), undefined, known)
      const changed = comparison.changes[0]
      expect({ status: changed?.status, bytes: changed?.bytes, stat: changed?.stat, reads }).toEqual({ status: 'update', bytes: undefined, stat: known.records.get('changed.txt')?.stat, reads: [] })
      expect(changed?.current).toBe('first\n')
      expect(reads).toEqual(['changed.txt'])
    } finally {
      spy.mockRestore()
    }
  })
})

test('onDisk joins a plain planned path as written and resolves anything else, to the same file', () => {
  for (const file of ['src/tools/a.ts', 'docs/tools.md', '.hidden', 'a/..b']) expect(path.resolve(onDisk(cwd, file))).toBe(path.resolve(cwd, file))
  for (const file of ['../outside', 'a/../b', './a', 'a/.', '/abs/path']) expect(onDisk(cwd, file)).toBe(path.resolve(cwd, file))
  expect(onDisk(cwd, 'src/tools/a.ts')).toBe(`${cwd}${path.sep}src/tools/a.ts`)
})
