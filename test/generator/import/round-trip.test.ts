import { exportTool, type ExportOptions, type ExportTarget, isHostKept, type ToolSurface } from '@toolsmith/providers'
import { checkParameterSchemaSpec, checkValueSchemaSpec, parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema, type ParameterSchemaSpec, type ValueSchemaSpec } from '@toolsmith/runtime'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { printDeclaration } from '../../../generator/src/import/print-declaration.js'
import { readSourceTools, type ImportFormat } from '../../../generator/src/import/read-source-tools.js'
import { convertTool } from '../../../generator/src/import/run-import.js'
import { loadDeclarationSource } from '../../../generator/src/load/load-declaration-source.js'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'
import { declaration } from '../print/declaration-arbitrary.js'

// Round trip: for every export target, importing the export gives back a declaration whose model-facing surface
// (name, description, the compiled parameters; for MCP also the output and the annotations) equals the original's,
// wherever the export report says nothing was lost. The import goes the whole way: read the provider's JSON,
// convert, print the YAML, and load that text with the generator's own loader.

/** Each export and the format its import reads. */
const TARGETS: readonly { target: ExportTarget; options?: ExportOptions; from: ImportFormat }[] = [
  { target: 'openai-chat', from: 'openai' },
  { target: 'openai-responses', from: 'openai' },
  { target: 'anthropic', from: 'anthropic' },
  { target: 'anthropic', options: { strict: true }, from: 'anthropic' },
  { target: 'gemini', from: 'gemini' },
  { target: 'gemini', options: { geminiSchema: 'parametersJsonSchema' }, from: 'gemini' },
  { target: 'mcp@2025-11-25', from: 'mcp' },
  { target: 'mcp@2026-07-28', from: 'mcp' },
]

const annotations = fc.option(
  fc.record({ title: fc.string({ minLength: 1, maxLength: 10 }).filter((title) => title.trim() !== ''), readOnly: fc.boolean(), destructive: fc.boolean(), idempotent: fc.boolean(), openWorld: fc.boolean() }, { requiredKeys: [] }),
  { nil: undefined },
)

// The value constraints, added to the random declarations' nodes (each node by its own draw).
const CONSTRAINTS: Record<string, readonly Record<string, unknown>[]> = {
  string: [{ minLength: 1 }, { maxLength: 8, pattern: '^[a-z]*$' }, { format: 'date' }, { format: 'x-unknown' }],
  number: [{ minimum: 0 }, { maximum: 100, exclusiveMinimum: -1 }, { multipleOf: 0.5 }],
  integer: [{ minimum: 1, maximum: 10 }, { exclusiveMaximum: 5 }],
  array: [{ minItems: 1 }, { maxItems: 3, uniqueItems: true }, { minItems: 2 }],
  object: [{ minProperties: 1 }, { maxProperties: 4 }],
}

function constrain(node: unknown, draws: readonly number[], counter: { next: number }): unknown {
  if (Array.isArray(node)) return node.map((item) => constrain(item, draws, counter))
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) Object.defineProperty(out, key, { value: constrain((node as Record<string, unknown>)[key], draws, counter), enumerable: true, writable: true, configurable: true })
  const choices = typeof out.type === 'string' && !('enum' in out) && !('const' in out) ? CONSTRAINTS[out.type] : undefined
  const draw = draws[counter.next++ % draws.length] as number
  if (choices !== undefined && draw < choices.length) Object.assign(out, choices[draw])
  return out
}

/** Random declarations, some of their nodes carrying value constraints (kept only when the DSL accepts the result). */
const constrained = fc.tuple(declaration, fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 16 })).map(([tool, draws]) => {
  const parameters = constrain(tool.parameters, draws, { next: 0 }) as ToolDeclaration['parameters']
  const output = constrain(tool.output, draws, { next: 3 }) as ToolDeclaration['output']
  return checkParameterSchemaSpec(parameters).length === 0 && checkValueSchemaSpec(output).length === 0 ? { ...tool, parameters, output } : tool
})

