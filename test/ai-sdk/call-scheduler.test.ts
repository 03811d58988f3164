import { describe, expect, it } from 'vitest'
import { CallScheduler } from '../../ai-sdk/src/call-scheduler.js'

const PARALLEL = { kind: 'parallel' } as const
const EXCLUSIVE = { kind: 'exclusive' } as const

describe('CallScheduler', () => {
  it.each([
    ['a parallel call', PARALLEL],
    ['an exclusive call', EXCLUSIVE],
  ] as const)('starts %s on a free scheduler synchronously (no promise hop before its task)', async (_case, mode) => {
    let started = false
    const done = new CallScheduler().run(mode, new AbortController().signal, async () => {
      started = true
      return 1
    })
    expect(started).toBe(true)
    expect(await done).toBe(1)
  })

  it.each([
    ['an exclusive call behind a parallel one', PARALLEL, EXCLUSIVE],
    ['a parallel call behind an exclusive one', EXCLUSIVE, PARALLEL],
  ] as const)('queues %s until the first settles', async (_case, first, second) => {
    const scheduler = new CallScheduler()
    const log: string[] = []
    let release!: () => void
    const held = scheduler.run(first, new AbortController().signal, () => new Promise<void>((resolve) => (release = resolve)).then(() => void log.push('first done')))
    const next = scheduler.run(second, new AbortController().signal, async () => void log.push('second started'))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(log).toEqual([])
    release()
    await Promise.all([held, next])
    expect(log).toEqual(['first done', 'second started'])
  })

  it('runs a call aborted before its turn at once, without a slot', async () => {
    const scheduler = new CallScheduler()
    let release!: () => void
    const held = scheduler.run(EXCLUSIVE, new AbortController().signal, () => new Promise<void>((resolve) => (release = resolve)))
    const controller = new AbortController()
    const waiting = scheduler.run(EXCLUSIVE, controller.signal, async () => 'ran')
    controller.abort()
    expect(await waiting).toBe('ran')
    release()
    await held
  })
})
