import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { ProjectConfig } from '../config/project-config.js'
import type { DiffFormat } from '../diff/format-diff.js'
import type { ImportFormat } from '../import/read-source-tools.js'
import { COMMAND_LINE, type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import { DIFF_LEVELS, type DiffLevel } from '../model/diff-check-ids.js'
import type { RunOptions } from '../model/plan.js'
import { DIAGNOSTIC_FORMATS, type DiagnosticFormat, formatDiagnosticsGithub, formatDiagnosticsJson, formatDiagnosticsText } from '../report/format-diagnostics.js'

// Only light modules load statically: each command imports what it needs when it runs.

/** Where the CLI reads and writes: the process in the bin, buffers in tests. */
export interface CliIo {
  /** Absolute project directory. */
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
  ) {}

  diagnostics(list: readonly Diagnostic[], sources: ReadonlyMap<string, string>): void {
    if (this.format === 'json') this.io.stdout(formatDiagnosticsJson(list))
    else if (this.format === 'github') this.io.stdout(formatDiagnosticsGithub(list))
    else if (list.length > 0) this.io.stderr(formatDiagnosticsText(list, sources, { color: this.io.color }))
  }

  /** A human summary: stdout in text mode, stderr otherwise (keeps machine output clean). */
  summary(text: string, problem = false): void {
    if (this.format === 'text' && !problem) this.io.stdout(`${text}\n`)
    else this.io.stderr(`${text}\n`)
  }
}

export const USAGE = `Usage: toolsmith <command> [options]

Commands:
  generate          write the tool stubs, generated types, index and catalogs; only changed files
  check             write nothing; exit 1 with a unified diff when any file is stale, missing or orphaned,
                    or when a declaration loses something for a configured target (export-loss)
  new <name>        create <schemas>/<name>.tool.yaml, a starter declaration (never overwrites)
  diff [BASE] [HEAD]
                    breaking-change checks of the tool catalog between two sides, each a catalog.json,
                    a folder of declarations or a git revision (HEAD: the working tree; BASE: the merge
                    base with the default branch); --fail-on ERR|WARN|INFO (default ERR);
                    --format text|json|github|markdown|junit; writes nothing
  export --target T write the tools lowered for T (openai-chat, openai-responses, anthropic, gemini, mcp,
                    mcp@2025-11-25, mcp@2026-07-28; T-strict for strict tool use) as JSON, exactly the
                    provider's field, to stdout or --out FILE, and report every lossy step
                    (--strict: exit 1 on any loss, writing nothing)
  import --from F FILE
                    turn the tool declarations in FILE into <schemas>/*.tool.yaml; F is openai, anthropic,
                    gemini, mcp, jsonschema or bfcl; nothing is written when any tool is refused unless
                    --partial (never overwrites: a taken name gets a _2 suffix)
  mcp --tools MODULE
                    serve MODULE's \`tools\` (a compiled ES module, e.g. the generated index) over stdio
                    as an MCP server; MODULE may also export configure(runtime)

Options:
  --config FILE     config file (default: toolsmith.config.yaml in the working directory)
  --schemas DIR     declarations folder (default: schemas)
  --out DIR         TypeScript output folder (default: src/tools); export: the file to write
  --docs FILE       catalog Markdown file (default: docs/tools.md)
  --format FORMAT   how problems are printed: text (default), json or github
                    (diff also markdown and junit)
  --no-cache        plan everything afresh: neither read nor save the plan cache
                    (node_modules/.cache/toolsmith/, kept by generate when node_modules exists;
                    check only reads it)
  --fail-on LEVEL   diff: the lowest level that fails the run: ERR (default), WARN or INFO
  --target T        export: the target (see export above)
  --strict          export: exit 1 on any loss, writing nothing
  --from FORMAT     import: the input's format
  --partial         import: write the tools that import even when others are refused (exit 1)
  --tools MODULE    mcp: the compiled ES module whose \`tools\` to serve
  -h, --help        show this help
  -v, --version     print the version

Exit codes: 0 done or current; 1 check found drift or an export loss, or a write failed; 2 invalid input or usage.
diff: 0 nothing at the --fail-on level, 1 something is, 2 invalid input or usage.
export: 0 exported; 1 a loss under --strict, or the write failed; 2 invalid input or a tool the target refuses.
`

