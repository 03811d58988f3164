#!/usr/bin/env node
// The `toolsmith` bin: the process's arguments, streams and exit code around runCli.
import { runCli } from './run-cli.js'

const color = process.stderr.isTTY === true && process.env['NO_COLOR'] === undefined && process.env['CI'] === undefined
try {
  process.exitCode = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    color,
  })
} catch (error) {
  process.stderr.write(`toolsmith: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exitCode = 2
}
