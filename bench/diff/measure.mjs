// One measurement in a fresh process: modules load first, then only the operation is timed. Prints one JSON line.
//   node measure.mjs diff <project> <base> <head>   runDiff (toolsmith diff BASE HEAD) in the project
//   node measure.mjs jsd <pairs.json>               json-schema-diff diffSchemas on each [base, head] schema pair
import { readFileSync } from 'node:fs'
import jsonSchemaDiff from 'json-schema-diff'
import { runDiff } from '../../generator/dist/index.js'

const [op, target, base, head] = process.argv.slice(2)
if (op === 'diff') {
  const started = performance.now()
  const outcome = await runDiff({ cwd: target, base, head })
  const ms = performance.now() - started
  const findings = outcome.report?.findings.length
  console.log(JSON.stringify({ ms, exitCode: outcome.exitCode, findings, errors: outcome.diagnostics.filter((d) => d.severity === 'error').slice(0, 3) }))
} else if (op === 'jsd') {
  const pairs = JSON.parse(readFileSync(target, 'utf8'))
  const started = performance.now()
  let changed = 0
  for (const [sourceSchema, destinationSchema] of pairs) {
    const result = await jsonSchemaDiff.diffSchemas({ sourceSchema, destinationSchema })
    if (result.additionsFound || result.removalsFound) changed++
  }
  console.log(JSON.stringify({ ms: performance.now() - started, pairs: pairs.length, changed }))
} else {
  throw new Error(`unknown operation ${op}`)
}
