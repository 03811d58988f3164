// One measurement in a fresh process (so no in-process cache of a previous run helps): the modules of the operation
// load first, then only the operation is timed. Prints one JSON line. Each operation loads only its own code: the
// other contender's modules in the same heap would make every collection of this one cost more.
//   node measure.mjs json2ts <schemas.json>   json-schema-to-typescript compile() on each schema, default options
//   node measure.mjs generate <project>        runGenerate in the project
//   node measure.mjs check <project>           runCheck in the project
import { readFileSync } from 'node:fs'

const [op, target] = process.argv.slice(2)
if (op === 'json2ts') {
  const { compile } = await import('json-schema-to-typescript')
  const schemas = JSON.parse(readFileSync(target, 'utf8'))
  const started = performance.now()
  for (const [index, schema] of schemas.entries()) await compile(schema, `Schema${index}`)
  console.log(JSON.stringify({ ms: performance.now() - started, count: schemas.length }))
} else if (op === 'generate' || op === 'check') {
  const { runCheck, runGenerate } = await import('../../generator/dist/index.js')
  const started = performance.now()
  const outcome = op === 'generate' ? await runGenerate({ cwd: target }) : await runCheck({ cwd: target })
  const ms = performance.now() - started
  const written = 'written' in outcome ? outcome.written.length : undefined
  console.log(JSON.stringify({ ms, exitCode: outcome.exitCode, written, errors: outcome.diagnostics.filter((d) => d.severity === 'error').slice(0, 3) }))
} else {
  throw new Error(`unknown operation ${op}`)
}
