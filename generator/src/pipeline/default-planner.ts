import type { PlanFiles } from './run-options.js'

/** The emitters' `planFiles`, loaded on first use. */
export const defaultPlanFiles: PlanFiles = async (declarations, options) => {
  // A computed specifier: the emitters are built in parallel with this package and may not exist yet.
  const specifier = '../emit/plan-files.js'
  const module = (await import(specifier)) as { planFiles: PlanFiles }
  return module.planFiles(declarations, options)
}
