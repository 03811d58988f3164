// Compiled validator vs Ajv (compiled), TypeBox TypeCompiler and zod 4 on the same schemas and data.
// Interleaved rounds in one process; reports medians of ops/s and ratios to Ajv and zod.
import { Type } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import Ajv from 'ajv'
import { z } from 'zod'
import { compileJsonSchema } from '../../runtime/dist/index.js'
import { medians, roundOrder, writeResult } from '../lib.mjs'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 60)

// (a) typescript-runtime-type-benchmarks: 7 fields with a nested object, closed everywhere.
const moltarSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['number', 'negNumber', 'maxNumber', 'string', 'longString', 'boolean', 'deeplyNested'],
  properties: {
    number: { type: 'number' },
    negNumber: { type: 'number' },
    maxNumber: { type: 'number' },
    string: { type: 'string' },
    longString: { type: 'string' },
    boolean: { type: 'boolean' },
    deeplyNested: {
      type: 'object',
      additionalProperties: false,
      required: ['foo', 'num', 'bool'],
      properties: { foo: { type: 'string' }, num: { type: 'number' }, bool: { type: 'boolean' } },
    },
  },
}
const moltarValid = {
  number: 1,
  negNumber: -1,
  maxNumber: Number.MAX_VALUE,
  string: 'string',
  longString:
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vivendum intellegat et qui, ei denique consequuntur vix. Semper aeterno percipit ut his, sea ex utinam referrentur repudiandae. No epicuri hendrerit consetetur sit, sit dicta adipiscing ex, in facete detracto deterruisset duo.',
  boolean: true,
  deeplyNested: { foo: 'bar', num: 1, bool: false },
}
const moltarInvalid = { ...moltarValid, deeplyNested: { ...moltarValid.deeplyNested, num: 'one' } }
const moltarTypeBox = Type.Object(
  {
    number: Type.Number(), negNumber: Type.Number(), maxNumber: Type.Number(), string: Type.String(),
    longString: Type.String(), boolean: Type.Boolean(),
    deeplyNested: Type.Object({ foo: Type.String(), num: Type.Number(), bool: Type.Boolean() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
)
const moltarZod = z.strictObject({
  number: z.number(), negNumber: z.number(), maxNumber: z.number(), string: z.string(), longString: z.string(),
  boolean: z.boolean(), deeplyNested: z.strictObject({ foo: z.string(), num: z.number(), bool: z.boolean() }),
})

// (b) typical tool arguments: open root, strings, an integer, an enum, an optional string array.
const argsSchema = {
  type: 'object',
  required: ['path', 'pattern'],
  properties: {
    path: { type: 'string' },
    pattern: { type: 'string' },
    maxMatches: { type: 'integer' },
    mode: { type: 'string', enum: ['content', 'files', 'count'] },
    globs: { type: 'array', items: { type: 'string' } },
  },
}
const argsValid = { path: 'src', pattern: 'TODO\\(\\w+\\)', maxMatches: 200, mode: 'content', globs: ['*.ts', '*.tsx'] }
const argsInvalid = { ...argsValid, maxMatches: 2.5 }
const argsTypeBox = Type.Object({
  path: Type.String(), pattern: Type.String(), maxMatches: Type.Optional(Type.Integer()),
  mode: Type.Optional(Type.Union([Type.Literal('content'), Type.Literal('files'), Type.Literal('count')])),
  globs: Type.Optional(Type.Array(Type.String())),
})
const argsZod = z.looseObject({
  path: z.string(), pattern: z.string(), maxMatches: z.int().optional(),
  mode: z.enum(['content', 'files', 'count']).optional(), globs: z.array(z.string()).optional(),
})

// (c) an output of 1,000 items, each with a oneOf field whose branches cannot both match
// (string vs integer), so oneOf ("exactly one") and zod's union ("any") agree.
const listSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'value'],
    properties: { id: { type: 'integer' }, name: { type: 'string' }, value: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
  },
}
const listValid = Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `item ${i}`, value: i % 2 === 0 ? i : `v${i}` }))
const listInvalid = listValid.map((item, i) => (i === 999 ? { ...item, value: 1.5 } : item))
const listTypeBox = Type.Array(
  Type.Object({ id: Type.Integer(), name: Type.String(), value: Type.Union([Type.String(), Type.Integer()]) }, { additionalProperties: false }),
)
const listZod = z.array(z.strictObject({ id: z.int(), name: z.string(), value: z.union([z.string(), z.int()]) }))

const ajv = new Ajv()
const cases = [
  ['moltar nested object', moltarSchema, moltarTypeBox, moltarZod, moltarValid, moltarInvalid],
  ['tool arguments', argsSchema, argsTypeBox, argsZod, argsValid, argsInvalid],
  ['1,000-item output with oneOf', listSchema, listTypeBox, listZod, listValid, listInvalid],
].flatMap(([name, schema, typebox, zod, valid, invalid]) => {
  const ours = compileJsonSchema(schema)
  const ajvCheck = ajv.compile(schema)
  const tb = TypeCompiler.Compile(typebox)
  const contenders = {
    toolsmith: (v) => ours.is(v),
    ajv: (v) => ajvCheck(v),
    typebox: (v) => tb.Check(v),
    zod: (v) => zod.safeParse(v).success,
  }
  return [
    { name: `${name} (valid)`, data: valid, expected: true, contenders },
    { name: `${name} (invalid)`, data: invalid, expected: false, contenders },
  ]
})

function opsPerSecond(check, data) {
  let iterations = 0
  let sink = 0
  const start = process.hrtime.bigint()
  const budget = BigInt(ROUND_MS) * 1_000_000n
  let elapsed = 0n
  while (elapsed < budget) {
    for (let i = 0; i < 100; i++) if (check(data)) sink++
    iterations += 100
    elapsed = process.hrtime.bigint() - start
  }
  if (sink < 0) console.log(sink)
  return iterations / (Number(elapsed) / 1e9)
}

const results = []
for (const c of cases) {
  for (const [who, check] of Object.entries(c.contenders)) {
    if (check(c.data) !== c.expected) throw new Error(`${who} disagrees on ${c.name}: expected ${c.expected}`)
  }
  const samples = Object.fromEntries(Object.keys(c.contenders).map((who) => [who, []]))
  for (const check of Object.values(c.contenders)) opsPerSecond(check, c.data) // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [who, check] of roundOrder(round, Object.entries(c.contenders))) samples[who].push(opsPerSecond(check, c.data))
  }
  const ops = medians(samples)
  results.push({ case: c.name, opsPerSecond: ops, ratioToAjv: ops.toolsmith / ops.ajv, ratioToZod: ops.toolsmith / ops.zod, ratioToTypeBox: ops.toolsmith / ops.typebox })
}

const fmt = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0))
console.log(`median ops/s over ${ROUNDS} interleaved rounds of ${ROUND_MS} ms\n`)
console.log('| case | toolsmith | ajv | typebox | zod | vs ajv | vs typebox | vs zod |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const r of results) {
  const o = r.opsPerSecond
  console.log(`| ${r.case} | ${fmt(o.toolsmith)} | ${fmt(o.ajv)} | ${fmt(o.typebox)} | ${fmt(o.zod)} | ${r.ratioToAjv.toFixed(2)}x | ${r.ratioToTypeBox.toFixed(2)}x | ${r.ratioToZod.toFixed(1)}x |`)
}
writeResult('validate', { rounds: ROUNDS, roundMs: ROUND_MS, node: process.version, results })
