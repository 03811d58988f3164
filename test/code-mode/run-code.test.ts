import { readFileSync } from 'node:fs'
import { codeModeSdk, codeModeTools, createCodeMode, createQuickJsEngine } from '@toolsmith/code-mode'
import { printCodeModeSdk } from '@toolsmith/providers'
import { createToolRuntime, defineTool, type CodeDispatchEvent, type ToolExecution, type ToolExecutionToken } from '@toolsmith/runtime'
import { afterAll, describe, expect, test } from 'vitest'
import { codeModeSdk as generatedSdk } from '../../example/src/tools/code-mode-sdk.js'
import { tools as exampleTools } from '../../example/src/tools/index.js'
import { DispatchQueue } from '../../code-mode/src/run-code.js'
import { codeOf, codeRuntime, deferred, echo, jsonTool, runCode, valueOf } from './fixtures.js'

const engine = createQuickJsEngine()
afterAll(() => engine.close?.())

describe('run_code visibility — "visible only to agents whose scope presents tools in mode: \'code\'"', () => {
  test('a native agent gets UNKNOWN_TOOL for run_code; the Code Mode agent runs it', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    expect(codeOf(await runCode(runtime, { id: 'native' }, 'return 1'))).toBe('UNKNOWN_TOOL')
    expect(valueOf(await runCode(runtime, agent, 'return 1')).value).toBe(1)
  })

  test('under mode code a model-direct native call is UNKNOWN_TOOL, the same tool through run_code runs', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    const direct = await runtime.execute({ callId: 'd', name: 'echo', arguments: { text: 'a' }, agent, signal: new AbortController().signal })
    expect(codeOf(direct)).toBe('UNKNOWN_TOOL')
    expect(valueOf(await runCode(runtime, agent, 'return await tools.echo({ text: "a" })')).value).toEqual({ text: 'A' })
  })

  test('the parameters are { code: string } and the output { value, logs, calls }', () => {
    const definition = createCodeMode(createToolRuntime(), { engine })
    expect(definition.parameters).toMatchObject({ type: 'object', required: ['code'], properties: { code: { type: 'string' } } })
    expect(definition.output.schema).toMatchObject({ required: ['value', 'logs', 'calls'] })
  })

  test('invalid limits are refused when the transport is created', () => {
    expect(() => createCodeMode(createToolRuntime(), { engine, limits: { stackBytes: 1024 * 1024 } })).toThrow(/stackBytes/)
    expect(() => createCodeMode(createToolRuntime(), { engine, limits: { maxCalls: 0 } })).toThrow(/maxCalls/)
  })
})

describe('sub-dispatch identity — fresh call id, the outer rootCallId, the calling agent, the outer token as parent', () => {
  test('every sub-dispatch carries <outer>:code:<n>, the outer root call id, the agent and the outer token', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    const seen: ToolExecution[] = []
    let outerToken: ToolExecutionToken | undefined
    runtime.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'run_code') outerToken = exec.token
      else seen.push(exec)
      return next()
    })
    const result = await runtime.execute({
      callId: 'outer',
      rootCallId: 'root-7',
      name: 'run_code',
      arguments: { code: 'await tools.echo({ text: "a" }); await tools.echo({ text: "b" }); return null' },
      agent,
      signal: new AbortController().signal,
    })
    expect(valueOf(result).calls.map((call) => call.id)).toEqual(['outer:code:1', 'outer:code:2'])
    expect(seen.map((exec) => [exec.callId, exec.rootCallId, exec.agent, exec.parent])).toEqual([
      ['outer:code:1', 'root-7', agent, outerToken],
      ['outer:code:2', 'root-7', agent, outerToken],
    ])
    expect(outerToken).toBeTypeOf('symbol')
  })

  test('sub-dispatches pass the whole pipeline: a pre-execute deny and a guard are catchable DENIED errors', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    runtime.register(jsonTool('secret', async () => 'never'))
    runtime.register(jsonTool('guarded', async () => 'never'))
    runtime.on('tools/pre-execute', (exec, next) => (exec.name === 'secret' ? { kind: 'deny', reason: 'not for programs' } : next()))
    runtime.guard((exec) => (exec.name === 'guarded' ? 'guarded tool' : undefined))
    const run = await runCode(runtime, agent, `
      const out = []
      for (const name of ['secret', 'guarded']) {
        try { await tools[name]({}) } catch (e) { out.push([e instanceof ToolError, e.name, e.code, e.message]) }
      }
      out.push(await tools.echo({ text: 'still here' }))
      return out`)
    expect(valueOf(run).value).toEqual([
      [true, 'ToolError', 'DENIED', expect.stringContaining('not for programs')],
      [true, 'ToolError', 'DENIED', expect.stringContaining('guarded tool')],
      { text: 'STILL HERE' },
    ])
  })
})

