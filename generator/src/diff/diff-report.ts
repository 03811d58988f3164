import { type Catalog, surfaceHash } from './catalog-model.js'
import { atLeast, DIFF_LEVELS, type DiffFinding, type DiffLevel } from './diff-checks.js'
import type { AppliedPolicy, IgnoreEntry } from './diff-policy.js'

/** Everything a diff found, as every format prints it; `diffReportJson` gives the published JSON. */
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
  /** Ignore-file lines that matched no finding. */
  readonly unusedIgnores: readonly IgnoreEntry[]
  /** Per tool of either side, by name, its surface hash on each side. */
  readonly tools: readonly { readonly name: string; readonly base: string | null; readonly head: string | null }[]
}

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
    // Lazy: only the JSON and markdown formats print hashes.
    get tools() {
      return (tools ??= names.map((name) => ({ name, base: hash(base, name), head: hash(head, name) })))
    },
  }
}

/** The report as JSON, in a fixed key order, as `schemas/diff.schema.json` describes it. */
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
