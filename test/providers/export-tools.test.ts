import { type ExportOptions, type ExportResult, type ExportTarget, exportTool, exportTools, fromStrictArgs, isHostKept, type JsonSchema, parseExportTarget, type ToolSurface } from '@toolsmith/providers'
import { describe, expect, test } from 'vitest'

const tool = (parameters: Record<string, unknown>, extra: Partial<ToolSurface> = {}): ToolSurface => ({
  name: 't',
  description: 'A tool.',
  parameters: { type: 'object', ...parameters } as JsonSchema,
  ...extra,
})
const one = (result: ExportResult): Record<string, unknown> => result.tools[0] as Record<string, unknown>
const chat = (result: ExportResult) => one(result)['function'] as { parameters: Record<string, unknown>; strict: boolean; name: string }
const entries = (result: ExportResult) => result.report.map((entry) => [entry.path, entry.keyword, entry.action])

describe('openai-chat and openai-responses: strict always written', () => {
  test('strict: true, root closed, every key required, optional → null union (no report: nothing lost)', () => {
    const result = exportTool('openai-chat', tool({ properties: { path: { type: 'string' }, offset: { type: 'integer' } }, required: ['path'] }))
    expect(chat(result)).toEqual({
      name: 't',
      description: 'A tool.',
      strict: true,
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, offset: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
        required: ['path', 'offset'],
        additionalProperties: false,
      },
    })
    expect(result.report).toEqual([])
    expect(result.errors).toEqual([])
  })

  test('openai-responses takes the function fields flat', () => {
    const result = exportTool('openai-responses', tool({ properties: {} }))
    expect(one(result)).toEqual({ type: 'function', name: 't', description: 'A tool.', parameters: { type: 'object', properties: {}, additionalProperties: false }, strict: true })
  })

  test.each<[string, Record<string, unknown>, [string, string, string][], (parameters: Record<string, unknown>) => void]>([
    [
      'a nested open object is closed (rewritten)',
      { properties: { o: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true } }, required: ['o'] },
      [['/parameters/properties/o/additionalProperties', 'additionalProperties', 'rewritten']],
      (p) => expect(p).toMatchObject({ properties: { o: { additionalProperties: false } } }),
    ],
    [
      'default moves into the description',
      { properties: { n: { type: 'integer', description: 'Count.', default: 3 } }, required: ['n'] },
      [['/parameters/properties/n/default', 'default', 'moved-to-description']],
      (p) => expect(p).toMatchObject({ properties: { n: { type: 'integer', description: 'Count. (default: 3)' } } }),
    ],
    [
      'minLength/maxLength/examples move, pattern and a supported format stay, an unsupported format moves',
      { properties: { s: { type: 'string', minLength: 1, maxLength: 9, pattern: '^a', format: 'uuid', examples: ['a'] }, u: { type: 'string', format: 'uri' } }, required: ['s', 'u'] },
      [
        ['/parameters/properties/s/minLength', 'minLength', 'moved-to-description'],
        ['/parameters/properties/s/maxLength', 'maxLength', 'moved-to-description'],
        ['/parameters/properties/s/examples', 'examples', 'moved-to-description'],
        ['/parameters/properties/u/format', 'format', 'moved-to-description'],
      ],
      (p) => expect(p).toMatchObject({ properties: { s: { pattern: '^a', format: 'uuid' }, u: { type: 'string', description: '(format: "uri")' } } }),
    ],
    [
      'numeric bounds and array bounds stay; uniqueItems, minProperties and maxProperties move',
      {
        properties: {
          n: { type: 'number', minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 },
          a: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
          o: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'], additionalProperties: false, minProperties: 1, maxProperties: 2 },
        },
        required: ['n', 'a', 'o'],
      },
      [
        ['/parameters/properties/a/uniqueItems', 'uniqueItems', 'moved-to-description'],
        ['/parameters/properties/o/minProperties', 'minProperties', 'moved-to-description'],
        ['/parameters/properties/o/maxProperties', 'maxProperties', 'moved-to-description'],
      ],
      (p) => expect(p).toMatchObject({ properties: { n: { minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 }, a: { minItems: 1, maxItems: 3 } } }),
    ],
    [
      'a oneOf of distinct types becomes anyOf without loss',
      { properties: { v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }, required: ['v'] },
      [],
      (p) => expect(p).toMatchObject({ properties: { v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }),
    ],
    [
      'a oneOf whose branches may overlap becomes anyOf, reported',
      { properties: { v: { oneOf: [{ type: 'integer' }, { type: 'number' }] } }, required: ['v'] },
      [['/parameters/properties/v/oneOf', 'oneOf', 'rewritten']],
      (p) => expect(p).toMatchObject({ properties: { v: { anyOf: [{ type: 'integer' }, { type: 'number' }] } } }),
    ],
    [
      'an optional property that accepts null: null now reads as "not given" (reported)',
      { properties: { v: { oneOf: [{ type: 'string' }, { type: 'null' }] } } },
      [['/parameters/properties/v', 'required', 'rewritten']],
      (p) => expect(p).toMatchObject({ required: ['v'], properties: { v: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }),
    ],
    [
      'a required property that accepts null looks like an optional one (reported: the export cannot tell them apart)',
      { properties: { v: { oneOf: [{ type: 'string' }, { type: 'null' }] }, w: { type: 'string' } }, required: ['v'] },
      [['/parameters/properties/v', 'required', 'rewritten']],
      (p) => expect(p).toMatchObject({ required: ['v', 'w'], properties: { v: { anyOf: [{ type: 'string' }, { type: 'null' }] }, w: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }),
    ],
  ])('%s', (_name, parameters, report, check) => {
    const result = exportTool('openai-chat', tool(parameters))
    expect(chat(result).strict).toBe(true)
    expect(entries(result)).toEqual(report)
    check(chat(result).parameters)
  })

  const wide = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string' }]))
  const deep = (levels: number): Record<string, unknown> => {
    let node: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < levels; i++) node = { type: 'object', properties: { k: node }, required: ['k'], additionalProperties: false }
    return node
  }
  test.each<[string, Record<string, unknown>, string]>([
    ['a free-form object', { properties: { m: { type: 'object', additionalProperties: true } }, required: ['m'] }, 'free-form object'],
    ['any JSON value', { properties: { j: {} }, required: ['j'] }, 'any JSON value'],
    ['over 5,000 properties', { properties: wide(5001), required: [] }, '5001 object properties'],
    ['over 10 levels of objects', { properties: { k: deep(10) }, required: ['k'] }, '11 levels'],
    ['a union at the root', { oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }, { type: 'object', properties: { b: { type: 'string' } }, required: ['b'], additionalProperties: false }], properties: {}, additionalProperties: false }, 'the root is a union'],
    ['over 1,000 enum values', { properties: { e: { type: 'integer', enum: Array.from({ length: 1001 }, (_, i) => i) } }, required: ['e'] }, '1001 enum values'],
  ])('%s: strict false, the schema as it is, the reason in the report; an error under strict', (_name, parameters, reason) => {
    const given = tool(parameters)
    const result = exportTool('openai-chat', given)
    expect(chat(result).strict).toBe(false)
    expect(chat(result).parameters).toEqual(given.parameters)
    expect(result.report.length).toBeGreaterThan(0)
    expect(result.report.every((entry) => entry.keyword === 'strict' && entry.detail.startsWith('sent with strict: false'))).toBe(true)
    expect(result.report.map((entry) => entry.detail).join('\n')).toContain(reason)
    const strict = exportTool('openai-chat', given, { strict: true })
    expect(strict.errors.map((error) => error.message).join('\n')).toContain(reason)
    expect(strict.report).toEqual([])
  })

  test('10 levels of objects are still strict', () => {
    expect(chat(exportTool('openai-chat', tool({ properties: { k: deep(9) }, required: ['k'] }))).strict).toBe(true)
  })

  test.each<[string, string, boolean]>([
    ['a 64-character name', 'a'.repeat(64), true],
    ['a 65-character name', 'a'.repeat(65), false],
    ['a dot', 'a.b', false],
    ['dashes and digits', 'x-1_Y', true],
  ])('names: %s', (_name, name, ok) => {
    expect(exportTool('openai-chat', tool({ properties: {} }, { name })).errors.length === 0).toBe(ok)
  })

  test('128 tools per request; 129 is an error for the request', () => {
    const tools = (count: number) => Array.from({ length: count }, (_, i) => tool({ properties: {} }, { name: `t${i}` }))
    expect(exportTools('openai-chat', tools(128)).errors).toEqual([])
    expect(exportTools('openai-responses', tools(129)).errors).toEqual([{ message: "129 tools, over OpenAI's 128 per request" }])
  })
})

