import { canonicalJson } from './canonical-json.js'
import type { Catalog, CatalogTool } from './catalog-model.js'
import { compareSchemas } from './compare-schemas.js'
import { consequence, defaultLevel, type DiffCheckId, type DiffFinding, type DiffPart, schemaCheckId } from './diff-checks.js'

/** One side's tools as an export target lowers them, and the tools it cannot export. */
export interface LoweredCatalog {
  readonly tools: ReadonlyMap<string, { readonly parameters: unknown; readonly output?: unknown }>
  readonly unexportable: ReadonlyMap<string, string>
}

/** Lowers a side for a target (the provider exports); the diff runs the same checks on what it returns. */
export type LowerCatalog = (catalog: Catalog, target: string) => LoweredCatalog

/**
 * Every finding between two sides, sorted, at the checks' default levels (config and ignore file apply later). With
 * `targets`, the schema checks rerun on each target's lowered schemas, without repeating a declared-schema finding.
 */
export function compareCatalogs(base: Catalog, head: Catalog, options: { readonly targets?: readonly string[]; readonly lower?: LowerCatalog } = {}): DiffFinding[] {
  const findings: DiffFinding[] = []
  const removed: CatalogTool[] = []
  const added: CatalogTool[] = []
  for (const [name, before] of base.tools) {
    const after = head.tools.get(name)
    if (after === undefined) removed.push(before)
    else compareTool(before, after, findings)
  }
  for (const [name, after] of head.tools) if (!base.tools.has(name)) added.push(after)
  // A removal whose schemas match an addition is probably a rename: hinted once, on the removal.
  const bySchemas = new Map<string, string[]>()
  for (const tool of added) {
    const key = schemasKey(tool)
    bySchemas.set(key, [...(bySchemas.get(key) ?? []), tool.name])
  }
  for (const tool of removed) {
    const twins = bySchemas.get(schemasKey(tool))
    findings.push(
      finding('tool-removed', tool.name, 'tool', '', `tool ${JSON.stringify(tool.name)} removed: every caller of it breaks`, {
        ...(twins === undefined ? {} : { hint: `renamed to ${twins.map((name) => JSON.stringify(name)).join(' or ')}? its parameter and output schemas match` }),
      }),
    )
  }
  for (const tool of added) findings.push(finding('tool-added', tool.name, 'tool', '', `tool ${JSON.stringify(tool.name)} added`))
  if (options.targets !== undefined && options.lower !== undefined) {
    const seen = new Set(findings.map(findingKey))
    for (const target of options.targets) {
      const lowBase = options.lower(base, target)
      const lowHead = options.lower(head, target)
      for (const [name] of head.tools) {
        if (!base.tools.has(name)) continue
        const whyHead = lowHead.unexportable.get(name)
        const whyBase = lowBase.unexportable.get(name)
        if (whyHead !== undefined && whyBase === undefined) {
          findings.push(finding('target-unexportable', name, 'tool', '', `tool ${JSON.stringify(name)} can no longer be exported to ${target}: ${whyHead}`, { target }))
        } else if (whyHead === undefined && whyBase !== undefined) {
          findings.push(finding('target-exportable', name, 'tool', '', `tool ${JSON.stringify(name)} can now be exported to ${target}`, { target }))
        }
        const before = lowBase.tools.get(name)
        const after = lowHead.tools.get(name)
        if (before === undefined || after === undefined) continue
        const lowered: DiffFinding[] = []
        compareParts(name, before.parameters, after.parameters, 'parameters', lowered)
        if (before.output !== undefined && after.output !== undefined) compareParts(name, before.output, after.output, 'output', lowered)
        for (const item of lowered) if (!seen.has(findingKey(item))) findings.push({ ...item, target, message: `${item.message} (as lowered for ${target})` })
      }
    }
  }
  return findings.sort(compareFindings)
}

function schemasKey(tool: CatalogTool): string {
  return `${canonicalJson(tool.parameters)}\n${canonicalJson(tool.output ?? null)}`
}

function findingKey(item: DiffFinding): string {
  return `${item.id}\n${item.tool}\n${item.pointer}`
}

