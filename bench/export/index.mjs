// Exporting 1,000 tools to every target vs the peers converting the same tools: the AI SDK's converter (zodSchema →
// jsonSchema, zod 4) and zod-to-json-schema's OpenAI target (zod v3 schemas). The same 1,000 tools (the generate
// benchmark's BFCL-derived declarations) are built once for everyone: as toolsmith tool surfaces (the runtime's
// compiled JSON Schemas) and as zod schemas. Only the conversion is timed; contenders interleave per round; medians.
import { zodSchema } from 'ai'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { zodToJsonSchema } from 'zod-to-json-schema'
import { EXPORT_TARGETS, exportTools } from '../../providers/dist/index.js'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../runtime/dist/index.js'
import { syntheticDeclarations } from '../generate/synthetic-tools.mjs'
import { medians as mediansOf, repoRoot, writeResult } from '../lib.mjs'

const COUNT = Number(process.env.BENCH_TOOLS ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)

const declarations = syntheticDeclarations(COUNT, repoRoot)
const surfaces = declarations.map((d) => ({
  name: d.name,
  description: d.description,
  parameters: parameterSchemaSpecToJsonSchema(d.parameters),
  output: valueSchemaSpecToJsonSchema(d.output),
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  approval: 'never',
}))

/** The same parameters as a zod object (zod 4 or the v3 API): required/optional, descriptions, defaults, nesting. */
function toZod(zz, properties) {
  const shape = {}
  for (const [key, spec] of Object.entries(properties)) {
    let node = nodeToZod(zz, spec)
    if (spec.required !== true) node = node.optional()
    shape[key] = node
  }
  return zz.object(shape)
}
function nodeToZod(zz, spec) {
  let node
  switch (spec.type) {
    case 'string': node = spec.enum ? zz.enum(spec.enum) : zz.string(); break
    case 'integer': node = zz.number().int(); break
    case 'number': node = zz.number(); break
    case 'boolean': node = zz.boolean(); break
    case 'array': node = zz.array(nodeToZod(zz, spec.items)); break
    case 'object': node = spec.properties ? toZod(zz, spec.properties) : zz.record(zz.string(), zz.any()); break
    default: node = zz.any()
  }
  if (spec.description !== undefined) node = node.describe(spec.description)
  return node
}
const zod4 = declarations.map((d) => toZod(z, d.parameters))
const zod3 = declarations.map((d) => toZod(z3, d.parameters))

const contenders = {
  ...Object.fromEntries(EXPORT_TARGETS.map((target) => [`toolsmith ${target}`, () => exportTools(target, surfaces).tools.length])),
  'toolsmith anthropic (strict)': () => exportTools('anthropic', surfaces, { strict: true }).tools.length,
  'toolsmith gemini (JSON Schema)': () => exportTools('gemini', surfaces, { geminiSchema: 'parametersJsonSchema' }).tools.length,
  'AI SDK zodSchema → jsonSchema': () => zod4.map((schema) => zodSchema(schema).jsonSchema).length,
  'zod-to-json-schema openAi': () => zod3.map((schema) => zodToJsonSchema(schema, { target: 'openAi' })).length,
}

// zod-to-json-schema warns on every record ("OpenAI may not support records"); printing 1,000 warnings per round would
// time the console, not the conversion, so warnings are silenced for every contender alike.
console.warn = () => {}
const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
for (const run of Object.values(contenders)) run() // warm up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(contenders)) {
    const start = process.hrtime.bigint()
    run()
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6)
  }
}
const medians = mediansOf(times)
const aiSdk = medians['AI SDK zodSchema → jsonSchema']
const z2j = medians['zod-to-json-schema openAi']
console.log(`${COUNT} tools, ${ROUNDS} rounds, median ms per export of all tools (ratio: toolsmith / peer, ≤ 1.0 is as fast or faster)`)
const rows = []
for (const [name, ms] of Object.entries(medians)) {
  const row = { name, ms: Number(ms.toFixed(2)), vsAiSdk: Number((ms / aiSdk).toFixed(3)), vsZodToJsonSchema: Number((ms / z2j).toFixed(3)) }
  rows.push(row)
  console.log(`  ${name.padEnd(32)} ${ms.toFixed(2).padStart(9)} ms   vs AI SDK ${row.vsAiSdk.toFixed(3)}x   vs zod-to-json-schema ${row.vsZodToJsonSchema.toFixed(3)}x`)
}
const worst = Math.max(...rows.filter((row) => row.name.startsWith('toolsmith')).map((row) => Math.max(row.vsAiSdk, row.vsZodToJsonSchema)))
console.log(`worst toolsmith ratio: ${worst.toFixed(3)}x (target ≤ 1.0x)`)
const result = { bench: 'export', tools: COUNT, rounds: ROUNDS, medians, rows, worst }
writeResult('export', result)
console.log(JSON.stringify(result))
