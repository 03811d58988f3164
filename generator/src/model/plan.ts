import type { CodeFormatter } from './code-formatter.js'
import type { Diagnostic } from './diagnostic.js'
import { isRecord, type ToolDeclaration } from './tool-declaration.js'

/** The project folder and its output paths (`ProjectConfig`, `PlanOptions`), relative to `cwd`, `/`-separated. */
export interface ProjectLayout {
  /** Absolute project folder (the working directory); prettier configs are resolved from it. */
  readonly cwd: string
  /** Output folder of the TypeScript files (`out`, default `src/tools`). */
  readonly out: string
  /** The catalog Markdown file (`docs`, default `docs/tools.md`). */
  readonly docs: string
  /** The machine-readable catalog (`catalogJson`, default `catalog.json` beside `docs`). */
  readonly catalogJson: string
  /** Hand-written Markdown files whose `<!-- toolsmith:catalog -->` regions are regenerated in place. */
  readonly catalogRegions: readonly string[]
  /** A project's own copy of the templates folder, when configured. */
  readonly templates?: string
}

/** Where the planned outputs go and how the planner reads what is already on disk. */
export interface PlanOptions extends ProjectLayout {
  /** Reads a file relative to `cwd`; `undefined` when it does not exist. */
  readonly readFile: (path: string) => Promise<string | undefined>
  /** Lists the file names (not paths) directly inside a folder relative to `cwd`; empty when absent. */
  readonly listFiles: (dir: string) => Promise<readonly string[]>
  /** Whether a folder is at `path` (where `readFile` answers `undefined`); absent: never. */
  readonly isFolder?: (path: string) => Promise<boolean>
  /** Prints and formats the outputs with the project's prettier config (one per plan). */
  readonly formatter: CodeFormatter
  /** The text at `path` when a recorded stat is unchanged (the file counts as read); else `readFile` reads it. */
  readonly readRecorded?: (path: string) => KnownText | undefined
  /** Results of earlier plans to reuse (content-addressed); absent: everything is planned afresh. */
  readonly cache?: PlanCache
  /** Told of each file as soon as it is planned; nothing may be put in place before the whole plan is known good. */
  readonly planned?: (file: PlannedFile) => void
}

/** Planned results of earlier runs; each key hashes all its value depends on, so a hit equals planning again. */
export interface PlanCache {
  /** Identifies the generator build: its own code, the shipped templates and the libraries that shape output. */
  readonly fingerprint: string
  /** The value stored under `key` (plain JSON, to be checked by the caller), or `undefined`. */
  get(key: string): unknown
  set(key: string, value: unknown): void
  /** The text stored under `key`, decoded only when the function is called; `undefined` when `key` holds no text. */
  text(key: string): (() => string) | undefined
  /** The loader's cache key for `declaration` (build, file name, bytes); absent or `undefined`: key by content. */
  declarationKey?(declaration: ToolDeclaration): string | undefined
}

/** Everything `generate` would write, delete or warn about; `check` compares exactly this with disk. */
export interface PlanResult {
  /** Every output file, complete and formatted, sorted by path. */
  readonly files: readonly PlannedFile[]
  /** Generator-owned files (they carry the header) that no declaration produces any more. */
  readonly deletions: readonly string[]
  /** Author-owned stubs whose tool no longer exists: never deleted, reported. */
  readonly orphans: readonly string[]
  /** Problems found while planning (a bad template override, an unparsable stub), with locations. */
  readonly diagnostics: readonly Diagnostic[]
}

/** A text known by its SHA-256 (base64url, of its UTF-8 bytes), and the text itself, made only when asked for. */
export interface KnownText {
  readonly hash: string
  text(): string
}

/** Who owns a planned file: the generator rewrites its own files; author stubs are created once, then merged. */
export type FileOwner = 'generator' | 'author'

/** One output file planned in memory, before it is compared with disk or written. */
export interface PlannedFile {
  /** Path relative to the working directory, with `/` separators. */
  readonly path: string
  readonly content: string
  readonly owner: FileOwner
  /** The SHA-256 of `content` (base64url), when the planner has it without hashing (from the plan cache). */
  readonly contentHash?: string
}

/** The planner: every output file of the declarations, in memory (`planFiles` of the emitters). */
export type PlanFiles = (declarations: readonly ToolDeclaration[], options: PlanOptions) => Promise<PlanResult>

/** Options shared by `runGenerate` and `runCheck` (the CLI's flags, programmatically). */
export interface RunOptions {
  /** Absolute project folder; configured paths must stay inside it. */
  readonly cwd: string
  /** `--config FILE`, relative to `cwd`. */
  readonly config?: string
  /** `--schemas`, `--out`, `--docs`: override the config file. */
  readonly schemas?: string
  readonly out?: string
  readonly docs?: string
  /** Replaces the emitters' planner (tests). */
  readonly planFiles?: PlanFiles
  /** `false` (`--no-cache`): no plan cache. Default `true`: `generate` reads and saves it, `check` only reads it. */
  readonly cache?: boolean
}

// Ownership is in the text: a generated file starts with this header line, a stub carries `STUB_MARKER`.
const HEADER_PREFIX = '// Generated by toolsmith'

/** The one fixed header line of a generated file (no timestamp, no version); `source` names the declaring file. */
export function generatedHeader(source?: string): string {
  const from = source === undefined ? '' : ` from ${lineCommentText(source)}`
  return `${HEADER_PREFIX}${from}. Do not edit: run toolsmith generate.`
}

const MARKDOWN_HEADER_PREFIX = '<!-- Generated by toolsmith'

/** The marker line every stub starts with (`// toolsmith:stub <name>`): a file carrying it is the author's. */
export const STUB_MARKER = '// toolsmith:stub '

/** Whether `text` is a generated module: a header first line and no stub marker (a stub is never deleted). */
export function isGeneratedText(text: string): boolean {
  return text.startsWith(HEADER_PREFIX) && !text.includes(STUB_MARKER)
}

/** Whether the generator wrote the file at `path`: a module or page with the header, or a catalog or export JSON. */
export function isGeneratorOwnedText(path: string, text: string): boolean {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (/\.json$/i.test(path)) return isCatalogJson(body)
  if (/\.(md|markdown)$/i.test(path)) return body.startsWith(MARKDOWN_HEADER_PREFIX)
  return isGeneratedText(body)
}

function isCatalogJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value)) return value.every(isRecord)
    return isRecord(value) && Object.keys(value).length === 1 && Array.isArray(value.tools)
  } catch {
    return false
  }
}

const LINE_BREAKS = /[\r\n\u2028\u2029]/g

/** Text safe inside a `//` comment: any line break (which would end the comment) becomes a visible escape. */
export function lineCommentText(text: string): string {
  return text.replace(LINE_BREAKS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
