import { existsSync, statSync } from 'node:fs'
import { realpath } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ExportTarget, parseExportTarget } from '@toolsmith/providers'
import { escapeJsonPointerToken } from '@toolsmith/runtime'
import { fileSystemAdvice, isFileSystemError, isPlainPathInside, isSymbolicLink, realPathInside, resolveProjectPath } from '../base/project-files.js'
import { describeFound } from '../load/check-declaration.js'
import { readSourceFile } from '../load/read-source-file.js'
import { readYamlJson } from '../load/read-yaml-json.js'
import { capDiagnostics } from '../load/source-diagnostics.js'
import { didYouMean } from '../load/suggest-name.js'
import { COMMAND_LINE, type Diagnostic } from '../model/diagnostic.js'
import { DIFF_LEVELS, type DiffLevel, isDiffCheckId } from '../model/diff-check-ids.js'
import type { ProjectLayout } from '../model/plan.js'

/** The resolved configuration of one run: the layout the planner reads, plus what only the commands read. */
export interface ProjectConfig extends ProjectLayout {
  /** Folder of the `*.tool.yaml` declarations. */
  readonly schemas: string
  /** The `diff` section: check levels and the ignore file. */
  readonly diff?: DiffConfig
  /** Exports `generate` writes beside `catalog.json` and `check` holds to "no loss". */
  readonly targets?: readonly ExportSpec[]
}

/** The config file looked up in the working directory. */
export const CONFIG_FILE_NAME = 'toolsmith.config.yaml'

/** Defaults of the config keys (`catalogJson` defaults to `catalog.json` beside `docs`). */
export const CONFIG_DEFAULTS = { schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md' } as const

/** One export a project asks for: the target and whether it is strict (`openai-chat-strict`). */
export interface ExportSpec {
  /** The name as written; the export file is named after it. */
  readonly name: string
  readonly target: ExportTarget
  readonly strict: boolean
}

/** The export a name means (`<target>` or `<target>-strict`; `mcp` is the newest revision), or `undefined`. */
export function parseExportSpec(name: string): ExportSpec | undefined {
  const strict = name.endsWith('-strict')
  const target = parseExportTarget(strict ? name.slice(0, -'-strict'.length) : name)
  return target === undefined ? undefined : { name, target, strict }
}

export const TOOL_SCHEMA_FILE = 'tool.schema.json'

// The packed copy (prepack puts it at the package root), else the repository's schemas folder.
const PACKED = fileURLToPath(new URL(`../../${TOOL_SCHEMA_FILE}`, import.meta.url))
const IN_REPOSITORY = fileURLToPath(new URL(`../../../schemas/${TOOL_SCHEMA_FILE}`, import.meta.url))

/** The `$schema` path, relative to `schemasFolder`, for a new declaration: the project's copy, else the shipped one. */
export function toolSchemaReference(schemasFolder: string): string {
  const own = path.join(schemasFolder, TOOL_SCHEMA_FILE)
  const bundled = existsSync(PACKED) ? PACKED : IN_REPOSITORY
  const target = existsSync(own) ? own : bundled
  const relative = path.relative(schemasFolder, target).split(path.sep).join('/')
  return relative.startsWith('.') ? relative : `./${relative}`
}

/** A level, or `ignore` (the finding is not reported). */
export type DiffCheckSetting = DiffLevel | 'ignore'

/** The `diff` section of the config. */
export interface DiffConfig {
  readonly checks: ReadonlyMap<string, DiffCheckSetting>
  /** Tool name → check id → setting; wins over `checks`. */
  readonly tools: ReadonlyMap<string, ReadonlyMap<string, DiffCheckSetting>>
  /** The ignore file of accepted findings, relative to the project. */
  readonly ignoreFile: string
}

export const DEFAULT_DIFF_IGNORE_FILE = '.toolsmith-diff-ignore'

const DIFF_KEYS = ['checks', 'tools', 'ignoreFile']
const SETTINGS: readonly string[] = [...DIFF_LEVELS, 'ignore']

/** Checks and reads the config's `diff` value; `report` gets pointers relative to `diff`. */
export function readDiffConfig(
  value: unknown,
  report: (pointer: string, code: string, message: string) => void,
  resolvePath: (pointer: string, label: string, value: unknown) => string | undefined,
): DiffConfig {
  const checks = new Map<string, DiffCheckSetting>()
  const tools = new Map<string, Map<string, DiffCheckSetting>>()
  let ignoreFile: string = DEFAULT_DIFF_IGNORE_FILE
  const mapping = (at: string, label: string, item: unknown): Record<string, unknown> | undefined => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) return item as Record<string, unknown>
    report(at, 'config-type', `${label} must be a mapping, found ${describeFound(item)}`)
    return undefined
  }
  const settings = (at: string, label: string, item: unknown, into: Map<string, DiffCheckSetting>): void => {
    const map = mapping(at, label, item)
    if (map === undefined) return
    for (const [id, setting] of Object.entries(map)) {
      const where = `${at}/${escapeJsonPointerToken(id)}`
      if (!isDiffCheckId(id)) report(where, 'config-unknown-key', `unknown diff check ${JSON.stringify(id)}`)
      else if (typeof setting !== 'string' || !SETTINGS.includes(setting)) report(where, 'config-type', `a diff check is set to one of ${SETTINGS.join(', ')}, found ${describeFound(setting)}`)
      else into.set(id, setting as DiffCheckSetting)
    }
  }
  const section = mapping('', '"diff"', value)
  if (section !== undefined) {
    for (const key of Object.keys(section)) {
      if (!DIFF_KEYS.includes(key)) report(`/${escapeJsonPointerToken(key)}`, 'config-unknown-key', `unknown key ${JSON.stringify(key)} in "diff"; the keys are ${DIFF_KEYS.join(', ')}`)
    }
    if (Object.hasOwn(section, 'checks')) settings('/checks', '"diff.checks"', section['checks'], checks)
    if (Object.hasOwn(section, 'tools')) {
      const byTool = mapping('/tools', '"diff.tools"', section['tools'])
      for (const [tool, item] of Object.entries(byTool ?? {})) {
        const into = new Map<string, DiffCheckSetting>()
        settings(`/tools/${escapeJsonPointerToken(tool)}`, `"diff.tools.${tool}"`, item, into)
        tools.set(tool, into)
      }
    }
    if (Object.hasOwn(section, 'ignoreFile')) ignoreFile = resolvePath('/ignoreFile', '"diff.ignoreFile"', section['ignoreFile']) ?? ignoreFile
  }
  return { checks, tools, ignoreFile }
}