describe('every target: errors for what cannot be exported', () => {
  test.each(['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'mcp@2025-11-25', 'mcp@2026-07-28'] as const)('%s: a non-object root and a duplicate name', (target) => {
    const result = exportTools(target, [tool({}, { parameters: { type: 'string' } }), tool({ properties: {} }, { name: 'x' }), tool({ properties: {} }, { name: 'x' })])
    expect(result.errors.map((error) => [error.tool, error.path])).toEqual([
      ['t', '/parameters'],
      ['x', '/name'],
    ])
    expect(result.tools).toHaveLength(1)
  })

  test('an unknown target is an error, not a throw; "mcp" means the newest revision', () => {
    expect(exportTools('cohere' as never, []).errors).toHaveLength(1)
    expect(parseExportTarget('mcp')).toBe('mcp@2026-07-28')
    expect(exportTools('mcp', []).target).toBe('mcp@2026-07-28')
    expect(parseExportTarget('mcp@2025-11-25')).toBe('mcp@2025-11-25')
    expect(parseExportTarget('openai')).toBeUndefined()
  })

  test('pure: the input is not changed and the output shares nothing with it; __proto__ stays an own key', () => {
    const parameters = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x"}},"required":[]}') as JsonSchema
    const snapshot = JSON.stringify(parameters)
    for (const target of ['openai-chat', 'anthropic', 'gemini', 'mcp'] as const) {
      const result = exportTool(parseExportTarget(target) ?? 'openai-chat', tool({}, { parameters }))
      expect(JSON.stringify(parameters)).toBe(snapshot)
      expect(JSON.stringify(result.tools)).toContain('"__proto__"')
    }
    const chatParameters = chat(exportTool('openai-chat', tool({}, { parameters }))).parameters
    expect(Object.hasOwn(chatParameters['properties'] as object, '__proto__')).toBe(true)
    expect(chatParameters['properties']).not.toBe(parameters.properties)
  })
})

