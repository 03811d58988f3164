import type { PlanOptions, PlanResult } from '../model/plan.js'
import type { ToolDeclaration } from '../model/tool-declaration.js'

/** The planner: every output file of the declarations, in memory (`planFiles` of the emitters). */
export type PlanFiles = (declarations: readonly ToolDeclaration[], options: PlanOptions) => Promise<PlanResult>

/** Options shared by `runGenerate` and `runCheck` (the CLI's flags, programmatically). */
export interface RunOptions {
  /** Absolute project folder; configured paths must stay inside it. */
  readonly cwd: string
  /** `--config FILE`, relative to `cwd`. */
  readonly config?: string
  /** `--schemas`, `--out`, `--docs`: override the config file. */
  readonly schemas?: string
  readonly out?: string
  readonly docs?: string
  /** Replaces the emitters' planner (tests). */
  readonly planFiles?: PlanFiles
  /**
   * `false` (`--no-cache`): plan everything afresh, neither reading nor saving the plan cache in
   * `node_modules/.cache/toolsmith/`. Default `true`: `generate` reads and saves it, `check` only reads it.
   */
  readonly cache?: boolean
}
