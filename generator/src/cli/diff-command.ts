import type { Diagnostic } from '../model/diagnostic.js'
import { formatDiagnosticsText } from '../report/format-diagnostics-text.js'
import { DIFF_LEVELS, type DiffLevel } from '../diff/diff-checks.js'
import { type DiffFormat, formatDiff } from '../diff/format-diff.js'
import { runDiff } from '../diff/run-diff.js'
import type { CliIo } from './cli-io.js'

/** What `toolsmith diff` takes from the parsed command line. */
export interface DiffCommandInput {
  readonly sides: readonly string[]
  readonly format: DiffFormat
  readonly failOn: string | undefined
  readonly config: string | undefined
  readonly schemas: string | undefined
}

/**
 * `toolsmith diff [BASE] [HEAD]`: the report in the chosen format on stdout; problems with the input through
 * `diagnostics` (in the same format as every command's). Resolves to the exit code.
 */
export async function runDiffCommand(
  input: DiffCommandInput,
  io: CliIo,
  usageError: (message: string) => number,
  diagnostics: (list: readonly Diagnostic[], sources: ReadonlyMap<string, string>) => void,
): Promise<number> {
  if (input.sides.length > 2) return usageError(`diff takes at most two sides (BASE and HEAD), got ${input.sides.length}`)
  const failOn = input.failOn ?? 'ERR'
  if (!(DIFF_LEVELS as readonly string[]).includes(failOn)) return usageError(`--fail-on must be one of ${DIFF_LEVELS.join(', ')}, not ${JSON.stringify(failOn)}`)
  const [base, head] = input.sides
  const outcome = await runDiff({
    cwd: io.cwd,
    failOn: failOn as DiffLevel,
    ...(base === undefined ? {} : { base }),
    ...(head === undefined ? {} : { head }),
    ...(input.config === undefined ? {} : { config: input.config }),
    ...(input.schemas === undefined ? {} : { schemas: input.schemas }),
  })
  if (outcome.report === undefined) {
    diagnostics(outcome.diagnostics, outcome.sources)
    return outcome.exitCode
  }
  // Warnings beside a report go to stderr as text: stdout holds the report alone, in its format.
  if (outcome.diagnostics.length > 0) io.stderr(formatDiagnosticsText(outcome.diagnostics, outcome.sources, { color: io.color }))
  io.stdout(formatDiff(outcome.report, input.format))
  return outcome.exitCode
}
