import { loadConfig } from '../config/load-config.js'
import { IMPORT_FORMATS, type ImportFormat } from '../import/read-source-tools.js'
import { runImport } from '../import/run-import.js'
import type { CliIo, DiagnosticPrinter } from './cli-io.js'

/** The parsed arguments of `toolsmith import`. */
export interface ImportArguments {
  readonly rest: readonly string[]
  readonly from: string | undefined
  readonly partial: boolean
  readonly config: string | undefined
  readonly schemas: string | undefined
}

/** `toolsmith import --from FORMAT FILE [--schemas DIR] [--partial]`: prints the refusals, losses and renames, then the files written. */
export async function runImportCommand(args: ImportArguments, io: CliIo, printer: DiagnosticPrinter, usageError: (message: string) => number): Promise<number> {
  if (args.from === undefined) return usageError(`import needs --from (${IMPORT_FORMATS.join(', ')})`)
  if (!(IMPORT_FORMATS as readonly string[]).includes(args.from)) return usageError(`--from must be one of ${IMPORT_FORMATS.join(', ')}, not ${JSON.stringify(args.from)}`)
  if (args.rest.length !== 1) return usageError('import takes exactly one input file')
  const loaded = await loadConfig({ cwd: io.cwd, ...(args.config === undefined ? {} : { config: args.config }), overrides: { ...(args.schemas === undefined ? {} : { schemas: args.schemas }) } })
  if (loaded.config === undefined) {
    printer.diagnostics(loaded.diagnostics, loaded.sources)
    return 2
  }
  const outcome = await runImport({ config: loaded.config, from: args.from as ImportFormat, file: args.rest[0] as string, partial: args.partial })
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
