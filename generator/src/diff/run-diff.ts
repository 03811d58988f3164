import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { generatorFingerprint } from '../plan/cache/generator-fingerprint.js'
import { planCacheFile, readPlanCacheFile } from '../plan/cache/plan-cache-file.js'
import { COMMAND_LINE, DEFAULT_DIFF_IGNORE_FILE, loadConfig } from '../config/project-config.js'
import type { Diagnostic } from '../model/diagnostic.js'
import { compareCatalogs, type LowerCatalog } from './compare-catalogs.js'
import type { DiffLevel } from './diff-checks.js'
import { applyPolicy, type IgnoreEntry, readIgnoreFile } from './diff-policy.js'
import { buildDiffReport, type DiffReport } from './diff-report.js'
import { defaultBase, readSide } from './diff-sides.js'
import { locateFindings } from './locate-findings.js'
import { lowerForTarget } from './lower-for-targets.js'

/** What `toolsmith diff` was asked. */
export interface DiffRunOptions {
  /** Absolute project directory. */
  readonly cwd: string
  /** `--config FILE`. */
  readonly config?: string
  /** `--schemas DIR`, for the working tree and revisions alike. */
  readonly schemas?: string
  /** The base side; without it, the merge base with the default branch. */
  readonly base?: string
  /** The head side; without it, the working tree. */
  readonly head?: string
  /** The lowest level that fails the run (default ERR). */
  readonly failOn?: DiffLevel
  /** The export targets' lowering, for the per-target checks (the config's `targets`). */
  readonly targets?: { readonly names: readonly string[]; readonly lower: LowerCatalog }
}

/** The report (unless the input was invalid), the problems, the texts for code frames, the exit code. */
export interface DiffOutcome {
  /** 0 nothing at the fail-on level, 1 something is, 2 invalid input or usage. */
  readonly exitCode: 0 | 1 | 2
  readonly report: DiffReport | undefined
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
}

/** Compares two sides of the tool catalog under the config and ignore file; never writes to the project. */
export async function runDiff(options: DiffRunOptions): Promise<DiffOutcome> {
  const { cwd } = options
  const loaded = await loadConfig({ cwd, config: options.config, overrides: { schemas: options.schemas } })
  const sources = new Map(loaded.sources)
  const invalid = (diagnostics: readonly Diagnostic[]): DiffOutcome => ({ exitCode: 2, report: undefined, diagnostics, sources })
  if (loaded.config === undefined) return invalid(loaded.diagnostics)
  const config = loaded.config
  // The plan cache only accelerates: never written, and skipped (fingerprinting is not free) when absent or unusable.
  const cache = existsSync(planCacheFile(cwd)) ? await readPlanCacheFile(cwd, generatorFingerprint).catch(() => undefined) : undefined
  const context = { cwd, schemas: config.schemas, loaded: new Map(), blobs: new Map(), ...(cache === undefined ? {} : { cache }) }
  // Both sides are read at once: one side's git processes run while the other side's files are parsed.
  const reading = readSide(options.head, 'HEAD', context)
  let base
  let head
  if (options.base !== undefined) {
    ;[head, base] = await Promise.all([reading, readSide(options.base, 'BASE', context)])
  } else {
    const [read, found] = await Promise.all([reading, defaultBase(cwd, options.head)])
    head = read
    if (found === undefined) {
      return invalid([
        ...head.diagnostics,
        { severity: 'error', code: 'usage', message: 'no BASE given, and there is no default branch (origin/HEAD, main or master) to take the merge base with: name the base, for example toolsmith diff main', file: COMMAND_LINE, line: 1, column: 1 },
      ])
    }
    base = await readSide(found.revision, 'BASE', context, found.label)
  }
  for (const side of [base, head]) for (const [file, text] of side.sources) sources.set(file, text)
  const diagnostics = [...base.diagnostics, ...head.diagnostics]
  if (base.catalog === undefined || head.catalog === undefined) return invalid(diagnostics)

  const ignoreFile = config.diff?.ignoreFile ?? DEFAULT_DIFF_IGNORE_FILE
  let ignores: IgnoreEntry[] = []
  const text = readOptional(path.resolve(cwd, ignoreFile))
  if (text !== undefined) {
    sources.set(ignoreFile, text)
    const read = readIgnoreFile(ignoreFile, text)
    if (read.diagnostics.length > 0) return invalid([...diagnostics, ...read.diagnostics])
    ignores = read.entries
  }

  const specs = new Map((config.targets ?? []).map((spec) => [spec.name, spec]))
  const lowerBySpec: LowerCatalog = (catalog, name) => lowerForTarget(catalog, specs.get(name)?.target ?? name, specs.get(name)?.strict === true)
  const targets = options.targets ?? (specs.size === 0 ? undefined : { names: [...specs.keys()], lower: lowerBySpec })
  const findings = compareCatalogs(base.catalog, head.catalog, targets === undefined ? {} : { targets: targets.names, lower: targets.lower })
  const applied = applyPolicy(findings, config.diff, ignores)
  const located = {
    ...applied,
    findings: locateFindings(applied.findings, base.catalog, head.catalog),
    accepted: locateFindings(applied.accepted, base.catalog, head.catalog),
  }
  const report = buildDiffReport(base.catalog, head.catalog, located, options.failOn ?? 'ERR')
  return { exitCode: report.failed ? 1 : 0, report, diagnostics, sources }
}

function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