describe('anthropic', () => {
  test('without strict: input_schema is the JSON Schema as it is, no strict key, no losses', () => {
    const given = tool({ properties: { n: { type: 'integer', minimum: 1, default: 2 } } })
    const result = exportTool('anthropic', given)
    expect(one(result)).toEqual({ name: 't', description: 'A tool.', input_schema: given.parameters })
    expect(result.report).toEqual([])
  })

  test('strict tool use: closed objects, optional keys stay optional, numeric and length bounds move, minItems 0/1 only', () => {
    const result = exportTool(
      'anthropic',
      tool({
        properties: {
          n: { type: 'integer', minimum: 1 },
          s: { type: 'string', maxLength: 5, format: 'uri', default: 'a' },
          a: { type: 'array', items: { type: 'string' }, minItems: 1 },
          b: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4 },
        },
        required: ['n'],
      }),
      { strict: true },
    )
    expect(one(result)).toMatchObject({
      strict: true,
      input_schema: { additionalProperties: false, required: ['n'], properties: { s: { format: 'uri', default: 'a' }, a: { minItems: 1 } } },
    })
    expect(entries(result)).toEqual([
      ['/parameters/properties/n/minimum', 'minimum', 'moved-to-description'],
      ['/parameters/properties/s/maxLength', 'maxLength', 'moved-to-description'],
      ['/parameters/properties/b/minItems', 'minItems', 'moved-to-description'],
      ['/parameters/properties/b/maxItems', 'maxItems', 'moved-to-description'],
    ])
  })

  test('a tool strict tool use cannot express goes strict: false with the reason', () => {
    const result = exportTool('anthropic', tool({ properties: { j: {} }, required: ['j'] }), { strict: true })
    expect(one(result)['strict']).toBe(false)
    expect(entries(result)).toEqual([['/parameters/properties/j', 'strict', 'rewritten']])
  })

  test.each<[string, number, number, number, string | undefined]>([
    ['20 strict tools', 20, 0, 0, undefined],
    ['21 strict tools', 21, 0, 0, '21 strict tools'],
    ['24 optional parameters', 1, 24, 0, undefined],
    ['25 optional parameters', 1, 25, 0, '25 optional parameters'],
    ['16 union parameters', 1, 0, 16, undefined],
    ['17 union parameters', 1, 0, 17, '17 parameters using anyOf'],
  ])('strict limits per request: %s', (_name, tools, optional, unions, error) => {
    const list = Array.from({ length: tools }, (_, i) => {
      const properties: Record<string, unknown> = {}
      if (i === 0) {
        for (let k = 0; k < optional; k++) properties[`o${k}`] = { type: 'string' }
        for (let k = 0; k < unions; k++) properties[`u${k}`] = { oneOf: [{ type: 'string' }, { type: 'integer' }] }
      }
      return tool({ properties, required: Object.keys(properties).filter((key) => key.startsWith('u')) }, { name: `t${i}` })
    })
    const messages = exportTools('anthropic', list, { strict: true }).errors.map((e) => e.message)
    expect(messages).toEqual(error === undefined ? [] : [expect.stringContaining(error)])
    expect(exportTools('anthropic', list).errors).toEqual([]) // the limits are strict tool use's only
  })

  test.each<[string, boolean]>([
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
  ])('names up to 128 characters (%#)', (name, ok) => {
    expect(exportTool('anthropic', tool({ properties: {} }, { name })).errors.length === 0).toBe(ok)
  })
})

