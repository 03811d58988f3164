import type { Diagnostic } from '../model/diagnostic.js'
import type { FileDrift } from './run-check.js'

const MESSAGES: Record<FileDrift['status'], string> = {
  stale: 'out of date; run toolsmith generate',
  missing: 'missing; run toolsmith generate',
  deletion: 'no declaration produces this generated file any more; run toolsmith generate to delete it',
  orphan: 'orphaned stub: no declaration produces it any more; delete it or restore its declaration',
  temporary: 'a temporary file an interrupted toolsmith generate left behind; run toolsmith generate to remove it',
}

/** A drifted file as an error at its first changed line (`stale-file`, `missing-file`, `deletion-file`, `orphan-file`, `temporary-file`), for json and github output. */
export function driftDiagnostic(drift: FileDrift): Diagnostic {
  return { severity: 'error', code: `${drift.status}-file`, message: MESSAGES[drift.status], file: drift.path, line: drift.line, column: 1 }
}
