import { open, realpath } from 'node:fs/promises'
import path from 'node:path'
import { displayPath, FileAppearedError, fileError, fileSystemAdvice, isFileSystemError, realPathInside } from '../base/project-files.js'
import { type ProjectConfig, toolSchemaReference } from '../config/project-config.js'
import { checkDeclaration, DECLARATION_FIELDS } from '../load/check-declaration.js'
import { decodeSource } from '../load/decode-source.js'
import { DECLARATION_SUFFIX, loadDeclarations } from '../load/load-declarations.js'
import type { Diagnostic } from '../model/diagnostic.js'
import { printDeclaration } from './print-declaration.js'
import { readJsonInput } from './read-json-input.js'
import { readSourceTools, type ImportFormat, type SourceTool } from './read-source-tools.js'
import { convertParameters, convertValue, type ImportLoss, type ImportRefusal, type Spec, type SpecIssue } from './schema-to-spec.js'
import { ToolNameAssigner } from './tool-names.js'
import { NewFileStage } from './write-new-files.js'

/** What `toolsmith import` is asked to do. */
export interface ImportOptions {
  readonly config: ProjectConfig
  readonly from: ImportFormat
  /** The input file, relative to the project (or absolute). */
  readonly file: string
  /** Write the tools that import even when others are refused. */
  readonly partial?: boolean
  /** Plan only: convert and report, write nothing (tests and the bench). */
  readonly dryRun?: boolean
}

/** One declaration the import produced. */
export interface ImportedDeclaration {
  /** The name in the input; `name` is the one written. */
  readonly sourceName: string
  readonly name: string
  /** Why the name changed, when it did. */
  readonly renamed?: string
  /** Where the tool is in the input file (a JSON Pointer). */
  readonly pointer: string
  /** The file to write, relative to the project. */
  readonly file: string
  readonly text: string
  /** The declaration as plain JSON (what the YAML says). */
  readonly declaration: Record<string, unknown>
  readonly losses: readonly { readonly pointer: string; readonly message: string }[]
}

/** Exit 0: all written; 1: some refused (--partial) or a write failed; 2: refused (nothing written) or bad input. */
export interface ImportOutcome {
  readonly exitCode: 0 | 1 | 2
  readonly diagnostics: readonly Diagnostic[]
  readonly sources: ReadonlyMap<string, string>
  readonly imported: readonly ImportedDeclaration[]
  readonly refusedTools: number
  /** The files written (relative to the project), in input order. */
  readonly written: readonly string[]
}

/** Largest input file read. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024

/**
 * `toolsmith import`: converts each tool of the input (JSON or JSON Lines) to a `*.tool.yaml` the loader accepts, and
 * writes them into the schemas folder only when none was refused (or `partial`). Never overwrites a file.
 */
