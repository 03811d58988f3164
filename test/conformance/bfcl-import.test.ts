import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { compileJsonSchema, parameterSchemaSpecToJsonSchema, type ParameterSchemaSpec } from '@toolsmith/runtime'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runImport, type ImportOutcome } from '../../generator/src/import/run-import.js'
import { runGenerate } from '../../generator/src/pipeline/run-generate.js'

// The real-world check of `toolsmith import --from bfcl`: the 3,310 declarations of the Berkeley Function Calling
// Leaderboard (vendored in data/bfcl/functions.json). Every one imports or is refused with a located reason; all
// imported ones generate and type-check in one project; for a sample, arguments generated from the ORIGINAL schema
// (valid and mutated) get the same verdict from Ajv on it and from the imported tool's runtime validator.

const repo = fileURLToPath(new URL('../../', import.meta.url))
const corpusFile = path.join(repo, 'test/conformance/data/bfcl/functions.json')
const corpus = JSON.parse(readFileSync(corpusFile, 'utf8')) as { functions: { from: string; declaration: { name: string; parameters: unknown } }[] }
const run = promisify(execFile)

let root: string
let outcome: ImportOutcome

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'toolsmith-bfcl-'))
  outcome = await runImport({ config: { cwd: root, schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md', catalogJson: 'docs/catalog.json', catalogRegions: [] }, from: 'bfcl', file: corpusFile, partial: true })
}, 120_000)
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)

/** The declaration index a pointer into the corpus belongs to. */
const indexOf = (pointer: string): number => Number(/^\/functions\/(\d+)\/declaration(\/|$)/.exec(pointer)?.[1] ?? Number.NaN)

describe('BFCL corpus import', () => {
  test('every declaration is imported or refused with a located reason, never both, never neither', () => {
    expect(corpus.functions).toHaveLength(3310)
    const imported = new Set(outcome.imported.map((tool) => indexOf(tool.pointer)))
    const refused = new Set<number>()
    for (const diagnostic of outcome.diagnostics.filter((d) => d.severity === 'error')) {
      const pointer = diagnostic.message.split(': ')[0] as string
      expect(pointer, diagnostic.message).toMatch(/^\/functions\/\d+\/declaration\//)
      expect(diagnostic.line).toBeGreaterThan(1) // located in the file, not at its start
      refused.add(indexOf(pointer))
    }
    for (let index = 0; index < corpus.functions.length; index++) expect(imported.has(index) !== refused.has(index), `declaration ${index}`).toBe(true)
    expect(imported.size + refused.size).toBe(3310)
    expect(outcome.refusedTools).toBe(refused.size)
    expect(outcome.written).toHaveLength(imported.size)
  })

  test('the README states these counts', () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8')
    const thousands = (count: number): string => count.toLocaleString('en-US')
    const lossy = outcome.imported.filter((tool) => tool.losses.length > 0).length
    expect(readme).toContain(`${thousands(outcome.imported.length)} import`)
    expect(readme).toContain(`${thousands(outcome.refusedTools)} are refused`)
    expect(readme).toContain(`${thousands(lossy)} of the imported`)
  })

  test('all imported declarations generate and type-check in one project', async () => {
    for (const file of ['generator/dist/index.js', 'runtime/dist/index.js']) if (!existsSync(path.join(repo, file))) throw new Error(`${file} is missing: run npm run build (npm test does)`)
    mkdirSync(path.join(root, 'node_modules/@toolsmith'), { recursive: true })
    symlinkSync(path.join(repo, 'runtime'), path.join(root, 'node_modules/@toolsmith/runtime'))
    mkdirSync(path.join(root, 'node_modules/@types'))
    symlinkSync(path.join(repo, 'node_modules/@types/node'), path.join(root, 'node_modules/@types/node'))
    writeFileSync(path.join(root, 'package.json'), '{ "private": true, "type": "module" }\n')
    const compilerOptions = { target: 'es2022', lib: ['es2023'], module: 'nodenext', moduleResolution: 'nodenext', strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, types: ['node'], noEmit: true, skipLibCheck: true }
    writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }))
    const generated = await runGenerate({ cwd: root, cache: false })
    expect(generated.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(generated.exitCode).toBe(0)
    expect(existsSync(path.join(root, 'src/tools/calculate_triangle_area.ts'))).toBe(true)
    const tsc = await run(path.join(repo, 'node_modules/.bin/tsc'), ['-p', path.join(root, 'tsconfig.json')], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    )
    expect(tsc.stdout.split('\n').slice(0, 20).join('\n')).toBe('')
    expect(tsc.code).toBe(0)
  }, 900_000)

  test('a sample of ≥ 300: the original schema (Ajv) and the imported validator agree on generated arguments', () => {
    const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
    addFormats.default(ajv)
    // Every 10th imported tool (deterministic), at least 300.
    const sample = outcome.imported.filter((_, index) => index % 10 === 0)
    expect(sample.length).toBeGreaterThanOrEqual(300)
    let compared = 0
    let rejected = 0
    for (const tool of sample) {
      const original = corpus.functions[indexOf(tool.pointer)]?.declaration
      const oracle = bfclToJsonSchema(original?.parameters)
      const check = ajv.compile(oracle as object)
      const imported = compileJsonSchema(parameterSchemaSpecToJsonSchema(tool.declaration.parameters as ParameterSchemaSpec))
      const lossless = tool.losses.length === 0
      const values = fc.sample(argumentsFor(oracle), { seed: indexOf(tool.pointer), numRuns: 24 })
      for (const args of values) {
        const want = check(args) === true
        const got = imported.is(args)
        if (!want) rejected++
        compared++
        // Lossless: the same verdict. Lossy (a keyword dropped): the import accepts a superset, never less.
        if (lossless) expect(got, `${tool.name} on ${JSON.stringify(args)}`).toBe(want)
        else if (want) expect(got, `${tool.name} on ${JSON.stringify(args)}`).toBe(true)
      }
    }
    // Both verdicts are exercised.
    expect(rejected).toBeGreaterThan(compared / 10)
    expect(compared - rejected).toBeGreaterThan(compared / 10)
  })
})

