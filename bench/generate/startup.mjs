// CLI start-up, measured as whole processes (start-up and module loading included, which the size benchmarks leave
// out): `toolsmith --version` against `node -e 0`, and a cold `toolsmith generate` of 3 tools (a fresh project, no
// plan cache, no stubs yet) against a process that loads json-schema-to-typescript and compiles the same 6 schemas.
// Contenders interleaved per round; medians and ratios. Goals (issue 11): --version <= 1.5x node -e 0; 3-tool cold
// generate <= 1.0x json2ts.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { parameterSchemaSpecToJsonSchema, valueSchemaSpecToJsonSchema } from '../../runtime/dist/index.js'
import { medians, ratio, repoRoot, writeResult } from '../lib.mjs'
import { syntheticDeclarations } from './synthetic-tools.mjs'

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 9)
const cli = path.join(repoRoot, 'generator/bin/toolsmith.js')

/** Wall-clock milliseconds of one process, from spawn to exit. */
function timed(args, cwd) {
  const started = performance.now()
  execFileSync(process.execPath, args, { cwd, stdio: 'pipe' })
  return performance.now() - started
}

/** Runs every startup comparison; returns the figures it printed. */
export function benchStartup() {
  const workspace = mkdtempSync(path.join(tmpdir(), 'toolsmith-bench-startup-'))
  try {
    const declarations = syntheticDeclarations(3, repoRoot)
    const template = path.join(workspace, 'template')
    mkdirSync(path.join(template, 'schemas'), { recursive: true })
    mkdirSync(path.join(template, 'node_modules'))
    for (const declaration of declarations) writeFileSync(path.join(template, 'schemas', `${declaration.name}.tool.yaml`), stringify(declaration))
    const schemasFile = path.join(workspace, 'json2ts-input.json')
    writeFileSync(schemasFile, JSON.stringify(declarations.flatMap((d) => [parameterSchemaSpecToJsonSchema(d.parameters), valueSchemaSpecToJsonSchema(d.output)])))
    // The peer as a user would run it: load json-schema-to-typescript, compile each schema (default options).
    const json2ts = path.join(workspace, 'json2ts.mjs')
    writeFileSync(
      json2ts,
      `import { readFileSync } from 'node:fs'\nimport { compile } from ${JSON.stringify(path.join(repoRoot, 'node_modules/json-schema-to-typescript/dist/src/index.js'))}\n` +
        `const schemas = JSON.parse(readFileSync(${JSON.stringify(schemasFile)}, 'utf8'))\nfor (const [index, schema] of schemas.entries()) await compile(schema, \`Schema\${index}\`)\n`,
    )
    const times = { nodeE0: [], version: [], help: [], json2ts: [], generate: [] }
    for (let round = -1; round < ROUNDS; round++) {
      const record = (key, ms) => round >= 0 && times[key].push(ms)
      record('nodeE0', timed(['-e', '0'], workspace))
      record('version', timed([cli, '--version'], workspace))
      record('help', timed([cli, '--help'], workspace))
      record('json2ts', timed([json2ts], workspace))
      const project = path.join(workspace, `round${round + 1}`)
      cpSync(template, project, { recursive: true })
      record('generate', timed([cli, 'generate'], project))
    }
    const m = medians(times)
    const figures = {
      rounds: ROUNDS,
      medianMs: m,
      samplesMs: times,
      versionVsNode: { ratio: ratio(m.version, m.nodeE0), target: 1.5, met: m.version <= 1.5 * m.nodeE0 },
      helpVsNode: { ratio: ratio(m.help, m.nodeE0), target: 1.5, met: m.help <= 1.5 * m.nodeE0 },
      generate3VsJson2ts: { ratio: ratio(m.generate, m.json2ts), target: 1.0, met: m.generate <= m.json2ts },
    }
    const ms = (value) => `${value.toFixed(0)} ms`
    console.log(`\nstart-up (whole processes, ${ROUNDS} rounds): node -e 0 ${ms(m.nodeE0)}, toolsmith --version ${ms(m.version)} (${figures.versionVsNode.ratio}x), --help ${ms(m.help)} (${figures.helpVsNode.ratio}x) [goal <= 1.5x]`)
    console.log(`3-tool cold generate ${ms(m.generate)} vs json2ts on the same 6 schemas ${ms(m.json2ts)}: ${figures.generate3VsJson2ts.ratio}x [goal <= 1.0x]`)
    return figures
  } finally {
    rmSync(workspace, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = benchStartup()
  writeResult('startup', { bench: 'generate/startup', node: process.version, date: new Date().toISOString(), ...figures })
}
