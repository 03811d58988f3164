import { createToolRuntime, type ToolExecution } from '@toolsmith/runtime'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, rawTool, textOf } from '../fixtures.js'

const parent = { id: 'parent' }
const child = { id: 'child', parent }

function setup() {
  const runtime = createToolRuntime()
  const body = vi.fn(async () => ({ text: 'ran' }))
  runtime.register(rawTool({ execute: body }))
  return { runtime, body }
}

describe('guard — "A monotonic execution guard evaluated after every tools/pre-execute listener and before the tool body"', () => {
  test('"Returning a reason denies the call": DENIED with the reason; the body never runs', async () => {
    const { runtime, body } = setup()
    runtime.guard(() => 'read-only session')
    const result = await runtime.execute(callInput())
    expect(codeOf(result)).toBe('DENIED')
    expect(textOf(result)).toContain('read-only session')
    expect(body).not.toHaveBeenCalled()
  })

  test('"returning undefined leaves it unchanged"', async () => {
    const { runtime, body } = setup()
    runtime.guard(() => undefined)
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('runs after every pre-execute listener and before the body, with the frozen execution', async () => {
    const runtime = createToolRuntime()
    const order: string[] = []
    let seen: ToolExecution | undefined
    runtime.register(rawTool({ execute: async () => (order.push('body'), { text: 'x' }) }))
    runtime.guard((exec) => void (order.push('guard'), (seen = exec)))
    runtime.on('tools/pre-execute', (_exec, next) => (order.push('pre'), next()))
    await runtime.execute(callInput())
    expect(order).toEqual(['pre', 'guard', 'body'])
    expect(Object.isFrozen(seen)).toBe(true)
  })

  test('"no guard can force-allow a call another guard denied", in either registration order', async () => {
    for (const guards of [[() => undefined, () => 'no'], [() => 'no', () => undefined]]) {
      const { runtime } = setup()
      for (const guard of guards) runtime.guard(guard)
      expect(codeOf(await runtime.execute(callInput()))).toBe('DENIED')
    }
  })

  test('"listener ordering cannot turn a denial back into permission": a pre-execute allow does not lift a guard', async () => {
    const { runtime } = setup()
    runtime.guard(() => 'policy')
    runtime.on('tools/pre-execute', () => ({ kind: 'allow' }), { prepend: true })
    expect(codeOf(await runtime.execute(callInput()))).toBe('DENIED')
  })

  test('the first denial wins and later guards are not asked', async () => {
    const { runtime } = setup()
    const later = vi.fn(() => undefined)
    runtime.guard(() => 'first')
    runtime.guard(later)
    const result = await runtime.execute(callInput())
    expect(textOf(result)).toContain('first')
    expect(later).not.toHaveBeenCalled()
  })

  test.each<[string, () => unknown]>([
    ['throws', () => { throw new Error('guard bug') }],
    ['returns a promise (an async guard)', async () => undefined],
    ['returns null', () => null],
    ['returns false', () => false],
    ['returns an empty string', () => ''],
  ])('a guard that %s denies (fail closed)', async (_name, guard) => {
    const { runtime, body } = setup()
    runtime.guard(guard as never)
    expect(codeOf(await runtime.execute(callInput()))).toBe('DENIED')
    expect(body).not.toHaveBeenCalled()
  })

  test('"A plain-context guard applies globally; one registered through agent.ctx applies only to that agent" (not to its sub-agents)', async () => {
    const { runtime } = setup()
    runtime.forAgent(parent).guard(() => 'parent policy')
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(codeOf(await runtime.execute(callInput({ agent: { id: 'other' } })))).toBeUndefined()
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBe('DENIED')
    expect(codeOf(await runtime.execute(callInput({ agent: child })))).toBeUndefined()
    runtime.guard(() => 'global policy')
    expect(codeOf(await runtime.execute(callInput({ agent: { id: 'other' } })))).toBe('DENIED')
  })

  test('the README recipe guards a whole agent tree: one global guard that walks exec.agent and its parents', async () => {
    const { runtime, body } = setup()
    const grandchild = { id: 'grandchild', parent: child }
    const inTree = (agent: ToolExecution['agent'], root: object): boolean => {
      for (let at = agent; at !== undefined; at = at.parent) if (at === root) return true
      return false
    }
    runtime.guard((exec) => (inTree(exec.agent, parent) ? 'not in the parent agent\'s tree' : undefined))
    const codes = []
    for (const agent of [parent, child, grandchild, { id: 'other' }, undefined]) codes.push(codeOf(await runtime.execute(callInput(agent === undefined ? {} : { agent }))))
    expect(codes).toEqual(['DENIED', 'DENIED', 'DENIED', undefined, undefined])
    expect(body).toHaveBeenCalledTimes(2)
  })

  test('the shipped declarations say what the code does: a scoped guard or listener covers only that agent\'s own calls', () => {
    const declarations = readFileSync(fileURLToPath(new URL('../../../../runtime/dist/registry/runtime-types.d.ts', import.meta.url)), 'utf8')
    const docOf = (member: string): string => {
      const at = declarations.indexOf(`    ${member}`)
      return declarations.slice(declarations.lastIndexOf('/**', at), at)
    }
    for (const member of ['guard(', 'on<']) {
      expect(docOf(member)).not.toMatch(/descendants|cannot bypass/)
      expect(docOf(member)).toMatch(/only .*that agent's own calls/s)
    }
  })

  test('"The exact effect disposer": disposing removes only that guard, and twice does nothing', async () => {
    const { runtime } = setup()
    const first = vi.fn(() => undefined)
    const dispose = runtime.guard(() => 'no')
    runtime.guard(first)
    dispose()
    dispose()
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
    expect(first).toHaveBeenCalledTimes(1)
  })
})