describe('gemini', () => {
  test('parameters: the OpenAPI subset (upper-case types, const → enum, null branch → nullable, no additionalProperties)', () => {
    const result = exportTool(
      'gemini',
      tool({
        properties: {
          mode: { type: 'string', const: 'fast' },
          when: { type: 'string', format: 'date-time' },
          mail: { type: 'string', format: 'email' },
          n: { oneOf: [{ type: 'integer', minimum: 0, exclusiveMaximum: 10 }, { type: 'null' }] },
          level: { type: 'integer', enum: [1, 2] },
          o: { type: 'object', properties: { a: { type: 'boolean' } }, additionalProperties: false },
          v: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        },
        required: ['mode'],
      }),
    )
    expect(one(result)).toEqual({
      name: 't',
      description: 'A tool.',
      parameters: {
        type: 'OBJECT',
        properties: {
          mode: { type: 'STRING', enum: ['fast'] },
          when: { type: 'STRING', format: 'date-time' },
          mail: { type: 'STRING', description: '(format: "email")' },
          n: { nullable: true, type: 'INTEGER', minimum: 0, description: '(exclusiveMaximum: 10)' },
          level: { type: 'INTEGER', description: '(one of 1, 2)' },
          o: { type: 'OBJECT', properties: { a: { type: 'BOOLEAN' } } },
          v: { anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
        },
        required: ['mode'],
      },
    })
    expect(entries(result)).toEqual([
      ['/parameters/properties/mail/format', 'format', 'moved-to-description'],
      ['/parameters/properties/n/oneOf/0/exclusiveMaximum', 'exclusiveMaximum', 'moved-to-description'],
      ['/parameters/properties/level/enum', 'enum', 'moved-to-description'],
      ['/parameters/properties/o/additionalProperties', 'additionalProperties', 'dropped'],
    ])
  })

  test('nullable merges the value branch into the union: a description on both is joined and reported, as is any other keyword on both', () => {
    const result = exportTool(
      'gemini',
      tool({
        properties: {
          both: { description: 'The limit.', oneOf: [{ type: 'integer', description: 'A count.' }, { type: 'null' }] },
          after: { oneOf: [{ type: 'integer', description: 'A count.', title: 'N' }, { type: 'null' }], description: 'The limit.', title: 'Limit' },
          branchOnly: { oneOf: [{ type: 'string', description: 'A name.' }, { type: 'null' }] },
          unionOnly: { description: 'A name.', oneOf: [{ type: 'string', exclusiveMaximum: 3 }, { type: 'null' }] },
        },
      }),
    )
    const properties = (one(result)['parameters'] as { properties: Record<string, unknown> }).properties
    expect(properties).toEqual({
      both: { description: 'The limit. A count.', nullable: true, type: 'INTEGER' },
      after: { nullable: true, type: 'INTEGER', description: 'The limit. A count.', title: 'Limit' },
      branchOnly: { nullable: true, type: 'STRING', description: 'A name.' },
      unionOnly: { description: 'A name. (exclusiveMaximum: 3)', nullable: true, type: 'STRING' },
    })
    expect(entries(result)).toEqual([
      ['/parameters/properties/both/oneOf/0/description', 'description', 'rewritten'],
      ['/parameters/properties/after/oneOf/0/description', 'description', 'rewritten'],
      ['/parameters/properties/after/oneOf/0/title', 'title', 'dropped'],
      ['/parameters/properties/unionOnly/oneOf/0/exclusiveMaximum', 'exclusiveMaximum', 'moved-to-description'],
    ])
  })

  test('parametersJsonSchema: JSON Schema with additionalProperties; oneOf → anyOf, const → enum, unsupported keywords move', () => {
    const result = exportTool(
      'gemini',
      tool({ properties: { s: { type: 'string', pattern: '^a', const: 'a' }, o: { type: 'object', additionalProperties: false, properties: {} } }, required: ['s'] }),
      { geminiSchema: 'parametersJsonSchema' },
    )
    expect(one(result)).toEqual({
      name: 't',
      description: 'A tool.',
      parametersJsonSchema: {
        type: 'object',
        properties: { s: { type: 'string', enum: ['a'], description: '(pattern: "^a")' }, o: { type: 'object', properties: {}, additionalProperties: false } },
        required: ['s'],
      },
    })
    expect(entries(result)).toEqual([['/parameters/properties/s/pattern', 'pattern', 'moved-to-description']])
  })

  test('a list of types is refused by the parameters form (an error), taken by parametersJsonSchema', () => {
    const given = tool({ properties: { v: { type: ['string', 'null'] } } })
    expect(exportTool('gemini', given).errors).toEqual([{ tool: 't', path: '/parameters/properties/v/type', message: expect.stringContaining('one type per schema') }])
    expect(exportTool('gemini', given, { geminiSchema: 'parametersJsonSchema' }).errors).toEqual([])
  })

  test.each<[string, string, string, boolean]>([
    ['a name with a dot', 'ns.read', 'p', true],
    ['a name starting with a digit', '1read', 'p', false],
    ['a 65-character name', 'a'.repeat(65), 'p', false],
    ['a parameter name with a dash', 'read', 'file-path', false],
  ])('names: %s', (_name, name, parameter, ok) => {
    const result = exportTool('gemini', tool({ properties: { [parameter]: { type: 'string' } } }, { name }))
    expect(result.errors.length === 0).toBe(ok)
    // parametersJsonSchema has no parameter-name rule
    if (parameter.includes('-')) expect(exportTool('gemini', tool({ properties: { [parameter]: { type: 'string' } } }, { name }), { geminiSchema: 'parametersJsonSchema' }).errors).toEqual([])
  })
})

describe('mcp', () => {
  const surface = (output: Record<string, unknown>) =>
    tool({ properties: { q: { type: 'string' } }, required: ['q'] }, {
      output: output as JsonSchema,
      annotations: { title: 'Search', readOnly: true, destructive: true, idempotent: false, openWorld: false },
      approval: 'always',
    })

  test('inputSchema, outputSchema, title and the annotations as hints', () => {
    const result = exportTool('mcp@2026-07-28', surface({ type: 'object', properties: {}, additionalProperties: false }))
    expect(one(result)).toEqual({
      name: 't',
      title: 'Search',
      description: 'A tool.',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      outputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { title: 'Search', readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    })
    // MCP carries the annotations; no format carries the approval.
    expect(entries(result)).toEqual([['/approval', 'approval', 'dropped']])
  })

  test('2025-11-25 wraps a non-object output as { result } (reported); 2026-07-28 sends it as it is', () => {
    const older = exportTool('mcp@2025-11-25', surface({ type: 'array', items: { type: 'string' } }))
    expect(one(older)['outputSchema']).toEqual({ type: 'object', properties: { result: { type: 'array', items: { type: 'string' } } }, required: ['result'], additionalProperties: false })
    expect(entries(older)).toEqual([['/output', 'type', 'rewritten'], ['/approval', 'approval', 'dropped']])
    const newer = exportTool('mcp@2026-07-28', surface({ type: 'array', items: { type: 'string' } }))
    expect(one(newer)['outputSchema']).toEqual({ type: 'array', items: { type: 'string' } })
    expect(entries(newer)).toEqual([['/approval', 'approval', 'dropped']])
  })

  test.each<[string, boolean]>([
    ['ns.tool-1_x', true],
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
    ['has space', false],
  ])('names: %s', (name, ok) => {
    expect(exportTool('mcp@2025-11-25', tool({ properties: {} }, { name })).errors.length === 0).toBe(ok)
  })
})

describe('annotations and approval: what a format has no field for is a reported loss', () => {
  const declared = tool({ properties: {} }, { annotations: { title: 'Search', readOnly: true, destructive: true, idempotent: false, openWorld: false }, approval: 'always' })
  const hints: [string, string, string][] = [
    ['/annotations/title', 'annotations', 'dropped'],
    ['/annotations/readOnly', 'annotations', 'dropped'],
    ['/annotations/openWorld', 'annotations', 'dropped'],
  ]
  const approval: [string, string, string] = ['/approval', 'approval', 'dropped']

  test.each<[string, ExportOptions, [string, string, string][]]>([
    ['openai-chat', {}, [...hints, approval]],
    ['openai-responses', {}, [...hints, approval]],
    ['anthropic', {}, [...hints, approval]],
    ['anthropic', { strict: true }, [...hints, approval]],
    ['gemini', {}, [...hints, approval]],
    ['mcp@2025-11-25', {}, [approval]],
    ['mcp@2026-07-28', {}, [approval]],
  ])('%s %o: every non-default annotation it cannot carry and approval: always, as dropped', (target, options, want) => {
    const result = exportTool(target as ExportTarget, declared, options)
    expect(result.errors).toEqual([])
    expect(entries(result)).toEqual(want)
    expect(result.report.every(isHostKept)).toBe(true)
    const detail = result.report.find((entry) => entry.keyword === 'approval')?.detail
    expect(detail).toContain('declaredApprovals()')
  })

  test.each(['openai-chat', 'anthropic', 'gemini', 'mcp@2026-07-28'] as const)('%s: absent or default-valued annotations and approval: never are no loss', (target) => {
    expect(exportTool(target, tool({ properties: {} }, { annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true }, approval: 'never' })).report).toEqual([])
    expect(exportTool(target, tool({ properties: {} })).report).toEqual([])
  })

  test('a schema loss is not host-kept', () => {
    const result = exportTool('openai-chat', tool({ properties: { n: { type: 'integer', default: 1 } }, required: ['n'] }))
    expect(result.report.map(isHostKept)).toEqual([false])
  })
})

describe('additionalProperties as a schema (a map of checked values)', () => {
  const map = { properties: { tags: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } } }, required: ['tags'] }

  test('OpenAI strict cannot express it: strict false with the reason', () => {
    const result = exportTool('openai-chat', tool(map))
    expect(chat(result).strict).toBe(false)
    expect(entries(result)).toEqual([['/parameters/properties/tags/additionalProperties', 'strict', 'rewritten']])
  })

  test('Gemini parameters drop it (reported); parametersJsonSchema lowers the value schema', () => {
    expect(entries(exportTool('gemini', tool(map)))).toEqual([['/parameters/properties/tags/additionalProperties', 'additionalProperties', 'dropped']])
    const json = exportTool('gemini', tool(map), { geminiSchema: 'parametersJsonSchema' })
    expect((one(json)['parametersJsonSchema'] as { properties: { tags: unknown } }).properties.tags).toEqual({
      type: 'object',
      additionalProperties: { type: 'string', description: '(minLength: 1)' },
    })
    expect(entries(json)).toEqual([['/parameters/properties/tags/additionalProperties/minLength', 'minLength', 'moved-to-description']])
  })

  test('Anthropic (not strict) and MCP send it as it is', () => {
    expect((one(exportTool('anthropic', tool(map)))['input_schema'] as { properties: unknown }).properties).toEqual(map.properties)
    expect((one(exportTool('mcp@2026-07-28', tool(map)))['inputSchema'] as { properties: unknown }).properties).toEqual(map.properties)
  })
})

