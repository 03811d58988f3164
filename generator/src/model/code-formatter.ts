import type { Options } from 'prettier'
import type { Program, TsPart } from './typescript-tree.js'

// The port through which the plan obtains printed text: declared here, below plan and print, implemented by
// print/code-formatter.ts, created by the pipeline and handed to the planner (`PlanOptions.formatter`), so the plan
// never imports print (dependency inversion).

/** The prettier options that apply to a path: the project's config for it, or our defaults. */
export type LayoutOptions = Options

/** How one source may be formatted. */
export interface FormatRequestOptions {
  readonly batchable?: boolean
  /**
   * `false` when every fenced code block of a Markdown source is already formatted with this path's layout, so
   * prettier need not format the embedded code again (it would give the same text).
   */
  readonly embeddedFormatting?: boolean
}

/** Lays out a JSON value nested `level` deep, at `column`, with `trailing` characters after it on its line. */
export type JsonPrinter = (value: unknown, level: number, column: number, trailing: number) => string | undefined

/**
 * A block of a Markdown document, its text already Markdown (escaped where it holds literal text): a heading, a
 * paragraph (or an HTML line), a GFM table (a header row and rows of cells), a fenced code block, a list.
 */
export type MarkdownBlock =
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'table'; readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] }
  | { readonly kind: 'code'; readonly fence: string; readonly info: string; readonly code: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }

/** Prints and formats planned outputs as prettier would, honouring the project's own config for each path. */
export interface CodeFormatter {
  /**
   * Formats `source` as the file at `path` (relative to the working directory); throws prettier's syntax errors.
   * `batchable` marks TypeScript the generator fully controls (no unbalanced comment or string can span its end),
   * which may be formatted together with others in one prettier call: the same output, much less per-call cost.
   */
  format(path: string, source: string, options?: FormatRequestOptions): Promise<string>
  /**
   * Prints the TypeScript file at `path` from its parts (see `TsPart`) as prettier would lay it out with the project's
   * config for it. Where the config holds what the printers do not model (a plugin, CRLF, a pragma) or a part is
   * outside them, the parts are written out (the modelled options, a part's own text where it has one) and prettier
   * formats that with the whole config, as `format` does.
   */
  printTypeScript(path: string, parts: readonly TsPart[]): Promise<string>
  /**
   * `program` printed as the TypeScript file at `path` as prettier would lay it out with the project's config for it,
   * or `undefined` where the config holds what the printers do not model or the program is outside them.
   */
  printTree(path: string, program: Program): Promise<string | undefined>
  /** The layout options that apply to `path` (the project's config for it, or our defaults), without the parser. */
  layoutOptions(path: string): Promise<LayoutOptions>
  /** The same options as a comparable key. */
  layoutKey(path: string): Promise<string>
  /**
   * The printer laying out JSON exactly as prettier does under `options`, or `undefined` for options where that is not
   * all prettier does (see print/catalog-layout.ts); the printer itself answers `undefined` for a value it does not know.
   */
  jsonPrinter(options: LayoutOptions): JsonPrinter | undefined
  /**
   * `blocks`, one blank line apart and ended by one newline, as prettier lays them out under plain prose settings
   * (`proseWrap: preserve`, `\n` line ends, no plugins): the tables aligned, everything else as written.
   */
  printMarkdown(blocks: readonly MarkdownBlock[]): string
  /**
   * The Code Mode SDK module (`sdk`, the declaration text, as a string export) as the file at `path`: printed here
   * where the printers model the project's TypeScript options, else its source handed to `format` (this formatter's
   * own by default; the plan cache's formatter passes its own, which keeps the result, the module being a megabyte).
   */
  printCodeModeSdkModule(path: string, sdk: string, format?: (source: string) => Promise<string>): Promise<string>
}

// Every path without a prettier config of its own shares one options object: its key is made once.
const layoutKeys = new WeakMap<object, string>()

/** The key of resolved layout options (their JSON), made once per options object. */
export function layoutKeyOf(options: LayoutOptions): string {
  let key = layoutKeys.get(options)
  if (key === undefined) {
    key = JSON.stringify(options)
    layoutKeys.set(options, key)
  }
  return key
}
