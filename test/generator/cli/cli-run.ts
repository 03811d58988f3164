import { type CliOverrides, runCli } from '../../../generator/src/cli/run-cli.js'

/** What one CLI run printed and how it exited. */
export interface CliRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs the `toolsmith` command line in `cwd` with buffered streams and no colour. */
export async function runCliIn(cwd: string, argv: readonly string[], overrides: CliOverrides = {}): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { cwd, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), color: false }, overrides)
  return { code, stdout, stderr }
}
