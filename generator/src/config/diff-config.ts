import { escapeJsonPointerToken } from '@toolsmith/runtime'
import { describeFound } from '../load/describe-found.js'
import { DIFF_LEVELS, type DiffLevel, isDiffCheckId } from '../model/diff-check-ids.js'

/** What the config may set a check to: a level, or `ignore` (the finding is not reported). */
export type DiffCheckSetting = DiffLevel | 'ignore'

/** The `diff` section of the config: check levels globally and per tool, and the ignore file. */
export interface DiffConfig {
  /** Check id → setting, for every tool. */
  readonly checks: ReadonlyMap<string, DiffCheckSetting>
  /** Tool name → check id → setting; wins over `checks`. */
  readonly tools: ReadonlyMap<string, ReadonlyMap<string, DiffCheckSetting>>
  /** The ignore file of accepted findings, relative to the project (default `.toolsmith-diff-ignore`). */
  readonly ignoreFile: string
}

/** The ignore file read when the config names none. */
export const DEFAULT_DIFF_IGNORE_FILE = '.toolsmith-diff-ignore'

const KEYS = ['checks', 'tools', 'ignoreFile']
const SETTINGS: readonly string[] = [...DIFF_LEVELS, 'ignore']

/**
 * Checks and reads the config's `diff` value. `report` receives each problem with a JSON Pointer relative to the
 * `diff` key; `resolvePath` resolves `ignoreFile` (reporting its own problems) as the config's other paths are.
 */
export function readDiffConfig(
  value: unknown,
  report: (pointer: string, code: string, message: string) => void,
  resolvePath: (pointer: string, label: string, value: unknown) => string | undefined,
): DiffConfig {
  const checks = new Map<string, DiffCheckSetting>()
  const tools = new Map<string, Map<string, DiffCheckSetting>>()
  let ignoreFile: string = DEFAULT_DIFF_IGNORE_FILE
  const mapping = (at: string, label: string, item: unknown): Record<string, unknown> | undefined => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) return item as Record<string, unknown>
    report(at, 'config-type', `${label} must be a mapping, found ${describeFound(item)}`)
    return undefined
  }
  const settings = (at: string, label: string, item: unknown, into: Map<string, DiffCheckSetting>): void => {
    const map = mapping(at, label, item)
    if (map === undefined) return
    for (const [id, setting] of Object.entries(map)) {
      const where = `${at}/${escapeJsonPointerToken(id)}`
      if (!isDiffCheckId(id)) report(where, 'config-unknown-key', `unknown diff check ${JSON.stringify(id)}`)
      else if (typeof setting !== 'string' || !SETTINGS.includes(setting)) report(where, 'config-type', `a diff check is set to one of ${SETTINGS.join(', ')}, found ${describeFound(setting)}`)
      else into.set(id, setting as DiffCheckSetting)
    }
  }
  const section = mapping('', '"diff"', value)
  if (section !== undefined) {
    for (const key of Object.keys(section)) {
      if (!KEYS.includes(key)) report(`/${escapeJsonPointerToken(key)}`, 'config-unknown-key', `unknown key ${JSON.stringify(key)} in "diff"; the keys are ${KEYS.join(', ')}`)
    }
    if (Object.hasOwn(section, 'checks')) settings('/checks', '"diff.checks"', section['checks'], checks)
    if (Object.hasOwn(section, 'tools')) {
      const byTool = mapping('/tools', '"diff.tools"', section['tools'])
      for (const [tool, item] of Object.entries(byTool ?? {})) {
        const into = new Map<string, DiffCheckSetting>()
        settings(`/tools/${escapeJsonPointerToken(tool)}`, `"diff.tools.${tool}"`, item, into)
        tools.set(tool, into)
      }
    }
    if (Object.hasOwn(section, 'ignoreFile')) ignoreFile = resolvePath('/ignoreFile', '"diff.ignoreFile"', section['ignoreFile']) ?? ignoreFile
  }
  return { checks, tools, ignoreFile }
}