export async function runImport(options: ImportOptions): Promise<ImportOutcome> {
  const { config } = options
  const diagnostics: Diagnostic[] = []
  const sources = new Map<string, string>()
  const display = toDisplayPath(config.cwd, options.file)
  const fail = (message: string, code: string, line = 1, column = 1): ImportOutcome => {
    diagnostics.push({ severity: 'error', code, message, file: display, line, column })
    return { exitCode: 2, diagnostics, sources, imported: [], refusedTools: 0, written: [] }
  }
  const read = await readInput(path.resolve(config.cwd, options.file))
  if (!read.ok) return fail(read.message, 'import-input')
  const decoded = decodeSource(read.bytes)
  if (!decoded.ok) return fail(decoded.message, 'invalid-utf8', decoded.line, decoded.column)
  sources.set(display, decoded.text)
  const input = readJsonInput(decoded.text)
  if (!input.ok) return fail(input.message, 'import-syntax', input.line, input.column)
  const report = (severity: Diagnostic['severity'], code: string, pointer: string, message: string): void => {
    diagnostics.push({ severity, code, message: pointer === '' ? message : `${pointer}: ${message}`, file: display, ...input.locate(pointer) })
  }

  const stem = path.basename(options.file).replace(/\.(jsonl?|json5)$/i, '')
  const found = readSourceTools(options.from, input.value, stem)
  for (const refusal of found.refusals) report('error', 'import-refused', refusal.pointer, refusal.message)
  let refusedTools = found.refusals.length

  const schemasFolder = path.resolve(config.cwd, config.schemas)
  const reference = toolSchemaReference(schemasFolder)
  const names = new ToolNameAssigner(await takenNames(config))
  const imported: ImportedDeclaration[] = []
  const hasAnnotations = (DECLARATION_FIELDS as readonly string[]).includes('annotations')
  /** Converts, names, checks and prints one tool: its declaration, or `undefined` when it is refused (reported). */
  const importTool = (tool: SourceTool): ImportedDeclaration | undefined => {
    const converted = convertTool(tool, options.from, hasAnnotations, true)
    if (converted.refusals.length > 0) {
      refusedTools++
      for (const refusal of converted.refusals) report('error', 'import-refused', refusal.pointer, `tool ${JSON.stringify(tool.name)}: ${refusal.message}`)
      return undefined
    }
    const assigned = names.assign(tool.name)
    const fields = { name: assigned.name, ...converted.declaration }
    const file = path.posix.join(config.schemas, `${assigned.name}${DECLARATION_SUFFIX}`)
    // The loader's own checks; unfit defaults and examples are dropped only when they fail, then it checks again.
    let checked = checkedProblems(fields, file)
    for (let round = 0; checked.problems.length > 0 && converted.fit !== undefined && round < 8; round++) {
      const dropped = converted.fit(checked.specIssues)
      if (dropped.length === 0) break
      converted.losses.push(...dropped)
      checked = checkedProblems(fields, file)
    }
    const { problems } = checked
    if (problems.length > 0) {
      refusedTools++
      for (const problem of problems) report('error', 'import-refused', tool.pointer, `tool ${JSON.stringify(tool.name)}: the YAML cannot hold it: ${problem}`)
      return undefined
    }
    const header = [`imported by toolsmith import --from ${options.from} from ${display}${tool.pointer === '' ? '' : `#${tool.pointer}`}${assigned.name === tool.name ? '' : ` (named ${JSON.stringify(tool.name)} there)`}`]
    const comments = new Map<string, string[]>()
    for (const loss of converted.losses) {
      const list = comments.get(loss.yamlPath) ?? []
      list.push(loss.note === true ? loss.message : `lost: ${loss.message}`)
      comments.set(loss.yamlPath, list)
    }
    const text = printDeclaration(fields, reference, header, comments)
    if (assigned.reason !== undefined) report('warning', 'import-renamed', tool.pointer, `tool ${JSON.stringify(tool.name)} is imported as ${assigned.name}: ${assigned.reason}`)
    const lost = converted.losses.filter((loss) => loss.note !== true)
    for (const loss of lost) report('warning', 'import-lossy', loss.pointer, `tool ${JSON.stringify(tool.name)}: ${loss.message}`)
    const declaration: ImportedDeclaration = {
      sourceName: tool.name,
      name: assigned.name,
      ...(assigned.reason === undefined ? {} : { renamed: assigned.reason }),
      pointer: tool.pointer,
      file,
      text,
      declaration: fields,
      losses: lost.map(({ pointer, message }) => ({ pointer, message })),
    }
    imported.push(declaration)
    return declaration
  }

  // Staged while tools convert: nothing lands before all are converted, nor once one is refused without --partial.
  const refusedAlready = refusedTools > 0 && options.partial !== true
  const inside = options.dryRun !== true && !refusedAlready && (await realPathInside(await realpath(config.cwd), schemasFolder))
  const stage = inside ? NewFileStage.open(schemasFolder) : undefined
  for (const { path: leftover, error } of stage?.leftovers ?? []) {
    const file = displayPath(config.cwd, leftover)
    const why = isFileSystemError(error) ? `${error.code}: ${fileSystemAdvice(error)}` : error.message
    diagnostics.push({ severity: 'warning', code: 'import-leftover', message: `could not remove ${file}, the staging folder of an earlier import that ended (${why}); it holds no declaration the loader reads: remove it by hand`, file, line: 1, column: 1 })
  }
  let discarded: Promise<void> | undefined
  try {
    for (const tool of found.tools) {
      const declaration = importTool(tool)
      if (stage === undefined) continue
      if (refusedTools > 0 && options.partial !== true) discarded ??= stage.discard()
      else if (declaration !== undefined) stage.add(path.posix.basename(declaration.file), declaration.text)
    }
  } catch (error) {
    // A bug: nothing is written, and the stage's writer does not outlive the import.
    await (discarded ?? stage?.discard())
    throw error
  }
  const refused = refusedTools > 0
  if (options.dryRun === true || (refused && options.partial !== true)) {
    await (discarded ?? stage?.discard())
    return { exitCode: refused ? 2 : 0, diagnostics, sources, imported, refusedTools, written: [] }
  }
  if (imported.length === 0) {
    await stage?.discard()
    return { exitCode: refused ? 1 : 0, diagnostics, sources, imported, refusedTools, written: [] }
  }
  if (stage === undefined) return fail(`the schemas folder ${JSON.stringify(config.schemas)} leads outside the project`, 'import-write')
  const outcomes = await stage.publish()
  const written: string[] = []
  outcomes.forEach((outcome, index) => {
    const { file } = imported[index] as ImportedDeclaration
    if (outcome.ok) written.push(file)
    else {
      const { error } = outcome
      const why = error instanceof FileAppearedError ? 'a file appeared there while toolsmith was running; it is left as it is' : isFileSystemError(error) ? `${error.code}: ${fileSystemAdvice(error)}` : error.message
      diagnostics.push(fileError(file, 'import-write', `could not write ${file} (${why})`))
    }
  })
  const writeFailed = written.length < imported.length
  return { exitCode: writeFailed || refused ? 1 : 0, diagnostics, sources, imported, refusedTools, written }
}

/** The loader's problems with a declaration, and the DSL checker's issues per spec (where a deferred fit starts). */
function checkedProblems(declaration: Record<string, unknown>, file: string): { problems: string[]; specIssues: { parameters: SpecIssue[]; output: SpecIssue[] } } {
  const problems: string[] = []
  const specIssues = { parameters: [] as SpecIssue[], output: [] as SpecIssue[] }
  checkDeclaration(declaration, file, (pointer, code, message) => {
    problems.push(pointer === '' || message.startsWith(pointer.slice(1)) ? message : `${pointer}: ${message}`)
    if (code !== 'invalid-schema') return
    for (const key of ['parameters', 'output'] as const) {
      if (pointer !== `/${key}` && !pointer.startsWith(`/${key}/`)) continue
      const path = pointer.slice(key.length + 1)
      // checkSpec's message is `<key><path>: <the checker's message>`.
      const prefix = `${key}${path}: `
      specIssues[key].push({ path, message: message.startsWith(prefix) ? message.slice(prefix.length) : message })
    }
  })
  return { problems, specIssues }
}

/** One tool's fields (all but the name), losses and refusals; with `deferFit`, `fit` drops unfit defaults/examples. */
export function convertTool(
  tool: SourceTool,
  from: ImportFormat,
  hasAnnotations: boolean,
  deferFit = false,
): { declaration: Record<string, unknown>; losses: ImportLoss[]; refusals: ImportRefusal[]; fit?: (known?: { parameters: readonly SpecIssue[]; output: readonly SpecIssue[] }) => ImportLoss[] } {
  const losses: ImportLoss[] = tool.losses.map((loss) => ({ ...loss, yamlPath: '/name' }))
  const refusals: ImportRefusal[] = []
  const fits: { key: 'parameters' | 'output'; fit: (known?: readonly SpecIssue[]) => ImportLoss[] }[] = []
  if (tool.description === undefined || tool.description.trim() === '') {
    refusals.push({ pointer: tool.pointer, message: tool.description === undefined ? 'the tool has no description; the YAML requires one (the model reads it to choose the tool)' : 'the tool\'s description is empty; the YAML requires one' })
  }
  let parameters: Spec | undefined = {}
  if (tool.parameters !== undefined && tool.parameters !== null) {
    const converted = convertParameters(tool.parameters, { pointer: tool.parametersPointer, yamlPath: '/parameters', deferFit, ...(tool.strict === true ? { strictRoot: true } : {}) })
    if (converted.fit !== undefined) fits.push({ key: 'parameters', fit: converted.fit })
    losses.push(...converted.losses)
    refusals.push(...converted.refusals)
    parameters = converted.spec
  }
  let output: Spec | undefined = { type: 'json' }
  if (tool.output === undefined) {
    losses.push({ pointer: tool.pointer, yamlPath: '/output', message: `the ${from} declaration has no output schema, so the output is any JSON value; describe it here`, note: true })
  } else {
    const converted = convertValue(tool.output.schema, { pointer: tool.output.pointer, yamlPath: '/output', deferFit })
    if (converted.fit !== undefined) fits.push({ key: 'output', fit: converted.fit })
    losses.push(...converted.losses)
    refusals.push(...converted.refusals)
    output = converted.spec
  }
  const declaration: Record<string, unknown> = { description: tool.description }
  if (tool.annotations !== undefined) {
    if (hasAnnotations) declaration.annotations = { ...tool.annotations }
    else losses.push({ pointer: tool.pointer, yamlPath: '/name', message: `annotations ${JSON.stringify(tool.annotations)} dropped (this toolsmith's YAML has no annotations)` })
  }
  declaration.parameters = parameters
  declaration.output = output
  return { declaration, losses, refusals, ...(fits.length === 0 ? {} : { fit: (known?: { parameters: readonly SpecIssue[]; output: readonly SpecIssue[] }) => fits.flatMap(({ key, fit }) => fit(known?.[key])) }) }
}

async function readInput(absolute: string): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  let handle
  try {
    handle = await open(absolute, 'r')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { ok: false, message: code === 'ENOENT' ? 'the input file does not exist' : `the input file cannot be read (${code ?? (error as Error).message})` }
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) return { ok: false, message: 'the input is not a regular file' }
    if (stats.size > MAX_IMPORT_BYTES) return { ok: false, message: `the input file is ${stats.size} bytes; toolsmith import reads at most ${MAX_IMPORT_BYTES}` }
    return { ok: true, bytes: new Uint8Array(await handle.readFile()) }
  } finally {
    await handle.close()
  }
}

/** The names the schemas folder already declares (in valid declarations or as file names), with their files. */
async function takenNames(config: ProjectConfig): Promise<Map<string, string>> {
  const loaded = await loadDeclarations({ cwd: config.cwd, schemas: config.schemas })
  const taken = new Map<string, string>()
  for (const declaration of loaded.declarations) taken.set(declaration.name, declaration.sourceFile)
  for (const file of loaded.sources.keys()) {
    const name = path.posix.basename(file, DECLARATION_SUFFIX)
    if (!taken.has(name)) taken.set(name, file)
  }
  return taken
}

function toDisplayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, path.resolve(cwd, file))
  return (relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(cwd, file) : relative).split(path.sep).join('/')
}