describe('values and errors — the structured value of a success; a failure is a catchable Error with message and code', () => {
  test('the program receives the structured value, not the rendered content', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(jsonTool('data', async () => ({ list: [1, 2, { deep: true }], none: null })))
    expect(valueOf(await runCode(runtime, agent, 'const d = await tools.data({}); return [d.list[2].deep, d.none, Array.isArray(d.list)]')).value).toEqual([true, null, true])
  })

  test('a TOOL_ERROR carries the message and code, never the host stack; earlier results are kept', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    runtime.register(jsonTool('broken', async () => {
      throw new Error('disk on fire')
    }))
    const run = await runCode(runtime, agent, `
      const first = await tools.echo({ text: 'one' })
      try { await tools.broken({}) } catch (e) { return { first, name: e.name, code: e.code, message: e.message, stack: String(e.stack).includes('node:') } }`)
    expect(valueOf(run).value).toEqual({ first: { text: 'ONE' }, name: 'ToolError', code: 'TOOL_ERROR', message: 'disk on fire', stack: false })
    expect(valueOf(run).calls).toEqual([
      { id: expect.stringMatching(/:code:1$/), name: 'echo', isError: false },
      { id: expect.stringMatching(/:code:2$/), name: 'broken', isError: true, code: 'TOOL_ERROR', message: 'disk on fire' },
    ])
  })

  test('INVALID_ARGS from the tool schema reaches the program as its code', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(
      defineTool({
        name: 'echo',
        description: 'Echo.',
        parameters: { text: { type: 'string', required: true } },
        output: { schema: { type: 'string' }, render: (_args, value) => [{ type: 'text', text: value }] },
        execute: async (args) => args.text,
      }),
    )
    const run = await runCode(runtime, agent, 'try { await tools.echo({ text: 5 }) } catch (e) { return e.code }')
    expect(valueOf(run).value).toBe('INVALID_ARGS')
  })

  test('an uncaught failure is CODE_THREW with its message; the calls made before it are in the details', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    const run = await runCode(runtime, agent, 'await tools.echo({ text: "a" })\nconsole.log("before")\nawait tools.nope({})')
    expect(codeOf(run)).toBe('CODE_THREW')
    expect(run.isError && run.error.message).toMatch(/ToolError: Unknown tool: "nope"/)
    expect(run.isError && run.error.info?.details).toMatchObject({ logs: ['before'], calls: [{ name: 'echo', isError: false }, { name: 'nope', code: 'UNKNOWN_TOOL' }] })
  })

  test('console output is returned in logs, levels other than log prefixed', async () => {
    const { runtime, agent } = codeRuntime(engine)
    const run = await runCode(runtime, agent, 'console.log("a", 1, { b: 2 }); console.warn("careful"); return null')
    expect(valueOf(run).logs).toEqual(['a 1 {"b":2}', 'warn: careful'])
  })

  test('TypeScript is accepted (transpiled by sucrase); a syntax error is CODE_SYNTAX_ERROR with line and column', async () => {
    const { runtime, agent } = codeRuntime(engine)
    expect(valueOf(await runCode(runtime, agent, 'interface P { x: number }\nconst p: P = { x: 2 }\nreturn (p.x as number) * 21')).value).toBe(42)
    const bad = await runCode(runtime, agent, 'const a = 1\nconst b = (2\nreturn a')
    expect(codeOf(bad)).toBe('CODE_SYNTAX_ERROR')
    expect(bad.isError && bad.error.info?.details).toMatchObject({ line: 3 })
    expect(bad.isError && bad.error.message).toMatch(/line 3, column \d+/)
  })

  test('a return value that is not JSON is CODE_THREW naming where', async () => {
    const { runtime, agent } = codeRuntime(engine)
    const run = await runCode(runtime, agent, 'return { when: new Date(0), f: [1, () => 2] }')
    expect(codeOf(run)).toBe('CODE_THREW')
    expect(run.isError && run.error.message).toMatch(/not JSON: \/when is not a plain object/)
  })
})

