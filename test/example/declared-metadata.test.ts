// The YAML's declared metadata reaches the bundled example's definitions and the runtime: annotations,
// approval, concurrencySafe and kind, read as data, and approval: always honoured by declaredApprovals().
import { createToolRuntime, declaredApprovals } from '@toolsmith/runtime'
import { describe, expect, test, vi } from 'vitest'
import { tools } from '../../example/src/tools/index.js'

const byName = new Map(tools.map((tool) => [tool.name, tool]))

describe('the bundled example carries its declared metadata', () => {
  test('read_file: annotations, concurrencySafe and kind as data, no classifier call needed', () => {
    const readFile = byName.get('read_file')
    expect(readFile?.annotations).toEqual({ title: 'Read file', readOnly: true, idempotent: true, openWorld: false })
    expect([readFile?.concurrencySafe, readFile?.kind, readFile?.approval]).toEqual([true, 'read', undefined])
  })

  test('describe() lists every example tool with resolved annotations; bash alone asks for approval', () => {
    const runtime = createToolRuntime()
    for (const tool of tools) runtime.register(tool)
    const described = runtime.describe()
    expect(described.map((tool) => [tool.name, tool.approval])).toEqual([
      ['bash', 'always'],
      ['edit_file', 'never'],
      ['glob', 'never'],
      ['grep', 'never'],
      ['read_file', 'never'],
      ['web_fetch', 'never'],
    ])
    expect(described.find((tool) => tool.name === 'grep')?.annotations).toEqual({ readOnly: true, destructive: true, idempotent: true, openWorld: false })
  })

  test('with declaredApprovals() a bash call is asked for, and a denial stops it before it runs', async () => {
    const approval = vi.fn(async () => 'denied' as const)
    const runtime = createToolRuntime({ approval })
    for (const tool of tools) runtime.register(tool)
    runtime.on('tools/pre-execute', declaredApprovals())
    const result = await runtime.execute({ callId: 'c1', name: 'bash', arguments: { command: 'echo hi' }, agent: { id: 'main' }, signal: new AbortController().signal })
    expect(result.isError && result.error.info?.code).toBe('DENIED')
    expect(approval).toHaveBeenCalledTimes(1)
  })
})
