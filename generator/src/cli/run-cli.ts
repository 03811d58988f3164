import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { COMMAND_LINE, type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import type { RunOptions } from '../model/plan.js'
import { DIAGNOSTIC_FORMATS, type DiagnosticFormat, formatDiagnosticsGithub, formatDiagnosticsJson } from '../report/format-diagnostics.js'
import { type CliIo, DiagnosticPrinter } from './cli-io.js'
import { DIFF_FORMATS, type DiffFormat } from '../diff/format-diff.js'
import { USAGE } from './usage.js'

// Start-up: only light modules load statically, so --help, --version and usage errors print without
// loading the pipeline. Each command imports what it needs (YAML, prettier, json-schema-to-typescript,
// handlebars, the code frame; ts-morph only when a stub exists to merge) when it runs.

/** Extra wiring for programmatic and test use. */
export interface CliOverrides {
  /** Replaces the emitters' planner. */
  readonly planFiles?: RunOptions['planFiles']
}

const OPTIONS = {
  config: { type: 'string' },
  schemas: { type: 'string' },
  out: { type: 'string' },
  docs: { type: 'string' },
  format: { type: 'string' },
  'no-cache': { type: 'boolean' },
  'fail-on': { type: 'string' },
  target: { type: 'string' },
  strict: { type: 'boolean' },
  from: { type: 'string' },
  partial: { type: 'boolean' },
  tools: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

/** Runs the `toolsmith` command line; resolves to the exit code (0, 1 or 2) and never throws for bad input. */
export async function runCli(argv: readonly string[], io: CliIo, overrides: CliOverrides = {}): Promise<number> {
  // A usage error is printed in the format asked for, when it can be told (`--format json` or `github`), so a tool
  // reading the output gets it in the shape it parses.
  const asked = requestedFormat(argv)
  const usageError = (message: string): number => {
    const diagnostic: Diagnostic = { severity: 'error', code: 'usage', message, file: COMMAND_LINE, line: 1, column: 1 }
    if (asked === 'json') io.stdout(formatDiagnosticsJson([diagnostic]))
    else if (asked === 'github') io.stdout(formatDiagnosticsGithub([diagnostic]))
    io.stderr(`toolsmith: ${message}\nRun "toolsmith --help" for usage.\n`)
    return 2
  }
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    return usageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help === true) {
    io.stdout(USAGE)
    return 0
  }
  if (values.version === true) {
    io.stdout(`${version()}\n`)
    return 0
  }
  const format = values.format ?? 'text'
  const diffFormat = positionals[0] === 'diff' && (DIFF_FORMATS as readonly string[]).includes(format)
  if (positionals[0] === 'diff' && !diffFormat) return usageError(`--format must be one of ${DIFF_FORMATS.join(', ')} for diff, not ${JSON.stringify(format)}`)
  if (!diffFormat && !(DIAGNOSTIC_FORMATS as readonly string[]).includes(format)) {
    return usageError(`--format must be one of ${DIAGNOSTIC_FORMATS.join(', ')}, not ${JSON.stringify(format)}`)
  }
  const [command, ...rest] = positionals
  const run: RunOptions = {
    cwd: io.cwd,
    ...(values.config === undefined ? {} : { config: values.config }),
    ...(values.schemas === undefined ? {} : { schemas: values.schemas }),
    ...(values.out === undefined ? {} : { out: values.out }),
    ...(values.docs === undefined ? {} : { docs: values.docs }),
    ...(overrides.planFiles === undefined ? {} : { planFiles: overrides.planFiles }),
    ...(values['no-cache'] === true ? { cache: false } : {}),
  }
  if (values['fail-on'] !== undefined && command !== 'diff') return usageError('--fail-on applies only to diff')
  const formatText = format === 'text' || diffFormat ? (await import('../report/format-diagnostics-text.js')).formatDiagnosticsText : undefined
  const printer = new DiagnosticPrinter(io, (diffFormat && format !== 'json' && format !== 'github' ? 'text' : format) as DiagnosticFormat, formatText)
  switch (command) {
    case undefined:
      return usageError('missing command (generate, check or new)')
    case 'generate': {
      if (rest.length > 0) return usageError(`generate takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      const { runGenerate } = await import('../pipeline/run-generate.js')
      const outcome = await runGenerate(run)
      printer.diagnostics(outcome.diagnostics, outcome.sources)
      if (outcome.exitCode !== 2) {
        const lines = [...outcome.written.map((file) => `  wrote ${file}`), ...outcome.deleted.map((file) => `  deleted ${file}`)]
        const summary = `toolsmith generate: ${outcome.written.length} written, ${outcome.unchanged} unchanged, ${outcome.deleted.length} deleted`
        printer.summary([...lines, summary].join('\n'))
      }
      return outcome.exitCode
    }
    case 'check': {
      if (rest.length > 0) return usageError(`check takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      const { driftDiagnostic, runCheck } = await import('../pipeline/run-check.js')
      const outcome = await runCheck(run)
      // Text shows the diffs themselves; machine formats get one located error per drifted file.
      const drifted = format === 'text' ? [] : outcome.drift.map(driftDiagnostic)
      printer.diagnostics(sortDiagnostics([...outcome.diagnostics, ...drifted]), outcome.sources)
      if (format !== 'json') for (const drift of outcome.drift) if (drift.diff !== '') io.stdout(drift.diff.endsWith('\n') ? drift.diff : `${drift.diff}\n`)
      if (outcome.exitCode === 1) {
        const differ = outcome.drift.filter((drift) => drift.status !== 'orphan')
        const orphans = outcome.drift.filter((drift) => drift.status === 'orphan')
        const list = (drifts: typeof differ): string => drifts.map((drift) => `\n  ${drift.status.padEnd(8)} ${drift.path}`).join('')
        const lines = [
          ...(differ.length > 0 ? [`${differ.length} file(s) differ from what generate would leave:${list(differ)}`] : []),
          ...(orphans.length > 0 ? [`${orphans.length} orphaned stub(s): no declaration produces them (generate keeps them); delete each or restore its declaration:${list(orphans)}`] : []),
        ]
        printer.summary(`toolsmith check: ${lines.join('\n')}`, true)
      } else if (outcome.exitCode === 0) {
        printer.summary('toolsmith check: every generated file is current')
      }
      return outcome.exitCode
    }
    case 'new': {
      if (rest.length !== 1) return usageError('new takes exactly one tool name')
      const [{ loadConfig }, { createDeclaration }] = await Promise.all([import('../config/load-config.js'), import('./create-declaration.js')])
      const loaded = await loadConfig({ cwd: io.cwd, ...(run.config === undefined ? {} : { config: run.config }), overrides: { ...(run.schemas === undefined ? {} : { schemas: run.schemas }) } })
      if (loaded.config === undefined) {
        printer.diagnostics(loaded.diagnostics, loaded.sources)
        return 2
      }
      const created = await createDeclaration(loaded.config, rest[0] as string)
      if (!created.ok) return usageError(created.message)
      printer.summary(`created ${created.file}; describe the tool, then run toolsmith generate`)
      return 0
    }
    case 'diff': {
      const input = { sides: rest, format: format as DiffFormat, failOn: values['fail-on'], config: values.config, schemas: values.schemas }
      const { runDiffCommand } = await import('./diff-command.js')
      return runDiffCommand(input, io, usageError, (list, sources) => printer.diagnostics(list, sources))
    }
    case 'export': {
      if (rest.length > 0) return usageError(`export takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      if (values.target === undefined) return usageError('export needs --target openai-chat|openai-responses|anthropic|gemini|mcp')
      const { runExport } = await import('./run-export.js')
      const outcome = await runExport({
        cwd: io.cwd,
        target: values.target,
        strict: values.strict === true,
        ...(values.out === undefined ? {} : { out: values.out }),
        ...(values.config === undefined ? {} : { config: values.config }),
        ...(values.schemas === undefined ? {} : { schemas: values.schemas }),
      })
      // The export itself is the output on stdout: machine-format diagnostics then go to stderr.
      const exportPrinter = outcome.text === undefined ? printer : new DiagnosticPrinter({ ...io, stdout: io.stderr }, format as DiagnosticFormat, formatText)
      exportPrinter.diagnostics(outcome.diagnostics, outcome.sources)
      if (outcome.text !== undefined) io.stdout(outcome.text)
      const lost = `${outcome.losses} lossy step(s)`
      if (outcome.exitCode === 0) io.stderr(`toolsmith export: ${outcome.written === undefined ? '' : `wrote ${outcome.written}; `}${lost}\n`)
      else if (outcome.exitCode === 1 && outcome.losses > 0 && values.strict === true) io.stderr(`toolsmith export: ${lost} under --strict; nothing written\n`)
      return outcome.exitCode
    }
    case 'import': {
      const { runImportCommand } = await import('./run-import-command.js')
      return runImportCommand({ rest, from: values.from, partial: values.partial === true, config: run.config, schemas: run.schemas }, io, printer, usageError)
    }
    case 'mcp': {
      if (rest.length > 0) return usageError(`mcp takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      if (values.tools === undefined) return usageError('mcp needs --tools MODULE (a compiled ES module exporting `tools`)')
      const { startMcpCommand } = await import('./mcp-command.js')
      const started = await startMcpCommand(values.tools, io, version())
      if (!started.ok) return usageError(started.message)
      await started.closed
      return 0
    }
    default:
      return usageError(`unknown command ${JSON.stringify(command)}`)
  }
}

function version(): string {
  // generator/{src,dist}/cli/ → generator/package.json
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}

/** The `--format` the raw arguments ask for, read leniently (the arguments may not parse). */
function requestedFormat(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--format') return argv[i + 1]
    if (arg.startsWith('--format=')) return arg.slice('--format='.length)
  }
  return undefined
}
