import { realpathSync, statSync } from 'node:fs'
import { checkPlanPaths, comparePlan, type KnownOutputs, onDisk, type OutputRecord, type PlanComparison } from '../apply/compare-plan.js'
import { statText, textKey } from '../plan/cache/cache-key.js'
import { createProjectReader, fileSystemDiagnostic, isFileSystemError, ProjectReadError } from '../base/project-files.js'
import { generatorFingerprint } from '../plan/cache/generator-fingerprint.js'
import { PLAN_CACHE_PATH, readPlanCacheFile } from '../plan/cache/plan-cache-file.js'
import type { PlanCacheStore } from '../plan/cache/plan-cache-store.js'
import { type ExportSpec, loadConfig, type ProjectConfig } from '../config/project-config.js'
import { planFiles } from '../plan/plan-files.js'
import { createCodeFormatter } from '../print/code-formatter.js'
import { byCodeUnit, exportFilePath } from '../plan/output-paths.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import type { KnownText, PlannedFile, PlanResult, RunOptions } from '../model/plan.js'
import { WriteStager } from '../apply/write-plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'
import { loadDeclarationsCached } from './load-declarations-cached.js'

/** Everything `generate` and `check` share: the plan compared with disk, or why there is none. */
export interface ProjectPlan {
  /** Sorted; any error means `ready` is absent. */
  readonly diagnostics: readonly Diagnostic[]
  /** File → text, for code frames. */
  readonly sources: ReadonlyMap<string, string>
  readonly ready?: {
    readonly config: ProjectConfig
    /** The project folder with symbolic links resolved, which writes are checked against. */
    readonly realRoot: string
    readonly plan: PlanResult
    readonly comparison: PlanComparison
    /** The plan cache this plan read and added to; `generate` saves it. */
    readonly cache?: PlanCacheStore
  }
}

/** Config → declarations → plan → compare with disk, reading only; stops after the first stage with errors. */
export async function planProject(options: RunOptions, staging?: StagingRequest): Promise<ProjectPlan> {
  const sources = new Map<string, string>()
  try {
    return await planProjectIn(options, sources, staging)
  } catch (error) {
    // A file-system failure (a link loop, a permission) is a located error, never a crash.
    if (!isFileSystemError(error)) throw error
    return { diagnostics: [fileSystemDiagnostic(options.cwd, error, 'read', '.')], sources }
  }
}

// Staging writes during planning pays off only for many files.
const STAGE_FROM_TOOLS = 50

/** `generate`'s request to stage new files while planning; `planProject` sets `stager`, the caller discards it. */
export interface StagingRequest {
  stager?: WriteStager
}

