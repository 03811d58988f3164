import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TempProject } from '../pipeline/temp-project.js'

// The install path the README gives, exactly: `npm pack` the workspaces (which runs prepack/postpack), install the
// tarballs together in a consumer project outside the repository, and use toolsmith there. The consumer is the
// README's: ESM (`"type": "module"`), `module: nodenext`, and here the strictest setting for the runtime's types,
// `lib: ["es2022"]` with `types: []` (no DOM lib, no @types/node).
const repoRoot = path.resolve(import.meta.dirname, '../../..')
const tsc = path.join(repoRoot, 'node_modules/.bin/tsc')
let project: TempProject
let installed: string

/** The workspaces to pack: the runtime, the generator, and every other @toolsmith package the generator depends on. */
function workspacesToPack(): string[] {
  const generator = JSON.parse(readFileSync(path.join(repoRoot, 'generator/package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  const folders = new Map<string, string>()
  for (const folder of (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces) {
    folders.set((JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as { name: string }).name, folder)
  }
  const needed = Object.keys(generator.dependencies ?? {}).filter((name) => name.startsWith('@toolsmith/'))
  return [...new Set(['runtime', 'generator', ...needed.map((name) => folders.get(name) as string)])]
}

const toolsmith = (...args: string[]): string =>
  execFileSync(path.join(project.cwd, 'node_modules/.bin/toolsmith'), args, { cwd: project.cwd, encoding: 'utf8' })

beforeAll(() => {
  project = new TempProject()
  const packs = path.join(project.root, 'packs')
  mkdirSync(packs)
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packs, ...workspacesToPack().flatMap((folder) => ['--workspace', folder])], { cwd: repoRoot, stdio: 'pipe' })
  writeFileSync(path.join(project.cwd, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`)
  const tarballs = readdirSync(packs).map((file) => path.join(packs, file))
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], { cwd: project.cwd, stdio: 'pipe' })
  installed = path.join(project.cwd, 'node_modules/@toolsmith/generator')
}, 240_000)
afterAll(() => project.remove())

test('the packed generator carries its templates and the YAML schema, and leaves no copy behind in the repository', () => {
  expect(readdirSync(path.join(installed, 'templates')).sort()).toEqual(['README.md', 'catalog-section.md.hbs', 'catalog.md.hbs', 'stub.ts.hbs'])
  expect(readFileSync(path.join(installed, 'tool.schema.json'), 'utf8')).toBe(readFileSync(path.join(repoRoot, 'schemas/tool.schema.json'), 'utf8'))
  const generatorFolder = readdirSync(path.join(repoRoot, 'generator'))
  expect(generatorFolder.filter((name) => name === 'templates' || name === 'tool.schema.json')).toEqual([])
})

test('the packed generator ships what its build made: the bundled CLI its bin runs, and the precompiled templates', () => {
  expect(readFileSync(path.join(installed, 'bin/toolsmith.js'), 'utf8')).toContain("import '../dist/bundle/toolsmith.js'")
  expect(existsSync(path.join(installed, 'dist/bundle/toolsmith.js'))).toBe(true)
  const precompiled = readFileSync(path.join(installed, 'dist/plan/template/precompiled-templates.js'), 'utf8')
  expect(precompiled).toContain(JSON.stringify(readFileSync(path.join(installed, 'templates/stub.ts.hbs'), 'utf8')))
})

test('toolsmith new writes a $schema link that resolves to the installed package\'s tool.schema.json', () => {
  toolsmith('new', 'lookup')
  const firstLine = (project.read('schemas/lookup.tool.yaml') ?? '').split('\n')[0] ?? ''
  const link = /^# yaml-language-server: \$schema=(.+)$/.exec(firstLine)?.[1]
  expect(link).toBe('../node_modules/@toolsmith/generator/tool.schema.json')
  const target = path.resolve(project.cwd, 'schemas', link as string)
  expect(existsSync(target)).toBe(true)
  expect((JSON.parse(readFileSync(target, 'utf8')) as { $schema?: unknown }).$schema).toEqual(expect.any(String))
})

test('the installed CLI generates from its own templates, check passes, and the project compiles with lib es2022 and types []', () => {
  toolsmith('generate')
  expect(project.read('src/tools/lookup.ts')).toMatch(/export default defineTypedTool<LookupArgs, LookupOutput>\(/)
  expect(toolsmith('check')).toBeDefined()
  // The host code the README shows, against the installed packages.
  project.write(
    'src/host.ts',
    `import { createToolRuntime, type ToolExecutionResult } from '@toolsmith/runtime'
import { tools } from './tools/index.js'

const runtime = createToolRuntime()
for (const tool of tools) runtime.register(tool)
export const request = { tools: runtime.schemas() }
export function call(signal: AbortSignal): Promise<ToolExecutionResult> {
  return runtime.execute({ callId: 'call-1', name: 'lookup', arguments: { input: 'x' }, signal })
}
`,
  )
  project.write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'es2022',
        lib: ['es2022'],
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        skipLibCheck: false,
        noEmit: true,
      },
      include: ['src'],
    }),
  )
  let output = ''
  try {
    execFileSync(tsc, ['-p', '.'], { cwd: project.cwd, encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error)
  }
  expect(output).toBe('')
})
