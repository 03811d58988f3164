import { describe, expect, test } from 'vitest'
import { fromBfclSchema } from '../../../generator/src/import/read-bfcl.js'
import { readSourceTools, type ImportFormat } from '../../../generator/src/import/read-source-tools.js'

const params = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }

// Every accepted shape, with the pointer of the tool and of its parameters in the input.
const SHAPES: [string, { from: ImportFormat; given: unknown; pointer: string; parametersPointer: string }][] = [
  ['OpenAI chat list', { from: 'openai', given: [{ type: 'function', function: { name: 'f', description: 'd', parameters: params, strict: false } }], pointer: '/0', parametersPointer: '/0/function/parameters' }],
  ['OpenAI chat request body', { from: 'openai', given: { model: 'x', tools: [{ type: 'function', function: { name: 'f', description: 'd', parameters: params } }] }, pointer: '/tools/0', parametersPointer: '/tools/0/function/parameters' }],
  ['OpenAI Responses list', { from: 'openai', given: [{ type: 'function', name: 'f', description: 'd', parameters: params, strict: true }], pointer: '/0', parametersPointer: '/0/parameters' }],
  ['one OpenAI tool', { from: 'openai', given: { type: 'function', name: 'f', description: 'd', parameters: params }, pointer: '', parametersPointer: '/parameters' }],
  ['Anthropic list', { from: 'anthropic', given: [{ name: 'f', description: 'd', input_schema: params }], pointer: '/0', parametersPointer: '/0/input_schema' }],
  ['Anthropic request body', { from: 'anthropic', given: { tools: [{ type: 'custom', name: 'f', description: 'd', input_schema: params, strict: true }] }, pointer: '/tools/0', parametersPointer: '/tools/0/input_schema' }],
  ['Gemini functionDeclarations list', { from: 'gemini', given: [{ name: 'f', description: 'd', parametersJsonSchema: params }], pointer: '/0', parametersPointer: '/0/parametersJsonSchema' }],
  ['Gemini { functionDeclarations }', { from: 'gemini', given: { functionDeclarations: [{ name: 'f', description: 'd', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } }, required: ['q'] } }] }, pointer: '/functionDeclarations/0', parametersPointer: '/functionDeclarations/0/parameters' }],
  ['Gemini request tools', { from: 'gemini', given: { tools: [{ functionDeclarations: [{ name: 'f', description: 'd', parametersJsonSchema: params }] }] }, pointer: '/tools/0/functionDeclarations/0', parametersPointer: '/tools/0/functionDeclarations/0/parametersJsonSchema' }],
  ['MCP tools array', { from: 'mcp', given: [{ name: 'f', description: 'd', inputSchema: params }], pointer: '/0', parametersPointer: '/0/inputSchema' }],
  ['MCP tools/list result', { from: 'mcp', given: { tools: [{ name: 'f', description: 'd', inputSchema: params }], nextCursor: 'c' }, pointer: '/tools/0', parametersPointer: '/tools/0/inputSchema' }],
  ['MCP JSON-RPC response', { from: 'mcp', given: { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'f', description: 'd', inputSchema: params }] } }, pointer: '/result/tools/0', parametersPointer: '/result/tools/0/inputSchema' }],
  ['JSON Schema map of names', { from: 'jsonschema', given: { f: { ...params, description: 'd' } }, pointer: '/f', parametersPointer: '/f' }],
  ['JSON Schema list of titled schemas', { from: 'jsonschema', given: [{ ...params, title: 'f', description: 'd' }], pointer: '/0', parametersPointer: '/0' }],
  ['BFCL declaration list', { from: 'bfcl', given: [{ name: 'f', description: 'd', parameters: { type: 'dict', properties: { q: { type: 'string' } }, required: ['q'] } }], pointer: '/0', parametersPointer: '/0/parameters' }],
  ['BFCL test entry', { from: 'bfcl', given: [{ id: 'simple_0', question: [], function: [{ name: 'f', description: 'd', parameters: { type: 'dict', properties: { q: { type: 'string' } }, required: ['q'] } }] }], pointer: '/0/function/0', parametersPointer: '/0/function/0/parameters' }],
  ['BFCL vendored corpus', { from: 'bfcl', given: { functions: [{ from: 'x.json', declaration: { name: 'f', description: 'd', parameters: { type: 'dict', properties: { q: { type: 'string' } }, required: ['q'] } } }] }, pointer: '/functions/0/declaration', parametersPointer: '/functions/0/declaration/parameters' }],
]

