import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { planFiles } from '../../../generator/src/plan/plan-files.js'
import { loadDeclarations } from '../../../generator/src/load/load-declarations.js'
import { createCodeFormatter } from '../../../generator/src/print/code-formatter.js'
import type { Diagnostic } from '../../../generator/src/model/diagnostic.js'
import type { PlanOptions, PlanResult } from '../../../generator/src/model/plan.js'
import type { ToolDeclaration } from '../../../generator/src/model/tool-declaration.js'

/** The golden fixture cases: one folder each under `test/generator/fixtures/`. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url))

/** Options a case may set in its `case.json`; the rest are the defaults below. */
interface CaseOptions {
  readonly out?: string
  readonly docs?: string
  readonly catalogJson?: string
  readonly catalogRegions?: readonly string[]
  readonly templates?: string
}

/** Every file under `folder`, keyed by its `/`-separated path relative to `folder`. */
export function readTree(folder: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (current: string): void => {
    if (!existsSync(current)) return
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name)
      if (statSync(path).isDirectory()) walk(path)
      else files.set(relative(folder, path).split('\\').join('/'), readFileSync(path, 'utf8'))
    }
  }
  walk(folder)
  return files
}

/**
 * Plan options over an in-memory project: `files` are what is "on disk", keyed by cwd-relative path. Each read of
 * `formatter` makes a new one, as the pipeline makes one per run (a formatter keeps the project's prettier config it
 * read), so options used for several plans see a config changed between them.
 */
export function memoryOptions(cwd: string, files: ReadonlyMap<string, string>, options: CaseOptions = {}): PlanOptions {
  return {
    get formatter() {
      return createCodeFormatter(cwd)
    },
    cwd,
    out: options.out ?? 'src/tools',
    docs: options.docs ?? 'docs/tools.md',
    catalogJson: options.catalogJson ?? 'docs/catalog.json',
    catalogRegions: options.catalogRegions ?? [],
    ...(options.templates === undefined ? {} : { templates: options.templates }),
    readFile: async (path) => files.get(path),
    listFiles: async (dir) => {
      const prefix = `${posix.normalize(dir)}/`
      return [...files.keys()].filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/')).map((path) => path.slice(prefix.length))
    },
  }
}

/** The declarations of a case's `schemas/` folder, loaded by the real loader (which must find no error). */
export async function loadCase(cwd: string): Promise<readonly ToolDeclaration[]> {
  const loaded = await loadDeclarations({ cwd, schemas: 'schemas' })
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')
  if (errors.length > 0) throw new Error(`fixture ${cwd} does not load:\n${JSON.stringify(errors, null, 2)}`)
  return loaded.declarations
}

/** A case's inputs: declarations, its `existing/` files, its options. */
export interface FixtureCase {
  readonly name: string
  readonly cwd: string
  readonly declarations: readonly ToolDeclaration[]
  readonly existing: ReadonlyMap<string, string>
  readonly options: PlanOptions
}

/** Loads the case folder `name`. */
export async function fixtureCase(name: string): Promise<FixtureCase> {
  const cwd = join(FIXTURES, name)
  const caseFile = join(cwd, 'case.json')
  const options = existsSync(caseFile) ? (JSON.parse(readFileSync(caseFile, 'utf8')) as CaseOptions) : {}
  const existing = readTree(join(cwd, 'existing'))
  return { name, cwd, declarations: await loadCase(cwd), existing, options: memoryOptions(cwd, existing, options) }
}

/** What a plan says besides its files, as `expected-plan.json` records it. */
export interface PlanSummary {
  readonly deletions: readonly string[]
  readonly orphans: readonly string[]
  readonly diagnostics: readonly Diagnostic[]
}

/** The summary part of a plan. */
export function planSummary(result: PlanResult): PlanSummary {
  return { deletions: result.deletions, orphans: result.orphans, diagnostics: result.diagnostics }
}

/** Plans a case. */
export function planCase(fixture: FixtureCase): Promise<PlanResult> {
  return planFiles(fixture.declarations, fixture.options)
}

/**
 * Rewrites a case's `expected/` tree and `expected-plan.json` from a plan. Only with UPDATE_FIXTURES=1, and the
 * result is reviewed by hand before it is committed: the goldens are the spec of the emitters' output.
 */
export function writeExpected(fixture: FixtureCase, result: PlanResult): void {
  const expected = join(fixture.cwd, 'expected')
  rmSync(expected, { recursive: true, force: true })
  for (const file of result.files) {
    mkdirSync(dirname(join(expected, file.path)), { recursive: true })
    writeFileSync(join(expected, file.path), file.content)
  }
  writeFileSync(join(fixture.cwd, 'expected-plan.json'), `${JSON.stringify(planSummary(result), null, 2)}\n`)
}

/** The names of every fixture case folder. */
export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => statSync(join(FIXTURES, name)).isDirectory())
    .sort()
}
