import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TempProject } from '../pipeline/temp-project.js'

// The full YAML parser loads only when a file needs it: declarations the block reader takes alone (most of them)
// load without it, so `toolsmith diff` and `check` on such a project never pay for loading yaml. Run against the
// built generator in a fresh process (the test's own process has yaml loaded already).
const loader = pathToDist('generator/dist/load/load-declarations.js')

function pathToDist(file: string): string {
  return path.join(fileURLToPath(new URL('../../../', import.meta.url)), file)
}

let project: TempProject
beforeEach(() => {
  project = new TempProject()
})
afterEach(() => project.remove())

/** Loads the project's schemas folder in a fresh process: the number of declarations, and whether yaml was loaded. */
function loadInFreshProcess(): { declarations: number; errors: number; yamlLoaded: boolean } {
  const script = `
    import { createRequire } from 'node:module'
    const { loadDeclarations } = await import(${JSON.stringify(loader)})
    const loaded = await loadDeclarations({ cwd: ${JSON.stringify(project.cwd)}, schemas: 'schemas' })
    const yamlLoaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/yaml/'))
    console.log(JSON.stringify({ declarations: loaded.declarations.length, errors: loaded.diagnostics.filter((d) => d.severity === 'error').length, yamlLoaded }))
  `
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()) as { declarations: number; errors: number; yamlLoaded: boolean }
}

describe('the full YAML parser loads on demand', () => {
  test('block-YAML declarations load without it', () => {
    project.write('schemas/a.tool.yaml', 'name: a\ndescription: A.\nparameters:\n  q:\n    type: string\n    required: true\noutput:\n  type: string\n')
    project.write('schemas/b.tool.yaml', 'name: b\ndescription: B.\nparameters: {}\noutput:\n  type: integer\n')
    expect(loadInFreshProcess()).toStrictEqual({ declarations: 2, errors: 0, yamlLoaded: false })
  })

  test('a file with a problem loads it, to locate every problem', () => {
    project.write('schemas/a.tool.yaml', 'name: a\ndescription: A.\nparameters: {}\noutput:\n  type: strin\n')
    expect(loadInFreshProcess()).toStrictEqual({ declarations: 0, errors: 1, yamlLoaded: true })
  })
})