describe('tools/code-dispatch-log then tool/code-dispatch — "listeners reshape only the logged copy"', () => {
  test('a listener replaces the logged content; the program got the full value; events precede the run_code result', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(jsonTool('big', async () => ({ text: 'x'.repeat(1000) })))
    runtime.on('tools/code-dispatch-log', async (dispatch, next) => (dispatch.name === 'big' ? [{ type: 'text', text: 'preview' }] : next()))
    const events: CodeDispatchEvent[] = []
    runtime.on('tool/code-dispatch', (event) => void events.push(event))
    const order: string[] = []
    runtime.on('tool/code-dispatch', () => void order.push('event'))
    runtime.on('tools/result', (exec) => void order.push(`result:${exec.name}`))
    const run = await runCode(runtime, agent, 'const r = await tools.big({}); return r.text.length')
    expect(valueOf(run).value).toBe(1000)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ name: 'big', isError: false, agent, content: [{ type: 'text', text: 'preview' }] })
    expect(events[0]?.subCallId).toMatch(/:code:1$/)
    expect(events[0]?.exec.name).toBe('run_code')
    expect(order).toEqual(['result:big', 'event', 'result:run_code'])
  })

  test('a throwing log listener is contained: the original content is logged', async () => {
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(echo())
    runtime.on('tools/code-dispatch-log', () => {
      throw new Error('listener broke')
    })
    const events: CodeDispatchEvent[] = []
    runtime.on('tool/code-dispatch', (event) => void events.push(event))
    expect(valueOf(await runCode(runtime, agent, 'return await tools.echo({ text: "a" })')).value).toEqual({ text: 'A' })
    expect(events[0]?.content).toEqual([{ type: 'text', text: '{"text":"A"}' }])
  })
})

describe('approvals inside a program — the program waits, suspended, then continues or gets DENIED', () => {
  const needsApproval = () => jsonTool('deploy', async () => 'deployed')

  test.each([
    ['allowed-once', 'deployed'],
    ['denied', 'DENIED'],
  ] as const)('answer %s', async (answer, want) => {
    const asked = deferred<void>()
    const decision = deferred<'allowed-once' | 'denied'>()
    const { runtime, agent } = codeRuntime(engine, {
      approval: async () => {
        asked.resolve()
        return decision.promise
      },
    })
    runtime.register(needsApproval())
    runtime.register(echo())
    runtime.on('tools/pre-execute', (exec, next) => (exec.name === 'deploy' ? { kind: 'ask', reason: 'deploys' } : next()))
    const running = runCode(runtime, agent, `
      const before = await tools.echo({ text: 'before' })
      let outcome
      try { outcome = await tools.deploy({}) } catch (e) { outcome = e.code }
      return [before.text, outcome]`)
    await asked.promise
    // Suspended: while the approval is pending the program burns no CPU.
    const cpu = process.cpuUsage()
    await new Promise((resolve) => setTimeout(resolve, 400))
    const used = process.cpuUsage(cpu)
    expect((used.user + used.system) / 1000).toBeLessThan(150)
    decision.resolve(answer)
    expect(valueOf(await running).value).toEqual(['BEFORE', want])
  })
})

