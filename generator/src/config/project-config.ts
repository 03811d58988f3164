import type { DiffConfig } from './diff-config.js'
import type { ExportSpec } from '../emit/exports/export-declarations.js'

/** The resolved configuration of one run: every path relative to the project (the cwd), `/`-separated. */
export interface ProjectConfig {
  /** Absolute project folder (the working directory). */
  readonly cwd: string
  /** Folder of the `*.tool.yaml` declarations. */
  readonly schemas: string
  /** Folder of the TypeScript output. */
  readonly out: string
  /** The catalog Markdown file. */
  readonly docs: string
  /** The machine-readable catalog. */
  readonly catalogJson: string
  /** Hand-written Markdown files with catalog regions. */
  readonly catalogRegions: readonly string[]
  /** A project's own templates folder, when configured. */
  readonly templates?: string
  /** The `diff` section: check levels and the ignore file of `toolsmith diff`. */
  readonly diff?: DiffConfig
  /** The exports `generate` writes beside `catalog.json` (`tools.<name>.json`) and `check` holds to "no loss". */
  readonly targets?: readonly ExportSpec[]
}

/** The name of the config file looked up in the working directory. */
export const CONFIG_FILE_NAME = 'toolsmith.config.yaml'

/** Defaults of the config keys (`catalogJson` defaults to `catalog.json` beside `docs`). */
export const CONFIG_DEFAULTS = { schemas: 'schemas', out: 'src/tools', docs: 'docs/tools.md' } as const
