import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isDeepFrozen, rawTool } from '../fixtures.js'

// Seeded property test over random stacks of listeners, guards, bodies and aborts: every execute
// settles with a deep-frozen, JSON-serializable result; the body never runs after a deny that must
// win; finalizeContent and the tools/result observers run exactly once.

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const SETTLE_LIMIT_MS = 3_000

const preKinds = ['pass', 'async-pass', 'allow', 'deny', 'ask', 'throw', 'malformed', 'delay', 'next-twice', 'fire-and-forget'] as const
const guardKinds = ['undefined', 'deny', 'throw', 'non-string'] as const
const wrapperKinds = ['pass', 'replace-signal', 'throw', 'fabricate', 'fabricate-invalid', 'delay', 'next-twice', 'malformed', 'answer-early'] as const
const postKinds = ['pass', 'accept-content', 'accept-value', 'accept-invalid-value', 'block', 'throw', 'malformed', 'delay'] as const
const bodyKinds = ['succeed', 'throw', 'sync-throw', 'invalid-output', 'non-json-output', 'ignore-signal', 'honor-signal', 'defer-and-conclude'] as const
const approvals = ['none', 'allowed-once', 'denied', 'throw'] as const
const aborts = ['none', 'before', 'soon', 'later'] as const

const scenario = fc.record({
  pre: fc.array(fc.constantFrom(...preKinds), { maxLength: 4 }),
  guards: fc.array(fc.constantFrom(...guardKinds), { maxLength: 3 }),
  wrappers: fc.array(fc.constantFrom(...wrapperKinds), { maxLength: 3 }),
  post: fc.array(fc.constantFrom(...postKinds), { maxLength: 3 }),
  body: fc.constantFrom(...bodyKinds),
  approval: fc.constantFrom(...approvals),
  abort: fc.constantFrom(...aborts),
  timeoutMs: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  agent: fc.boolean(),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

/** The decision the pre-execute waterfall must reach, computed from the spec's rules (the oracle). */
function expectedPreDecision(s: Scenario): 'allow' | 'deny' {
  for (const kind of s.pre) {
    if (kind === 'allow' || kind === 'fire-and-forget') return 'allow'
    if (kind === 'deny' || kind === 'throw' || kind === 'malformed') return 'deny'
    // "ask proceeds only on allowed-once"; a call without an agent is denied.
    if (kind === 'ask') return s.approval === 'allowed-once' && s.agent ? 'allow' : 'deny'
  }
  return 'allow'
}

async function run(s: Scenario) {
  const counts = { body: 0, finalize: 0, observed: 0 }
  let observed: ToolExecutionResult | undefined
  let observedFrozen = true
  const approval = s.approval === 'none' ? undefined : async () => {
    if (s.approval === 'throw') throw new Error('approval down')
    return s.approval as 'allowed-once' | 'denied'
  }
  const runtime = createToolRuntime(approval === undefined ? {} : { approval })
  runtime.register(
    rawTool({
      ...(s.timeoutMs === undefined ? {} : { timeoutMs: s.timeoutMs }),
      finalizeContent: () => void counts.finalize++,
      execute: (_args, exec) => {
        counts.body++
        switch (s.body) {
          case 'succeed': return Promise.resolve({ text: 'ok' })
          case 'throw': return Promise.reject(new Error('body failed'))
          case 'sync-throw': throw new Error('sync body failure')
          case 'invalid-output': return Promise.resolve({ text: 7 })
          case 'non-json-output': return Promise.resolve({ text: 'x', f: () => 1 })
          case 'ignore-signal': return delay(6).then(() => ({ text: 'late' }))
          case 'honor-signal':
            return new Promise((resolve, reject) => {
              const timer = setTimeout(() => resolve({ text: 'slow' }), 8)
              exec.signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('stopped'))))
            })
          case 'defer-and-conclude':
            exec.deferContext({ role: 'user', content: [{ type: 'text', text: 'ctx' }] })
            exec.concludeTurn()
            return Promise.resolve({ text: 'done' })
        }
      },
    }),
  )
  for (const kind of s.pre) {
    runtime.on('tools/pre-execute', async (_exec, next) => {
      switch (kind) {
        case 'pass': return next()
        case 'async-pass': return await next()
        case 'allow': return { kind: 'allow' }
        case 'deny': return { kind: 'deny', reason: 'random deny' }
        case 'ask': return { kind: 'ask', reason: 'random ask' }
        case 'throw': throw new Error('pre failed')
        case 'malformed': return { kind: 'perhaps' } as never
        case 'delay': await delay(1); return next()
        case 'next-twice': await next(); return next()
        case 'fire-and-forget': void next(); return { kind: 'allow' }
      }
    })
  }
  for (const kind of s.guards) {
    runtime.guard(() => {
      if (kind === 'deny') return 'random guard'
      if (kind === 'throw') throw new Error('guard failed')
      if (kind === 'non-string') return 0 as never
      return undefined
    })
  }
  for (const kind of s.wrappers) {
    runtime.on('tools/execute', async (exec, next) => {
      switch (kind) {
        case 'pass': return next()
        case 'replace-signal': {
          const previous = exec.signal
          const controller = new AbortController()
          exec.signal = controller.signal
          try {
            return await next()
          } finally {
            exec.signal = previous
          }
        }
        case 'throw': throw new Error('wrapper failed')
        case 'fabricate': return { isError: false, value: { text: 'cached' }, content: [] }
        case 'fabricate-invalid': return { isError: false, value: { nope: 1 }, content: [] } as never
        case 'delay': await delay(1); return next()
        case 'next-twice': await next(); return next()
        case 'malformed': return { isError: 'maybe' } as never
        case 'answer-early': void next(); return { isError: true, error: { message: 'gave up' }, content: [] }
      }
    })
  }
  for (const kind of s.post) {
    runtime.on('tools/post-execute', async (_exec, _result, next) => {
      switch (kind) {
        case 'pass': return next()
        case 'accept-content': return { kind: 'accept', content: [{ type: 'text', text: 'replaced' }] }
        case 'accept-value': return { kind: 'accept', value: { text: 'replaced' } }
        case 'accept-invalid-value': return { kind: 'accept', value: { text: null } }
        case 'block': return { kind: 'block', feedback: [{ type: 'text', text: 'blocked' }] }
        case 'throw': throw new Error('post failed')
        case 'malformed': return { kind: 'accept', content: 'x' } as never
        case 'delay': await delay(1); return next()
      }
    })
  }
  runtime.on('tools/result', (exec, result) => {
    counts.observed++
    observed = result
    observedFrozen = Object.isFrozen(exec) && isDeepFrozen(exec.arguments) && isDeepFrozen(result)
  })
  const controller = new AbortController()
  if (s.abort === 'before') controller.abort()
  const pending = runtime.execute({ callId: 'p', name: 'echo', arguments: { text: 'hi' }, signal: controller.signal, ...(s.agent ? { agent: { id: 'agent' } } : {}) })
  if (s.abort === 'soon') queueMicrotask(() => controller.abort())
  if (s.abort === 'later') setTimeout(() => controller.abort(), 2)
  const result = await Promise.race([pending, delay(SETTLE_LIMIT_MS).then(() => 'unsettled' as const)])
  return { result, counts, observed, observedFrozen }
}

