/** Where the CLI reads and writes: the process in the bin, buffers in tests. */
export interface CliIo {
  /** Absolute working directory: the project. */
  readonly cwd: string
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  /** Colour the severity labels (a terminal without NO_COLOR, not CI). */
  readonly color: boolean
}
