// The trivial tool bench/pipeline, compare.mjs and bench/adapters time (a few arguments, a small object output, one text
// block), and the bare minimum a hand-written caller does with it: snapshot the arguments, validate them, call the
// body, snapshot and validate the output, render, snapshot the content, freeze the result. No policy, no observers, no
// identity. Built from one runtime build's exports, so compare.mjs can build it for two.

/** The tool, its parts and the bare minimum, from `runtime` (a build's `runtime/dist/index.js`). */
export function readFileTool({ compileJsonSchema, defineTool, materializeJson }) {
  const parameters = { path: { type: 'string', required: true }, offset: { type: 'integer' }, limit: { type: 'integer' } }
  const outputSpec = {
    type: 'object',
    additionalProperties: false,
    properties: { path: { type: 'string', required: true }, lines: { type: 'integer', required: true } },
  }
  const body = async (args) => ({ path: args.path, lines: args.limit ?? 10 })
  const render = (_args, value) => [{ type: 'text', text: `${value.path}: ${value.lines} lines` }]
  const tool = defineTool({ name: 'read_file', description: 'Read a file.', parameters, output: { schema: outputSpec, render }, execute: body })
  const args = { path: 'src/index.ts', offset: 1, limit: 20 }
  const argsValidator = compileJsonSchema(tool.parameters)
  const outputValidator = compileJsonSchema(tool.output.schema)
  async function bare(input) {
    const snapshot = materializeJson(input)
    if (!snapshot.ok || !argsValidator.is(snapshot.value)) throw new Error('invalid arguments')
    const value = materializeJson(await body(snapshot.value))
    if (!value.ok || !outputValidator.is(value.value)) throw new Error('invalid output')
    const content = materializeJson(render(snapshot.value, value.value))
    if (!content.ok) throw new Error('invalid content')
    return Object.freeze({ isError: false, value: value.value, content: content.value })
  }
  return { tool, body, render, args, argsValidator, outputValidator, bare }
}
