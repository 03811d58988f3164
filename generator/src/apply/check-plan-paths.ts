import type { ProjectConfig } from '../config/project-config.js'
import { exportFilePath } from '../emit/exports/export-declarations.js'
import type { Diagnostic } from '../model/diagnostic.js'
import type { PlanResult } from '../model/plan.js'
import { isPlainPathInside } from '../base/project-files.js'

/**
 * Confines the plan before anything is compared or written: every planned file must be the catalog,
 * the catalog JSON, a configured region file, a configured target's export, or plainly inside `out` (no `..`, no absolute path,
 * no backslash); deletions and orphans must be inside `out`; no path may be planned twice. Whatever
 * a tool name or a planner bug produces, nothing outside those places can be touched.
 */
export function checkPlanPaths(config: ProjectConfig, plan: PlanResult): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const exact = new Set([config.docs, config.catalogJson, ...config.catalogRegions, ...(config.targets ?? []).map((spec) => exportFilePath(config.catalogJson, spec))])
  const refuse = (file: string, code: string, message: string): void => {
    diagnostics.push({ severity: 'error', code, message, file, line: 1, column: 1 })
  }
  const seen = new Set<string>()
  for (const file of plan.files) {
    if (seen.has(file.path)) refuse(file.path, 'plan-duplicate-path', 'the plan writes this file twice')
    seen.add(file.path)
    if (!exact.has(file.path) && !isPlainPathInside(config.out, file.path)) {
      refuse(file.path, 'plan-path-outside', `refusing to write outside the output folder ${JSON.stringify(config.out)} and the configured catalogs`)
    }
  }
  for (const [list, what] of [[plan.deletions, 'delete'], [plan.orphans, 'report']] as const) {
    for (const file of list) {
      if (!isPlainPathInside(config.out, file)) refuse(file, 'plan-path-outside', `refusing to ${what} a file outside the output folder ${JSON.stringify(config.out)}`)
      if (seen.has(file)) refuse(file, 'plan-duplicate-path', `the plan both writes and would ${what} this file`)
    }
  }
  return diagnostics
}
