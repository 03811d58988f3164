import { createQuickJsEngine, DEFAULT_LIMITS, type CodeEngine, type HostCall, type SandboxOutcome } from '@toolsmith/code-mode'
import { afterAll, describe, expect, test } from 'vitest'

const limits = { memoryBytes: DEFAULT_LIMITS.memoryBytes, stackBytes: DEFAULT_LIMITS.stackBytes, outputBytes: 1000, logBytes: 1000 }
const engines: CodeEngine[] = []
afterAll(async () => {
  for (const engine of engines) await engine.close?.()
})

function engineWith(options: Parameters<typeof createQuickJsEngine>[0] = {}): CodeEngine {
  const engine = createQuickJsEngine(options)
  engines.push(engine)
  return engine
}

async function run(engine: CodeEngine, program: string, hostCall: HostCall = async () => '{"value":null}', signal = new AbortController().signal): Promise<SandboxOutcome> {
  const sandbox = await engine.create(limits)
  try {
    return await sandbox.run({ program, signal, hostCall })
  } finally {
    sandbox.dispose()
  }
}

describe('the QuickJS engine — create / run with a signal and a string host call / dispose', () => {
  const engine = engineWith()

  test('host calls pass strings both ways; an error answer is a thrown ToolError', async () => {
    const seen: [string, string][] = []
    const outcome = await run(engine, 'const a = await tools.x({ n: 1 }); try { await tools.y({}) } catch (e) { return [a, e.code, e.message] }', async (name, args) => {
      seen.push([name, args])
      return name === 'x' ? '{"value":{"got":1}}' : '{"error":{"message":"nope","code":"DENIED"}}'
    })
    expect(seen).toEqual([['x', '{"n":1}'], ['y', '{}']])
    expect(outcome).toEqual({ kind: 'returned', value: '[{"got":1},"DENIED","nope"]', logs: [] })
  })

  test.each([
    ['a JavaScript syntax error', 'const a = 1\nconst b = a +\n', 3],
    ['a syntax error on the first line', 'return )', 1],
    ['a TypeScript syntax error', 'let x: = 1', 1],
  ])('%s is CODE_SYNTAX_ERROR at the line of the program as written', async (_name, program, line) => {
    const outcome = await run(engine, program)
    expect(outcome).toMatchObject({ kind: 'failed', code: 'CODE_SYNTAX_ERROR', line })
    expect(outcome.kind === 'failed' && outcome.column).toBeGreaterThan(0)
  })

  test('an uncaught throw is CODE_THREW with its line and column', async () => {
    expect(await run(engine, '\n\n  throw new TypeError("x")')).toMatchObject({ kind: 'failed', code: 'CODE_THREW', message: 'TypeError: x', line: 3 })
  })

  test('each program gets a fresh sandbox: globals set by one are gone in the next', async () => {
    await run(engine, 'globalThis.leak = 1; Object.prototype.polluted = 2')
    expect(await run(engine, 'return [typeof leak, ({}).polluted === undefined]')).toMatchObject({ value: '["undefined",true]' })
  })

  test('an abort while the program waits for a host call ends the run as stopped', async () => {
    const controller = new AbortController()
    const running = run(engine, 'await tools.wait({})', () => {
      setTimeout(() => controller.abort(), 20)
      return new Promise<string>(() => {})
    }, controller.signal)
    expect(await running).toMatchObject({ kind: 'stopped' })
  })
})

describe('worker.terminate() as the last resort', () => {
  test('a program that does not stop in time is terminated; the next program gets a new worker and runs', async () => {
    // 0 ms: the kill timer fires before the interrupt handler can be polled.
    const engine = engineWith({ terminateAfterMs: 0 })
    const controller = new AbortController()
    const running = run(engine, 'for (;;) {}', undefined, controller.signal)
    setTimeout(() => controller.abort(), 100)
    expect(await running).toMatchObject({ kind: 'stopped' })
    expect(await run(engine, 'return 1 + 1')).toMatchObject({ kind: 'returned', value: '2' })
  })
})
