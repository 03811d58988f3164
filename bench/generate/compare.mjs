// Two builds of the generator on the same synthetic project, interleaved per round, each against json2ts measured in
// the same round: `node bench/generate/compare.mjs <other-root> [tools]`, where <other-root> holds another build laid
// out as this repository is (bench/generate/measure.mjs and generator/dist/). Medians of cold generate / json2ts and
// one-changed / cold per build, with their ranges. BENCH_ROUNDS sets the rounds (3).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../runtime/dist/index.js'
import { measureInProcess, median, repoRoot, roundOrder } from '../lib.mjs'
import { syntheticDeclarations } from './synthetic-tools.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const [otherRoot, toolsArg] = process.argv.slice(2)
if (otherRoot === undefined) throw new Error('usage: node bench/generate/compare.mjs <other-root> [tools]')
const size = Number(toolsArg ?? 1000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const builds = { this: here, other: path.join(path.resolve(otherRoot), 'bench/generate') }

function measure(folder, op, target) {
  const result = measureInProcess(path.join(folder, 'measure.mjs'), [op, target])
  if (result.exitCode !== undefined && result.exitCode !== 0) throw new Error(`${op} exited ${result.exitCode}: ${JSON.stringify(result.errors)}`)
  return result.ms
}

const workspace = mkdtempSync(path.join(tmpdir(), `toolsmith-compare-${size}-`))
try {
  const declarations = syntheticDeclarations(size, repoRoot)
  const template = path.join(workspace, 'template')
  mkdirSync(path.join(template, 'schemas'), { recursive: true })
  mkdirSync(path.join(template, 'node_modules'))
  for (const declaration of declarations) writeFileSync(path.join(template, 'schemas', `${declaration.name}.tool.yaml`), stringify(declaration))
  const schemasFile = path.join(workspace, 'json2ts-input.json')
  writeFileSync(schemasFile, JSON.stringify(declarations.flatMap((d) => [parameterSchemaSpecToJsonSchema(d.parameters), valueSchemaSpecToJsonSchema(d.output)])))
  const changedFile = `schemas/${declarations[Math.floor(size / 2)].name}.tool.yaml`
  const original = readFileSync(path.join(template, changedFile), 'utf8')
  const ratios = { this: { cold: [], one: [] }, other: { cold: [], one: [] } }
  for (let round = 0; round < rounds; round++) {
    const json2ts = measure(here, 'json2ts', schemasFile)
    for (const [name, folder] of roundOrder(round, Object.entries(builds))) {
      const project = path.join(workspace, `${name}-${round}`)
      cpSync(template, project, { recursive: true })
      const cold = measure(folder, 'generate', project)
      measure(folder, 'generate', project)
      measure(folder, 'generate', project)
      writeFileSync(path.join(project, changedFile), original.replace('description:', 'description: Changed.'))
      const one = measure(folder, 'generate', project)
      ratios[name].cold.push(cold / json2ts)
      ratios[name].one.push(one / cold)
      console.log(`round ${round + 1} ${name}: json2ts ${json2ts.toFixed(0)} ms, cold ${cold.toFixed(0)} ms (${(cold / json2ts).toFixed(2)}x), one-changed ${one.toFixed(0)} ms (${(one / cold).toFixed(3)}x of cold)`)
      rmSync(project, { recursive: true, force: true })
    }
  }
  const range = (values) => `${median(values).toFixed(3)}x (${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)})`
  for (const name of ['other', 'this']) console.log(`${name}: cold/json2ts ${range(ratios[name].cold)}, one-changed/cold ${range(ratios[name].one)}`)
} finally {
  rmSync(workspace, { recursive: true, force: true })
}