/** Extra wiring for programmatic and test use. */
export interface CliOverrides {
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
  // A usage error also goes out in the format asked for, when it can be told, so a machine reader can parse it.
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
  const diffFormats: readonly string[] = positionals[0] === 'diff' ? (await import('../diff/format-diff.js')).DIFF_FORMATS : []
  const diffFormat = positionals[0] === 'diff' && diffFormats.includes(format)
  if (positionals[0] === 'diff' && !diffFormat) return usageError(`--format must be one of ${diffFormats.join(', ')} for diff, not ${JSON.stringify(format)}`)
  if (!diffFormat && !(DIAGNOSTIC_FORMATS as readonly string[]).includes(format)) {
    return usageError(`--format must be one of ${DIAGNOSTIC_FORMATS.join(', ')}, not ${JSON.stringify(format)}`)
  }
  const [command, ...rest] = positionals
  const run: RunOptions = {
    cwd: io.cwd,
    ...defined({ config: values.config, schemas: values.schemas, out: values.out, docs: values.docs, planFiles: overrides.planFiles }),
    ...(values['no-cache'] === true ? { cache: false } : {}),
  }
  if (values['fail-on'] !== undefined && command !== 'diff') return usageError('--fail-on applies only to diff')
  const printer = new DiagnosticPrinter(io, (diffFormat && format !== 'json' && format !== 'github' ? 'text' : format) as DiagnosticFormat)
  switch (command) {
    case undefined:
      return usageError('missing command (generate, check, diff, new, export, import or mcp)')
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
        const lossy = new Set(outcome.diagnostics.filter((diagnostic) => diagnostic.code === 'export-loss').map((diagnostic) => diagnostic.file)).size
        const losses = `${lossy} declaration${lossy === 1 ? '' : 's'} lose${lossy === 1 ? 's' : ''} something for a configured target (export-loss above)`
        const lines = [
          ...(differ.length > 0 ? [`${differ.length} file(s) differ from what generate would leave:${list(differ)}`] : []),
          ...(orphans.length > 0 ? [`${orphans.length} orphaned stub(s): no declaration produces them (generate keeps them); delete each or restore its declaration:${list(orphans)}`] : []),
          ...(lossy === 0 ? [] : outcome.drift.length === 0 ? [`every generated file is current, but ${losses}`] : [losses]),
        ]
        printer.summary(`toolsmith check: ${lines.join('\n')}`, true)
      } else if (outcome.exitCode === 0) {
        printer.summary('toolsmith check: every generated file is current')
      }
      return outcome.exitCode
    }
    case 'new': {
      if (rest.length !== 1) return usageError('new takes exactly one tool name')
      const config = await projectConfig(io.cwd, run.config, run.schemas, printer)
      if (config === undefined) return 2
      const { createDeclaration } = await import('./commands.js')
      const created = await createDeclaration(config, rest[0] as string)
      if (!created.ok) return usageError(created.message)
      printer.summary(`created ${created.file}; describe the tool, then run toolsmith generate`)
      return 0
    }
    case 'diff': {
      const input = { sides: rest, format: format as DiffFormat, failOn: values['fail-on'], config: values.config, schemas: values.schemas }
      return runDiffCommand(input, io, usageError, (list, sources) => printer.diagnostics(list, sources))
    }
    case 'export': {
      if (rest.length > 0) return usageError(`export takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      if (values.target === undefined) return usageError('export needs --target openai-chat|openai-responses|anthropic|gemini|mcp')
      const { runExport } = await import('./commands.js')
      const outcome = await runExport({ cwd: io.cwd, target: values.target, strict: values.strict === true, ...defined({ out: values.out, config: values.config, schemas: values.schemas }) })
      // The export itself is the output on stdout: machine-format diagnostics then go to stderr.
      const exportPrinter = outcome.text === undefined ? printer : new DiagnosticPrinter({ ...io, stdout: io.stderr }, format as DiagnosticFormat)
      exportPrinter.diagnostics(outcome.diagnostics, outcome.sources)
      if (outcome.text !== undefined) io.stdout(outcome.text)
      const lost = `${outcome.losses} lossy step(s)`
      if (outcome.exitCode === 0) io.stderr(`toolsmith export: ${outcome.written === undefined ? '' : `wrote ${outcome.written}; `}${lost}\n`)
      else if (outcome.exitCode === 1 && outcome.losses > 0 && values.strict === true) io.stderr(`toolsmith export: ${lost} under --strict; nothing written\n`)
      return outcome.exitCode
    }
    case 'import': {
      return runImportCommand({ rest, from: values.from, partial: values.partial === true, config: run.config, schemas: run.schemas }, io, printer, usageError)
    }
    case 'mcp': {
      if (rest.length > 0) return usageError(`mcp takes no arguments, got ${JSON.stringify(rest.join(' '))}`)
      if (values.tools === undefined) return usageError('mcp needs --tools MODULE (a compiled ES module exporting `tools`)')
      const { startMcpCommand } = await import('./commands.js')
      const started = await startMcpCommand(values.tools, io.cwd, version())
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

/** `values` without its `undefined` entries, each left as an optional property. */
function defined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter((entry) => entry[1] !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
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

interface DiffCommandInput {
  readonly sides: readonly string[]
  readonly format: DiffFormat
  readonly failOn: string | undefined
  readonly config: string | undefined
  readonly schemas: string | undefined
}

/** `toolsmith diff [BASE] [HEAD]`: the report on stdout, input problems through `diagnostics`; the exit code. */
async function runDiffCommand(
  input: DiffCommandInput,
  io: CliIo,
  usageError: (message: string) => number,
  diagnostics: (list: readonly Diagnostic[], sources: ReadonlyMap<string, string>) => void,
): Promise<number> {
  if (input.sides.length > 2) return usageError(`diff takes at most two sides (BASE and HEAD), got ${input.sides.length}`)
  const failOn = input.failOn ?? 'ERR'
  if (!(DIFF_LEVELS as readonly string[]).includes(failOn)) return usageError(`--fail-on must be one of ${DIFF_LEVELS.join(', ')}, not ${JSON.stringify(failOn)}`)
  const [base, head] = input.sides
  const [{ formatDiff }, { runDiff }] = await Promise.all([import('../diff/format-diff.js'), import('../diff/run-diff.js')])
  const outcome = await runDiff({ cwd: io.cwd, failOn: failOn as DiffLevel, ...defined({ base, head, config: input.config, schemas: input.schemas }) })
  if (outcome.report === undefined) {
    diagnostics(outcome.diagnostics, outcome.sources)
    return outcome.exitCode
  }
  // Warnings beside a report go to stderr as text: stdout holds the report alone, in its format.
  if (outcome.diagnostics.length > 0) io.stderr(formatDiagnosticsText(outcome.diagnostics, outcome.sources, { color: io.color }))
  io.stdout(formatDiff(outcome.report, input.format))
  return outcome.exitCode
}

/** The project's config with `--config` and `--schemas` applied, or `undefined` once `printer` has shown why not. */
async function projectConfig(cwd: string, config: string | undefined, schemas: string | undefined, printer: DiagnosticPrinter): Promise<ProjectConfig | undefined> {
  const { loadConfig } = await import('../config/project-config.js')
  const loaded = await loadConfig({ cwd, config, overrides: { schemas } })
  if (loaded.config === undefined) printer.diagnostics(loaded.diagnostics, loaded.sources)
  return loaded.config
}

interface ImportArguments {
  readonly rest: readonly string[]
  readonly from: string | undefined
  readonly partial: boolean
  readonly config: string | undefined
  readonly schemas: string | undefined
}

/** `toolsmith import --from FORMAT FILE`: prints the problems, then the files written and a summary. */
async function runImportCommand(args: ImportArguments, io: CliIo, printer: DiagnosticPrinter, usageError: (message: string) => number): Promise<number> {
  const [{ IMPORT_FORMATS }, { runImport }] = await Promise.all([import('../import/read-source-tools.js'), import('../import/run-import.js')])
  if (args.from === undefined) return usageError(`import needs --from (${IMPORT_FORMATS.join(', ')})`)
  if (!(IMPORT_FORMATS as readonly string[]).includes(args.from)) return usageError(`--from must be one of ${IMPORT_FORMATS.join(', ')}, not ${JSON.stringify(args.from)}`)
  if (args.rest.length !== 1) return usageError('import takes exactly one input file')
  const config = await projectConfig(io.cwd, args.config, args.schemas, printer)
  if (config === undefined) return 2
  const outcome = await runImport({ config, from: args.from as ImportFormat, file: args.rest[0] as string, partial: args.partial })
  printer.diagnostics(outcome.diagnostics, outcome.sources)
  const lines = outcome.imported.map((tool) => `  ${outcome.written.includes(tool.file) ? 'wrote' : 'would write'} ${tool.file}${tool.name === tool.sourceName ? '' : `  (from ${JSON.stringify(tool.sourceName)})`}`)
  const refused = outcome.refusedTools > 0 ? `, ${outcome.refusedTools} refused` : ''
  const losses = outcome.imported.filter((tool) => tool.losses.length > 0).length
  const summary =
    outcome.exitCode === 2 && outcome.imported.length + outcome.refusedTools === 0
      ? 'toolsmith import: nothing imported'
      : `toolsmith import: ${outcome.written.length} written${refused}, ${outcome.imported.filter((tool) => tool.name !== tool.sourceName).length} renamed, ${losses} with losses (see the comments in each file)${outcome.exitCode === 2 ? '; nothing written because some tools were refused (--partial writes the rest)' : ''}`
  printer.summary(outcome.written.length > 0 ? [...lines.filter((line) => line.startsWith('  wrote')), summary].join('\n') : summary, outcome.exitCode !== 0)
  return outcome.exitCode
}