/** What the command line says about the config. */
export interface LoadConfigOptions {
  /** Absolute project directory. */
  readonly cwd: string
  /** `--config FILE` (relative to `cwd`); without it `toolsmith.config.yaml` in `cwd`, if present. */
  readonly config?: string | undefined
  /** `--schemas`, `--out`, `--docs` (relative to `cwd`); they win over the file. */
  readonly overrides?: { readonly schemas?: string | undefined; readonly out?: string | undefined; readonly docs?: string | undefined }
}

/** The resolved config, or every problem found in it. */
export interface LoadedConfig {
  readonly config: ProjectConfig | undefined
  readonly diagnostics: readonly Diagnostic[]
  /** The config file's text, for code frames. */
  readonly sources: ReadonlyMap<string, string>
}

export { COMMAND_LINE } from '../model/diagnostic.js'

const PATH_KEYS = ['schemas', 'out', 'docs', 'catalogJson', 'templates'] as const
const KEYS: readonly string[] = [...PATH_KEYS, 'catalogRegions', 'targets', 'diff']

type Origin = { readonly file: string; readonly at: (pointer: string) => { line: number; column: number }; readonly base: string }

/**
 * Reads the config file (if any), applies the flags and resolves every path (in the file relative to its folder,
 * flags to `cwd`); a path outside the project, even through a symbolic link, is an error.
 */
