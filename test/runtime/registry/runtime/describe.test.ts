import { createToolRuntime, defineTool, type ToolDefinition } from '@toolsmith/runtime'
import { describe, expect, test } from 'vitest'
import { rawTool } from '../fixtures.js'

const alice = { id: 'alice' }

describe('runtime.describe(scope?) — the schemas plus output, annotations, approval and declared metadata', () => {
  test('defaults: MCP annotation defaults and approval "never"; undeclared metadata stays absent', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    const [echo] = runtime.describe()
    expect(echo).toEqual({
      name: 'echo',
      description: 'Echo the text back.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      output: { type: 'object', additionalProperties: false, properties: { text: { type: 'string' } }, required: ['text'] },
      annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
      approval: 'never',
    })
    expect(Object.keys(echo ?? {})).not.toContain('timeoutMs')
  })

  test('declared values reach the description', () => {
    const runtime = createToolRuntime()
    runtime.register(
      rawTool({
        annotations: { title: 'Echo', readOnly: true, openWorld: false },
        approval: 'always',
        concurrencySafe: true,
        kind: 'read',
        timeoutMs: 500,
      }),
    )
    expect(runtime.describe()[0]).toMatchObject({
      annotations: { title: 'Echo', readOnly: true, destructive: true, idempotent: false, openWorld: false },
      approval: 'always',
      concurrencySafe: true,
      kind: 'read',
      timeoutMs: 500,
    })
  })

  test('sorted by name like schemas(), the same name/description/parameters', () => {
    const runtime = createToolRuntime()
    for (const name of ['zeta', 'Alpha', 'mid']) runtime.register(rawTool({ name }))
    expect(runtime.describe().map((tool) => tool.name)).toEqual(runtime.schemas().map((tool) => tool.name))
    expect(runtime.describe().map((tool) => tool.name)).toEqual(['Alpha', 'mid', 'zeta'])
    for (const [index, schema] of runtime.schemas().entries()) {
      const { name, description, parameters } = runtime.describe()[index] ?? {}
      expect({ name, description, parameters }).toEqual(schema)
    }
  })

  test('fresh mutable copies: mutating one changes neither the registry nor the next answer', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ annotations: { readOnly: true } }))
    const first = runtime.describe()[0] as { output: { type?: string }; annotations: { readOnly: boolean }; parameters: { type: string } }
    first.output.type = 'string'
    first.annotations.readOnly = false
    first.parameters.type = 'array'
    const second = runtime.describe()[0]
    expect(second?.output).toMatchObject({ type: 'object' })
    expect(second?.annotations.readOnly).toBe(true)
    expect(second?.parameters.type).toBe('object')
    expect(Object.isFrozen(first.output)).toBe(false)
  })

  test('metadata is captured at registration: a later change to a mutable definition does not reach describe()', () => {
    const runtime = createToolRuntime()
    const definition = rawTool({ approval: 'always', annotations: { readOnly: true } }) as { -readonly [K in keyof ToolDefinition]: ToolDefinition[K] }
    runtime.register(definition)
    definition.approval = 'never'
    definition.annotations = { readOnly: false }
    expect(runtime.describe()[0]).toMatchObject({ approval: 'always', annotations: { readOnly: true } })
  })

  test('on an agent view: that scope’s tools (shadowing, restriction) — and an explicit scope on the global view', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool({ name: 'shared' }))
    runtime.register(rawTool({ name: 'hidden' }))
    const view = runtime.forAgent(alice)
    view.register(rawTool({ name: 'shared', approval: 'always' }))
    view.restrict({ deny: ['hidden'] })
    expect(view.describe().map((tool) => [tool.name, tool.approval])).toEqual([['shared', 'always']])
    expect(runtime.describe(alice).map((tool) => [tool.name, tool.approval])).toEqual([['shared', 'always']])
    expect(runtime.describe().map((tool) => [tool.name, tool.approval])).toEqual([
      ['hidden', 'never'],
      ['shared', 'never'],
    ])
  })

  test('a malformed explicit scope describes nothing, like schemas()', () => {
    const runtime = createToolRuntime()
    runtime.register(rawTool())
    expect(runtime.describe({ id: 7 } as never)).toEqual([])
  })

  test('a defineTool tool describes its compiled output schema and declared metadata', () => {
    const runtime = createToolRuntime()
    runtime.register(
      defineTool({
        name: 'now',
        description: 'The time.',
        parameters: {},
        output: { schema: { type: 'string' }, render: (_args, value) => [{ type: 'text', text: value }] },
        execute: async () => 'noon',
        annotations: { readOnly: true, idempotent: false },
        concurrencySafe: true,
        kind: 'other',
      }),
    )
    expect(runtime.describe()[0]).toMatchObject({ output: { type: 'string' }, concurrencySafe: true, kind: 'other', annotations: { readOnly: true } })
  })
})

describe('registration checks the metadata (one ToolRegistryError with every issue)', () => {
  test.each<[string, Partial<Record<string, unknown>>, string[]]>([
    ['approval not never/always', { approval: 'sometimes' }, ['/approval']],
    ['concurrencySafe not a boolean', { concurrencySafe: 'yes' }, ['/concurrencySafe']],
    ['kind not a ToolCallKind', { kind: 'write' }, ['/kind']],
    ['annotations not an object', { annotations: [] }, ['/annotations']],
    ['an annotation of the wrong type and an unknown one', { annotations: { readOnly: 'no', dangerous: true } }, ['/annotations/readOnly', '/annotations/dangerous']],
    ['a title that is not a string', { annotations: { title: 3 } }, ['/annotations/title']],
  ])('%s', (_name, overrides, paths) => {
    const runtime = createToolRuntime()
    let issues: { path: string }[] = []
    try {
      runtime.register(rawTool(overrides as Partial<ToolDefinition>))
    } catch (error) {
      issues = (error as { issues: { path: string }[] }).issues
    }
    expect(issues.map((issue) => issue.path)).toEqual(paths)
  })

  test('inherited metadata is never read: a polluted Object.prototype declares nothing', () => {
    const proto = Object.prototype as Record<string, unknown>
    const runtime = createToolRuntime()
    proto['approval'] = 'always'
    proto['readOnly'] = true
    try {
      runtime.register(rawTool({ annotations: {} }))
      expect(runtime.describe()[0]).toMatchObject({ approval: 'never', annotations: { readOnly: false } })
    } finally {
      delete proto['approval']
      delete proto['readOnly']
    }
  })
})
