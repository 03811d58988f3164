import { renderFileDiff } from '../apply/render-file-diff.js'
import type { Diagnostic } from '../model/diagnostic.js'
import { planProject } from './plan-project.js'
import type { RunOptions } from '../model/plan.js'

/** One file that is not what `generate` would leave. */
export interface FileDrift {
  readonly path: string
  /** `deletion`: generate would delete it; `orphan`: a stub whose tool is gone; `temporary`: an interrupted run's. */
  readonly status: 'stale' | 'missing' | 'deletion' | 'orphan' | 'temporary'
  /** Unified diff from disk to what generate would leave; '' for an orphan or a temporary. */
  readonly diff: string
  /** 1-based line of the first difference in the file on disk (1 when missing). */
  readonly line: number
}

/** What `check` found. */
export interface CheckOutcome {
  /** 0 every file current; 1 some drift or an export loss for a configured target; 2 invalid input or usage. */
  readonly exitCode: 0 | 1 | 2
  /** Problems with the inputs (errors only on exit 2), sorted. */
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
  /** Every drifted file, in plan order (then deletions, then orphans). */
  readonly drift: readonly FileDrift[]
}

/** `toolsmith check`: the same plan as `generate`, compared with disk; writes nothing, not even the plan cache. */
export async function runCheck(options: RunOptions): Promise<CheckOutcome> {
  const project = await planProject(options)
  if (project.ready === undefined) return { exitCode: 2, diagnostics: project.diagnostics, sources: project.sources, drift: [] }
  const { comparison } = project.ready
  const drift: FileDrift[] = []
  const add = (path: string, status: FileDrift['status'], current: string | undefined, planned: string | undefined): void => {
    const { diff, firstChangedLine } = renderFileDiff(path, current, planned)
    drift.push({ path, status, diff, line: firstChangedLine })
  }
  for (const change of comparison.changes) {
    if (change.status === 'create') add(change.path, 'missing', undefined, change.planned)
    else if (change.status === 'update') add(change.path, 'stale', change.current, change.planned)
  }
  for (const file of comparison.deletions) add(file.path, 'deletion', file.current, undefined)
  // Not diffed: generate keeps an orphan.
  for (const file of comparison.orphans) drift.push({ path: file.path, status: 'orphan', diff: '', line: 1 })
  for (const file of comparison.temporaries ?? []) drift.push({ path: file, status: 'temporary', diff: '', line: 1 })
  // An export loss for a configured target fails the check.
  const lossy = project.diagnostics.some((diagnostic) => diagnostic.code === 'export-loss')
  return { exitCode: drift.length > 0 || lossy ? 1 : 0, diagnostics: project.diagnostics, sources: project.sources, drift }
}

const MESSAGES: Record<FileDrift['status'], string> = {
  stale: 'out of date; run toolsmith generate',
  missing: 'missing; run toolsmith generate',
  deletion: 'no declaration produces this generated file any more; run toolsmith generate to delete it',
  orphan: 'orphaned stub: no declaration produces it any more; delete it or restore its declaration',
  temporary: 'a temporary file an interrupted toolsmith generate left behind; run toolsmith generate to remove it',
}

/** A drifted file as a `<status>-file` error at its first changed line, for json and github output. */
export function driftDiagnostic(drift: FileDrift): Diagnostic {
  return { severity: 'error', code: `${drift.status}-file`, message: MESSAGES[drift.status], file: drift.path, line: drift.line, column: 1 }
}
