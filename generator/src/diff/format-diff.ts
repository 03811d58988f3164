import { terminalSafeText } from '../report/format-diagnostics.js'
import { atLeast, type DiffFinding, type DiffLevel } from './diff-checks.js'
import { findingReference, ignoreKey } from './diff-policy.js'
import { byLevel, type DiffReport, diffReportJson } from './diff-report.js'

/** The output formats of `toolsmith diff`. */
export const DIFF_FORMATS = ['text', 'json', 'github', 'markdown', 'junit'] as const

export type DiffFormat = (typeof DIFF_FORMATS)[number]

/** The report in a format: all go to stdout (text is the report itself, not a diagnostic). */
export function formatDiff(report: DiffReport, format: DiffFormat): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(diffReportJson(report), null, 2)}\n`
    case 'github':
      return formatGithub(report)
    case 'markdown':
      return formatMarkdown(report)
    case 'junit':
      return formatJunit(report)
    default:
      return formatText(report)
  }
}

/** A finding as `LEVEL check-id tool#pointer [@target]: message`, exactly the line the ignore file takes. */
export function findingLine(item: DiffFinding): string {
  return `${item.level} ${ignoreKey(item)}: ${oneLine(item.message)}`
}

function locationText(item: DiffFinding): string {
  const at = item.location
  if (at === undefined) return ''
  return `${at.revision === undefined ? '' : `${at.revision}:`}${at.file}:${at.line}:${at.column}`
}

function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
}

function summaryText(report: DiffReport): string {
  const { ERR, WARN, INFO, accepted, suppressed } = report.summary
  const extra = [accepted > 0 ? `${accepted} accepted by the ignore file` : '', suppressed > 0 ? `${suppressed} ignored by the config` : ''].filter((part) => part !== '')
  return `${ERR} ERR, ${WARN} WARN, ${INFO} INFO${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`
}

function formatText(report: DiffReport): string {
  const lines: string[] = []
  for (const item of byLevel(report.findings)) {
    lines.push(terminalSafeText(findingLine(item)))
    if (item.location !== undefined) lines.push(terminalSafeText(`    at ${locationText(item)}`))
    if (item.hint !== undefined) lines.push(terminalSafeText(`    hint: ${item.hint}`))
  }
  for (const entry of report.unusedIgnores) lines.push(terminalSafeText(`note: ignore-file line ${entry.line} matches no finding: ${entry.key}`))
  const verdict = report.failed ? `fails at ${report.failOn}` : `nothing at ${report.failOn} or above`
  lines.push(terminalSafeText(`toolsmith diff ${report.base.label} → ${report.head.label}: ${summaryText(report)}; ${verdict}`))
  return `${lines.join('\n')}\n`
}

function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}

const COMMAND: Record<DiffLevel, string> = { ERR: 'error', WARN: 'warning', INFO: 'notice' }

/** One annotation per finding, at its YAML node on the head side when it has one. */
function formatGithub(report: DiffReport): string {
  const lines = byLevel(report.findings).map((item) => {
    const properties: string[] = []
    const at = item.location
    if (at !== undefined) properties.push(`file=${escapeProperty(at.file)}`, `line=${at.line}`, `col=${at.column}`)
    properties.push(`title=${escapeProperty(`toolsmith diff ${item.id}`)}`)
    return `::${COMMAND[item.level]} ${properties.join(',')}::${escapeData(terminalSafeText(`${findingReference(item)}${item.target === undefined ? '' : ` @${item.target}`}: ${item.message}${item.hint === undefined ? '' : ` (${item.hint})`}`))}`
  })
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`
}

function markdownCell(text: string): string {
  return terminalSafeText(oneLine(text)).replace(/[\\`*_{}[\]<>()#+!|~]/g, (char) => `\\${char}`)
}