describe('readSourceTools', () => {
  test.each(SHAPES)('%s', (_name, { from, given, pointer, parametersPointer }) => {
    const read = readSourceTools(from, given, 'file')
    expect(read.refusals).toEqual([])
    expect(read.tools).toHaveLength(1)
    const [tool] = read.tools
    expect(tool).toMatchObject({ name: 'f', description: 'd', pointer, parametersPointer })
    // Every dialect arrives as the same standard JSON Schema.
    expect(tool?.parameters).toEqual(params)
  })

  test('a bare schema is named by its title, else by the file', () => {
    expect(readSourceTools('jsonschema', { ...params, title: 'search' }, 'file').tools[0]?.name).toBe('search')
    const untitled = readSourceTools('jsonschema', { ...params, description: 'd' }, 'my-tool')
    expect(untitled.tools[0]).toMatchObject({ name: 'my-tool', description: 'd', parameters: params })
  })

  test.each([
    ['an OpenAI built-in tool', 'openai', [{ type: 'web_search' }], '/0/type', /built into OpenAI/],
    ['an Anthropic server tool', 'anthropic', [{ type: 'web_search_20250305', name: 'web_search' }], '/0/type', /Anthropic's own tools/],
    ['a Gemini built-in tool', 'gemini', { tools: [{ googleSearch: {} }] }, '/tools/0', /functionDeclarations/],
    ['both Gemini parameter fields', 'gemini', [{ name: 'f', description: 'd', parameters: {}, parametersJsonSchema: {} }], '/0/parametersJsonSchema', /both set/],
    ['an MCP tool without inputSchema', 'mcp', [{ name: 'f' }], '/0', /no "inputSchema"/],
    ['a nameless tool', 'anthropic', [{ description: 'd', input_schema: params }], '/0', /no "name"/],
    ['an untitled schema in a list', 'jsonschema', [params], '/0', /needs a "title"/],
    ['a BFCL type that does not exist', 'bfcl', [{ name: 'f', description: 'd', parameters: { type: 'dict', properties: { a: { type: '' } } } }], '/0/parameters/properties/a/type', /BFCL type/],
  ] as const)('refuses %s at its pointer', (_name, from, given, pointer, why) => {
    const read = readSourceTools(from, given, 'file')
    expect(read.tools).toEqual([])
    expect(read.refusals).toContainEqual({ pointer, message: expect.stringMatching(why) })
  })

  test('MCP annotations and title become the YAML annotations; unknown hints and fields are losses', () => {
    const read = readSourceTools('mcp', [{ name: 'f', title: 'F', description: 'd', inputSchema: params, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, futureHint: 1 }, _meta: { a: 1 } }], 'x')
    expect(read.tools[0]).toMatchObject({ annotations: { title: 'F', readOnly: true, destructive: false, idempotent: true, openWorld: false }, output: { schema: { type: 'object' }, pointer: '/0/outputSchema' } })
    expect(read.tools[0]?.losses.map((loss) => loss.pointer)).toEqual(['/0/_meta', '/0/annotations/futureHint'])
  })

  test('Gemini\'s OpenAPI subset: uppercase types, nullable, counts as strings, the enum format', () => {
    const read = readSourceTools('gemini', [{ name: 'f', description: 'd', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING', nullable: true, format: 'enum', enum: ['x'] }, b: { type: 'ARRAY', items: { type: 'INTEGER' }, minItems: '1' } }, propertyOrdering: ['b', 'a'] }, response: { type: 'NUMBER' } }], 'x')
    expect(read.tools[0]?.parameters).toEqual({ type: 'object', properties: { a: { type: ['string', 'null'], enum: ['x', null] }, b: { type: 'array', items: { type: 'integer' }, minItems: 1 } } })
    expect(read.tools[0]?.output).toEqual({ schema: { type: 'number' }, pointer: '/0/response' })
    expect(read.tools[0]?.losses).toEqual([{ pointer: '/0/parameters/propertyOrdering', message: expect.stringContaining('propertyOrdering') }])
  })
})

describe('fromBfclSchema', () => {
  test('BFCL types become JSON Schema types; any is any value', () => {
    const refusals: { pointer: string; message: string }[] = []
    const given = { type: 'dict', properties: { a: { type: 'float' }, b: { type: 'tuple', items: { type: 'float' } }, c: { type: 'any' }, d: { type: 'HashMap' }, e: { type: 'ArrayList', items: { type: 'long' } }, f: { type: 'String' } } }
    expect(fromBfclSchema(given, '', refusals)).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'array', items: { type: 'number' } }, c: {}, d: { type: 'object' }, e: { type: 'array', items: { type: 'integer' } }, f: { type: 'string' } } })
    expect(refusals).toEqual([])
  })

  test.each([
    ['optional: true on a property', { type: 'dict', properties: { a: { type: 'string', optional: true } }, required: [] }],
    ['optional: "True" (text)', { type: 'dict', properties: { a: { type: 'string', optional: 'True' } } }],
    ['an object\'s optional list', { type: 'dict', properties: { a: { type: 'string' } }, optional: ['a'] }],
  ])('%s is read and leaves no trace', (_name, given) => {
    const refusals: { pointer: string; message: string }[] = []
    const out = fromBfclSchema(given, '', refusals) as Record<string, unknown>
    expect(refusals).toEqual([])
    expect(JSON.stringify(out)).not.toContain('optional')
  })

  test('a name both required and optional is refused at its place in required', () => {
    const refusals: { pointer: string; message: string }[] = []
    fromBfclSchema({ type: 'dict', properties: { a: { type: 'string' }, b: { type: 'string', optional: true } }, required: ['a', 'b'] }, '/p', refusals)
    expect(refusals).toEqual([{ pointer: '/p/required/1', message: '"b" is both required and optional; the declaration contradicts itself' }])
  })

  test('an optional flag that is not a flag is refused', () => {
    const refusals: { pointer: string; message: string }[] = []
    fromBfclSchema({ type: 'string', optional: 'maybe' }, '/p', refusals)
    expect(refusals).toEqual([{ pointer: '/p/optional', message: expect.stringContaining('"optional" must be') }])
  })
})
