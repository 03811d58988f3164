import { describe, expect, test } from 'vitest'
import { DispatchQueue } from '../../code-mode/src/dispatch-queue.js'

describe('DispatchQueue — parallel overlaps, exclusive runs alone and orders', () => {
  test.each([
    ['parallel only', 'ppp', ['s0', 's1', 's2', 'e0', 'e1', 'e2']],
    ['exclusive only', 'eee', ['s0', 'e0', 's1', 'e1', 's2', 'e2']],
    ['an exclusive between parallels', 'pep', ['s0', 'e0', 's1', 'e1', 's2', 'e2']],
    ['parallels after an exclusive overlap', 'epp', ['s0', 'e0', 's1', 's2', 'e1', 'e2']],
  ])('%s', async (_name, kinds, want) => {
    const queue = new DispatchQueue()
    const log: string[] = []
    const tasks = [...kinds].map((kind, i) =>
      queue.submit(kind === 'p' ? 'parallel' : 'exclusive', async () => {
        log.push(`s${i}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
        log.push(`e${i}`)
        return i
      }),
    )
    expect(await Promise.all(tasks)).toEqual([0, 1, 2])
    expect(log).toEqual(want)
  })

  test('a rejected task rejects its submit and releases the queue', async () => {
    const queue = new DispatchQueue()
    const failed = queue.submit('exclusive', () => Promise.reject(new Error('x')))
    const next = queue.submit('exclusive', async () => 'next')
    await expect(failed).rejects.toThrow('x')
    expect(await next).toBe('next')
  })
})
