import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TempProject } from '../pipeline/temp-project.js'

// The package as npm publishes it (`npm pack`, which runs prepack/postpack), unpacked outside the repository:
// its CLI must find the shipped templates inside itself, not in the repository it was packed from.
const repoRoot = path.resolve(import.meta.dirname, '../../..')
let project: TempProject
let packageFolder: string

beforeAll(() => {
  project = new TempProject()
  const packs = path.join(project.root, 'packs')
  mkdirSync(packs)
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packs], { cwd: path.join(repoRoot, 'generator'), stdio: 'pipe' })
  const [tarball] = readdirSync(packs)
  execFileSync('tar', ['-xzf', path.join(packs, tarball as string), '-C', packs])
  packageFolder = path.join(packs, 'package')
  // Its dependencies: the repository's installed ones (the unpacked folder has none of its own).
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(packageFolder, 'node_modules'), 'dir')
}, 60_000)
afterAll(() => project.remove())

test('the packed generator carries its templates and does not leave a copy behind in the repository', () => {
  expect(readdirSync(path.join(packageFolder, 'templates')).sort()).toEqual(['README.md', 'catalog-section.md.hbs', 'catalog.md.hbs', 'stub.ts.hbs'])
  expect(readdirSync(path.join(repoRoot, 'generator'))).not.toContain('templates')
})

test('the packed CLI generates a stub from its own templates', () => {
  project.declare('lookup')
  const run = (...args: string[]): string =>
    execFileSync(process.execPath, [path.join(packageFolder, 'bin/toolsmith.js'), ...args], { cwd: project.cwd, encoding: 'utf8' })
  run('generate', '--no-cache')
  expect(project.read('src/tools/lookup.ts')).toMatch(/export default defineTypedTool<LookupArgs, LookupOutput>\(/)
  expect(run('check', '--no-cache')).toBeDefined()
})