async function planProjectIn(options: RunOptions, sources: Map<string, string>, staging: StagingRequest | undefined): Promise<ProjectPlan> {
  const diagnostics: Diagnostic[] = []
  const stop = (): ProjectPlan => ({ diagnostics: sortDiagnostics(diagnostics), sources })
  const failed = (): boolean => diagnostics.some((d) => d.severity === 'error')

  const loadedConfig = await loadConfig({ cwd: options.cwd, config: options.config, overrides: { schemas: options.schemas, out: options.out, docs: options.docs } })
  for (const [file, text] of loadedConfig.sources) sources.set(file, text)
  for (const diagnostic of loadedConfig.diagnostics) diagnostics.push(diagnostic)
  const config = loadedConfig.config
  if (config === undefined || failed()) return stop()

  // An unusable cache file reads as empty; without node_modules, or on failure, there is none.
  const cacheNote = (message: string): void => {
    diagnostics.push({ severity: 'warning', code: 'cache-note', message, file: PLAN_CACHE_PATH, line: 1, column: 1 })
  }
  const cache = options.cache === false ? undefined : await readPlanCacheFile(config.cwd, generatorFingerprint, cacheNote).catch(() => undefined)
  const loaded = await loadDeclarationsCached({ cwd: config.cwd, schemas: config.schemas }, cache)
  for (const [file, text] of loaded.sources) sources.set(file, text)
  for (const diagnostic of loaded.diagnostics) diagnostics.push(diagnostic)
  if (failed()) return stop()

  const realRoot = realpathSync(config.cwd)
  const reader = createProjectReader(config.cwd, realRoot)
  // A planner read (a stub) whose stat matches its record comes from the cache; the comparison rechecks the stat.
  const known = cache === undefined ? undefined : knownOutputs(cache)
  const recordedReads = new Map<string, OutputRecord>()
  const recordedTexts = new Map<string, KnownText>()
  // Taken without resolving the path again: any rename, link or write since the record would change its ctime.
  const readRecorded = (file: string): KnownText | undefined => {
    const taken = recordedTexts.get(file)
    if (taken !== undefined || cache === undefined || reader.reads.has(file)) return taken
    const record = known?.get(file)
    if (record === undefined) return undefined
    const stats = statSync(onDisk(config.cwd, file), { bigint: true, throwIfNoEntry: false })
    if (stats === undefined || !stats.isFile() || record.stat !== statText(stats)) return undefined
    const text = cache.text(textKey(record.hash))
    if (text === undefined) return undefined
    recordedReads.set(file, record)
    recordedTexts.set(file, { hash: record.hash, text })
    return { hash: record.hash, text }
  }
  const readFile = async (file: string): Promise<string | undefined> => readRecorded(file)?.text() ?? reader.readFile(file)
  const stager = staging === undefined || loaded.declarations.length < STAGE_FROM_TOOLS ? undefined : (staging.stager = new WriteStager(config.cwd, realRoot))
  let plan: PlanResult
  try {
    plan = await (options.planFiles ?? planFiles)(loaded.declarations, {
      cwd: config.cwd,
      out: config.out,
      docs: config.docs,
      catalogJson: config.catalogJson,
      catalogRegions: config.catalogRegions,
      ...(config.templates === undefined ? {} : { templates: config.templates }),
      readFile,
      readRecorded,
      listFiles: reader.listFiles,
      isFolder: reader.isFolder,
      formatter: createCodeFormatter(config.cwd),
      ...(cache === undefined ? {} : { cache }),
      ...(stager === undefined ? {} : { planned: (file: PlannedFile) => stager.stage(file) }),
    })
  } catch (error) {
    if (!(error instanceof ProjectReadError)) throw error
    diagnostics.push({ severity: 'error', code: 'unreadable-file', message: error.message, file: error.file, line: 1, column: 1 })
    return stop()
  }
  if (config.targets !== undefined) plan = await withExports(plan, loaded.declarations, config.targets, config.catalogJson, sources)
  for (const diagnostic of plan.diagnostics) diagnostics.push(diagnostic)
  // Stubs and catalog pages with problems join the sources, for code frames.
  for (const file of new Set(plan.diagnostics.map((diagnostic) => diagnostic.file))) {
    if (sources.has(file)) continue
    const text = await reader.readFile(file).catch(() => undefined)
    if (text !== undefined) sources.set(file, text)
  }
  if (failed()) return stop()
  diagnostics.push(...checkPlanPaths(config, plan))
  if (failed()) return stop()
  // The whole-plan files are staged while the plan is compared with disk.
  for (const file of plan.files) stager?.stage(file)

  const comparison = await comparePlan(config.cwd, plan, reader.reads, known, recordedReads)
  for (const { path: file, reason, code = 'output-blocked' } of comparison.blocked) {
    diagnostics.push({ severity: 'error', code, message: `cannot write this output: ${reason}`, file, line: 1, column: 1 })
  }
  if (failed()) return stop()
  return { diagnostics: sortDiagnostics(diagnostics), sources, ready: { config, realRoot, plan, comparison, ...(cache === undefined ? {} : { cache }) } }
}

/** The plan plus one export file per configured target and its located losses. */
async function withExports(
  plan: PlanResult,
  declarations: readonly ToolDeclaration[],
  targets: readonly ExportSpec[],
  catalogJson: string,
  sources: ReadonlyMap<string, string>,
): Promise<PlanResult> {
  const { exportDeclarations } = await import('../plan/exports/export-declarations.js')
  const files = [...plan.files]
  const diagnostics = [...plan.diagnostics]
  for (const spec of targets) {
    const exported = exportDeclarations(declarations, spec, sources)
    diagnostics.push(...exported.diagnostics)
    files.push({ path: exportFilePath(catalogJson, spec), content: `${JSON.stringify(exported.result.tools, null, 2)}\n`, owner: 'generator' })
  }
  return { ...plan, files: files.sort((a, b) => byCodeUnit(a.path, b.path)), diagnostics }
}

/** The comparison's output records in the plan cache: `<hash> <length> <stat>` per path, texts by hash. */
function knownOutputs(cache: PlanCacheStore): KnownOutputs {
  // Unhashed: the cache file holds only this build's entries, and a run looks up thousands of records.
  const key = (file: string): string => `output-on-disk\u0000${file}`
  return {
    get(file) {
      const value = cache.get(key(file))
      if (typeof value !== 'string') return undefined
      const first = value.indexOf(' ')
      const second = value.indexOf(' ', first + 1)
      const length = Number(value.slice(first + 1, second))
      return first === -1 || second === -1 || !Number.isSafeInteger(length) ? undefined : { hash: value.slice(0, first), length, stat: value.slice(second + 1) }
    },
    note(file, record) {
      cache.set(key(file), `${record.hash} ${record.length} ${record.stat}`)
    },
    text(hash) {
      const text = cache.get(textKey(hash))
      return typeof text === 'string' ? text : undefined
    },
    noteText(hash, text) {
      cache.set(textKey(hash), text)
    },
    now: BigInt(Date.now()) * 1_000_000n,
  }
}
