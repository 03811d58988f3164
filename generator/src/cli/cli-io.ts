import type { Diagnostic } from '../model/diagnostic.js'
import { type DiagnosticFormat, formatDiagnosticsGithub, formatDiagnosticsJson } from '../report/format-diagnostics.js'
import type { formatDiagnosticsText } from '../report/format-diagnostics-text.js'

/** Where the CLI reads and writes: the process in the bin, buffers in tests. */
export interface CliIo {
  /** Absolute working directory: the project. */
  readonly cwd: string
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Colour the severity labels (a terminal without NO_COLOR, not CI). */
  readonly color: boolean
}

/** Prints in the chosen format: text to stderr; json and github to stdout (machine readers take stdout). */
export class DiagnosticPrinter {
  constructor(
    private readonly io: CliIo,
    private readonly format: DiagnosticFormat,
    /** The text formatter (it loads the code-frame renderer), given only for `--format text`. */
    private readonly formatText: typeof formatDiagnosticsText | undefined,
  ) {}

  /** Prints `list` (nothing in text mode when it is empty). */
  diagnostics(list: readonly Diagnostic[], sources: ReadonlyMap<string, string>): void {
    if (this.format === 'json') this.io.stdout(formatDiagnosticsJson(list))
    else if (this.format === 'github') this.io.stdout(formatDiagnosticsGithub(list))
    else if (list.length > 0 && this.formatText !== undefined) this.io.stderr(this.formatText(list, sources, { color: this.io.color }))
  }

  /** A human summary: stdout in text mode, stderr otherwise (keeps machine output clean). */
  summary(text: string, problem = false): void {
    if (this.format === 'text' && !problem) this.io.stdout(`${text}\n`)
    else this.io.stderr(`${text}\n`)
  }
}