describe('cancellation — abort stops the program within 200 ms, aborts and drains sub-dispatches; the outer result is ABORTED', () => {
  test('abort mid CPU-bound loop', async () => {
    const { runtime, agent } = codeRuntime(engine)
    const controller = new AbortController()
    const running = runCode(runtime, agent, 'let i = 0; while (true) { i++ }', controller.signal)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const aborted = performance.now()
    controller.abort()
    const result = await running
    expect(performance.now() - aborted).toBeLessThan(200)
    expect(codeOf(result)).toBe('ABORTED')
  })

  test('abort mid sub-dispatch: the sub-dispatch signal aborts, it is drained before the outer result', async () => {
    const started = deferred<void>()
    let subSignal: AbortSignal | undefined
    let drained = false
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(
      jsonTool('slow', async (_args, exec) => {
        subSignal = exec.signal
        started.resolve()
        await new Promise((resolve) => exec.signal.addEventListener('abort', resolve))
        await new Promise((resolve) => setTimeout(resolve, 50))
        drained = true
        return 'late'
      }),
    )
    const controller = new AbortController()
    const running = runCode(runtime, agent, 'return await tools.slow({})', controller.signal)
    await started.promise
    controller.abort()
    const result = await running
    expect(subSignal?.aborted).toBe(true)
    expect(drained).toBe(true)
    expect(codeOf(result)).toBe('ABORTED')
  })

  test("the outer tool's timeoutMs gives TIMEOUT; the program's own time limit gives CODE_TIME_LIMIT", async () => {
    const outer = codeRuntime(engine, {}, { timeoutMs: 300 })
    const start = performance.now()
    expect(codeOf(await runCode(outer.runtime, outer.agent, 'while (true) {}'))).toBe('TIMEOUT')
    expect(performance.now() - start).toBeLessThan(300 + 500)
    const own = codeRuntime(engine, {}, { limits: { timeMs: 300 } })
    expect(codeOf(await runCode(own.runtime, own.agent, 'await tools.$search(""); while (true) {}'))).toBe('CODE_TIME_LIMIT')
  })
})

describe('executionMode under Promise.all — parallel tools overlap, exclusive tools run alone', () => {
  function tracked(name: string, parallel: boolean, log: string[]) {
    let active = 0
    const stats = { max: 0 }
    const tool = jsonTool(
      name,
      async (args) => {
        active++
        stats.max = Math.max(stats.max, active)
        log.push(`start ${name}${(args as { n: number }).n}`)
        await new Promise((resolve) => setTimeout(resolve, 30))
        log.push(`end ${name}${(args as { n: number }).n}`)
        active--
        return (args as { n: number }).n
      },
      parallel ? { isConcurrencySafe: () => true } : {},
    )
    return { tool, stats }
  }

  test('a sub-dispatch is parallel only while the outer token is live; after run_code settled the same input is exclusive', async () => {
    const { runtime, agent } = codeRuntime(engine)
    const modes: string[] = []
    let input: Parameters<typeof runtime.executionMode>[0] | undefined
    runtime.register(
      jsonTool(
        'look',
        async (args, exec) => {
          input = { callId: 'probe', name: 'look', arguments: args, agent, signal: exec.signal, ...(exec.parent === undefined ? {} : { parent: exec.parent }) }
          modes.push(runtime.executionMode(input).kind)
          return null
        },
        { isConcurrencySafe: () => true },
      ),
    )
    valueOf(await runCode(runtime, agent, 'return await tools.look({})'))
    modes.push(runtime.executionMode(input as NonNullable<typeof input>).kind)
    expect(modes).toEqual(['parallel', 'exclusive'])
  })

  test('three parallel calls overlap; three exclusive calls never do; the results keep their order', async () => {
    const log: string[] = []
    const { runtime, agent } = codeRuntime(engine)
    const read = tracked('read', true, log)
    const write = tracked('write', false, log)
    runtime.register(read.tool)
    runtime.register(write.tool)
    const run = await runCode(runtime, agent, `
      const reads = await Promise.all([1, 2, 3].map((n) => tools.read({ n })))
      const writes = await Promise.all([1, 2, 3].map((n) => tools.write({ n })))
      return [reads, writes]`)
    expect(valueOf(run).value).toEqual([[1, 2, 3], [1, 2, 3]])
    expect(read.stats.max).toBe(3)
    expect(write.stats.max).toBe(1)
  })

  test('an exclusive call in a Promise.all is a barrier: it waits for the reads before it and the reads after it wait for it', async () => {
    const log: string[] = []
    const { runtime, agent } = codeRuntime(engine)
    runtime.register(tracked('read', true, log).tool)
    runtime.register(tracked('write', false, log).tool)
    await runCode(runtime, agent, 'return await Promise.all([tools.read({ n: 1 }), tools.write({ n: 2 }), tools.read({ n: 3 })])')
    expect(log).toEqual(['start read1', 'end read1', 'start write2', 'end write2', 'start read3', 'end read3'])
  })
})

