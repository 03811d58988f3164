import { describe, expect, test, vi } from 'vitest'
import { JsonSchemaError, ToolArgsError } from '../../../runtime/src/errors.js'
import { validateArgs } from '../../../runtime/src/schema/dsl/translate-spec.js'
import { defineTool } from '../../../runtime/src/tool/define-tool.js'
import type { ToolRunContext } from '../../../runtime/src/tool/tool-definition.js'

const parameters = {
  path: { type: 'string', required: true },
  offset: { type: 'integer' },
} as const
const output = {
  type: 'object',
  additionalProperties: false,
  properties: { text: { type: 'string', required: true } },
} as const

const exec = {} as ToolRunContext

describe('validateArgs', () => {
  test('returns valid arguments unchanged', () => {
    const args = { path: 'a', offset: 2, extra: true }
    expect(validateArgs(parameters, args)).toBe(args)
  })

  test('throws one ToolArgsError (INVALID_ARGS) listing every issue with pointers into the args', () => {
    const error = (() => {
      try {
        validateArgs(parameters, { offset: 1.5 }, 'read_file')
      } catch (thrown) {
        return thrown
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(ToolArgsError)
    const argsError = error as ToolArgsError
    expect(argsError.code).toBe('INVALID_ARGS')
    expect(argsError.issues.map((issue) => issue.path).sort()).toEqual(['/offset', '/path'])
    expect(argsError.message).toContain('read_file')
  })

  test.each([[null], [[]], ['x'], [undefined], [{ path: 1 }]])('rejects %j', (args) => {
    expect(() => validateArgs(parameters, args)).toThrow(ToolArgsError)
  })
})

function tool(overrides: Partial<Parameters<typeof defineTool<typeof parameters, typeof output>>[0]> = {}) {
  return defineTool({
    name: 'read_file',
    description: 'Read a file.',
    parameters,
    output: { schema: output, render: (_args, value) => [{ type: 'text', text: value.text }] },
    execute: async (args) => ({ text: `read ${args.path}` }),
    ...overrides,
  })
}

describe('defineTool', () => {
  test('compiles parameters and output to the model-facing raw schemas', () => {
    const defined = tool()
    expect(defined.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, offset: { type: 'integer' } },
      required: ['path'],
    })
    expect(defined.output.schema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { text: { type: 'string' } },
      required: ['text'],
    })
    expect(defined.spec.parameters).toBe(parameters)
    expect(Object.isFrozen(defined)).toBe(true)
  })

  test('validates arguments before the body', async () => {
    const body = vi.fn(async () => ({ text: 'x' }))
    const defined = tool({ execute: body })
    await expect(defined.execute({ offset: 1 }, exec)).rejects.toBeInstanceOf(ToolArgsError)
    expect(body).not.toHaveBeenCalled()
    await expect(defined.execute({ path: 'a' }, exec)).resolves.toEqual({ text: 'x' })
    expect(body).toHaveBeenCalledTimes(1)
  })

  test('a body that throws synchronously still rejects (never throws from execute)', async () => {
    const defined = tool({
      execute: () => {
        throw new Error('sync')
      },
    })
    await expect(defined.execute({ path: 'a' }, exec)).rejects.toThrow('sync')
  })

  test('isConcurrencySafe validates first and only an exact true counts', () => {
    const classifier = vi.fn(() => true)
    const defined = tool({ isConcurrencySafe: classifier })
    expect(defined.isConcurrencySafe?.({ offset: 1 })).toBe(false)
    expect(classifier).not.toHaveBeenCalled()
    expect(defined.isConcurrencySafe?.({ path: 'a' })).toBe(true)
    const truthy = tool({ isConcurrencySafe: (() => 1) as unknown as () => boolean })
    expect(truthy.isConcurrencySafe?.({ path: 'a' })).toBe(false)
    expect(tool().isConcurrencySafe).toBeUndefined()
  })

  test('presenters fall back to undefined for invalid arguments', () => {
    const defined = tool({
      presentCall: (args) => ({ card: 'generic', title: args.path }),
      presentResult: (args) => ({ card: 'generic', title: args.path }),
    })
    expect(defined.presentCall?.({ path: 'a' })).toEqual({ card: 'generic', title: 'a' })
    expect(defined.presentCall?.({})).toBeUndefined()
    expect(defined.presentResult?.({ path: 1 }, { isError: false, content: [] })).toBeUndefined()
  })

  test('an invalid spec throws one JsonSchemaError listing every problem', () => {
    const bad = () =>
      defineTool({
        name: 'x',
        description: 'x',
        parameters: { a: { type: 'strin' }, b: { type: 'integer', enum: ['x'] } } as never,
        output: { schema: { type: 'object' } as never, render: () => [] },
        execute: async () => ({}) as never,
      })
    expect(bad).toThrow(JsonSchemaError)
    try {
      bad()
    } catch (error) {
      // The parameters' problems and the output's, together, each under the spec it is in.
      expect((error as JsonSchemaError).issues.map((issue) => issue.path)).toEqual(['/parameters/a/type', '/parameters/b/enum/0', '/output/schema'])
    }
  })

  test('a default, an example or a const its node rejects is an issue at the annotation', () => {
    let thrown: unknown
    try {
      defineTool({
        name: 'x',
        description: 'x',
        parameters: {
          limit: { type: 'integer', maximum: 100, default: 'ten' as never },
          units: { type: 'string', enum: ['metric', 'imperial'], default: 'kelvin' },
          day: { type: 'string', format: 'date', examples: ['2024-02-30'] },
        },
        output: { schema: { type: 'number', const: 5, maximum: 3 }, render: () => [] },
        execute: async () => 5,
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(JsonSchemaError)
    expect((thrown as JsonSchemaError).issues.map((issue) => [issue.path, issue.message])).toEqual([
      ['/parameters/limit/default', 'the default "ten" does not fit its node: expected an integer, found a string'],
      ['/parameters/units/default', 'the default "kelvin" does not fit its node: must be one of ["metric","imperial"]'],
      ['/parameters/day/examples/0', 'the example "2024-02-30" does not fit its node: must be a valid date (format)'],
      ['/output/schema/const', 'the const 5 does not fit its node: must be at most 3 (maximum)'],
    ])
  })

  test('value constraints are enforced on the arguments', async () => {
    const defined = defineTool({
      name: 'page',
      description: 'x',
      parameters: { limit: { type: 'integer', minimum: 1, maximum: 100, required: true }, cookies: { type: 'object', additionalProperties: { type: 'string' } } },
      output: { schema: { type: 'json' }, render: () => [] },
      execute: async (args) => args.limit,
    })
    await expect(defined.execute({ limit: 101 }, {} as never)).rejects.toThrow(/must be at most 100 \(maximum\)/)
    await expect(defined.execute({ limit: 5, cookies: { a: 1 } }, {} as never)).rejects.toThrow(/expected a string/)
    await expect(defined.execute({ limit: 5, cookies: { a: 'b' } }, {} as never)).resolves.toBe(5)
  })

  test('callbacks that are not functions are listed with the spec problems, not hidden behind wrappers', () => {
    let thrown: unknown
    try {
      defineTool({
        name: 'x',
        description: 'x',
        parameters: { a: { type: 'strin' } } as never,
        output: { schema: { type: 'string' }, render: 7 as never, presentationMeta: 'no' as never },
        execute: undefined as never,
        presentCall: null as never,
      })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(JsonSchemaError)
    expect((thrown as JsonSchemaError).issues.map((issue) => issue.path)).toEqual(['/parameters/a/type', '/output/render', '/output/presentationMeta', '/execute', '/presentCall'])
  })
})

describe('defineTool — declared metadata (annotations, approval, concurrencySafe, kind)', () => {
  const base = {
    name: 'read_file',
    description: 'Read a file.',
    parameters,
    output: { schema: output, render: () => [] },
    execute: async () => ({ text: '' }),
  }

  test('carries the declared metadata to the definition as data', () => {
    const tool = defineTool({ ...base, annotations: { title: 'Read', readOnly: true }, approval: 'always', concurrencySafe: true, kind: 'read' })
    expect(tool.annotations).toEqual({ title: 'Read', readOnly: true })
    expect([tool.approval, tool.concurrencySafe, tool.kind]).toEqual(['always', true, 'read'])
    expect(Object.isFrozen(tool.annotations)).toBe(true)
  })

  test('undeclared metadata stays absent (not undefined-valued keys)', () => {
    const tool = defineTool(base)
    for (const key of ['annotations', 'approval', 'concurrencySafe', 'kind', 'isConcurrencySafe']) expect(Object.hasOwn(tool, key)).toBe(false)
  })

  test('concurrencySafe: true is readable without calling the classifier, and installs one for valid arguments', () => {
    const tool = defineTool({ ...base, concurrencySafe: true })
    expect(tool.concurrencySafe).toBe(true)
    expect(tool.isConcurrencySafe?.({})).toBe(false) // {} is not valid arguments: the classifier still validates
    expect(tool.isConcurrencySafe?.({ path: 'a' })).toBe(true)
  })

  test('concurrencySafe: false installs no classifier; an explicit classifier wins over the declaration', () => {
    expect(Object.hasOwn(defineTool({ ...base, concurrencySafe: false }), 'isConcurrencySafe')).toBe(false)
    const tool = defineTool({ ...base, concurrencySafe: true, isConcurrencySafe: (args) => args.path !== 'lock' })
    expect([tool.isConcurrencySafe?.({ path: 'lock' }), tool.isConcurrencySafe?.({ path: 'a' })]).toEqual([false, true])
  })

  test('reports every metadata problem with the spec problems, under its path', () => {
    let paths: string[] = []
    try {
      defineTool({
        ...base,
        parameters: { path: { type: 'strin' } } as never,
        annotations: { readOnly: 1, extra: true } as never,
        approval: 'ask' as never,
        concurrencySafe: 'yes' as never,
        kind: 'write' as never,
      })
    } catch (error) {
      expect(error).toBeInstanceOf(JsonSchemaError)
      paths = (error as JsonSchemaError).issues.map((issue) => issue.path)
    }
    expect(paths.filter((path) => !path.startsWith('/parameters'))).toEqual(['/annotations/readOnly', '/annotations/extra', '/approval', '/concurrencySafe', '/kind'])
    expect(paths.some((path) => path.startsWith('/parameters'))).toBe(true)
  })
})