describe('fromStrictArgs — a strict model’s null for "not given" goes back to absent', () => {
  const parameters = {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: 'integer' },
      o: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'string' } }, required: ['x'], additionalProperties: false },
      list: { type: 'array', items: { type: 'object', properties: { z: { type: 'integer' } }, additionalProperties: false } },
      u: { oneOf: [{ type: 'string' }, { type: 'object', properties: { w: { type: 'string' } }, additionalProperties: false }] },
      rn: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      on: { oneOf: [{ type: 'string' }, { type: 'null' }] },
    },
    required: ['a', 'rn'],
  } as const satisfies JsonSchema

  test.each<[string, unknown, unknown]>([
    ['optional nulls are removed at the root', { a: 'x', b: null, o: null, list: null, u: null }, { a: 'x' }],
    ['a required null stays (the validator refuses it)', { a: null, b: 1 }, { a: null, b: 1 }],
    ['nested objects and array items', { a: 'x', o: { x: 'v', y: null }, list: [{ z: null }, { z: 2 }] }, { a: 'x', o: { x: 'v' }, list: [{}, { z: 2 }] }],
    ['the object branch of a union', { a: 'x', u: { w: null } }, { a: 'x', u: {} }],
    ['undeclared keys and non-null values are kept', { a: 'x', extra: null, b: 0 }, { a: 'x', extra: null, b: 0 }],
    ['non-objects pass through', 'text', 'text'],
    // The two cases the strict export reports: the original schema decides, not the lowered one.
    ['a required nullable key keeps its null: it is the value null', { a: 'x', rn: null }, { a: 'x', rn: null }],
    ['an optional nullable key loses its null: it reads as "not given"', { a: 'x', rn: 'v', on: null }, { a: 'x', rn: 'v' }],
  ])('%s', (_name, given, want) => {
    const before = JSON.stringify(given)
    expect(fromStrictArgs(parameters, given)).toEqual(want)
    expect(JSON.stringify(given)).toBe(before)
  })
})