describe('pipeline properties (seeded)', () => {
  test('every execute settles, frozen and JSON-serializable; no body after a winning deny; finalizeContent and observers exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { result, counts, observed, observedFrozen } = await run(s)
        expect(result).not.toBe('unsettled')
        if (result === 'unsettled') return
        expect(isDeepFrozen(result)).toBe(true)
        expect(JSON.parse(JSON.stringify(result))).toEqual(result)
        expect(counts.finalize).toBe(1)
        expect(counts.observed).toBe(1)
        expect(observed).toBe(result)
        expect(observedFrozen).toBe(true)
        // A wrapper that calls next() twice retries: each such wrapper at most doubles the attempts.
        expect(counts.body).toBeLessThanOrEqual(2 ** s.wrappers.filter((kind) => kind === 'next-twice').length)
        const code = result.isError ? result.error.info?.code : undefined
        if (s.abort === 'before') {
          expect(code).toBe('ABORTED_BEFORE_DISPATCH')
          expect(counts.body).toBe(0)
        } else if (expectedPreDecision(s) === 'deny') {
          // A gate that failed while the caller cancelled is taken as observing the abort: cancelled, not denied.
          if (s.abort === 'none') expect(code).toBe('DENIED')
          else expect(['DENIED', 'ABORTED_BEFORE_DISPATCH']).toContain(code)
          expect(counts.body).toBe(0)
        } else if (s.guards.some((kind) => kind !== 'undefined')) {
          // Guards are monotonic: a denying guard wins over every allow (cancellation may come first).
          expect(['DENIED', 'ABORTED_BEFORE_DISPATCH']).toContain(code)
          expect(counts.body).toBe(0)
        }
        if (result.isError) {
          expect(typeof result.error.message).toBe('string')
          expect(result.error.info?.code).toMatch(/^[A-Z_]+$/)
          if (['DENIED', 'UNKNOWN_TOOL'].includes(result.error.info?.code ?? '')) expect(counts.body).toBe(0)
        } else {
          expect(s.abort === 'before').toBe(false)
        }
      }),
      { seed: 20_260_710, numRuns: 400 },
    )
  }, 60_000)
})