/** A summary a bot can post on the pull request: verdict, counts, a table per level, changed surface hashes. */
function formatMarkdown(report: DiffReport): string {
  const out: string[] = []
  const icon = report.failed ? '❌' : '✅'
  out.push(`### ${icon} toolsmith diff: ${summaryText(report)}`, '')
  out.push(`Comparing \`${markdownCell(report.base.label)}\` (base) with \`${markdownCell(report.head.label)}\` (head); fails at ${report.failOn}.`, '')
  const sections: [DiffLevel, string][] = [
    ['ERR', 'Breaking'],
    ['WARN', 'Needs a look'],
    ['INFO', 'Safe'],
  ]
  for (const [level, title] of sections) {
    const items = report.findings.filter((item) => item.level === level)
    if (items.length === 0) continue
    const table = ['| check | tool | where | what changed |', '| --- | --- | --- | --- |']
    for (const item of items) {
      const where = item.location === undefined ? markdownCell(findingReference(item)) : markdownCell(locationText(item))
      table.push(`| \`${item.id}\`${item.target === undefined ? '' : ` (${markdownCell(item.target)})`} | ${markdownCell(item.tool)} | ${where} | ${markdownCell(item.message)}${item.hint === undefined ? '' : ` — ${markdownCell(item.hint)}`} |`)
    }
    const fold = level === 'INFO' && !atLeast('INFO', report.failOn)
    if (fold) out.push(`<details><summary>${title} (${level}): ${items.length}</summary>`, '', ...table, '', '</details>', '')
    else out.push(`#### ${title} (${level}): ${items.length}`, '', ...table, '')
  }
  if (report.findings.length === 0) out.push('No changes to the tool catalog that any check reports.', '')
  const changed = report.tools.filter((tool) => tool.base !== tool.head)
  if (changed.length > 0) {
    out.push('<details><summary>Model-facing surface hashes that changed</summary>', '', '| tool | base | head |', '| --- | --- | --- |')
    for (const tool of changed) out.push(`| ${markdownCell(tool.name)} | ${tool.base === null ? '—' : `\`${tool.base.slice(0, 19)}\``} | ${tool.head === null ? '—' : `\`${tool.head.slice(0, 19)}\``} |`)
    out.push('', '</details>', '')
  }
  if (report.summary.accepted > 0) out.push(`${report.summary.accepted} finding(s) accepted by the ignore file.`, '')
  return `${out.join('\n').trimEnd()}\n`
}

function xml(text: string): string {
  // XML 1.0 has no escape for most control characters: they become U+FFFD.
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** One test case per tool of either side; a tool with findings at the fail-on level fails, listing every finding. */
function formatJunit(report: DiffReport): string {
  const byTool = new Map<string, DiffFinding[]>()
  for (const item of report.findings) byTool.set(item.tool, [...(byTool.get(item.tool) ?? []), item])
  const cases: string[] = []
  let failures = 0
  for (const tool of report.tools) {
    const items = byLevel(byTool.get(tool.name) ?? [])
    const failing = items.filter((item) => atLeast(item.level, report.failOn))
    const body: string[] = []
    if (failing.length > 0) {
      failures++
      body.push(`      <failure message="${xml(`${failing.length} finding(s) at ${report.failOn} or above`)}" type="${xml(failing[0]?.id ?? '')}">${xml(failing.map(findingLine).join('\n'))}</failure>`)
    }
    const rest = items.filter((item) => !failing.includes(item))
    if (rest.length > 0) body.push(`      <system-out>${xml(rest.map(findingLine).join('\n'))}</system-out>`)
    cases.push(body.length === 0 ? `    <testcase classname="toolsmith.diff" name="${xml(tool.name)}"/>` : [`    <testcase classname="toolsmith.diff" name="${xml(tool.name)}">`, ...body, '    </testcase>'].join('\n'))
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolsmith diff" tests="${report.tools.length}" failures="${failures}">`,
    `  <testsuite name="${xml(`toolsmith diff ${report.base.label} → ${report.head.label}`)}" tests="${report.tools.length}" failures="${failures}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
