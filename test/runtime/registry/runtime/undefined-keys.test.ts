import { createToolRuntime, type ToolExecutionResult, type ToolRuntime } from '@toolsmith/runtime'
import { expect, test } from 'vitest'
import { callInput, codeOf, rawTool } from '../fixtures.js'

// An own key whose value is `undefined` in a control object (a listener's decision, a deferred
// context) is absent, as JSON.stringify and TypeScript without exactOptionalPropertyTypes read it.
// Tool data (arguments, output values, content, a replacement value) keeps the strict lossless rule. The values are
// cast: with exactOptionalPropertyTypes (this repository's setting) TypeScript rejects them, as it should; a consumer
// without it writes them freely.

const agent = { id: 'agent' }
const text = [{ type: 'text' as const, text: 'extra' }]

interface Case {
  /** Sets the runtime up; `asked` collects the approval requests. */
  readonly given: (runtime: ToolRuntime) => void
  readonly args?: unknown
  /** The result's code (`undefined` for a success) and its contexts. */
  readonly want: { readonly code: string | undefined; readonly contexts?: unknown }
  readonly askedWith?: readonly string[][]
}

const cases: [string, Case][] = [
  ['ask with reason: undefined asks (without a reason) instead of denying', {
    given: (runtime) => void runtime.on('tools/pre-execute', () => ({ kind: 'ask', reason: undefined }) as never),
    want: { code: undefined },
    askedWith: [['execution', 'signal']],
  }],
  ['allow with reason: undefined allows', {
    given: (runtime) => void runtime.on('tools/pre-execute', () => ({ kind: 'allow', reason: undefined }) as never),
    want: { code: undefined },
  }],
  ['deny with reason: undefined still denies (the reason is required)', {
    given: (runtime) => void runtime.on('tools/pre-execute', () => ({ kind: 'deny', reason: undefined }) as never),
    want: { code: 'DENIED' },
  }],
  ['accept with additionalContexts: undefined accepts unchanged', {
    given: (runtime) => void runtime.on('tools/post-execute', () => ({ kind: 'accept', additionalContexts: undefined }) as never),
    want: { code: undefined },
  }],
  ['a decision context with source: undefined is appended without a source', {
    given: (runtime) => void runtime.on('tools/post-execute', () => ({ kind: 'accept', additionalContexts: [{ role: 'user', content: text, source: undefined }] }) as never),
    want: { code: undefined, contexts: [{ role: 'user', content: text }] },
  }],
  ['block with additionalContexts: undefined blocks with the feedback', {
    given: (runtime) => void runtime.on('tools/post-execute', () => ({ kind: 'block', feedback: text, additionalContexts: undefined }) as never),
    want: { code: 'BLOCKED' },
  }],
  ['a deferred context with source and meta undefined is kept without them', {
    given: (runtime) =>
      void runtime.register(rawTool({ name: 'deferring', execute: async (_args, exec) => (exec.deferContext({ role: 'user', content: text, source: undefined, meta: undefined } as never), { text: 'x' }) })),
    want: { code: undefined, contexts: [{ role: 'user', content: text }] },
  }],
  ['a getter beside an undefined key is never run, and the decision still denies', {
    given: (runtime) =>
      void runtime.on('tools/pre-execute', () =>
        Object.defineProperty({ kind: 'ask', reason: undefined }, 'extra', {
          enumerable: true,
          get: () => {
            throw new Error('the getter ran')
          },
        }) as never,
      ),
    want: { code: 'DENIED' },
  }],
  // Tool data stays strict.
  ['a replacement value: undefined blocks (it is tool data)', {
    given: (runtime) => void runtime.on('tools/post-execute', () => ({ kind: 'accept', value: undefined }) as never),
    want: { code: 'BLOCKED' },
  }],
  ['undefined inside deferred content makes INVALID_RESULT', {
    given: (runtime) =>
      void runtime.register(rawTool({ name: 'deferring', execute: async (_args, exec) => (exec.deferContext({ role: 'user', content: [{ type: 'text', text: undefined }] } as never), { text: 'x' }) })),
    want: { code: 'INVALID_RESULT' },
  }],
  ['an undefined argument is INVALID_ARGS', {
    given: () => undefined,
    args: { text: 'hi', extra: undefined },
    want: { code: 'INVALID_ARGS' },
  }],
]

test.each(cases)('%s', async (_name, { given, args, want, askedWith }) => {
  const asked: string[][] = []
  const runtime = createToolRuntime({ approval: async (request) => (asked.push(Object.keys(request).sort()), 'allowed-once') })
  runtime.register(rawTool())
  given(runtime)
  const name = runtime.get('deferring') === undefined ? 'echo' : 'deferring'
  const result: ToolExecutionResult = await runtime.execute(callInput({ name, agent, ...(args === undefined ? {} : { arguments: args }) }))
  expect({ code: codeOf(result), ...(want.contexts === undefined ? {} : { contexts: result.additionalContexts }) }).toEqual(want)
  expect(asked).toEqual(askedWith ?? [])
})
