import { createToolRuntime, ToolRegistryError, type ToolRestriction } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { callInput, codeOf, rawTool } from '../fixtures.js'

const parent = { id: 'parent' }
const child = { id: 'child', parent }

function runtimeWith(...names: string[]) {
  const runtime = createToolRuntime()
  for (const name of names) runtime.register(rawTool({ name }))
  return runtime
}

const visible = (runtime: ReturnType<typeof createToolRuntime>, scope?: typeof parent) => runtime.schemas(scope).map((schema) => schema.name)

describe('restrict — "ToolRestriction applies to the tools a scope inherits"', () => {
  test('is scoped only: the global view throws', () => {
    expect(() => runtimeWith('a').restrict({ deny: ['a'] })).toThrow(ToolRegistryError)
  })

  test('deny removes the listed inherited tools from the scope (and its descendants), not from others', () => {
    const runtime = runtimeWith('a', 'b')
    runtime.forAgent(parent).restrict({ deny: ['a'] })
    expect(visible(runtime, parent)).toEqual(['b'])
    expect(visible(runtime, child)).toEqual(['b'])
    expect(visible(runtime)).toEqual(['a', 'b'])
    expect(visible(runtime, { id: 'other' })).toEqual(['a', 'b'])
  })

  test('allow keeps only the listed inherited tools', () => {
    const runtime = runtimeWith('a', 'b', 'c')
    runtime.forAgent(parent).restrict({ allow: ['a', 'c'] })
    expect(visible(runtime, parent)).toEqual(['a', 'c'])
  })

  test('"Restrictions intersect": two allowlists keep only names in both; allow and deny combine', () => {
    const runtime = runtimeWith('a', 'b', 'c', 'd')
    const view = runtime.forAgent(parent)
    view.restrict({ allow: ['a', 'b', 'c'] })
    view.restrict({ allow: ['b', 'c', 'd'] })
    expect(visible(runtime, parent)).toEqual(['b', 'c'])
    view.restrict({ allow: ['b', 'c'], deny: ['c'] })
    expect(visible(runtime, parent)).toEqual(['b'])
  })

  test('a parent scope restriction and a child restriction intersect down the chain', () => {
    const runtime = runtimeWith('a', 'b', 'c')
    runtime.forAgent(parent).restrict({ deny: ['a'] })
    runtime.forAgent(child).restrict({ deny: ['b'] })
    expect(visible(runtime, child)).toEqual(['c'])
    expect(visible(runtime, parent)).toEqual(['b', 'c'])
  })

  test('"scoped registrations remain visible": the scope\'s own tools are never filtered by its restrictions', () => {
    const runtime = runtimeWith('a', 'b')
    const view = runtime.forAgent(parent)
    view.register(rawTool({ name: 'own' }))
    view.restrict({ allow: ['a'] })
    expect(visible(runtime, parent)).toEqual(['a', 'own'])
  })

  test('a tool an ancestor scope registers counts as inherited for its descendants', () => {
    const runtime = runtimeWith('a')
    runtime.forAgent(parent).register(rawTool({ name: 'fromParent' }))
    runtime.forAgent(child).restrict({ deny: ['fromParent'] })
    expect(visible(runtime, child)).toEqual(['a'])
    expect(visible(runtime, parent)).toEqual(['a', 'fromParent'])
  })

  test('a child\'s own registration of a name its parent restricted away is visible to the child', () => {
    const runtime = runtimeWith('a')
    runtime.forAgent(parent).restrict({ deny: ['a'] })
    const own = rawTool({ name: 'a', description: 'child a' })
    runtime.forAgent(child).register(own)
    expect(runtime.get('a', child)).toBe(own)
    expect(runtime.get('a', parent)).toBeUndefined()
  })

  test('"A deny-only filter lets later-added unlisted inherited tools through, an allowlist excludes them"', () => {
    const runtime = runtimeWith('a', 'b')
    const denier = { id: 'denier' }
    const allower = { id: 'allower' }
    runtime.forAgent(denier).restrict({ deny: ['a'] })
    runtime.forAgent(allower).restrict({ allow: ['a'] })
    runtime.register(rawTool({ name: 'late' }))
    expect(visible(runtime, denier)).toEqual(['b', 'late'])
    expect(visible(runtime, allower)).toEqual(['a'])
  })

  test('a restricted-away tool is UNKNOWN_TOOL to execute and absent to get', async () => {
    const runtime = runtimeWith('echo')
    runtime.forAgent(parent).restrict({ deny: ['echo'] })
    expect(runtime.get('echo', parent)).toBeUndefined()
    expect(codeOf(await runtime.execute(callInput({ agent: parent })))).toBe('UNKNOWN_TOOL')
    expect(codeOf(await runtime.execute(callInput()))).toBeUndefined()
  })

  test('the restriction is a private copy: mutating the caller\'s arrays later changes nothing', () => {
    const runtime = runtimeWith('a', 'b')
    const deny = ['a']
    runtime.forAgent(parent).restrict({ deny })
    deny.push('b')
    deny[0] = 'b'
    expect(visible(runtime, parent)).toEqual(['b'])
  })

  test('the exact disposer lifts only its restriction, fires tools/change, and is idempotent', () => {
    const runtime = runtimeWith('a', 'b')
    const view = runtime.forAgent(parent)
    const liftA = view.restrict({ deny: ['a'] })
    view.restrict({ deny: ['b'] })
    const changes = vi.fn()
    runtime.on('tools/change', changes)
    liftA()
    liftA()
    expect(visible(runtime, parent)).toEqual(['a'])
    expect(changes).toHaveBeenCalledTimes(1)
  })

  test.each<[string, unknown, string]>([
    ['"Empty filters": neither key', {}, ''],
    ['"Empty filters": an empty deny', { deny: [] }, '/deny'],
    ['"Empty filters": an empty allow', { allow: [] }, '/allow'],
    ['"Empty filters": both empty', { allow: [], deny: [] }, '/allow'],
    ['"unknown names"', { deny: ['nope'] }, '/deny/0'],
    ['"reserved transport names"', { allow: ['run_code'] }, '/allow/0'],
    ['a non-string name', { deny: [1] }, '/deny/0'],
    ['a non-array list', { deny: 'a' }, '/deny'],
    ['an unknown key', { deny: ['a'], only: ['b'] }, '/only'],
    ['a non-object filter', ['a'], ''],
    ['a non-JSON filter', { deny: ['a'], extra: () => 1 }, '/extra'],
  ])('fails for %s with an issue at %j', (_name, filter, path) => {
    const runtime = runtimeWith('a')
    const changes = vi.fn()
    runtime.on('tools/change', changes)
    let error: unknown
    try {
      runtime.forAgent(parent).restrict(filter as ToolRestriction)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ToolRegistryError)
    expect((error as ToolRegistryError).issues.map((issue) => issue.path)).toContain(path)
    expect(changes).not.toHaveBeenCalled()
    expect(visible(runtime, parent)).toEqual(['a'])
  })

  test('"scope-local names" fail: a name the scope registers itself cannot be restricted', () => {
    const runtime = runtimeWith('a')
    const view = runtime.forAgent(parent)
    view.register(rawTool({ name: 'a' }))
    expect(() => view.restrict({ deny: ['a'] })).toThrow(/registered in this scope/)
  })

  test('a name registered only in another, unrelated scope is unknown here', () => {
    const runtime = runtimeWith('a')
    runtime.forAgent({ id: 'elsewhere' }).register(rawTool({ name: 'theirs' }))
    expect(() => runtime.forAgent(parent).restrict({ deny: ['theirs'] })).toThrow(/not a tool this scope inherits/)
  })
})
