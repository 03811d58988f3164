import type { Options } from 'prettier'
import type { Program, TsPart } from './typescript-tree.js'

// The port through which the plan gets printed text, implemented by print/code-formatter.ts: plan never imports print.

/** The prettier options that apply to a path: the project's config for it, or our defaults. */
export type LayoutOptions = Options

/** How one source may be formatted. */
export interface FormatRequestOptions {
  /** TypeScript the generator fully controls (no comment or string spans its end): may share a prettier call. */
  readonly batchable?: boolean
  /** `false` when a Markdown source's fenced code is already formatted with this path's layout. */
  readonly embeddedFormatting?: boolean
}

/** Lays out a JSON value nested `level` deep, at `column`, with `trailing` characters after it on its line. */
export type JsonPrinter = (value: unknown, level: number, column: number, trailing: number) => string | undefined

/** A block of a Markdown document, its text already Markdown (escaped where it holds literal text). */
export type MarkdownBlock =
  | { readonly kind: 'heading'; readonly level: number; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'table'; readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] }
  | { readonly kind: 'code'; readonly fence: string; readonly info: string; readonly code: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }

/** Prints and formats planned outputs as prettier would, honouring the project's own config for each path. */
export interface CodeFormatter {
  /** Formats `source` as the file at `path` (relative to the working directory); throws prettier's syntax errors. */
  format(path: string, source: string, options?: FormatRequestOptions): Promise<string>
  /** The TypeScript file at `path` from its parts; prettier formats their text where the printers cannot print them. */
  printTypeScript(path: string, parts: readonly TsPart[]): Promise<string>
  /** `program` as prettier lays out the file at `path`, or `undefined` where the printers cannot print it. */
  printTree(path: string, program: Program): Promise<string | undefined>
  /** The layout options that apply to `path` (the project's config for it, or our defaults), without the parser. */
  layoutOptions(path: string): Promise<LayoutOptions>
  /** A printer laying out JSON exactly as prettier does under `options`, or `undefined` where it cannot. */
  jsonPrinter(options: LayoutOptions): JsonPrinter | undefined
  /** `blocks` as prettier lays them out under plain prose settings (`proseWrap: preserve`, `\n`, no plugins). */
  printMarkdown(blocks: readonly MarkdownBlock[]): string
  /** The Code Mode SDK module (`sdk` as a string export): printed directly, or its source handed to `format`. */
  printCodeModeSdkModule(path: string, sdk: string, format?: (source: string) => Promise<string>): Promise<string>
}

const layoutKeys = new WeakMap<object, string>()

/** The JSON key of layout options, made once per options object (paths without a config of their own share one). */
export function layoutKeyOf(options: LayoutOptions): string {
  let key = layoutKeys.get(options)
  if (key === undefined) {
    key = JSON.stringify(options)
    layoutKeys.set(options, key)
  }
  return key
}