describe('the SDK the model sees — the generated file and the run-time text agree', () => {
  test('for an unrestricted agent, codeModeSdk(runtime, agent) is the generated string export and the .d.ts after its header', () => {
    const { runtime, agent } = codeRuntime(engine)
    for (const tool of exampleTools) runtime.register(tool)
    const declaration = readFileSync(new URL('../../example/src/tools/code-mode-sdk.d.ts', import.meta.url), 'utf8')
    const runTime = codeModeSdk(runtime, agent)
    expect(runTime).toBe(generatedSdk)
    expect(declaration).toBe(`// Generated by toolsmith. Do not edit: run toolsmith generate.\n${runTime}`)
    for (const tool of exampleTools) expect(runTime).toContain(`  ${tool.name}(args: `)
    expect(runTime).not.toContain('run_code(')
  })

  test('restrictions and scoped registrations apply: the prompt never shows a tool the agent cannot call', () => {
    const runtime = createToolRuntime()
    const agent = { id: 'coder' }
    runtime.register(echo())
    runtime.register(jsonTool('hidden', async () => null))
    runtime.forAgent(agent).register(jsonTool('mine', async () => null))
    runtime.forAgent(agent).restrict({ deny: ['hidden'] })
    expect(codeModeTools(runtime, agent).map((tool) => tool.name)).toEqual(['echo', 'mine'])
    const text = codeModeSdk(runtime, agent)
    expect(text).toContain('  mine(args: MineArgs)')
    expect(text).not.toContain('hidden')
    expect(codeModeSdk(runtime)).toBe(printCodeModeSdk(codeModeTools(runtime)))
    expect(codeModeSdk(runtime)).toContain('hidden(args')
  })
})

describe('tools.$search / tools.$describe — discovery from inside a program', () => {
  test('$search finds visible tools by every word; $describe returns one declaration; a hidden tool is not found', async () => {
    const { runtime, agent } = codeRuntime(engine)
    for (const tool of exampleTools) runtime.register(tool)
    runtime.forAgent(agent).restrict({ deny: ['bash'] })
    const run = await runCode(runtime, agent, `
      const found = await tools.$search('file text')
      const shell = await tools.$search('shell command')
      const grep = await tools.$describe('grep')
      let hidden
      try { await tools.$describe('bash') } catch (e) { hidden = e.code }
      return { found: found.map((t) => t.name), shell, grep, hidden }`)
    const value = valueOf(run).value as { found: string[]; shell: unknown[]; grep: string; hidden: string }
    expect(value.found).toEqual(['edit_file', 'read_file'])
    expect(value.shell).toEqual([])
    expect(value.grep).toContain('export interface GrepArgs {')
    expect(value.grep).toContain('grep(args: GrepArgs): Promise<GrepOutput>')
    expect(value.grep).not.toContain('ReadFileArgs')
    expect(value.hidden).toBe('UNKNOWN_TOOL')
    expect(valueOf(run).calls).toEqual([])
  })
})

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