function surfaceOf(tool: ToolDeclaration & { annotations?: object }): ToolSurface {
  return {
    name: tool.name,
    description: tool.description,
    parameters: parameterSchemaSpecToJsonSchema(tool.parameters as unknown as ParameterSchemaSpec) as ToolSurface['parameters'],
    output: valueSchemaSpecToJsonSchema(tool.output as unknown as ValueSchemaSpec) as NonNullable<ToolSurface['output']>,
    ...(tool.annotations === undefined || Object.keys(tool.annotations).length === 0 ? {} : { annotations: tool.annotations }),
  }
}

/** Imports one exported tool as `toolsmith import` does, through the printed YAML and the loader. */
function importExported(from: ImportFormat, exported: unknown): ToolDeclaration & { annotations?: object } {
  const read = readSourceTools(from, [exported], 'x')
  expect(read.refusals).toEqual([])
  const [tool] = read.tools
  if (tool === undefined) throw new Error('nothing read')
  const converted = convertTool(tool, from, true)
  expect(converted.refusals).toEqual([])
  const text = printDeclaration({ name: tool.name, ...converted.declaration }, './tool.schema.json', ['imported'], new Map())
  const loaded = loadDeclarationSource(`schemas/${tool.name}.tool.yaml`, new TextEncoder().encode(text))
  expect(loaded.diagnostics, text).toEqual([])
  return loaded.declaration as ToolDeclaration
}

/** What the model sees from each target: MCP carries the output and the annotations too. */
function modelFacing(surface: ToolSurface, from: ImportFormat): unknown {
  const base = { name: surface.name, description: surface.description, parameters: normalize(surface.parameters) }
  return from === 'mcp' ? { ...base, output: normalize(surface.output), annotations: surface.annotations ?? {} } : base
}

/**
 * Equivalences a provider format cannot tell apart, applied to both sides: a one-value `enum` is `const` (Gemini
 * writes every const so), and a value-or-null union's annotations sit on the union (Gemini's `nullable` merges the
 * value branch into the node).
 */
function normalize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalize)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) Object.defineProperty(out, key, { value: normalize((node as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  if (Array.isArray(out.enum) && out.enum.length === 1 && out.const === undefined) {
    out.const = out.enum[0]
    delete out.enum
  }
  const union = out.oneOf as Record<string, unknown>[] | undefined
  if (Array.isArray(union) && union.length === 2) {
    const value = union.find((branch) => branch.type !== 'null')
    if (value !== undefined && union.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1)) {
      for (const key of ['description', 'title', 'default', 'examples']) {
        if (value[key] !== undefined && out[key] === undefined) out[key] = value[key]
        delete value[key]
      }
    }
  }
  return sortKeys(out)
}

function sortKeys(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node).sort()) Object.defineProperty(out, key, { value: node[key], enumerable: true, writable: true, configurable: true })
  return out
}

describe('import of an export', () => {
  test.each(TARGETS)('$target $options: the model-facing surface comes back wherever the report says nothing was lost', ({ target, options, from }) => {
    let compared = 0
    fc.assert(
      fc.property(constrained, annotations, (tool, notes) => {
        const original = surfaceOf({ ...tool, ...(notes === undefined ? {} : { annotations: notes }) })
        const exported = exportTool(target, original, options)
        // Only what the model is sent is compared: outside MCP, a dropped annotation or approval (isHostKept) is
        // a loss of the export that the comparison leaves out anyway. (OpenAI strict's required nullable key, which
        // the import reads as optional, is a loss in the report.)
        const lost = exported.report.filter((entry) => from === 'mcp' || !isHostKept(entry))
        if (exported.errors.length > 0 || lost.length > 0) return
        compared++
        const back = surfaceOf(importExported(from, exported.tools[0]))
        expect(modelFacing(back, from)).toEqual(modelFacing(original, from))
      }),
      { seed: 20261203, numRuns: 200 },
    )
    // The property is not vacuous: most random tools export without loss to every target.
    expect(compared).toBeGreaterThan(30)
  })
})
