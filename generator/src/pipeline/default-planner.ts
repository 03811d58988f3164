import { planFiles } from '../emit/plan-files.js'
import type { PlanFiles } from './run-options.js'

/** The emitters' `planFiles`: what `generate` and `check` use unless a test injects another. */
export const defaultPlanFiles: PlanFiles = planFiles
