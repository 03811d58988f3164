import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { createCodeFormatter, DEFAULT_PRETTIER_OPTIONS } from '../../../generator/src/print/code-formatter.js'
import { WorkerPool } from '../../../generator/src/print/worker-pool.js'
import { FIXTURES } from './fixture-project.js'

// Large plans on machines with three or more cores format in worker threads; the work must give the
// same text there as in this thread, and errors must still reach the caller.
const pool = new WorkerPool(2)

describe('a worker pool', () => {
  test('formats exactly as prettier does in this thread', async () => {
    const source = "const a = {b: 'c', d: [1,2,3]}\ninterface X { y: string; z?: number }\n"
    const options = { ...DEFAULT_PRETTIER_OPTIONS, parser: 'typescript' }
    expect(await pool.run({ kind: 'format', source, options })).toBe(await prettier.format(source, options))
  })

  test('a syntax error rejects with prettier\'s message', async () => {
    await expect(pool.run({ kind: 'format', source: 'const = (', options: { parser: 'typescript' } })).rejects.toThrow(/expected/i)
  })

  test('options that cannot be sent to a worker reject, so the caller formats itself', async () => {
    await expect(pool.run({ kind: 'format', source: 'x', options: { plugins: [() => undefined] } })).rejects.toThrow()
  })

  test('a formatter over the pool formats batched and single sources like one without', async () => {
    const withPool = createCodeFormatter(FIXTURES, pool)
    const without = createCodeFormatter(FIXTURES)
    const sources = Array.from({ length: 60 }, (_, index) => `// file ${index}\nexport const v${index} = {a:${index}, b: 'x'}\n`)
    const pooled = await Promise.all(sources.map((source, index) => withPool.format(`p${index}.ts`, `${source}// pool\n`, { batchable: true })))
    const plain = await Promise.all(sources.map((source, index) => without.format(`q${index}.ts`, `${source}// pool\n`)))
    expect(pooled).toEqual(plain)
    expect(await withPool.format('a.md', '#  T\n\n\ntext\n')).toBe('# T\n\ntext\n')
  })
})
