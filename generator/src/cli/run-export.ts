import { mkdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import { realPathInside, resolveProjectPath, writeFileAtomic } from '../base/project-files.js'
import { COMMAND_LINE, loadConfig } from '../config/load-config.js'
import { parseExportSpec } from '../config/project-config.js'
import { exportDeclarations } from '../plan/exports/export-declarations.js'
import { loadDeclarations } from '../load/load-declarations.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'

/** What `toolsmith export` was asked. */
export interface ExportRequest {
  readonly cwd: string
  readonly target: string
  readonly strict: boolean
  /** `--out FILE`, relative to `cwd`; without it the export goes to stdout. */
  readonly out?: string
  readonly config?: string
  readonly schemas?: string
}

/** What `toolsmith export` did: the exit code, the export text, the diagnostics to print. */
export interface ExportOutcome {
  /** 0 exported; 1 a loss under --strict, or the write failed; 2 invalid input or usage (nothing written). */
  readonly exitCode: 0 | 1 | 2
  /** The lowered tools as JSON (exactly the provider's field), when they were not written to a file. */
  readonly text?: string
  readonly written?: string
  readonly losses: number
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
}

/**
 * `toolsmith export --target T [--strict] [--out FILE]`: loads the declarations, lowers them to the target
 * (`T-strict` asks for strict tool use, as the `targets` config key does) and reports every loss at the
 * YAML node that causes it. Refuses (2) when a declaration is invalid or cannot be exported at all; with
 * `--strict` any loss is exit 1 and nothing is written.
 */
export async function runExport(request: ExportRequest): Promise<ExportOutcome> {
  const diagnostics: Diagnostic[] = []
  const sources = new Map<string, string>()
  const stop = (exitCode: 0 | 1 | 2, extra: Partial<ExportOutcome> = {}): ExportOutcome => ({ exitCode, losses: 0, diagnostics: sortDiagnostics(diagnostics), sources, ...extra })
  const usage = (message: string): ExportOutcome => {
    diagnostics.push({ severity: 'error', code: 'usage', message, file: COMMAND_LINE, line: 1, column: 1 })
    return stop(2)
  }
  const spec = parseExportSpec(request.target)
  if (spec === undefined) {
    return usage(`--target must be openai-chat, openai-responses, anthropic, gemini or mcp (mcp@2025-11-25, mcp@2026-07-28), not ${JSON.stringify(request.target)}`)
  }
  let outFile: string | undefined
  if (request.out !== undefined) {
    const resolved = resolveProjectPath(request.cwd, request.cwd, request.out)
    if (!resolved.ok || resolved.path === '.') return usage(`--out ${JSON.stringify(request.out)} ${resolved.ok ? 'is the project folder itself, not a file' : resolved.reason}`)
    outFile = resolved.path
  }
  const loadedConfig = await loadConfig({
    cwd: request.cwd,
    ...(request.config === undefined ? {} : { config: request.config }),
    overrides: request.schemas === undefined ? {} : { schemas: request.schemas },
  })
  for (const [file, text] of loadedConfig.sources) sources.set(file, text)
  diagnostics.push(...loadedConfig.diagnostics)
  const config = loadedConfig.config
  if (config === undefined) return stop(2)
  const loaded = await loadDeclarations({ cwd: config.cwd, schemas: config.schemas })
  for (const [file, text] of loaded.sources) sources.set(file, text)
  diagnostics.push(...loaded.diagnostics)
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return stop(2)

  const { result, diagnostics: found } = exportDeclarations(loaded.declarations, spec, sources)
  diagnostics.push(...found)
  const losses = result.report.length
  if (result.errors.length > 0) return stop(2, { losses })
  if (request.strict && losses > 0) return stop(1, { losses })
  const text = `${JSON.stringify(result.tools, null, 2)}\n`
  if (outFile === undefined) return stop(0, { text, losses })
  try {
    const absolute = path.resolve(request.cwd, outFile)
    // The folder is created only where it really is inside the project (not through a symbolic link out of it).
    if (!(await realPathInside(await realpath(request.cwd), absolute))) throw new Error('it leads outside the project through a symbolic link')
    await mkdir(path.dirname(absolute), { recursive: true })
    if (!(await realPathInside(await realpath(request.cwd), absolute))) throw new Error('it leads outside the project through a symbolic link')
    await writeFileAtomic(absolute, text)
  } catch (error) {
    diagnostics.push({ severity: 'error', code: 'write-failed', message: `cannot write ${outFile}: ${(error as Error).message}`, file: outFile, line: 1, column: 1 })
    return stop(1, { losses })
  }
  return stop(0, { written: outFile, losses })
}
