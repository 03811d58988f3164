// One measurement in a fresh process: modules load first, then only the operation is timed (wall clock and this
// process's CPU time, user and system apart: creating files is kernel time). Prints one JSON line.
//   node measure.mjs import <corpus> <project>   runImport of the BFCL corpus into the project, files written
//   node measure.mjs convert <corpus> <project>  the same without writing (read, convert, check, print)
//   node measure.mjs yaml <corpus>               peer: yaml's stringify of every declaration of the corpus as it is
//   node measure.mjs write <corpus> <project>    peer: creating 3,285 files of 700 bytes (the files the import writes)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import { runImport } from '../../generator/dist/import/run-import.js'

const [op, corpus, cwd] = process.argv.slice(2)
const config = { cwd, schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md', catalogJson: 'docs/catalog.json', catalogRegions: [] }
const cpu0 = process.cpuUsage()
const started = performance.now()
let detail
if (op === 'import' || op === 'convert') {
  const outcome = await runImport({ config, from: 'bfcl', file: corpus, partial: true, dryRun: op === 'convert' })
  detail = { imported: outcome.imported.length, written: outcome.written.length, refused: outcome.refusedTools }
} else if (op === 'yaml') {
  const { functions } = JSON.parse(readFileSync(corpus, 'utf8'))
  let bytes = 0
  for (const { declaration } of functions) bytes += stringify(declaration, { lineWidth: 0 }).length
  detail = { bytes }
} else if (op === 'write') {
  mkdirSync(path.join(cwd, 'schemas'))
  const text = 'x'.repeat(700)
  for (let index = 0; index < 3285; index++) writeFileSync(path.join(cwd, 'schemas', `tool_${index}.tool.yaml`), text, { flag: 'wx' })
  detail = { files: 3285 }
} else {
  throw new Error(`unknown operation ${op}`)
}
const cpu = process.cpuUsage(cpu0)
console.log(JSON.stringify({ ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, userMs: cpu.user / 1000, systemMs: cpu.system / 1000, ...detail }))
