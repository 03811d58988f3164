// Runs every bench/<name>/index.mjs in sorted order, each in its own process; exits non-zero if one fails.
import { spawnSync } from 'node:child_process'
import { readdirSync, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
let failed = 0
for (const name of readdirSync(here).sort()) {
  const entry = path.join(here, name, 'index.mjs')
  if (!existsSync(entry) || (only.length > 0 && !only.includes(name))) continue
  console.log(`\n## bench/${name}\n`)
  const run = spawnSync(process.execPath, [entry], { stdio: 'inherit' })
  if (run.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
