// Synthetic tool declarations for the generate benchmark, derived from the BFCL function corpus
// (test/conformance/data/bfcl/functions.json, vendored): its parameter schemas converted into the toolsmith DSL, plus
// an output schema of one of four shapes, so the tools vary as real ones do.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const SCALARS = {
  string: 'string', String: 'string', char: 'string',
  integer: 'integer', long: 'integer',
  float: 'number', double: 'number',
  boolean: 'boolean', Boolean: 'boolean',
}
const ARRAYS = new Set(['array', 'Array', 'ArrayList', 'tuple'])
const OBJECTS = new Set(['dict', 'HashMap'])

function fits(type, value) {
  if (type === 'string') return typeof value === 'string'
  if (type === 'integer') return Number.isInteger(value)
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value)
  if (type === 'boolean') return typeof value === 'boolean'
  return false
}

/** One BFCL schema node as a DSL node (annotations kept when they are JSON). */
function convert(node, depth = 0) {
  const out = {}
  const source = typeof node === 'object' && node !== null ? node : {}
  const type = typeof source.type === 'string' ? source.type : 'any'
  if (SCALARS[type] !== undefined) {
    out.type = SCALARS[type]
    if (Array.isArray(source.enum)) {
      const members = [...new Set(source.enum.filter((member) => fits(out.type, member)))]
      if (members.length > 0) out.enum = members
    }
  } else if (ARRAYS.has(type) && depth < 8) {
    out.type = 'array'
    out.items = source.items === undefined ? { type: 'json' } : convert(source.items, depth + 1)
  } else if (OBJECTS.has(type) && depth < 8) {
    out.type = 'object'
    out.additionalProperties = source.properties === undefined
    if (source.properties !== undefined) out.properties = convertProperties(source.properties, source.required, depth + 1)
  } else {
    out.type = 'json'
  }
  if (typeof source.description === 'string' && source.description.trim() !== '') out.description = source.description
  if (Object.hasOwn(source, 'default') && source.default !== null && fits(out.type, source.default)) out.default = source.default
  return out
}

function convertProperties(properties, required, depth) {
  const out = {}
  const requiredNames = new Set(Array.isArray(required) ? required : [])
  for (const [key, value] of Object.entries(properties)) {
    const node = convert(value, depth)
    Object.defineProperty(out, key, { value: requiredNames.has(key) ? { ...node, required: true } : node, enumerable: true, writable: true, configurable: true })
  }
  return out
}

const OUTPUTS = [
  () => ({ type: 'object', additionalProperties: false, properties: {
    status: { type: 'string', enum: ['ok', 'error'], required: true },
    value: { type: 'number' },
    items: { type: 'array', required: true, items: { type: 'object', additionalProperties: false, properties: { id: { type: 'integer', required: true }, label: { type: 'string' } } } },
  } }),
  () => ({ type: 'array', items: { type: 'string' } }),
  () => ({ oneOf: [{ type: 'string', description: 'The answer.' }, { type: 'null' }] }),
  (parameters) => ({ type: 'object', additionalProperties: false, properties: { echo: { type: 'object', additionalProperties: false, required: true, properties: parameters }, at: { type: 'string', required: true } } }),
]

/** `count` declarations as plain objects: unique names (`t0001_…`), BFCL parameters, varied outputs. */
export function syntheticDeclarations(count, repoRoot) {
  const corpus = JSON.parse(readFileSync(path.resolve(repoRoot, 'test/conformance/data/bfcl/functions.json'), 'utf8'))
  const functions = corpus.functions.map((entry) => entry.declaration)
  const declarations = []
  for (let index = 0; index < count; index++) {
    const fn = functions[index % functions.length]
    const base = String(fn.name).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 50)
    const name = `t${String(index).padStart(4, '0')}_${base}`
    const parameters = convertProperties(fn.parameters?.properties ?? {}, fn.parameters?.required, 1)
    const description = typeof fn.description === 'string' && fn.description.trim() !== '' ? fn.description : `Tool ${name}.`
    declarations.push({ name, description, timeoutMs: 30_000, parameters, output: OUTPUTS[index % OUTPUTS.length](parameters) })
  }
  return declarations
}
