import type { DiffConfig } from '../config/project-config.js'
import type { Diagnostic } from '../model/diagnostic.js'
import { DIFF_LEVELS, type DiffFinding, type DiffLevel, isDiffCheckId } from './diff-checks.js'

/** `tool#pointer`, the pointer in URI-fragment form (RFC 6901 §6) so it has no spaces; the ignore file matches it. */
export function findingReference(item: DiffFinding): string {
  const pointer = item.part === 'tool' ? item.pointer : `/${item.part}${item.pointer}`
  return pointer === '' ? item.tool : `${item.tool}#${fragment(pointer)}`
}

function fragment(pointer: string): string {
  return pointer.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (char) => encodeURIComponent(char))
}

/** What identifies a finding in the ignore file: check id, reference and target; not the level or the message. */
export function ignoreKey(item: DiffFinding): string {
  return `${item.id} ${findingReference(item)}${item.target === undefined ? '' : ` @${item.target}`}`
}

/** One accepted finding of the ignore file. */
export interface IgnoreEntry {
  readonly key: string
  readonly line: number
}

/** Reads the ignore file: a finding per line as the text format prints it; level and message are never compared. */
export function readIgnoreFile(file: string, text: string): { entries: IgnoreEntry[]; diagnostics: Diagnostic[] } {
  const entries: IgnoreEntry[] = []
  const diagnostics: Diagnostic[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const tokens = line.split(/\s+/)
    if ((DIFF_LEVELS as readonly string[]).includes(tokens[0] as string)) tokens.shift()
    const [id, rawReference, rawTarget] = tokens
    const at = (message: string): void => {
      diagnostics.push({ severity: 'error', code: 'diff-ignore-file', message, file, line: index + 1, column: 1 })
    }
    const reference = rawReference?.replace(/:$/, '')
    if (id === undefined || reference === undefined || reference === '') return at('expected a finding as the text format prints it: [LEVEL] check-id tool[#pointer] [@target]: message')
    if (!isDiffCheckId(id)) return at(`unknown diff check ${JSON.stringify(id)}`)
    // `@target` follows the reference only when the reference did not end the finding's name with its colon.
    const target = rawReference?.endsWith(':') === false && rawTarget?.startsWith('@') === true ? ` ${rawTarget.replace(/:$/, '')}` : ''
    entries.push({ key: `${id} ${reference}${target}`, line: index + 1 })
  })
  return { entries, diagnostics }
}

/** The findings after the config and the ignore file. */
export interface AppliedPolicy {
  readonly findings: readonly DiffFinding[]
  readonly accepted: readonly DiffFinding[]
  /** Findings a config setting of `ignore` dropped. */
  readonly suppressed: number
  readonly unusedIgnores: readonly IgnoreEntry[]
}

/** Applies the config's levels (a tool's own setting wins; `ignore` drops the finding) and the ignore file. */
export function applyPolicy(findings: readonly DiffFinding[], config: DiffConfig | undefined, ignores: readonly IgnoreEntry[]): AppliedPolicy {
  const kept: DiffFinding[] = []
  const accepted: DiffFinding[] = []
  let suppressed = 0
  const byKey = new Map<string, IgnoreEntry>()
  for (const entry of ignores) byKey.set(entry.key, entry)
  const used = new Set<IgnoreEntry>()
  for (const item of findings) {
    const setting = config?.tools.get(item.tool)?.get(item.id) ?? config?.checks.get(item.id)
    if (setting === 'ignore') {
      suppressed++
      continue
    }
    const leveled: DiffFinding = setting === undefined ? item : { ...item, level: setting as DiffLevel }
    const entry = byKey.get(ignoreKey(leveled))
    if (entry !== undefined) {
      used.add(entry)
      accepted.push(leveled)
    } else {
      kept.push(leveled)
    }
  }
  return { findings: kept, accepted, suppressed, unusedIgnores: ignores.filter((entry) => !used.has(entry)) }
}
