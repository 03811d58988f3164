import { type Catalog, surfaceHash } from './catalog-model.js'
import { atLeast, DIFF_LEVELS, type DiffFinding, type DiffLevel } from './diff-checks.js'
import type { AppliedPolicy, IgnoreEntry } from './diff-policy.js'

/** Everything a diff found, as every format prints it; `diffReportJson` is the published JSON (schemas/diff.schema.json). */
export interface DiffReport {
  readonly base: { readonly label: string; readonly kind: Catalog['kind'] }
  readonly head: { readonly label: string; readonly kind: Catalog['kind'] }
  readonly failOn: DiffLevel
  /** Some reported finding is at `failOn` or above: the command exits 1. */
  readonly failed: boolean
  readonly summary: { readonly ERR: number; readonly WARN: number; readonly INFO: number; readonly accepted: number; readonly suppressed: number }
  readonly findings: readonly DiffFinding[]
  /** Findings the ignore file accepted (not counted, never failing). */
  readonly accepted: readonly DiffFinding[]
  /** Ignore-file lines that matched no finding (stale, or mistyped). */
  readonly unusedIgnores: readonly IgnoreEntry[]
  /** Per tool of either side (sorted by name), the content hash of its model-facing surface on each side. */
  readonly tools: readonly { readonly name: string; readonly base: string | null; readonly head: string | null }[]
}

/** The report of two sides and what the policy kept. */
export function buildDiffReport(base: Catalog, head: Catalog, applied: AppliedPolicy, failOn: DiffLevel): DiffReport {
  const counts = { ERR: 0, WARN: 0, INFO: 0 }
  for (const item of applied.findings) counts[item.level]++
  const names = [...new Set([...base.tools.keys(), ...head.tools.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const hash = (catalog: Catalog, name: string): string | null => {
    const tool = catalog.tools.get(name)
    return tool === undefined ? null : surfaceHash(tool)
  }
  let tools: DiffReport['tools'] | undefined
  return {
    base: { label: base.label, kind: base.kind },
    head: { label: head.label, kind: head.kind },
    failOn,
    failed: applied.findings.some((item) => atLeast(item.level, failOn)),
    summary: { ...counts, accepted: applied.accepted.length, suppressed: applied.suppressed },
    findings: applied.findings,
    accepted: applied.accepted,
    unusedIgnores: applied.unusedIgnores,
    // Hashed when a format first asks (JSON, markdown): the text, GitHub and JUnit formats print no hashes.
    get tools() {
      return (tools ??= names.map((name) => ({ name, base: hash(base, name), head: hash(head, name) })))
    },
  }
}

/** The JSON value of a report, in a fixed key order (`schemas/diff.schema.json` describes it). */
export function diffReportJson(report: DiffReport): object {
  const finding = (item: DiffFinding): object => ({
    id: item.id,
    level: item.level,
    tool: item.tool,
    part: item.part,
    pointer: item.pointer,
    message: item.message,
    ...(item.target === undefined ? {} : { target: item.target }),
    ...(item.base === undefined ? {} : { base: item.base }),
    ...(item.head === undefined ? {} : { head: item.head }),
    ...(item.hint === undefined ? {} : { hint: item.hint }),
    ...(item.location === undefined ? {} : { location: item.location }),
  })
  return {
    version: 1,
    base: report.base,
    head: report.head,
    failOn: report.failOn,
    failed: report.failed,
    summary: report.summary,
    findings: report.findings.map(finding),
    accepted: report.accepted.map(finding),
    unusedIgnores: report.unusedIgnores.map((entry) => ({ line: entry.line, finding: entry.key })),
    tools: report.tools,
  }
}

/** Findings from the most severe level down, keeping their order within a level. */
export function byLevel(findings: readonly DiffFinding[]): DiffFinding[] {
  return DIFF_LEVELS.flatMap((level) => findings.filter((item) => item.level === level))
}
