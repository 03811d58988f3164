// The `new`, `export` and `mcp` commands, which work beside the pipeline; loaded only when one of them runs.
import { mkdir, realpath, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createToolRuntime, declaredApprovals, type ToolDefinition, type ToolRuntime } from '@toolsmith/runtime'
import { realPathInside, resolveProjectPath, writeFileAtomic } from '../base/project-files.js'
import { COMMAND_LINE, loadConfig, parseExportSpec, type ProjectConfig, toolSchemaReference } from '../config/project-config.js'
import { DECLARATION_SUFFIX, loadDeclarations } from '../load/load-declarations.js'
import { type Diagnostic, sortDiagnostics } from '../model/diagnostic.js'
import { pascalCaseName, RESERVED_TOOL_NAMES, TOOL_NAME_PATTERN } from '../model/tool-declaration.js'
import { exportDeclarations } from '../plan/exports/export-declarations.js'

/** The new file's path, or why it was not created. */
export type CreatedDeclaration = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly message: string }

/** A valid starter declaration of `name`, pointing editors at the format's JSON Schema. */
export function starterDeclaration(name: string, schemaReference: string): string {
  return `# yaml-language-server: $schema=${schemaReference}
name: ${name}
description: Describe what ${name} does and when to use it; the model reads this.
parameters:
  input: { type: string, required: true, description: Describe this parameter for the model. }
output:
  type: object
  additionalProperties: false
  properties:
    result: { type: string, required: true }
`
}

/** `toolsmith new <name>`: writes `<schemas>/<name>.tool.yaml` unless it exists (never overwrites). */
export async function createDeclaration(config: ProjectConfig, name: string): Promise<CreatedDeclaration> {
  if (!TOOL_NAME_PATTERN.test(name)) {
    return { ok: false, message: `tool name ${JSON.stringify(name)} must start with a letter and hold only letters, digits, "_" and "-" (at most 64 characters)` }
  }
  if (RESERVED_TOOL_NAMES.has(name) || name.toLowerCase() === 'index') return { ok: false, message: `tool name ${JSON.stringify(name)} is reserved` }
  const file = path.posix.join(config.schemas, `${name}${DECLARATION_SUFFIX}`)
  const folder = path.resolve(config.cwd, config.schemas)
  if (!(await realPathInside(await realpath(config.cwd), folder))) {
    return { ok: false, message: `the schemas folder ${JSON.stringify(config.schemas)} leads outside the project` }
  }
  // A name the existing tools already take after case conversion would only fail at the next generate.
  const taken = await takenNames(config)
  const clash = taken.find((other) => other !== name && (pascalCaseName(other) === pascalCaseName(name) || other.toLowerCase() === name.toLowerCase()))
  if (clash !== undefined) return { ok: false, message: `tool name ${JSON.stringify(name)} clashes with the existing tool ${JSON.stringify(clash)} (the same TypeScript name or file name)` }
  await mkdir(folder, { recursive: true })
  try {
    await writeFile(path.resolve(config.cwd, file), starterDeclaration(name, toolSchemaReference(folder)), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ok: false, message: `${file} already exists; not overwritten` }
    throw error
  }
  return { ok: true, file }
}

async function takenNames(config: ProjectConfig): Promise<string[]> {
  const loaded = await loadDeclarations({ cwd: config.cwd, schemas: config.schemas })
  const fromFiles = [...loaded.sources.keys()].map((file) => path.posix.basename(file, DECLARATION_SUFFIX))
  return [...new Set([...loaded.declarations.map((declaration) => declaration.name), ...fromFiles])]
}

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

/** What `toolsmith export` did. */
export interface ExportOutcome {
  /** 0 exported; 1 a loss under --strict, or the write failed; 2 invalid input or usage (nothing written). */
  readonly exitCode: 0 | 1 | 2
  /** The lowered tools as JSON (the provider's field), when not written to a file. */
  readonly text?: string
  readonly written?: string
  readonly losses: number
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
}

/** `toolsmith export --target T`: the declarations lowered for T, with every loss reported at its YAML node. */
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
  const loadedConfig = await loadConfig({ cwd: request.cwd, config: request.config, overrides: { schemas: request.schemas } })
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
    // Checked before and after mkdir: no folder is created or written through a symbolic link out of the project.
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

/** What `toolsmith mcp --tools MODULE` reads from MODULE. */
interface ToolsModule {
  readonly tools?: unknown
  /** Optional host hook, called once after registration. */
  readonly configure?: unknown
}

/** A usage or input problem (exit 2), or the running session's end. */
export type McpCommandOutcome = { readonly ok: false; readonly message: string } | { readonly ok: true; readonly closed: Promise<void> }

/**
 * `toolsmith mcp --tools MODULE`: serves MODULE's `tools` over stdio with the declared-approvals policy, after its
 * optional `configure(runtime)`. Only this command loads the MCP SDK.
 */
export async function startMcpCommand(modulePath: string, cwd: string, version: string): Promise<McpCommandOutcome> {
  const file = path.isAbsolute(modulePath) ? modulePath : path.resolve(cwd, modulePath)
  let loaded: ToolsModule
  try {
    loaded = (await import(pathToFileURL(file).href)) as ToolsModule
  } catch (error) {
    return { ok: false, message: `--tools ${modulePath}: cannot import it: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!Array.isArray(loaded.tools))
    return { ok: false, message: `--tools ${modulePath}: the module does not export a \`tools\` array (the generated index does)` }
  if (loaded.configure !== undefined && typeof loaded.configure !== 'function') {
    return { ok: false, message: `--tools ${modulePath}: \`configure\` is exported but is not a function` }
  }
  const runtime = createToolRuntime()
  try {
    for (const tool of loaded.tools as readonly ToolDefinition[]) runtime.register(tool)
  } catch (error) {
    return { ok: false, message: `--tools ${modulePath}: ${error instanceof Error ? error.message : String(error)}` }
  }
  runtime.on('tools/pre-execute', declaredApprovals())
  await (loaded.configure as ((runtime: ToolRuntime) => unknown) | undefined)?.(runtime)
  const { serveStdio } = await import('@toolsmith/mcp')
  const session = await serveStdio(runtime, { serverInfo: { name: 'toolsmith', version } })
  return { ok: true, closed: session.closed }
}