export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const { cwd } = options
  const diagnostics: Diagnostic[] = []
  const sources = new Map<string, string>()
  const commandLine: Origin = { file: COMMAND_LINE, at: () => ({ line: 1, column: 1 }), base: cwd }
  const error = (origin: Origin, pointer: string, code: string, message: string): void => {
    diagnostics.push({ severity: 'error', code, message, file: origin.file, ...origin.at(pointer) })
  }

  const configPath = path.resolve(cwd, options.config ?? CONFIG_FILE_NAME)
  const configFile = toDisplayPath(cwd, configPath)
  let read: Awaited<ReturnType<typeof readSourceFile>>
  try {
    read = await readSourceFile(configPath)
  } catch (failure) {
    if (!isFileSystemError(failure)) throw failure
    const message = `cannot read the config file ${JSON.stringify(configFile)} (${failure.code}): ${fileSystemAdvice(failure)}`
    diagnostics.push({ severity: 'error', code: 'unreadable-file', message, file: configFile, line: 1, column: 1 })
    return { config: undefined, diagnostics, sources }
  }
  let values: Record<string, unknown> = {}
  let fileOrigin: Origin = commandLine
  // A link where the config should be that leads nowhere is a broken config, not an absent one.
  const dangling = !read.ok && read.reason === 'missing' && isSymbolicLink(configPath)
  if (!read.ok && (read.reason !== 'missing' || options.config !== undefined || dangling)) {
    const why = dangling
      ? 'is a symbolic link to a file that does not exist; fix the link or remove it'
      : read.reason === 'missing'
        ? 'does not exist'
        : read.reason === 'too-large'
          ? 'is too large'
          : 'is not a regular file'
    error(commandLine, '', 'config-not-found', `the config file ${JSON.stringify(configFile)} ${why}`)
  } else if (read.ok) {
    const yaml = readYamlJson(configFile, read.bytes)
    sources.set(configFile, yaml.text)
    if (!yaml.ok) {
      diagnostics.push(...capDiagnostics(yaml.diagnostics.list))
    } else {
      diagnostics.push(...capDiagnostics(yaml.diagnostics.list)) // recoverable YAML problems: the keys are still checked
      fileOrigin = { file: configFile, at: (pointer) => yaml.diagnostics.position(yaml.locate(pointer)), base: path.dirname(configPath) }
      if (yaml.value !== null && (typeof yaml.value !== 'object' || Array.isArray(yaml.value))) {
        error(fileOrigin, '', 'config-type', `the config must be a mapping of ${KEYS.join(', ')}, found ${describeFound(yaml.value)}`)
      } else if (yaml.value !== null) {
        values = yaml.value as Record<string, unknown>
      }
    }
  }

  for (const key of Object.keys(values)) {
    if (!KEYS.includes(key)) {
      error(fileOrigin, `/${escapeJsonPointerToken(key)}`, 'config-unknown-key', `unknown config key ${JSON.stringify(key)}${didYouMean(key, KEYS)}; the keys are ${KEYS.join(', ')}`)
    }
  }
  const resolved = new Map<string, string>()
  const resolve = (origin: Origin, pointer: string, label: string, value: unknown, isFile: boolean): string | undefined => {
    if (typeof value !== 'string' || value.trim() === '') {
      error(origin, pointer, 'config-type', `${label} must be a non-empty path, found ${describeFound(value)}`)
      return undefined
    }
    const result = resolveProjectPath(cwd, origin.base, value)
    if (!result.ok || (isFile && result.path === '.')) {
      error(origin, pointer, 'config-path-outside', `${label} ${JSON.stringify(value)} ${result.ok ? 'is the project folder itself, not a file' : result.reason}`)
      return undefined
    }
    return result.path
  }
  const flagOf = (key: string): string | undefined => (key === 'schemas' || key === 'out' || key === 'docs' ? options.overrides?.[key] : undefined)
  // Where a key was set: [commandLine, ''] for a flag, its pointer in the file, or undefined when it was not set.
  const originOf = (key: string): [Origin, string] | undefined =>
    flagOf(key) !== undefined ? [commandLine, ''] : Object.hasOwn(values, key.split('/')[0] ?? key) ? [fileOrigin, `/${key}`] : undefined
  const pick = (key: (typeof PATH_KEYS)[number], isFile: boolean): string | undefined => {
    const flag = flagOf(key)
    if (flag !== undefined) return resolve(commandLine, '', `--${key}`, flag, isFile)
    if (Object.hasOwn(values, key)) return resolve(fileOrigin, `/${key}`, `"${key}"`, values[key], isFile)
    return undefined
  }

  const schemas = pick('schemas', false) ?? CONFIG_DEFAULTS.schemas
  const out = pick('out', false) ?? CONFIG_DEFAULTS.out
  const docs = pick('docs', true) ?? CONFIG_DEFAULTS.docs
  const catalogJson = pick('catalogJson', true) ?? path.posix.join(path.posix.dirname(docs), 'catalog.json')
  const templates = pick('templates', false)
  const eachItem = (key: 'catalogRegions' | 'targets', what: string, visit: (item: unknown, pointer: string, label: string) => void): void => {
    if (!Object.hasOwn(values, key)) return
    const list = values[key]
    if (!Array.isArray(list)) error(fileOrigin, `/${key}`, 'config-type', `"${key}" must be a list of ${what}, found ${describeFound(list)}`)
    else list.forEach((item: unknown, index) => visit(item, `/${key}/${index}`, `${key}[${index}]`))
  }
  const catalogRegions: string[] = []
  eachItem('catalogRegions', 'Markdown files', (item, pointer, label) => {
    const file = resolve(fileOrigin, pointer, label, item, true)
    if (file === undefined) return
    const clash = catalogRegions.includes(file) ? 'is listed twice' : file === docs || file === catalogJson ? 'is also the generated catalog' : undefined
    if (clash !== undefined) error(fileOrigin, pointer, 'config-conflict', `${label} ${JSON.stringify(file)} ${clash}`)
    else catalogRegions.push(file)
  })
  const diff: DiffConfig | undefined = Object.hasOwn(values, 'diff')
    ? readDiffConfig(
        values['diff'],
        (pointer, code, message) => error(fileOrigin, `/diff${pointer}`, code, message),
        (pointer, label, value) => resolve(fileOrigin, `/diff${pointer}`, label, value, true),
      )
    : undefined
  const targets: ExportSpec[] = []
  eachItem('targets', 'export targets', (item, pointer, label) => {
    const spec = typeof item === 'string' ? parseExportSpec(item) : undefined
    if (spec === undefined) {
      error(fileOrigin, pointer, 'config-type', `${label} must be openai-chat, openai-responses, anthropic, gemini or mcp (mcp@2025-11-25, mcp@2026-07-28), optionally with -strict; found ${describeFound(item)}`)
    } else if (targets.some((other) => other.name === spec.name)) {
      error(fileOrigin, pointer, 'config-conflict', `${label} ${JSON.stringify(spec.name)} is listed twice`)
    } else {
      targets.push(spec)
    }
  })
  // An unset catalogJson defaults beside docs, so its problems are shown where docs was set.
  const whereKey = (key: 'docs' | 'catalogJson'): [Origin, string] => originOf(key) ?? originOf('docs') ?? [fileOrigin, '']
  if (docs === catalogJson) error(fileOrigin, '/catalogJson', 'config-conflict', `"catalogJson" and "docs" are the same file ${JSON.stringify(docs)}`)
  // An output must never overwrite what the run reads: the config, a declaration, a template.
  const configInside = read.ok ? resolveProjectPath(cwd, cwd, configPath) : undefined
  const overwritesInput = (file: string): string | undefined => {
    if (configInside?.ok === true && file === configInside.path) return 'is the config file'
    if (path.posix.dirname(file) === schemas && file.endsWith('.tool.yaml')) return `would be read as a declaration in ${JSON.stringify(schemas)}`
    if (templates !== undefined && isPlainPathInside(templates, file)) return `is inside the templates folder ${JSON.stringify(templates)}`
    if (isPlainPathInside(PLAN_CACHE_FOLDER, file) || file === PLAN_CACHE_FOLDER) return `is inside the plan cache folder ${JSON.stringify(PLAN_CACHE_FOLDER)}`
    return undefined
  }
  // A catalog file where the output folder (or a parent of it) must be: one of the two cannot be written.
  const inOutFolder = (file: string): string | undefined =>
    file === out || out.startsWith(`${file}/`) ? `is in the way of the output folder ${JSON.stringify(out)}` : undefined
  if (isPlainPathInside(PLAN_CACHE_FOLDER, out) || out === PLAN_CACHE_FOLDER || PLAN_CACHE_FOLDER.startsWith(`${out}/`)) {
    error(...(originOf('out') ?? [fileOrigin, '']), 'config-conflict', `"out" ${JSON.stringify(out)} overlaps the plan cache folder ${JSON.stringify(PLAN_CACHE_FOLDER)}`)
  }
  // The catalogs are formatted by their extension.
  const MARKDOWN = /\.(md|markdown)$/i
  for (const [key, file, kind, pattern] of [['docs', docs, 'Markdown (.md)', MARKDOWN], ['catalogJson', catalogJson, 'JSON (.json)', /\.json$/i]] as const) {
    const problem = overwritesInput(file) ?? inOutFolder(file)
    if (problem !== undefined) error(...whereKey(key), 'config-conflict', `"${key}" ${JSON.stringify(file)} ${problem}`)
    else if (!pattern.test(file) && !(key === 'catalogJson' && file === docs)) error(...whereKey(key), 'config-type', `"${key}" ${JSON.stringify(file)} must be a ${kind} file`)
  }
  catalogRegions.forEach((file, index) => {
    const problem = overwritesInput(file) ?? inOutFolder(file) ?? (MARKDOWN.test(file) ? undefined : 'must be a Markdown (.md) file')
    if (problem !== undefined) error(fileOrigin, `/catalogRegions/${index}`, problem.startsWith('must') ? 'config-type' : 'config-conflict', `catalogRegions[${index}] ${JSON.stringify(file)} ${problem}`)
  })
  for (const [key, value] of [['schemas', schemas], ['out', out], ['docs', docs], ['catalogJson', catalogJson], ['templates', templates]] as const) {
    if (value !== undefined) resolved.set(key, value)
  }
  catalogRegions.forEach((file, index) => resolved.set(`catalogRegions/${index}`, file))

  // Symbolic links: every configured path must really resolve inside the project.
  const realRoot = await realpath(cwd)
  for (const [key, value] of resolved) {
    // A default path (in neither the file nor a flag) is reported at the path itself.
    const where = originOf(key) ?? [{ file: value, at: () => ({ line: 1, column: 1 }), base: cwd }, '']
    let inside: boolean
    try {
      inside = await realPathInside(realRoot, path.resolve(cwd, value))
    } catch (failure) {
      if (!isFileSystemError(failure)) throw failure
      error(...where, 'config-path-unusable', `${key} ${JSON.stringify(value)} cannot be resolved (${failure.code}): ${fileSystemAdvice(failure)}`)
      continue
    }
    if (!inside) error(...where, 'config-path-outside', `${key} ${JSON.stringify(value)} leads outside the project through a symbolic link`)
  }
  // A configured templates folder that cannot be used is an error: the shipped templates never stand in silently.
  if (templates !== undefined && diagnostics.length === 0) {
    const problem = folderProblem(path.resolve(cwd, templates))
    if (problem !== undefined) error(fileOrigin, '/templates', 'config-templates', `"templates" ${JSON.stringify(templates)} ${problem}`)
  }
  if (diagnostics.length > 0) return { config: undefined, diagnostics, sources }
  return {
    config: { cwd, schemas, out, docs, catalogJson, catalogRegions, ...(templates === undefined ? {} : { templates }), ...(targets.length === 0 ? {} : { targets }), ...(diff === undefined ? {} : { diff }) },
    diagnostics,
    sources,
  }
}

// Where the plan cache lives: no output may be configured there.
const PLAN_CACHE_FOLDER = 'node_modules/.cache/toolsmith'

function folderProblem(absolute: string): string | undefined {
  try {
    if (!statSync(absolute).isDirectory()) return 'is not a folder; point it at the folder holding your copies of the templates'
    return undefined
  } catch (failure) {
    if (!isFileSystemError(failure)) throw failure
    if (failure.code === 'ENOENT') {
      return isSymbolicLink(absolute)
        ? 'is a symbolic link to a folder that does not exist; fix the link or the path'
        : 'does not exist; create it (copy the templates you want to change into it) or remove the key'
    }
    return `cannot be used (${failure.code}): ${fileSystemAdvice(failure)}`
  }
}

function toDisplayPath(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, absolute)
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative.split(path.sep).join('/')
}