// BFCL's dialect read independently of the importer, as BFCL's own evaluator reads it: Python-flavoured type names
// (`dict`, `float`, `tuple`, the Java/JavaScript names) mapped as bfcl_eval/constants/type_mappings.py does, `any`
// as no type at all, and `optional` (a property flag or an object's list) taking names out of `required`.
const TYPES: Record<string, string | undefined> = { dict: 'object', float: 'number', tuple: 'array', any: undefined, Any: undefined, String: 'string', char: 'string', Boolean: 'boolean', long: 'integer', double: 'number', Array: 'array', ArrayList: 'array', HashMap: 'object', string: 'string', integer: 'integer', number: 'number', boolean: 'boolean', array: 'array', object: 'object' }

function bfclToJsonSchema(node: unknown): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node
  const out: Record<string, unknown> = {}
  const source = node as Record<string, unknown>
  const optional = new Set<string>(Array.isArray(source.optional) ? (source.optional as string[]) : [])
  for (const [key, value] of Object.entries(source)) {
    if (key === 'optional') continue
    if (key === 'type') {
      const mapped = TYPES[value as string]
      if (mapped !== undefined) out.type = mapped
    } else if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, schema]) => {
          const flag = (schema as { optional?: unknown }).optional
          if (flag === true || (typeof flag === 'string' && ['true', 'yes'].includes(flag.toLowerCase()))) optional.add(name)
          return [name, bfclToJsonSchema(schema)]
        }),
      )
    } else if (key === 'items' || key === 'additionalProperties') out[key] = bfclToJsonSchema(value)
    else out[key] = value
  }
  if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((name) => !optional.has(name))
  return out
}

/** Arguments for a JSON Schema: valid ones, and valid ones with one part replaced by a value of another kind. */
function argumentsFor(schema: unknown): fc.Arbitrary<unknown> {
  const valid = valueFor(schema, 0)
  const wrong = fc.oneof(fc.constant(null), fc.string({ maxLength: 4 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant([]), fc.constant({}))
  const mutated = fc.tuple(valid, wrong, fc.nat(), fc.boolean()).map(([value, replacement, pick, drop]) => mutate(value, replacement, pick, drop))
  return fc.oneof(valid, mutated)
}

function valueFor(node: unknown, depth: number): fc.Arbitrary<unknown> {
  const schema = (node ?? {}) as Record<string, unknown>
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  switch (schema.type) {
    case 'string':
      return schema.format === 'date' ? fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)) : fc.string({ maxLength: 8 })
    case 'integer':
      return fc.integer({ min: -1000, max: typeof schema.maximum === 'number' ? schema.maximum : 100000 })
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { minLength: typeof schema.minItems === 'number' ? schema.minItems : 0, maxLength: typeof schema.maxItems === 'number' ? schema.maxItems : 3 })
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>
      const required = new Set((schema.required ?? []) as string[])
      const shape: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [name, inner] of Object.entries(properties)) shape[name] = valueFor(inner, depth + 1)
      for (const name of required) if (!(name in shape)) shape[name] = fc.jsonValue({ maxDepth: 1 })
      const extra = schema.additionalProperties
      const extras = extra === false ? fc.constant({}) : fc.dictionary(fc.constantFrom('extra', 'zz'), typeof extra === 'object' ? valueFor(extra, depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxKeys: 1 })
      return fc.tuple(fc.record(shape, { requiredKeys: [...required].filter((name) => name in shape) }), extras).map(([base, more]) => ({ ...more, ...base }))
    }
    default:
      return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 })
  }
}

/** Replaces (or deletes) one part of a value, picked by `pick`, walking objects and arrays. */
function mutate(value: unknown, replacement: unknown, pick: number, drop: boolean): unknown {
  const paths: (string | number)[][] = [[]]
  const collect = (node: unknown, at: (string | number)[]): void => {
    if (Array.isArray(node)) node.forEach((item, index) => (paths.push([...at, index]), collect(item, [...at, index])))
    else if (typeof node === 'object' && node !== null) for (const [key, item] of Object.entries(node)) paths.push([...at, key]), collect(item, [...at, key])
  }
  collect(value, [])
  const target = paths[pick % paths.length] as (string | number)[]
  if (target.length === 0) return replacement
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent = copy
  for (const step of target.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>
  const last = target[target.length - 1] as string | number
  if (drop && !Array.isArray(parent)) delete parent[last]
  else parent[last] = replacement
  return copy
}