/** Print order: by tool, then tool-level, parameters, output, then pointer and id. */
export function compareFindings(a: DiffFinding, b: DiffFinding): number {
  const parts: DiffPart[] = ['tool', 'parameters', 'output']
  return (
    compareText(a.tool, b.tool) ||
    parts.indexOf(a.part) - parts.indexOf(b.part) ||
    compareText(a.target ?? '', b.target ?? '') ||
    compareText(a.pointer, b.pointer) ||
    compareText(a.id, b.id)
  )
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function finding(id: DiffCheckId, tool: string, part: DiffPart, pointer: string, message: string, extra: Partial<DiffFinding> = {}): DiffFinding {
  return { id, level: defaultLevel(id), tool, part, pointer, message, ...extra }
}

function compareTool(before: CatalogTool, after: CatalogTool, out: DiffFinding[]): void {
  const name = before.name
  const quoted = JSON.stringify(name)
  if (before.description !== after.description) {
    out.push(
      finding('description-changed', name, 'tool', '', `the description of ${quoted} changed: the model is told something else. Before: ${JSON.stringify(before.description)} After: ${JSON.stringify(after.description)}`, {
        base: before.description,
        head: after.description,
      }),
    )
  }
  if (before.annotations.title !== after.annotations.title) {
    out.push(
      finding('title-changed', name, 'tool', '', `the title of ${quoted} changed. Before: ${JSON.stringify(before.annotations.title ?? null)} After: ${JSON.stringify(after.annotations.title ?? null)}`, {
        base: before.annotations.title ?? null,
        head: after.annotations.title ?? null,
      }),
    )
  }
  // [key, the safer value, ...]: moving away from the safer value relaxes what callers relied on.
  const hints: [keyof Omit<CatalogTool['annotations'], 'title'>, boolean, DiffCheckId, DiffCheckId][] = [
    ['readOnly', true, 'read-only-relaxed', 'read-only-tightened'],
    ['destructive', false, 'destructive-relaxed', 'destructive-tightened'],
    ['idempotent', true, 'idempotent-relaxed', 'idempotent-tightened'],
    ['openWorld', false, 'open-world-relaxed', 'open-world-tightened'],
  ]
  for (const [key, safe, relaxed, tightened] of hints) {
    const was = before.annotations[key]
    const is = after.annotations[key]
    if (was === is) continue
    const id = was === safe ? relaxed : tightened
    out.push(finding(id, name, 'tool', `/annotations/${key}`, `${key} of ${quoted} went from ${was} to ${is}${id === relaxed ? ': hosts that trusted the hint (auto-approval, retries, caching) now rely on a promise the tool no longer makes' : ''}`, { base: was, head: is }))
  }
  if (before.approval !== after.approval) {
    const id = before.approval === 'always' ? 'approval-relaxed' : 'approval-tightened'
    out.push(finding(id, name, 'tool', '/approval', `approval of ${quoted} went from ${before.approval} to ${after.approval}${id === 'approval-relaxed' ? ': calls now run without asking the user' : ''}`, { base: before.approval, head: after.approval }))
  }
  if (before.timeoutMs !== after.timeoutMs) {
    const longer = after.timeoutMs === undefined || (before.timeoutMs !== undefined && after.timeoutMs > before.timeoutMs)
    const text = (ms: number | undefined): string => (ms === undefined ? 'none' : `${ms} ms`)
    out.push(
      finding(longer ? 'timeout-longer' : 'timeout-shorter', name, 'tool', '/timeoutMs', `timeoutMs of ${quoted} went from ${text(before.timeoutMs)} to ${text(after.timeoutMs)}${longer ? ': a call may now hold its caller longer' : ''}`, {
        base: before.timeoutMs ?? null,
        head: after.timeoutMs ?? null,
      }),
    )
  }
  if (before.concurrencySafe !== after.concurrencySafe) {
    const id = after.concurrencySafe ? 'concurrency-relaxed' : 'concurrency-tightened'
    out.push(finding(id, name, 'tool', '/concurrencySafe', `concurrencySafe of ${quoted} went from ${before.concurrencySafe} to ${after.concurrencySafe}${id === 'concurrency-relaxed' ? ': calls may now run in parallel with others' : ''}`, { base: before.concurrencySafe, head: after.concurrencySafe }))
  }
  compareParts(name, before.parameters, after.parameters, 'parameters', out)
  if (before.output !== undefined || after.output !== undefined) compareParts(name, before.output, after.output, 'output', out)
}

function compareParts(name: string, before: unknown, after: unknown, part: 'parameters' | 'output', out: DiffFinding[]): void {
  for (const change of compareSchemas(before, after)) {
    const id = schemaCheckId(part, change)
    const level = defaultLevel(id)
    const where = `${JSON.stringify(name)} ${part}${change.pointer === '' ? '' : ` at ${change.pointer}`}`
    const texts =
      change.kind === 'description-changed' || change.kind === 'title-changed' || change.kind === 'default-changed' || change.kind === 'examples-changed'
        ? `. Before: ${JSON.stringify(change.base ?? null)} After: ${JSON.stringify(change.head ?? null)}`
        : ''
    const whom = consequence(part, level)
    out.push({
      id,
      level,
      tool: name,
      part,
      pointer: change.pointer,
      message: `${where}: ${change.detail}${texts}${whom === '' ? '' : `; ${whom}`}`,
      ...(change.base === undefined ? {} : { base: change.base }),
      ...(change.head === undefined ? {} : { head: change.head }),
    })
  }
}
