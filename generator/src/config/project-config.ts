import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ExportTarget, parseExportTarget } from '@toolsmith/providers'
import type { ProjectLayout } from '../model/plan.js'
import type { DiffConfig } from './diff-config.js'

/** The resolved configuration of one run: the layout the planner reads, plus what only the commands read. */
export interface ProjectConfig extends ProjectLayout {
  /** Folder of the `*.tool.yaml` declarations (`schemas`, default `schemas`). */
  readonly schemas: string
  /** The `diff` section: check levels and the ignore file of `toolsmith diff`. */
  readonly diff?: DiffConfig
  /** The exports `generate` writes beside `catalog.json` (`tools.<name>.json`) and `check` holds to "no loss". */
  readonly targets?: readonly ExportSpec[]
}

/** The name of the config file looked up in the working directory. */
export const CONFIG_FILE_NAME = 'toolsmith.config.yaml'

/** Defaults of the config keys (`catalogJson` defaults to `catalog.json` beside `docs`). */
export const CONFIG_DEFAULTS = { schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md' } as const

/** One export a project asks for: the target and whether it is strict (`openai-chat-strict`, `anthropic-strict`). */
export interface ExportSpec {
  /** The name as written (`openai-chat-strict`, `mcp`, …): the export file is named after it. */
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

/** The file name of the YAML format's JSON Schema. */
export const TOOL_SCHEMA_FILE = 'tool.schema.json'

// The copy the package ships (prepack puts it at the package root), where it is installed:
// <package>/dist/config/ → <package>/tool.schema.json. In the repository (not packed) the schemas folder's.
const PACKED = fileURLToPath(new URL(`../../${TOOL_SCHEMA_FILE}`, import.meta.url))
const IN_REPOSITORY = fileURLToPath(new URL(`../../../schemas/${TOOL_SCHEMA_FILE}`, import.meta.url))

/**
 * The `$schema` path a new declaration in `schemasFolder` should carry: the project's own copy beside
 * the declarations when there is one, otherwise the copy shipped in the installed `@toolsmith/generator`
 * (`node_modules/@toolsmith/generator/tool.schema.json`), or the toolsmith repository's when the generator
 * runs from a checkout; relative to the folder.
 */
export function toolSchemaReference(schemasFolder: string): string {
  const own = path.join(schemasFolder, TOOL_SCHEMA_FILE)
  const bundled = existsSync(PACKED) ? PACKED : IN_REPOSITORY
  const target = existsSync(own) ? own : bundled
  const relative = path.relative(schemasFolder, target).split(path.sep).join('/')
  return relative.startsWith('.') ? relative : `./${relative}`
}
