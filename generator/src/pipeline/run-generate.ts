import { writePlan } from '../apply/write-plan.js'
import { PLAN_CACHE_PATH, writePlanCacheFile } from '../plan/cache/plan-cache-file.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import { planProject, type StagingRequest } from './plan-project.js'
import type { RunOptions } from '../model/plan.js'

/** What `generate` did. */
export interface GenerateOutcome {
  /** 0 done; 1 a write failed or a file changed meanwhile (others may be written); 2 invalid input, nothing written. */
  readonly exitCode: 0 | 1 | 2
  /** Errors and warnings (orphaned stubs are warnings), sorted. */
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
  /** Files created or replaced because their bytes differed. */
  readonly written: readonly string[]
  /** Planned files already identical on disk. */
  readonly unchanged: number
  readonly deleted: readonly string[]
  /** Author stubs whose tool no longer exists: reported, never deleted. */
  readonly orphans: readonly string[]
}

/** `toolsmith generate`: writes only the changed files (atomically), deletes stale ones, saves the plan cache. */
export async function runGenerate(options: RunOptions): Promise<GenerateOutcome> {
  const staging: StagingRequest = {}
  try {
    return await generate(options, staging)
  } finally {
    // Whatever was staged and not put in place goes.
    await staging.stager?.discard()
  }
}

async function generate(options: RunOptions, staging: StagingRequest): Promise<GenerateOutcome> {
  const project = await planProject(options, staging)
  const nothing = { written: [], unchanged: 0, deleted: [], orphans: [] }
  if (project.ready === undefined) return { exitCode: 2, diagnostics: project.diagnostics, sources: project.sources, ...nothing }
  const { comparison, realRoot, config } = project.ready
  const result = await writePlan(config.cwd, realRoot, comparison, staging.stager)
  const orphans = comparison.orphans.map((file) => file.path)
  const warnings: Diagnostic[] = orphans.map((file) => ({
    severity: 'warning',
    code: 'orphan-stub',
    message: 'no declaration produces this stub any more; it is kept (delete it, or restore its declaration)',
    file,
    line: 1,
    column: 1,
  }))
  for (const file of result.removedTemporaries ?? []) {
    warnings.push({ severity: 'warning', code: 'temporary-removed', message: 'removed a temporary file an interrupted toolsmith generate left behind', file, line: 1, column: 1 })
  }
  const diagnostics = [...project.diagnostics, ...result.diagnostics, ...warnings]
  const failedWrite = result.diagnostics.some((d) => d.code === 'write-failed' || d.code === 'changed-during-run')
  const refused = result.diagnostics.length > 0 && !failedWrite
  // The plan is valid whatever the writes did: its cache is saved unless the run was refused (nothing is written).
  const cache = project.ready.cache
  if (cache !== undefined && cache.changed && !refused) {
    await writePlanCacheFile(config.cwd, cache, (message) => {
      diagnostics.push({ severity: 'warning', code: 'cache-note', message, file: PLAN_CACHE_PATH, line: 1, column: 1 })
    })
  }
  return {
    exitCode: refused ? 2 : failedWrite ? 1 : 0,
    diagnostics: sortDiagnostics(diagnostics),
    sources: project.sources,
    written: result.written,
    unchanged: comparison.changes.filter((change) => change.status === 'unchanged').length,
    deleted: result.deleted,
    orphans,
  }
}
